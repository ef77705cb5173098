import Foundation

/// A reader of JSON bytes for the few documents Larder reads back by the thousand (the
/// summaries stored beside each recipe), without Foundation's decoder, whose containers and
/// per-object key tables were most of a search's time: each read either gives exactly what
/// the decoder would or gives up (nil), and the caller then asks the decoder, which also
/// words any error.
struct JSONInput {
  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var position = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  var isAtEnd: Bool {
    mutating get {
      skipSpace()
      return position == bytes.count
    }
  }

  mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// Takes `byte` (after any space) if it comes next.
  mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// Whether the next value is `null`, which is then taken.
  mutating func takeNull() -> Bool {
    skipSpace()
    guard position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "n"),
      bytes[position + 1] == UInt8(ascii: "u"), bytes[position + 2] == UInt8(ascii: "l"),
      bytes[position + 3] == UInt8(ascii: "l")
    else { return false }
    position += 4
    return true
  }

  mutating func bool() -> Bool? {
    skipSpace()
    if position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "t"),
      bytes[position + 1] == UInt8(ascii: "r"), bytes[position + 2] == UInt8(ascii: "u"),
      bytes[position + 3] == UInt8(ascii: "e")
    {
      position += 4
      return true
    }
    if position + 5 <= bytes.count, bytes[position] == UInt8(ascii: "f"),
      bytes[position + 1] == UInt8(ascii: "a"), bytes[position + 2] == UInt8(ascii: "l"),
      bytes[position + 3] == UInt8(ascii: "s"), bytes[position + 4] == UInt8(ascii: "e")
    {
      position += 5
      return false
    }
    return nil
  }

  /// A string, its escapes read; nil for anything else or an escape JSON does not have.
  mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = position
    // The common case: no escapes, so the bytes are the string.
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { return nil }
      position += 1
    }
    var scalars = Array(bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard position < bytes.count else { return nil }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          guard var code = hex4() else { return nil }
          if (0xD800...0xDBFF).contains(code) {
            // A pair of escapes for one character beyond the first plane.
            guard take(UInt8(ascii: "\\")), position < bytes.count,
              bytes[position] == UInt8(ascii: "u")
            else { return nil }
            position += 1
            guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { return nil }
          scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: return nil
        }
      default:
        if byte < 0x20 { return nil }
        scalars.append(byte)
      }
    }
    return nil
  }

  private mutating func hex4() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      position += 1
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// A number's text, as JSON writes numbers.
  private mutating func numberText() -> Substring? {
    skipSpace()
    let start = position
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        position += 1
      default:
        return position > start
          ? Substring(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
          : nil
      }
    }
    return position > start
      ? Substring(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
      : nil
  }

  /// A whole number written without a fraction or exponent.
  mutating func int() -> Int? {
    numberText().flatMap { Int($0) }
  }

  /// A finite number.
  mutating func double() -> Double? {
    guard let value = numberText().flatMap({ Double($0) }), value.isFinite else { return nil }
    return value
  }

  /// An array of strings.
  mutating func strings() -> [String]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var values: [String] = []
    if take(UInt8(ascii: "]")) { return values }
    repeat {
      guard let value = string() else { return nil }
      values.append(value)
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? values : nil
  }

  /// Reads an object's members in turn, handing each key to `member`, which reads its value
  /// (false gives up). False when the bytes are not an object.
  mutating func object(_ member: (inout JSONInput, String) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    if take(UInt8(ascii: "}")) { return true }
    repeat {
      guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  /// Steps over any value.
  mutating func skipValue() -> Bool {
    skipSpace()
    guard position < bytes.count else { return false }
    switch bytes[position] {
    case UInt8(ascii: "\""): return string() != nil
    case UInt8(ascii: "{"): return object { input, _ in input.skipValue() }
    case UInt8(ascii: "["):
      position += 1
      if take(UInt8(ascii: "]")) { return true }
      repeat {
        guard skipValue() else { return false }
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]"))
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool() != nil
    case UInt8(ascii: "n"): return takeNull()
    default: return numberText() != nil
    }
  }

  /// A date as the encoder's ISO-8601 strategy writes it: "2026-12-06T11:42:38Z".
  mutating func date() -> Date? {
    guard let text = string() else { return nil }
    let digits = Array(text.utf8)
    guard digits.count == 20, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
      digits[10] == UInt8(ascii: "T"), digits[13] == UInt8(ascii: ":"),
      digits[16] == UInt8(ascii: ":"), digits[19] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = Int(digits[index]) - Int(UInt8(ascii: "0"))
        guard (0...9).contains(digit) else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    // A day the month does not have ("02-30") is refused, as the formatter refuses it.
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      let calendarDay = CalendarDay(year: year, month: month, day: day), hour < 24,
      minute < 60, second < 60
    else { return nil }
    let days = calendarDay.dayNumber
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
  }
}

extension RecipeSummary {
  /// Reads a summary as Larder stores it (its own JSON, written by ``LarderJSON``) without
  /// Foundation's decoder; nil when the text holds anything the decoder might read
  /// differently or refuse, for the caller to decode it the usual way.
  public static func readingStoredJSON(_ text: String) -> RecipeSummary? {
    var text = text
    return text.withUTF8 { bytes -> RecipeSummary? in
      var input = JSONInput(bytes)
      var id: String?
      var name: String?
      var description: String?
      var image: String?
      var totalTime: RecipeDuration?
      var yield: RecipeYield?
      var courses: [String]?
      var cuisines: [String]?
      var diets: [DietLabel]?
      var keywords: [String]?
      var ingredientCount: Int?
      var isFavorite: Bool?
      var rating: Int?
      var createdAt: Date?
      var updatedAt: Date?
      var seen = Set<String>()
      let read = input.object { input, key in
        // A key given twice: the decoder's choice is not this reader's to guess.
        guard seen.insert(key).inserted else { return false }
        switch key {
        case "id": id = input.string()
        case "name": name = input.string()
        case "description":
          if input.takeNull() { return true }
          description = input.string()
          return description != nil
        case "image":
          if input.takeNull() { return true }
          image = input.string()
          return image != nil
        case "totalTime":
          if input.takeNull() { return true }
          guard let text = input.string(), let duration = RecipeDuration.parse(text) else {
            return false
          }
          totalTime = duration
        case "yield":
          if input.takeNull() { return true }
          var servings: Double?
          var words: String?
          var yieldKeys = Set<String>()
          let read = input.object { input, key in
            guard yieldKeys.insert(key).inserted else { return false }
            switch key {
            case "servings":
              if input.takeNull() { return true }
              servings = input.double()
              return servings != nil
            case "text":
              if input.takeNull() { return true }
              words = input.string()
              return words != nil
            default: return input.skipValue()
            }
          }
          guard read else { return false }
          yield = RecipeYield(servings: servings, text: words)
        case "courses": courses = input.strings()
        case "cuisines": cuisines = input.strings()
        case "keywords": keywords = input.strings()
        case "diets":
          guard let labels = input.strings() else { return false }
          var parsed: [DietLabel] = []
          for label in labels {
            guard let diet = DietLabel(parsing: label) else { return false }
            parsed.append(diet)
          }
          diets = parsed
        case "ingredientCount": ingredientCount = input.int()
        case "isFavorite": isFavorite = input.bool()
        case "rating":
          if input.takeNull() { return true }
          rating = input.int()
          return rating != nil
        case "createdAt": createdAt = input.date()
        case "updatedAt": updatedAt = input.date()
        default: return input.skipValue()
        }
        switch key {
        case "id": return id != nil
        case "name": return name != nil
        case "courses": return courses != nil
        case "cuisines": return cuisines != nil
        case "keywords": return keywords != nil
        case "ingredientCount": return ingredientCount != nil
        case "isFavorite": return isFavorite != nil
        case "createdAt": return createdAt != nil
        case "updatedAt": return updatedAt != nil
        default: return true
        }
      }
      guard read, input.isAtEnd, let id, let name, let courses, let cuisines, let diets,
        let keywords, let ingredientCount, let isFavorite, let createdAt, let updatedAt
      else { return nil }
      return RecipeSummary(
        id: RecipeID(rawValue: id), name: name, description: description, image: image,
        totalTime: totalTime, yield: yield, courses: courses, cuisines: cuisines, diets: diets,
        keywords: keywords, ingredientCount: ingredientCount, isFavorite: isFavorite,
        rating: rating, createdAt: createdAt, updatedAt: updatedAt)
    }
  }
}
