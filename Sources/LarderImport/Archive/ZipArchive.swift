import Foundation

/// A zip archive read from memory through its central directory.
///
/// Reads stored and deflated members (including those written with a data descriptor), checks
/// every member's CRC-32, and refuses ZIP64, encrypted members and other compression methods
/// with an error naming the member. Expansion is bounded by an ``ArchiveBudget``.
public struct ZipArchive: Sendable {
  /// One member as the central directory lists it.
  public struct Member: Hashable, Sendable {
    /// The path inside the archive, with `/` separators.
    public var path: String
    /// 0 for stored, 8 for deflate.
    public var method: UInt16
    /// The general-purpose flags (bit 0: encrypted, bit 3: data descriptor, bit 11: UTF-8).
    public var flags: UInt16
    /// The CRC-32 of the uncompressed bytes.
    public var crc32: UInt32
    /// The size in the archive.
    public var compressedSize: Int
    /// The size once expanded, as the archive claims it.
    public var uncompressedSize: Int
    /// Where the member's local header starts.
    var localHeaderOffset: Int

    /// Whether this is a folder entry rather than a file.
    public var isDirectory: Bool { path.hasSuffix("/") }

    /// Whether the member is operating-system clutter: macOS resource forks under `__MACOSX/`
    /// and hidden files such as `.DS_Store`.
    public var isClutter: Bool {
      let parts = path.split(separator: "/")
      return parts.first == "__MACOSX" || parts.contains { $0.hasPrefix(".") }
    }
  }

  /// The archive's name, used in errors ("export.zip").
  public let name: String
  /// Every member, folders and clutter included, in central-directory order.
  public let members: [Member]
  private let data: Data

  /// Whether `data` starts like a zip archive.
  public static func isZip(_ data: Data) -> Bool {
    data.count >= 4 && data.prefix(4).elementsEqual([0x50, 0x4b, 0x03, 0x04])
      || data.count >= 4 && data.prefix(4).elementsEqual([0x50, 0x4b, 0x05, 0x06])
  }

  /// Reads the central directory of the archive in `data`, named `name` in errors.
  ///
  /// - Throws: ``LarderImportError/unreadable(source:reason:)`` for an archive that is not a zip,
  ///   is truncated or corrupt, uses ZIP64, or lists more members than `limits` allow.
  public init(data: Data, name: String, limits: ArchiveLimits = ArchiveLimits()) throws {
    self.name = name
    // Re-based so that offsets start at 0; an archive that already starts there (a mapped file
    // or upload) is shared, not copied onto the heap.
    self.data = data.startIndex == 0 ? data : Data(data)
    let bytes = ByteReader(data: self.data, source: name)
    guard let end = Self.findEndOfCentralDirectory(self.data) else {
      throw LarderImportError.unreadable(
        source: name, reason: "not a zip archive, or truncated (no end of central directory)")
    }
    let count = try bytes.uint16(at: end + 10)
    let directorySize = try bytes.uint32(at: end + 12)
    let directoryOffset = try bytes.uint32(at: end + 16)
    if end >= 20,
      (try? bytes.uint32(at: end - 20)) == 0x0706_4b50 || count == 0xFFFF
        || directoryOffset == 0xFFFF_FFFF || directorySize == 0xFFFF_FFFF
    {
      throw LarderImportError.unreadable(
        source: name, reason: "ZIP64 archives are not supported; re-create it as a plain zip")
    }
    guard Int(count) <= limits.maximumMembers else {
      throw LarderImportError.unreadable(
        source: name,
        reason: "lists \(count) members, more than the limit of \(limits.maximumMembers)")
    }
    guard Int(directoryOffset) + Int(directorySize) <= end else {
      throw LarderImportError.unreadable(
        source: name, reason: "the central directory lies outside the file (truncated?)")
    }
    var members: [Member] = []
    var offset = Int(directoryOffset)
    for number in 0..<Int(count) {
      guard try bytes.uint32(at: offset) == 0x0201_4b50 else {
        throw LarderImportError.unreadable(
          source: name, reason: "central directory entry \(number + 1) is corrupt")
      }
      let flags = try bytes.uint16(at: offset + 8)
      let method = try bytes.uint16(at: offset + 10)
      let crc = try bytes.uint32(at: offset + 16)
      let compressed = try bytes.uint32(at: offset + 20)
      let uncompressed = try bytes.uint32(at: offset + 24)
      let nameLength = Int(try bytes.uint16(at: offset + 28))
      let extraLength = Int(try bytes.uint16(at: offset + 30))
      let commentLength = Int(try bytes.uint16(at: offset + 32))
      let localOffset = try bytes.uint32(at: offset + 42)
      let rawName = try bytes.slice(at: offset + 46, count: nameLength)
      let path = Self.decodeName(rawName, isUTF8: flags & 0x0800 != 0)
      if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
        throw LarderImportError.unreadable(
          source: "\(name) › \(path)", reason: "ZIP64 members are not supported")
      }
      members.append(
        Member(
          path: path, method: method, flags: flags, crc32: crc, compressedSize: Int(compressed),
          uncompressedSize: Int(uncompressed), localHeaderOffset: Int(localOffset)))
      offset += 46 + nameLength + extraLength + commentLength
    }
    self.members = members
  }

  /// The files worth reading: no folders, no `__MACOSX/` or hidden files.
  public var files: [Member] { members.filter { !$0.isDirectory && !$0.isClutter } }

  /// The expanded bytes of `member`, charged to `budget`.
  ///
  /// - Throws: ``LarderImportError/documentTooLarge(source:limit:)``,
  ///   ``LarderImportError/importBudgetExceeded(source:budget:)`` or
  ///   ``LarderImportError/suspiciousCompression(source:ratio:)`` for a member that would expand
  ///   beyond the member limit or what is left of the budget (a zip bomb), ``LarderImportError/unreadable(source:reason:)`` for an
  ///   encrypted, truncated or corrupt member or one whose CRC does not match.
  public func contents(of member: Member, budget: inout ArchiveBudget) throws -> Data {
    let source = "\(name) › \(member.path)"
    let bytes = ByteReader(data: data, source: source)
    if member.flags & 1 != 0 {
      throw LarderImportError.unreadable(source: source, reason: "the member is encrypted")
    }
    let limit = budget.nextMemberLimit
    if member.uncompressedSize > limit {
      throw budget.refusal(expanding: member.uncompressedSize, source: source)
    }
    let ratio = budget.limits.maximumRatio
    if member.uncompressedSize > 1 << 20,
      member.uncompressedSize / max(member.compressedSize, 1) > ratio
    {
      throw LarderImportError.suspiciousCompression(source: source, ratio: ratio)
    }
    guard try bytes.uint32(at: member.localHeaderOffset) == 0x0403_4b50 else {
      throw LarderImportError.unreadable(source: source, reason: "the local header is corrupt")
    }
    let nameLength = Int(try bytes.uint16(at: member.localHeaderOffset + 26))
    let extraLength = Int(try bytes.uint16(at: member.localHeaderOffset + 28))
    let start = member.localHeaderOffset + 30 + nameLength + extraLength
    let stored = try bytes.slice(at: start, count: member.compressedSize)
    let output: Data
    switch member.method {
    case 0:
      output = stored
    case 8:
      // The central directory's size is a claim; the inflater enforces the limit itself, and a
      // member that expands beyond its claim is as corrupt as one that falls short.
      do {
        output = try Inflater.inflate(
          stored, framing: .raw, limit: member.uncompressedSize, source: source)
      } catch LarderImportError.documentTooLarge {
        throw LarderImportError.unreadable(
          source: source,
          reason: "expands beyond the \(member.uncompressedSize) bytes the archive claims "
            + "(corrupt or hostile)")
      }
    default:
      throw LarderImportError.unreadable(
        source: source,
        reason: "compression method \(member.method) is not supported (only stored and deflate)")
    }
    guard output.count == member.uncompressedSize else {
      throw LarderImportError.unreadable(
        source: source,
        reason: "expanded to \(output.count) bytes but the archive says \(member.uncompressedSize)")
    }
    guard Inflater.crc32(of: output) == member.crc32 else {
      throw LarderImportError.unreadable(source: source, reason: "CRC-32 mismatch (corrupt data)")
    }
    budget.charge(output.count)
    return output
  }

  private static func findEndOfCentralDirectory(_ data: Data) -> Int? {
    guard data.count >= 22 else { return nil }
    let lowest = max(0, data.count - 22 - 0xFFFF)
    var index = data.count - 22
    while index >= lowest {
      if data[index] == 0x50, data[index + 1] == 0x4b, data[index + 2] == 0x05,
        data[index + 3] == 0x06
      {
        return index
      }
      index -= 1
    }
    return nil
  }

  /// Names are UTF-8 when flagged so, and in practice often UTF-8 without the flag (macOS's
  /// Archive Utility); anything else is read as Latin-1 rather than dropped.
  private static func decodeName(_ bytes: Data, isUTF8: Bool) -> String {
    if let text = String(data: bytes, encoding: .utf8) { return text }
    return String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
  }
}

/// Bounds-checked little-endian reads that throw an error naming the source instead of trapping.
private struct ByteReader {
  let data: Data
  let source: String

  func uint16(at offset: Int) throws -> UInt16 {
    let bytes = try slice(at: offset, count: 2)
    return UInt16(bytes[bytes.startIndex]) | UInt16(bytes[bytes.startIndex + 1]) << 8
  }

  func uint32(at offset: Int) throws -> UInt32 {
    let bytes = try slice(at: offset, count: 4)
    var value: UInt32 = 0
    for (shift, byte) in bytes.enumerated() { value |= UInt32(byte) << (8 * shift) }
    return value
  }

  func slice(at offset: Int, count: Int) throws -> Data {
    guard offset >= 0, count >= 0, offset <= data.count - count else {
      throw LarderImportError.unreadable(source: source, reason: "truncated archive")
    }
    return data.subdata(in: offset..<(offset + count))
  }
}
