import Foundation

/// Text helpers shared by the readers of other languages: folding and splitting into words.
enum LanguageText {
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
    for piece in fold(text).split(whereSeparator: { ", ;:!?\"*•[]{}-–".contains($0) }) {
      let word = piece.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
      if !word.isEmpty { words.append(word) }
    }
    return words
  }
}
