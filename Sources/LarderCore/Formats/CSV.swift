import Foundation

/// A CSV document read by ``read(_:)``: the header and the records after it. Recipe CSV
/// exports and the labelled ingredient lines the tagger learns from are both read with it.
public struct CSVTable: Hashable, Sendable {
  /// The first record's fields, the column names.
  public var header: [String]
  /// Every record after the header, each as many fields as it holds (not padded).
  public var records: [[String]]
  /// The line (1-based) each record in ``records`` starts on, for messages.
  public var lineNumbers: [Int]

  /// Makes a table.
  public init(header: [String], records: [[String]], lineNumbers: [Int]) {
    self.header = header
    self.records = records
    self.lineNumbers = lineNumbers
  }

  /// The position of a column, or nil when the header does not name it.
  public func column(_ name: String) -> Int? { header.firstIndex(of: name) }

  /// Reads CSV text as RFC 4180 describes it: comma-separated fields, fields in double quotes
  /// may hold commas, line breaks and doubled quotes (`""` is one `"`); records end with CRLF,
  /// LF or CR. A leading byte-order mark is ignored, and so are empty lines, as Python's
  /// `csv.DictReader` does. A quote inside an unquoted field is kept as a character.
  ///
  /// - Throws: ``LarderCoreError/invalidField(field:value:reason:item:)`` naming the line when
  ///   a quoted field is never closed or a closing quote is followed by something other than a
  ///   comma or the end of the record.
  public static func read(_ text: String) throws -> CSVTable {
    var reader = CSVByteReader(bytes: Array(text.utf8))
    var all: [[String]] = []
    var lines: [Int] = []
    while let (record, line) = try reader.nextRecord() {
      if record.count == 1, record[0].isEmpty { continue }
      all.append(record)
      lines.append(line)
    }
    guard let header = all.first else {
      return CSVTable(header: [], records: [], lineNumbers: [])
    }
    return CSVTable(
      header: header, records: Array(all.dropFirst()), lineNumbers: Array(lines.dropFirst()))
  }
}

/// The state machine behind ``CSVTable/read(_:)``, over UTF-8 bytes: every byte
/// that matters (quote, comma, CR, LF) is ASCII, so multi-byte characters pass through whole.
private struct CSVByteReader {
  let bytes: [UInt8]
  var position = 0
  var line = 1

  init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  private static let quote = UInt8(ascii: "\"")
  private static let comma = UInt8(ascii: ",")
  private static let carriageReturn = UInt8(ascii: "\r")
  private static let lineFeed = UInt8(ascii: "\n")

  /// The next record and the line it starts on, or nil at the end of the text.
  mutating func nextRecord() throws -> ([String], Int)? {
    guard position < bytes.count else { return nil }
    let startLine = line
    var fields: [String] = []
    while true {
      let (field, endsRecord) = try nextField(recordLine: startLine)
      fields.append(field)
      if endsRecord { return (fields, startLine) }
    }
  }

  /// Reads one field and says whether the record ends after it.
  private mutating func nextField(recordLine: Int) throws -> (String, Bool) {
    if position < bytes.count, bytes[position] == Self.quote {
      return try quotedField(recordLine: recordLine)
    }
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == Self.comma {
        defer { position += 1 }
        return (text(start..<position), false)
      }
      if byte == Self.lineFeed || byte == Self.carriageReturn {
        let field = text(start..<position)
        consumeLineBreak()
        return (field, true)
      }
      position += 1
    }
    return (text(start..<position), true)
  }

  private mutating func quotedField(recordLine: Int) throws -> (String, Bool) {
    let openingLine = line
    position += 1
    var value: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      if byte == Self.quote {
        if position + 1 < bytes.count, bytes[position + 1] == Self.quote {
          value.append(Self.quote)
          position += 2
          continue
        }
        position += 1
        let field = String(decoding: value, as: UTF8.self)
        guard position < bytes.count else { return (field, true) }
        switch bytes[position] {
        case Self.comma:
          position += 1
          return (field, false)
        case Self.lineFeed, Self.carriageReturn:
          consumeLineBreak()
          return (field, true)
        default:
          throw LarderCoreError.invalidField(
            field: "CSV", value: "",
            reason: "line \(line): a closing quote must be followed by a comma or a line break")
        }
      }
      if byte == Self.lineFeed
        || (byte == Self.carriageReturn
          && !(position + 1 < bytes.count && bytes[position + 1] == Self.lineFeed))
      {
        line += 1
      }
      value.append(byte)
      position += 1
    }
    throw LarderCoreError.invalidField(
      field: "CSV", value: "",
      reason: "line \(openingLine): a quoted field in the record starting on line "
        + "\(recordLine) is never closed")
  }

  /// Steps over CRLF, LF or CR, counting the line.
  private mutating func consumeLineBreak() {
    if bytes[position] == Self.carriageReturn, position + 1 < bytes.count,
      bytes[position + 1] == Self.lineFeed
    {
      position += 1
    }
    position += 1
    line += 1
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }
}
