import Foundation
import Testing

@testable import LarderCore

/// Folding text of other languages for matching: accents dropped as Foundation drops them,
/// whether a letter comes composed or as a letter and a combining mark.
@Suite struct LanguageTextTests {
  @Test(arguments: [
    ("Crème fraîche", "creme fraiche"), ("Cre\u{300}me frai\u{302}che", "creme fraiche"),
    ("Jalapeño", "jalapeno"), ("Jalapen\u{303}o", "jalapeno"), ("Straße", "strasse"),
    ("Smør", "smor"), ("Mąka pszenna", "maka pszenna"), ("Ma\u{328}ka", "maka"),
    ("Łosoś", "losos"), ("C. à s.", "c a s"), ("d'huile", "d huile"), ("Œufs", "oeufs"),
    ("Ærter", "aerter"), ("Čaj", "caj"), ("Şeker", "seker"), ("ȘAPTE", "sapte"),
  ])
  func foldsAccentsAwayHoweverTheyAreWritten(text: String, folded: String) {
    #expect(LanguageText.fold(text) == folded)
  }

  /// Every Latin letter the table covers folds as Foundation folds it, lowercased first (the
  /// letters spelled out by hand aside), so the table changes no match.
  @Test func everyLatinLetterFoldsAsFoundationFoldsIt() {
    let spelledOut: Set<Character> = ["ß", "ø", "æ", "œ", "ł", "đ"]
    for value in UInt32(0xC0)...0x24F {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(Character(scalar))
      for character in text.lowercased() where !spelledOut.contains(character) {
        let expected = String(character).folding(options: [.diacriticInsensitive], locale: nil)
        #expect(
          LanguageText.fold(String(character)) == expected,
          "U+\(String(value, radix: 16, uppercase: true))")
      }
    }
  }

  @Test func wordsSplitAtPunctuationAndHyphens() {
    #expect(
      LanguageText.words("Salz & Pfeffer, frisch; Fontina-Käse [gerieben]")
        == ["salz", "&", "pfeffer", "frisch", "fontina", "kase", "gerieben"])
    #expect(LanguageText.words("1/2 Zitrone") == ["1/2", "zitrone"])
    #expect(LanguageText.words(" – ").isEmpty)
  }
}
