import Foundation

/// Where a part of an ingredient line came from: a half-open range of UTF-16 offsets into the
/// original text (the unit JavaScript and NSString use, so a web page can highlight it).
public struct TextSpan: Hashable, Sendable, Codable {
  /// The first UTF-16 offset.
  public var start: Int
  /// One past the last UTF-16 offset.
  public var end: Int

  /// Makes a span.
  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }

  /// The part of `text` the span covers, or nil when the span does not fit it (offsets outside
  /// it, reversed, or inside a character).
  public func text(in text: String) -> String? {
    let utf16 = text.utf16
    guard start >= 0, start <= end, end <= utf16.count,
      let lower = utf16.index(utf16.startIndex, offsetBy: start, limitedBy: utf16.endIndex),
      let upper = utf16.index(utf16.startIndex, offsetBy: end, limitedBy: utf16.endIndex),
      let from = lower.samePosition(in: text), let to = upper.samePosition(in: text)
    else { return nil }
    return String(text[from..<to])
  }
}

/// An amount: a quantity (or range) and a unit, as in "150 g" or "2-3 cups".
public struct IngredientAmount: Hashable, Sendable, Codable {
  /// The quantity, or its lower bound for a range; nil for "a pinch of" style amounts.
  public var quantity: Double?
  /// The upper bound of a range ("2-3" → 3), else nil.
  public var quantityMax: Double?
  /// The canonical unit (``IngredientUnit/id``), nil for a bare count ("2 eggs").
  public var unit: String?
  /// The unit as written ("tablespoons").
  public var unitText: String?
  /// Where the amount is in the line.
  public var span: TextSpan?

  /// Makes an amount.
  public init(
    quantity: Double? = nil, quantityMax: Double? = nil, unit: String? = nil,
    unitText: String? = nil, span: TextSpan? = nil
  ) {
    self.quantity = quantity
    self.quantityMax = quantityMax
    self.unit = unit
    self.unitText = unitText
    self.span = span
  }
}

/// An ingredient line understood: amount, unit, food name and the rest, each with its span.
///
/// The original text is kept in ``input``; nothing is thrown away: words that are not amount,
/// unit, size, name, preparation or purpose end up in ``comment``.
public struct ParsedIngredient: Hashable, Sendable, Codable {
  /// The line exactly as given.
  public var input: String
  /// Whether the line is a section header such as "For the sauce:" rather than an ingredient.
  public var isSectionHeader: Bool
  /// The main quantity, or the lower bound of a range.
  public var quantity: Double?
  /// The upper bound of a range, else nil.
  public var quantityMax: Double?
  /// The canonical unit ("g", "cup", "tbsp", "can"), nil for a bare count or no amount.
  public var unit: String?
  /// The unit as written.
  public var unitText: String?
  /// Other amounts for the same ingredient ("150g/5½oz" → the 5½ oz).
  public var alternativeAmounts: [IngredientAmount]
  /// The size of a container ("1 (14 oz) can" → 14 oz), when given.
  public var containerSize: IngredientAmount?
  /// A size word: "small", "medium", "large".
  public var size: String?
  /// The food as written, without amount, preparation or comment ("chickpeas").
  public var name: String?
  /// Other foods that may stand in ("butter or margarine" → ["margarine"]).
  public var alternatives: [String]
  /// How it is prepared ("finely chopped", "drained and rinsed").
  public var preparation: String?
  /// Everything else worth keeping ("about", "leaves only").
  public var comment: String?
  /// What it is for ("for garnish", "for frying").
  public var purpose: String?
  /// Whether the recipe works without it: "(optional)", "to taste", "for serving", "for
  /// garnish" and the like.
  public var isOptional: Bool
  /// Where each part came from: keys "quantity", "unit", "size", "name", "preparation",
  /// "comment", "purpose".
  public var spans: [String: TextSpan]

  /// Makes a parse result; only the input is required.
  public init(
    input: String, isSectionHeader: Bool = false, quantity: Double? = nil,
    quantityMax: Double? = nil, unit: String? = nil, unitText: String? = nil,
    alternativeAmounts: [IngredientAmount] = [], containerSize: IngredientAmount? = nil,
    size: String? = nil, name: String? = nil, alternatives: [String] = [],
    preparation: String? = nil, comment: String? = nil, purpose: String? = nil,
    isOptional: Bool = false, spans: [String: TextSpan] = [:]
  ) {
    self.input = input
    self.isSectionHeader = isSectionHeader
    self.quantity = quantity
    self.quantityMax = quantityMax
    self.unit = unit
    self.unitText = unitText
    self.alternativeAmounts = alternativeAmounts
    self.containerSize = containerSize
    self.size = size
    self.name = name
    self.alternatives = alternatives
    self.preparation = preparation
    self.comment = comment
    self.purpose = purpose
    self.isOptional = isOptional
    self.spans = spans
  }
}

extension ParsedIngredient {
  /// The name as the line writes it, for showing to the cook: ``name`` names the food with
  /// its piece words in the singular (``IngredientNameForm``: "mint leaves" is named
  /// "mint leaf"), and this is the name span's own words ("mint leaves") when they are the
  /// name in that form. Otherwise (no span, or a name whose words the parser picked out of
  /// the line, such as "caster sugar" from "caster (superfine) sugar") it is ``name``.
  public var writtenName: String? {
    guard let name, let span = spans["name"], span.start < span.end,
      let written = span.text(in: input)
    else { return name }
    return written != name && IngredientNameForm.canonical(written) == name ? written : name
  }
}

extension ParsedIngredient {
  /// The name to look a food up by. It is ``name``, except when a one-word name shares its
  /// noun with the alternative that follows: in "olive or vegetable oil" the name is "olive"
  /// but the food is olive oil, in "chicken or vegetable stock" chicken stock, in "red or
  /// yellow peppers" red peppers. Matching "olive" alone would find olives.
  public var matchingName: String? {
    guard let name, let alternative = alternatives.first,
      !name.utf8.contains(UInt8(ascii: " ")),
      let space = alternative.utf8.firstIndex(of: UInt8(ascii: " "))
    else { return name }
    return name + String(alternative[space...])
  }
}

extension ParsedIngredient {
  /// The foods a line names, found with `match` (a catalog lookup by name): the line's own
  /// food, then each alternative's food that differs from it, without repeats.
  ///
  /// The line's food is looked up by ``matchingName``, except where a name of several words
  /// shares its head noun with the alternative that follows: in "long-grain white or basmati
  /// rice" the name is "long-grain white" and the food white rice, in "dry red or white wine"
  /// red wine. The head is added only when the name with it finds a food the alternative does
  /// not, so "Kashmiri chilli powder or sweet paprika" stays chilli powder. A one-word
  /// alternative the catalog does not know alone takes the words before the last of the
  /// phrase before it: "chicken thighs or breasts" offers chicken breasts.
  public func foods(matching match: (String) -> String?) -> (food: String?, alternatives: [String])
  {
    var food = matchingName.flatMap(match)
    // A one-word alternative the catalog does not know by itself takes the name's other
    // words: "chicken thighs or breasts" offers chicken breasts.
    let alternativeFoods = alternatives.indices.map { index -> String? in
      let alternative = alternatives[index]
      if let found = match(alternative) { return found }
      // The phrase before it: the name, or the alternative before.
      let before = index == 0 ? matchingName : alternatives[index - 1]
      guard let before, !alternative.utf8.contains(UInt8(ascii: " ")),
        let space = before.utf8.lastIndex(of: UInt8(ascii: " "))
      else { return nil }
      return match(String(before[..<space]) + " " + alternative)
    }
    if let name, name.utf8.contains(UInt8(ascii: " ")), let alternative = alternatives.first,
      let head = alternative.split(separator: " ").last.map(String.init),
      alternative.utf8.contains(UInt8(ascii: " ")),
      !name.lowercased().hasSuffix(head.lowercased())
    {
      let joined = match(name + " " + head)
      if let joined, joined != alternativeFoods.first ?? nil { food = joined }
    }
    var seen: Set<String> = food.map { [$0] } ?? []
    let others = alternativeFoods.compactMap { $0 }.filter { seen.insert($0).inserted }
    return (food, others)
  }

  /// The foods a line written in `language` (not English, which ``foods(matching:)`` reads)
  /// names, as Larder reads such lines everywhere (the analysis stored with a recipe, and
  /// `ingredients/parse`): the name through ``FoodNames/food(named:language:matchFood:)``, else
  /// the comment; each alternative the same way. A line whose first choice is no food Larder
  /// knows is read as its first known choice ("1 dl hedvin/portvin/sherry" is port).
  public func foods(
    in language: RecipeLanguage, names: FoodNames = .bundled,
    matching matchFood: (String) -> String?
  ) -> (food: String?, alternatives: [String]) {
    func match(_ name: String) -> String? {
      names.food(named: name, language: language, matchFood: matchFood)
    }
    var food = name.flatMap { match($0) }
    if food == nil, let comment { food = match(comment) }
    var seen: Set<String> = food.map { [$0] } ?? []
    var others = alternatives.compactMap { match($0) }.filter { seen.insert($0).inserted }
    if food == nil, !others.isEmpty { food = others.removeFirst() }
    return (food, others)
  }
}
