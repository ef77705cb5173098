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
///
/// The bytes grow in one buffer of the output's own, written through a pointer: a finder
/// page is some 30 KB written a few bytes at a time, and an array's append checked its
/// uniqueness and capacity for each of them (a sixth of the finder endpoint's time went on
/// writing its JSON). Strings are scanned eight bytes at a time for what needs escaping.
public struct JSONOutput {
  /// The buffer the bytes are written to; one output owns it (``encode(_:)`` makes one per
  /// answer, and the value is only ever passed `inout`). A copy would share it, so an output
  /// is never copied.
  private let buffer: JSONBytes
  /// Whether the next value or key follows another in the same object or array.
  private var needsComma = false

  /// An empty output with room for `capacity` bytes; ``encode(_:)`` makes the only ones, so
  /// that no output is ever copied (a copy would share the buffer).
  private init(capacity: Int = 4096) {
    buffer = JSONBytes(capacity: capacity)
  }

  /// The JSON of `value`, as ``LarderJSON/encode(_:pretty:)`` writes it without `pretty`.
  public static func encode<Value: JSONWritable>(_ value: Value) -> Data {
    var output = JSONOutput()
    value.write(to: &output)
    // The buffer is read through its pointer: keep it alive until the bytes are copied.
    return withExtendedLifetime(output.buffer) { buffer in
      Data(bytes: buffer.base, count: buffer.count)
    }
  }

  @inline(__always) private func separate() {
    if needsComma { buffer.append(UInt8(ascii: ",")) }
  }

  /// Opens an object: `{`.
  public mutating func beginObject() {
    separate()
    buffer.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Closes the open object: `}`.
  public mutating func endObject() {
    buffer.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Opens an array: `[`.
  public mutating func beginArray() {
    separate()
    buffer.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Closes the open array: `]`.
  public mutating func endArray() {
    buffer.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes an object's key; its value comes next. Keys are ASCII names written as they
  /// are.
  public mutating func key(_ name: StaticString) {
    separate()
    buffer.reserve(name.utf8CodeUnitCount + 3)
    buffer.appendReserved(UInt8(ascii: "\""))
    buffer.appendReserved(name.utf8Start, count: name.utf8CodeUnitCount)
    buffer.appendReserved(UInt8(ascii: "\""))
    buffer.appendReserved(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Whether any of eight bytes is a control character, a quote or a backslash: the bytes
  /// JSON requires escaped (bit tricks for "a byte below 0x20" and "a byte equal to").
  @inline(__always) private static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let below = (word &- ones &* 0x20) & ~word
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let quote = (quotes &- ones) & ~quotes
    let backslash = (backslashes &- ones) & ~backslashes
    return (below | quote | backslash) & highs != 0
  }

  /// Writes a string, escaping what JSON requires (quotes, backslashes, control characters)
  /// and nothing else, as Foundation does with slashes left unescaped.
  public mutating func string(_ text: String) {
    separate()
    buffer.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      guard let base = utf8.baseAddress else { return }
      let count = utf8.count
      var start = 0
      var index = 0
      while index < count {
        if index + 8 <= count,
          !Self.needsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        {
          index += 8
          continue
        }
        let byte = base[index]
        index += 1
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        buffer.append(base + start, count: index - 1 - start)
        start = index
        buffer.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
        case 0x08: buffer.append(UInt8(ascii: "b"))
        case 0x0C: buffer.append(UInt8(ascii: "f"))
        case 0x0A: buffer.append(UInt8(ascii: "n"))
        case 0x0D: buffer.append(UInt8(ascii: "r"))
        case 0x09: buffer.append(UInt8(ascii: "t"))
        default:
          let hex: StaticString = "0123456789abcdef"
          buffer.append(UInt8(ascii: "u"))
          buffer.append(UInt8(ascii: "0"))
          buffer.append(UInt8(ascii: "0"))
          buffer.append(hex.utf8Start[Int(byte >> 4)])
          buffer.append(hex.utf8Start[Int(byte & 0x0F)])
        }
      }
      buffer.append(base + start, count: count - start)
    }
    buffer.append(UInt8(ascii: "\""))
    needsComma = true
  }

  /// Writes a whole number.
  public mutating func int(_ value: Int) {
    separate()
    // 20 digits and a sign hold any Int.
    buffer.reserve(21)
    if value < 0 { buffer.appendReserved(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var scale: UInt = 1
    while magnitude / scale >= 10 {
      scale *= 10
      digits += 1
    }
    for _ in 0..<digits {
      buffer.appendReserved(UInt8(ascii: "0") + UInt8(magnitude / scale))
      magnitude %= scale
      scale /= 10
    }
    needsComma = true
  }

  /// Writes a number as Foundation does: its shortest form, without ".0" when whole. A value
  /// that is not finite (which Foundation refuses to encode) is written as `null`.
  public mutating func double(_ value: Double) {
    guard value.isFinite else { return null() }
    separate()
    var text = value.description
    text.withUTF8 { utf8 in
      let whole =
        utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".")
        && utf8[utf8.count - 1] == UInt8(ascii: "0")
      buffer.append(utf8.baseAddress!, count: whole ? utf8.count - 2 : utf8.count)
    }
    needsComma = true
  }

  /// Appends ASCII bytes as they are.
  private func literal(_ text: StaticString) {
    buffer.append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    separate()
    literal(value ? "true" : "false")
    needsComma = true
  }

  /// Writes `null`.
  public mutating func null() {
    separate()
    literal("null")
    needsComma = true
  }

  /// Writes a date as the encoder's ISO-8601 strategy does: UTC, whole seconds
  /// ("2026-12-06T11:42:38Z"), any fraction of a second dropped.
  public mutating func date(_ date: Date) {
    separate()
    buffer.reserve(ISO8601Seconds.length + 2)
    buffer.appendReserved(UInt8(ascii: "\""))
    if ISO8601Seconds.write(date, to: buffer.base + buffer.count) {
      buffer.count += ISO8601Seconds.length
    } else {
      var text = ISO8601Seconds.string(from: date)
      text.withUTF8 { buffer.append($0.baseAddress!, count: $0.count) }
    }
    buffer.append(UInt8(ascii: "\""))
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

/// The growing bytes of a ``JSONOutput``.
private final class JSONBytes {
  /// The first byte.
  private(set) var base: UnsafeMutablePointer<UInt8>
  /// How many bytes are written.
  var count = 0
  /// How many bytes fit before the buffer grows.
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for `extra` more bytes.
  @inline(__always) func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  @inline(never) private func grow(to needed: Int) {
    var larger = capacity * 2
    while larger < needed { larger *= 2 }
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.initialize(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = larger
  }

  /// Appends a byte there is room for (after ``reserve(_:)``).
  @inline(__always) func appendReserved(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  /// Appends bytes there is room for (after ``reserve(_:)``).
  @inline(__always) func appendReserved(_ bytes: UnsafePointer<UInt8>, count length: Int) {
    (base + count).initialize(from: bytes, count: length)
    count += length
  }

  @inline(__always) func append(_ byte: UInt8) {
    reserve(1)
    appendReserved(byte)
  }

  @inline(__always) func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
    guard length > 0 else { return }
    reserve(length)
    appendReserved(bytes, count: length)
  }
}
