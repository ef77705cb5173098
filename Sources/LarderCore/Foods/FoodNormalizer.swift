import Foundation

/// One word of a name as the matcher sees it.
struct FoodWord: Hashable, Sendable {
  /// Lower case, accents removed, apostrophes dropped: "jalapenos".
  var folded: String
  /// The singular stem the catalog is indexed by: "jalapeno".
  var stem: String
  /// Whether a comma, parenthesis, semicolon, colon or dash came between this word and the
  /// one before it.
  var breaksBefore: Bool
  /// Whether the word holds a digit ("2", "14oz", "00").
  var hasDigit: Bool
}

/// The words of a name as byte ranges: folded words in one buffer, their stems in another.
/// The matcher works on this form so that looking a word up makes no `String`.
struct FoodText {
  /// Where one word lies in the two buffers.
  struct Word {
    var foldedStart: Int32
    var foldedEnd: Int32
    var stemStart: Int32
    var stemEnd: Int32
    var breaksBefore: Bool
    var hasDigit: Bool
  }

  /// The folded words, back to back.
  var folded: [UInt8] = []
  /// The stems, back to back.
  var stems: [UInt8] = []
  /// The words in order.
  var words: [Word] = []

  /// The folded text of a word.
  func foldedString(_ word: Word) -> String {
    String(decoding: folded[Int(word.foldedStart)..<Int(word.foldedEnd)], as: UTF8.self)
  }

  /// The stem of a word.
  func stemString(_ word: Word) -> String {
    String(decoding: stems[Int(word.stemStart)..<Int(word.stemEnd)], as: UTF8.self)
  }

  /// Whether a word's folded text is this ASCII string.
  func folded(_ word: Word, is text: StaticString) -> Bool {
    let length = Int(word.foldedEnd - word.foldedStart)
    guard length == text.utf8CodeUnitCount else { return false }
    return text.withUTF8Buffer { expected in
      for k in 0..<length where folded[Int(word.foldedStart) + k] != expected[k] {
        return false
      }
      return true
    }
  }
}

/// Turns names into words and keys, the same way `scripts/build-food-catalog.py` does so the
/// catalog's collision check sees what the matcher sees.
enum FoodNormalizer {
  /// The words of a name, as Strings.
  static func words(_ text: String) -> [FoodWord] {
    let parsed = self.text(text)
    return parsed.words.map { word in
      FoodWord(
        folded: parsed.foldedString(word), stem: parsed.stemString(word),
        breaksBefore: word.breaksBefore, hasDigit: word.hasDigit)
    }
  }

  /// The key a name is indexed by: its words' stems joined by single spaces.
  static func key(_ text: String) -> String {
    words(text).map(\.stem).joined(separator: " ")
  }

  /// The folded words of a name joined by single spaces: "Jalapeños, diced" → "jalapenos
  /// diced".
  static func folded(_ text: String) -> String {
    words(text).map(\.folded).joined(separator: " ")
  }

  /// The words of a name: runs of letters and digits after folding case and accents, each
  /// with its stem.
  static func text(_ text: String) -> FoodText {
    var result = FoodText()
    result.folded.reserveCapacity(text.utf8.count + 8)
    result.stems.reserveCapacity(text.utf8.count + 8)
    result.words.reserveCapacity(8)
    var start = 0
    var hasDigit = false
    var breakPending = false

    func flush() {
      let end = result.folded.count
      guard end > start else { return }
      let stemStart = result.stems.count
      result.folded.withUnsafeBufferPointer { all in
        appendStem(of: UnsafeBufferPointer(rebasing: all[start..<end]), to: &result.stems)
      }
      result.words.append(
        FoodText.Word(
          foldedStart: Int32(start), foldedEnd: Int32(end), stemStart: Int32(stemStart),
          stemEnd: Int32(result.stems.count), breaksBefore: breakPending && !result.words.isEmpty,
          hasDigit: hasDigit))
      start = end
      hasDigit = false
      breakPending = false
    }

    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 128 {
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
          result.folded.append(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
          result.folded.append(byte + 32)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
          result.folded.append(byte)
          hasDigit = true
        case UInt8(ascii: "'"), UInt8(ascii: "`"):
          continue
        case UInt8(ascii: "&"):
          flush()
          result.folded.append(contentsOf: [
            UInt8(ascii: "a"), UInt8(ascii: "n"), UInt8(ascii: "d"),
          ])
          flush()
        case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "("), UInt8(ascii: ")"),
          UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
          UInt8(ascii: ":"):
          flush()
          breakPending = true
        default:
          flush()
        }
        continue
      }
      if isApostrophe(value) { continue }
      if value == 0x2014 || value == 0x2013 {  // em and en dash set off a comment
        flush()
        breakPending = true
        continue
      }
      for piece in fold(scalar).unicodeScalars {
        if piece.value < 128 {
          let byte = UInt8(piece.value)
          if (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          {
            result.folded.append(byte)
            if byte <= UInt8(ascii: "9") { hasDigit = true }
          } else {
            flush()
          }
        } else if piece.properties.isAlphabetic || piece.properties.numericType != nil {
          result.folded.append(contentsOf: Array(String(piece).utf8))
          if piece.properties.numericType != nil { hasDigit = true }
        } else {
          flush()
        }
      }
    }
    flush()
    return result
  }

  private static func isApostrophe(_ value: UInt32) -> Bool {
    value == 0x2019 || value == 0x2018 || value == 0x02BC || value == 0x00B4
  }

  /// Letters that do not decompose into a base letter and a mark.
  private static let specialLetters: [Unicode.Scalar: String] = [
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
    "ı": "i", "ħ": "h", "ŀ": "l",
  ]

  /// A non-ASCII character in lower case without its accents: "É" → "e", "ß" → "ss".
  private static func fold(_ scalar: Unicode.Scalar) -> String {
    var out = ""
    for lower in String(scalar).lowercased().unicodeScalars {
      if let special = specialLetters[lower] {
        out += special
        continue
      }
      for part in String(lower).decomposedStringWithCompatibilityMapping.unicodeScalars {
        if part.properties.canonicalCombiningClass != .notReordered { continue }
        if let special = specialLetters[part] {
          out += special
        } else {
          out.unicodeScalars.append(part)
        }
      }
    }
    return out
  }

  /// Plurals whose singular the rules below would not find, and common misspellings.
  private static let irregular: ByteTable<[UInt8]> = {
    let pairs: [String: String] = [
      "leaves": "leaf", "loaves": "loaf", "halves": "half", "knives": "knife", "calves": "calf",
      "wolves": "wolf", "shelves": "shelf", "thieves": "thief", "wives": "wife", "lives": "life",
      "scarves": "scarf", "geese": "goose", "feet": "foot", "teeth": "tooth", "mice": "mouse",
      "children": "child", "oxen": "ox", "octopi": "octopus", "octopuses": "octopus",
      "cacti": "cactus", "fungi": "fungus", "citruses": "citrus", "hummuses": "hummus",
      "asparaguses": "asparagus", "cookies": "cookie", "brownies": "brownie",
      "smoothies": "smoothie", "veggies": "veggie", "hoagies": "hoagie", "cuties": "cutie",
      "goodies": "goodie", "foodies": "foodie", "sweeties": "sweetie", "calories": "calorie",
      "rotisseries": "rotisserie", "prairies": "prairie", "birdies": "birdie",
      "quiches": "quiche", "brioches": "brioche", "ganaches": "ganache", "maches": "mache",
      "cloches": "cloche", "niches": "niche", "caches": "cache", "cliches": "cliche",
      "panaches": "panache", "pastiches": "pastiche", "creches": "creche",
      "species": "species", "series": "series", "tomatoe": "tomato", "potatoe": "potato",
      "chillies": "chilli", "chilies": "chili",
    ]
    var table = ByteTable<[UInt8]>(capacity: pairs.count)
    for (plural, singular) in pairs {
      _ = table.entry(for: Array(plural.utf8)) { Array(singular.utf8) }
    }
    return table
  }()

  /// A word's singular stem: "tomatoes" → "tomato", "berries" → "berry", "leaves" → "leaf".
  ///
  /// Names in the catalog and names being matched both go through this, so what matters is
  /// that a singular and its plural meet at the same stem, not that the stem is a real word.
  static func stem(_ word: String) -> String {
    var copy = word
    var out: [UInt8] = []
    copy.withUTF8 { appendStem(of: $0, to: &out) }
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the stem of a folded word to `out`.
  static func appendStem(of word: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    let n = word.count
    let s = UInt8(ascii: "s")
    if n > 3, let known = irregular.value(for: word) {
      out.append(contentsOf: known)
      return
    }
    guard n > 3, word[n - 1] == s else {
      out.append(contentsOf: word)
      return
    }
    @inline(__always) func at(_ back: Int) -> UInt8 { word[n - back] }
    @inline(__always) func keep(_ count: Int) { out.append(contentsOf: word[0..<count]) }
    let e = UInt8(ascii: "e")
    // "ss", "us": glass, asparagus ("zucchinis" and "kiwis" do lose their s)
    if at(2) == s || at(2) == UInt8(ascii: "u") {
      out.append(contentsOf: word)
      return
    }
    if at(2) == e && at(3) == UInt8(ascii: "i") {  // -ies
      if n > 4 {
        keep(n - 3)
        out.append(UInt8(ascii: "y"))
      } else {
        keep(n - 1)
      }
      return
    }
    if at(2) == e && at(3) == UInt8(ascii: "o") {  // -oes
      keep(n > 5 ? n - 2 : n - 1)
      return
    }
    if at(2) == e && n >= 4 {
      let h = UInt8(ascii: "h")
      let third = at(3)
      let fourth = at(4)
      // -ches, -shes, -sses, -xes, -zzes
      if (third == h && (fourth == UInt8(ascii: "c") || fourth == s)) || (third == s && fourth == s)
        || third == UInt8(ascii: "x")
        || (third == UInt8(ascii: "z") && fourth == UInt8(ascii: "z"))
      {
        keep(n - 2)
        return
      }
    }
    keep(n - 1)
  }
}
