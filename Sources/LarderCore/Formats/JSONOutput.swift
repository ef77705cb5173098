import Foundation

/// A value that writes itself as JSON straight into bytes, exactly as ``LarderJSON``'s
/// encoder writes it (compact, keys sorted, slashes unescaped, ISO-8601 dates): for the
/// answers served most often (the finder's and the library's pages), where Foundation's
/// encoder, which builds a tree of every value and sorts each object's keys per request,
/// took half of the finder endpoint's time.
///
/// A conforming type lists its keys in sorted order itself and leaves out nil optionals, as
/// the synthesized `encode(to:)` does; tests compare its bytes with the encoder's for values
/// with every field set and unset, so a field added to the type but not here shows.
public protocol JSONWritable: Encodable {
  /// Writes the value at the output's current position.
  func write(to json: inout JSONOutput)
}

/// Bytes of JSON written by hand: objects and arrays opened and closed in turn, keys given
/// before their values, commas placed by the writer. See ``JSONWritable``.
public struct JSONOutput: Sendable {
  /// The JSON written so far.
  public private(set) var bytes: [UInt8] = []
  /// Whether the next value or key follows another in the same object or array.
  private var needsComma = false

  /// An empty output with room for `capacity` bytes.
  public init(capacity: Int = 4096) {
    bytes.reserveCapacity(capacity)
  }

  /// The JSON of `value`, as ``LarderJSON/encode(_:pretty:)`` writes it without `pretty`.
  public static func encode<Value: JSONWritable>(_ value: Value) -> Data {
    var output = JSONOutput()
    value.write(to: &output)
    return Data(output.bytes)
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  /// Opens an object: `{`.
  public mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Closes the open object: `}`.
  public mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Opens an array: `[`.
  public mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Closes the open array: `]`.
  public mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes an object's key; its value comes next. Keys are ASCII names written as they
  /// are.
  public mutating func key(_ name: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a string, escaping what JSON requires (quotes, backslashes, control characters)
  /// and nothing else, as Foundation does with slashes left unescaped.
  public mutating func string(_ text: String) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        start = index + 1
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
          let hex = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: [
            UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
            hex[Int(byte & 0x0F)],
          ])
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
    }
    bytes.append(UInt8(ascii: "\""))
    needsComma = true
  }

  /// Writes a whole number.
  public mutating func int(_ value: Int) {
    separate()
    if value >= 0, value < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(value))
    } else {
      bytes.append(contentsOf: String(value).utf8)
    }
    needsComma = true
  }

  /// Writes a number as Foundation does: its shortest form, without ".0" when whole. A value
  /// that is not finite (which Foundation refuses to encode) is written as `null`.
  public mutating func double(_ value: Double) {
    guard value.isFinite else { return null() }
    separate()
    let text = value.description
    if text.hasSuffix(".0") {
      bytes.append(contentsOf: text.utf8.dropLast(2))
    } else {
      bytes.append(contentsOf: text.utf8)
    }
    needsComma = true
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    needsComma = true
  }

  /// Writes `null`.
  public mutating func null() {
    separate()
    bytes.append(contentsOf: Array("null".utf8))
    needsComma = true
  }

  /// Writes a date as the encoder's ISO-8601 strategy does: UTC, whole seconds
  /// ("2026-12-06T11:42:38Z"), any fraction of a second dropped.
  public mutating func date(_ date: Date) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: ISO8601Seconds.string(from: date).utf8)
    bytes.append(UInt8(ascii: "\""))
    needsComma = true
  }

  /// Writes a value that writes itself.
  public mutating func value<Value: JSONWritable>(_ value: Value) {
    value.write(to: &self)
  }

  /// Writes an array of values that write themselves.
  public mutating func array<Value: JSONWritable>(_ values: [Value]) {
    beginArray()
    for value in values { value.write(to: &self) }
    endArray()
  }

  /// Writes an array of strings.
  public mutating func array(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  // Keyed shorthands: the key and its value; an optional's key is left out when it is nil,
  // as the synthesized encoders' `encodeIfPresent` does.

  /// Writes a key and a string.
  public mutating func field(_ name: StaticString, _ value: String) {
    key(name)
    string(value)
  }

  /// Writes a key and a string, or nothing when it is nil.
  public mutating func field(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    field(name, value)
  }

  /// Writes a key and a whole number.
  public mutating func field(_ name: StaticString, _ value: Int) {
    key(name)
    int(value)
  }

  /// Writes a key and a whole number, or nothing when it is nil.
  public mutating func field(_ name: StaticString, _ value: Int?) {
    guard let value else { return }
    field(name, value)
  }

  /// Writes a key and a number.
  public mutating func field(_ name: StaticString, _ value: Double) {
    key(name)
    double(value)
  }

  /// Writes a key and a number, or nothing when it is nil.
  public mutating func field(_ name: StaticString, _ value: Double?) {
    guard let value else { return }
    field(name, value)
  }

  /// Writes a key and a Boolean.
  public mutating func field(_ name: StaticString, _ value: Bool) {
    key(name)
    bool(value)
  }

  /// Writes a key and a date.
  public mutating func field(_ name: StaticString, _ value: Date) {
    key(name)
    date(value)
  }

  /// Writes a key and an array of strings.
  public mutating func field(_ name: StaticString, _ values: [String]) {
    key(name)
    array(values)
  }

  /// Writes a key and a value that writes itself.
  public mutating func field<Value: JSONWritable>(_ name: StaticString, _ value: Value) {
    key(name)
    value.write(to: &self)
  }

  /// Writes a key and a value that writes itself, or nothing when it is nil.
  public mutating func field<Value: JSONWritable>(_ name: StaticString, _ value: Value?) {
    guard let value else { return }
    field(name, value)
  }

  /// Writes a key and an array of values that write themselves.
  public mutating func field<Value: JSONWritable>(_ name: StaticString, _ values: [Value]) {
    key(name)
    array(values)
  }
}

// MARK: - Larder's types served most often

extension RecipeID: JSONWritable {
  /// Writes the identifier as a bare string.
  public func write(to json: inout JSONOutput) { json.string(rawValue) }
}

extension DietLabel: JSONWritable {
  /// Writes the normalised label.
  public func write(to json: inout JSONOutput) { json.string(rawValue) }
}

extension RecipeDuration: JSONWritable {
  /// Writes the ISO-8601 duration.
  public func write(to json: inout JSONOutput) { json.string(iso8601) }
}

extension RecipeYield: JSONWritable {
  /// Writes the servings and the wording, each when known.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("servings", servings)
    json.field("text", text)
    json.endObject()
  }
}

extension Measure: JSONWritable {
  /// Writes the quantity, the upper bound of a range and the unit's canonical ID.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("quantity", quantity)
    json.field("quantityMax", quantityMax)
    json.field("unit", unit?.id)
    json.endObject()
  }
}

extension RecipeSummary: JSONWritable {
  /// Writes the summary with its card fields, as `encode(to:)` does.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("cardFacts", cardFacts)
    json.field("courses", courses)
    json.field("createdAt", createdAt)
    json.field("cuisines", cuisines)
    json.field("description", description)
    json.field("diets", diets)
    json.field("id", id)
    json.field("image", image)
    json.field("imagePath", imagePath)
    json.field("ingredientCount", ingredientCount)
    json.field("isFavorite", isFavorite)
    json.field("keywords", keywords)
    json.field("name", name)
    json.field("placeholderHue", placeholderHue)
    json.field("rating", rating)
    json.field("totalTime", totalTime)
    json.field("updatedAt", updatedAt)
    json.field("yield", yield)
    json.endObject()
  }
}

extension Page: JSONWritable where Item: JSONWritable {
  /// Writes the page's fields, as the synthesized encoder does.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("correctedQuery", correctedQuery)
    json.field("items", items)
    json.field("limit", limit)
    json.field("offset", offset)
    json.field("total", total)
    json.field("totalIsExact", totalIsExact)
    json.endObject()
  }
}
