import Foundation

/// Text helpers shared by the readers of other languages: folding and splitting into words.
enum LanguageText {
  /// Whether a character splits folded text into words: one of `, ;:!?"*•[]{}-–—`, checked by
  /// its scalar (searching a string of them, or hashing the character into a set, for every
  /// character was a tenth of loading the shipped food names).
  private static func breaksWords(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else { return false }
    switch scalar {
    case ",", " ", ";", ":", "!", "?", "\"", "*", "•", "[", "]", "{", "}", "-", "–", "—":
      return true
    default: return false
    }
  }

  /// What folding accents away makes of each letter from U+00C0 to U+024F (the Latin letters
  /// of the languages Larder reads) and of the Cyrillic ones (U+0400 to U+04FF: "й" → "и",
  /// "ё" → "е"), worked out once with Foundation's folding, which `fold(_:)` otherwise calls
  /// for every accented letter (a tenth of the food names' load).
  private static let letterFolds: [Unicode.Scalar: String] = {
    var table: [Unicode.Scalar: String] = [:]
    for value in Array(UInt32(0xC0)...0x24F) + Array(UInt32(0x400)...0x4FF) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      table[scalar] = String(Character(scalar)).folding(
        options: [.diacriticInsensitive], locale: nil)
    }
    return table
  }()

  /// Lower case, accents dropped, and the letters folding leaves alone spelled out
  /// ("ß" → "ss", "ø" → "o", "æ" → "ae", "ł" → "l"); periods, apostrophes and parentheses
  /// become spaces and runs of spaces one: "C. à s." → "c a s", "d'huile" → "d huile".
  static func fold(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var lastWasSpace = true
    for character in text.lowercased() {
      switch character {
      case ".", "'", "’", "(", ")", "\t", " ", "\u{00A0}":
        if !lastWasSpace { result.append(" ") }
        lastWasSpace = true
        continue
      case "ß": result += "ss"
      case "ø": result += "o"
      case "æ": result += "ae"
      case "œ": result += "oe"
      case "ł": result += "l"
      case "đ": result += "d"
      default:
        if character.isASCII {
          result.append(character)
        } else if let scalar = character.unicodeScalars.first,
          character.unicodeScalars.count == 1,
          let folded = letterFolds[scalar]
        {
          result += folded
        } else {
          result += String(character).folding(options: [.diacriticInsensitive], locale: nil)
        }
      }
      lastWasSpace = false
    }
    if result.hasSuffix(" ") { result.removeLast() }
    return result
  }

  /// Folded words of a text, split at spaces, hyphens and punctuation other than "/" inside
  /// a word: "Salz & Pfeffer, frisch" → ["salz", "&", "pfeffer", "frisch"], "Fontina-Käse"
  /// → ["fontina", "kase"].
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    for piece in fold(text).split(whereSeparator: breaksWords) {
      // Slashes at either end dropped ("/Zucker" → "zucker"), without a character set made
      // per word (a tenth of loading the food names).
      var word = piece
      while word.first == "/" { word = word.dropFirst() }
      while word.last == "/" { word = word.dropLast() }
      if !word.isEmpty { words.append(String(word)) }
    }
    return words
  }
}
