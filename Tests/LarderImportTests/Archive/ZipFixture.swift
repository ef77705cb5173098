import Foundation

@testable import LarderImport

/// Writes small zip archives for tests: stored or deflated members, optionally with a data
/// descriptor, and sizes or CRCs that lie, to exercise the reader's checks.
struct ZipFixture {
  struct Entry {
    var path: String
    var data: Data
    var deflate = true
    var dataDescriptor = false
    var encrypted = false
    /// Overrides the uncompressed size the headers claim.
    var claimedSize: Int?
    /// Overrides the CRC the headers claim.
    var claimedCRC: UInt32?
  }

  var entries: [Entry] = []

  mutating func add(_ path: String, _ text: String, deflate: Bool = true) {
    entries.append(Entry(path: path, data: Data(text.utf8), deflate: deflate))
  }

  mutating func add(_ path: String, data: Data, deflate: Bool = true) {
    entries.append(Entry(path: path, data: data, deflate: deflate))
  }

  func archive() -> Data {
    var output = Data()
    var central = Data()
    for entry in entries {
      let stored = entry.deflate ? Inflater.deflateRaw(entry.data) : entry.data
      let crc = entry.claimedCRC ?? Inflater.crc32(of: entry.data)
      let size = UInt32(entry.claimedSize ?? entry.data.count)
      let name = Data(entry.path.utf8)
      var flags: UInt16 = 0x0800
      if entry.dataDescriptor { flags |= 0x0008 }
      if entry.encrypted { flags |= 0x0001 }
      let method: UInt16 = entry.deflate ? 8 : 0
      let offset = UInt32(output.count)
      output.append(le32(0x0403_4b50))
      output.append(le16(20))
      output.append(le16(flags))
      output.append(le16(method))
      output.append(le16(0))
      output.append(le16(0))
      output.append(le32(entry.dataDescriptor ? 0 : crc))
      output.append(le32(entry.dataDescriptor ? 0 : UInt32(stored.count)))
      output.append(le32(entry.dataDescriptor ? 0 : size))
      output.append(le16(UInt16(name.count)))
      output.append(le16(0))
      output.append(name)
      output.append(stored)
      if entry.dataDescriptor {
        output.append(le32(0x0807_4b50))
        output.append(le32(crc))
        output.append(le32(UInt32(stored.count)))
        output.append(le32(size))
      }
      central.append(le32(0x0201_4b50))
      central.append(le16(20))
      central.append(le16(20))
      central.append(le16(flags))
      central.append(le16(method))
      central.append(le16(0))
      central.append(le16(0))
      central.append(le32(crc))
      central.append(le32(UInt32(stored.count)))
      central.append(le32(size))
      central.append(le16(UInt16(name.count)))
      central.append(le16(0))
      central.append(le16(0))
      central.append(le16(0))
      central.append(le16(0))
      central.append(le32(0))
      central.append(le32(offset))
      central.append(name)
    }
    let centralOffset = UInt32(output.count)
    output.append(central)
    output.append(le32(0x0605_4b50))
    output.append(le16(0))
    output.append(le16(0))
    output.append(le16(UInt16(entries.count)))
    output.append(le16(UInt16(entries.count)))
    output.append(le32(UInt32(central.count)))
    output.append(le32(centralOffset))
    output.append(le16(0))
    return output
  }

  /// A gzip file holding `data`.
  static func gzip(_ data: Data) -> Data {
    var output = Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])
    output.append(Inflater.deflateRaw(data))
    output.append(le32(Inflater.crc32(of: data)))
    output.append(le32(UInt32(truncatingIfNeeded: data.count)))
    return output
  }
}

private func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xff), UInt8(value >> 8)]) }
private func le32(_ value: UInt32) -> Data {
  Data((0..<4).map { UInt8((value >> (8 * $0)) & 0xff) })
}
