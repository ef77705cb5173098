import Foundation

/// HTML5 entities that recipe pages use and that libxml2 (which knows HTML 4's list) and
/// ``PlainText`` leave undecoded: the fractions beyond ½, ¼, ¾, ⅓ and ⅔.
enum ExtraEntities {
  static let table: [String: String] = [
    "&frac18;": "⅛", "&frac38;": "⅜", "&frac58;": "⅝", "&frac78;": "⅞", "&frac15;": "⅕",
    "&frac25;": "⅖", "&frac35;": "⅗", "&frac45;": "⅘", "&frac16;": "⅙", "&frac56;": "⅚",
  ]

  /// JSON-LD text with doubly escaped entities ("Mom&amp;#39;s") escaped once, so that
  /// ``PlainText`` decodes them; `&amp;` followed by anything else is left alone.
  static func undoubled(_ text: String) -> String {
    guard text.contains("&amp;") else { return text }
    var result = text.replacingOccurrences(of: "&amp;#", with: "&#")
    for name in ["quot", "apos", "amp", "lt", "gt", "nbsp", "rsquo", "lsquo", "rdquo", "ldquo"] {
      result = result.replacingOccurrences(of: "&amp;\(name);", with: "&\(name);")
    }
    return result
  }

  /// `text` with those entities replaced; text without "&frac" is returned as is.
  static func decode(_ text: String) -> String {
    guard text.contains("&frac") else { return text }
    var result = text
    for (entity, character) in table {
      result = result.replacingOccurrences(of: entity, with: character)
    }
    return result
  }
}
