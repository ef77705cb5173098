import CZlib
import Foundation

/// zlib's inflate and crc32, wrapped once: callers hand in bytes and get bytes or a thrown
/// ``LarderImportError``; no zlib pointer leaves this file.
enum Inflater {
  /// How the compressed bytes are framed.
  enum Framing {
    /// A bare deflate stream, as zip members hold it.
    case raw
    /// A gzip file; several gzip members one after the other are read as one.
    case gzip

    var windowBits: Int32 {
      switch self {
      case .raw: return -15
      case .gzip: return 15 + 16
      }
    }
  }

  /// Inflates `input`, refusing to produce more than `limit` bytes.
  ///
  /// - Throws: ``LarderImportError/documentTooLarge(source:limit:)`` when the output would exceed
  ///   `limit`, ``LarderImportError/unreadable(source:reason:)`` for corrupt or truncated data.
  static func inflate(_ input: Data, framing: Framing, limit: Int, source: String) throws -> Data {
    var output = Data()
    var stream = z_stream()
    guard larder_inflate_init2(&stream, framing.windowBits) == Z_OK else {
      throw LarderImportError.unreadable(source: source, reason: "zlib could not start")
    }
    defer { inflateEnd(&stream) }
    let chunkSize = 64 * 1024
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    try input.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      let base = raw.bindMemory(to: Bytef.self).baseAddress
      var consumed = 0
      while true {
        // zlib counts in 32-bit integers; feed at most 1 GiB at a time.
        let available = min(input.count - consumed, 1 << 30)
        stream.next_in = UnsafeMutablePointer(mutating: base.map { $0 + consumed })
        stream.avail_in = uInt(available)
        var status: Int32 = Z_OK
        repeat {
          let produced: Int = chunk.withUnsafeMutableBufferPointer { buffer in
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(chunkSize)
            status = CZlib.inflate(&stream, Z_NO_FLUSH)
            return chunkSize - Int(stream.avail_out)
          }
          if status == Z_NEED_DICT || status == Z_DATA_ERROR || status == Z_MEM_ERROR
            || status == Z_STREAM_ERROR
          {
            let message = stream.msg.map { String(cString: $0) } ?? "corrupt compressed data"
            throw LarderImportError.unreadable(source: source, reason: message)
          }
          if output.count + produced > limit {
            throw LarderImportError.documentTooLarge(source: source, limit: limit)
          }
          output.append(chunk, count: produced)
          if status == Z_BUF_ERROR && produced == 0 { break }
        } while status != Z_STREAM_END && (stream.avail_out == 0 || stream.avail_in > 0)
        consumed += available - Int(stream.avail_in)
        if status == Z_STREAM_END {
          // Another gzip member may follow (as `cat a.gz b.gz` writes); zip data ends here.
          guard framing == .gzip, consumed < input.count, input[input.startIndex + consumed] == 0x1f
          else { return }
          inflateReset(&stream)
          continue
        }
        if consumed >= input.count {
          throw LarderImportError.unreadable(
            source: source, reason: "the compressed data is truncated")
        }
      }
    }
    return output
  }

  /// The CRC-32 of `data`, as zip and gzip record it.
  static func crc32(of data: Data) -> UInt32 {
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> UInt32 in
      var crc = CZlib.crc32(0, nil, 0)
      var offset = 0
      let base = raw.bindMemory(to: Bytef.self).baseAddress
      while offset < raw.count, let base {
        let length = min(raw.count - offset, 1 << 30)
        crc = CZlib.crc32(crc, base + offset, uInt(length))
        offset += length
      }
      return UInt32(truncatingIfNeeded: crc)
    }
  }

  /// `data` as a bare deflate stream (zlib's `compress2` output without its header and
  /// checksum); used to write zip members in tests.
  static func deflateRaw(_ data: Data) -> Data {
    var bound = compressBound(uLong(data.count))
    var output = [UInt8](repeating: 0, count: Int(bound))
    let status = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int32 in
      compress2(&output, &bound, raw.bindMemory(to: Bytef.self).baseAddress, uLong(data.count), 9)
    }
    precondition(status == Z_OK, "compress2 cannot fail with a large enough buffer")
    return Data(output[2..<(Int(bound) - 4)])
  }
}
