import Foundation

/// The form a parsed food name takes: the line's words, with the words a cook counts a food by
/// in the singular ("fresh mint leaves" → "fresh mint leaf", "ice cubes" → "ice cube",
/// "mushroom pieces and stems" → "mushroom piece and stem").
///
/// Why: ``ParsedIngredient/name`` names the food, not the amount; the amount lives in the
/// quantity, and the line itself (with ``ParsedIngredient/spans``) keeps the words as written
/// for anyone who shows them. A food named by the piece it comes in is the same food whether
/// the line wants one leaf or twenty, so a name in one form lets the finder, the pantry and
/// the shopping list treat "a bay leaf" and "3 bay leaves" as one thing, the way a recipe
/// manager's food list names foods in the singular. Only these piece words change: the food's
/// own plural stays ("tomatoes", "eggs"), since turning every plural into a singular would
/// need a dictionary and would read oddly for foods that come in numbers ("peas", "oats").
///
/// The piece words are the count units of ``IngredientUnit`` a food comes in (clove, sprig,
/// leaf, slice, stick...) and the portions cooks cut, break or pick a food into (wedge, chunk,
/// segment, square, shoot...), and the tea bag. Containers ("cans", "jars") are not pieces of
/// a food and stay as written, as do cuts sold as the food itself ("salmon fillets", "veal
/// cutlets", like "chicken breasts").
public enum IngredientNameForm {
  /// Plural piece word → its singular, lowercase.
  static let pieceWords: [String: String] = [
    // Count units a food comes in (see IngredientUnit.all).
    "cloves": "clove", "heads": "head", "sprigs": "sprig", "stalks": "stalk", "ribs": "rib",
    "sticks": "stick", "slices": "slice", "pieces": "piece", "sheets": "sheet",
    "leaves": "leaf", "cubes": "cube", "strips": "strip", "rashers": "rasher", "ears": "ear",
    "pods": "pod", "loaves": "loaf", "bulbs": "bulb", "scoops": "scoop",
    // Portions a food is cut, broken or picked into.
    "wedges": "wedge", "chunks": "chunk", "stems": "stem", "segments": "segment",
    "squares": "square", "bars": "bar", "balls": "ball", "twists": "twist", "drops": "drop",
    "links": "link", "shoots": "shoot",
    // Inside a name, a bag is the portion the food is used by ("tea bags", one to a pot);
    // "2 bags spinach" keeps "bags" as its unit, out of the name.
    "bags": "bag",
  ]

  /// The name with each piece word in the singular, its capitals kept ("Bay Leaves" →
  /// "Bay Leaf"); every other character as given.
  public static func canonical(_ name: String) -> String {
    // Quick exit: every piece word's plural ends in "s".
    guard name.utf8.contains(UInt8(ascii: "s")) || name.utf8.contains(UInt8(ascii: "S")) else {
      return name
    }
    var result = ""
    var changed = false
    var word = ""
    func flush() {
      guard !word.isEmpty else { return }
      if let singular = pieceWords[word.lowercased()] {
        result += matchingCase(singular, of: word)
        changed = true
      } else {
        result += word
      }
      word = ""
    }
    for character in name {
      if character.isLetter {
        word.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return changed ? result : name
  }

  /// `singular` with the capitals of `written`: all capitals, a capital first letter, or none.
  static func matchingCase(_ singular: String, of written: String) -> String {
    if written == written.lowercased() { return singular }
    if written == written.uppercased() { return singular.uppercased() }
    return singular.prefix(1).uppercased() + singular.dropFirst()
  }
}
