import Foundation

/// A unit of measure in recipes, with the words cooks use for it.
///
/// Mass units convert through grams and volume units through millilitres; count and container
/// units ("clove", "can") and vague ones ("pinch") do not convert.
public struct IngredientUnit: Hashable, Sendable, Identifiable {
  /// What a unit measures.
  public enum Dimension: String, Hashable, Sendable, Codable {
    /// Weight; converts through grams.
    case mass
    /// Volume; converts through millilitres.
    case volume
    /// Pieces and containers: clove, can, slice, bunch.
    case count
    /// Amounts too vague to convert: pinch, dash, drop.
    case vague
  }

  /// Which measuring tradition a unit belongs to, for choosing display units.
  public enum System: String, Hashable, Sendable, Codable {
    /// Grams, litres and friends.
    case metric
    /// Cups, ounces, pounds, spoons.
    case us
    /// Used everywhere (spoons are shared, counts have no system).
    case neutral
  }

  /// The canonical identifier, such as "g", "cup", "tbsp", "fl-oz", "can".
  public let id: String
  /// What it measures.
  public let dimension: Dimension
  /// Grams (mass) or millilitres (volume) in one unit; nil for count and vague units.
  public let baseFactor: Double?
  /// The measuring tradition.
  public let system: System
  /// How to write one ("cup", "g").
  public let singular: String
  /// How to write several ("cups", "g").
  public let plural: String
  /// Every spelling that means this unit, matched ignoring case unless listed in
  /// ``caseSensitiveAliases``.
  public let aliases: [String]
  /// Spellings whose case matters ("T" is a tablespoon, "t" a teaspoon).
  public let caseSensitiveAliases: [String]

  /// The name to show for a quantity.
  public func name(for quantity: Double) -> String {
    quantity > 1 || quantity == 0 ? plural : singular
  }

  static func make(
    _ id: String, _ dimension: Dimension, _ factor: Double?, _ system: System,
    _ singular: String, _ plural: String, _ aliases: [String], exact: [String] = []
  ) -> IngredientUnit {
    IngredientUnit(
      id: id, dimension: dimension, baseFactor: factor, system: system, singular: singular,
      plural: plural, aliases: aliases, caseSensitiveAliases: exact)
  }

  /// Every unit Larder knows.
  public static let all: [IngredientUnit] = [
    // Mass
    make(
      "mg", .mass, 0.001, .metric, "mg", "mg", ["mg", "milligram", "milligrams", "milligramme"]),
    make(
      "g", .mass, 1, .metric, "g", "g",
      ["g", "gr", "grs", "gm", "gms", "gram", "grams", "gramme", "grammes", "grm"]),
    make(
      "kg", .mass, 1000, .metric, "kg", "kg",
      ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"]),
    make("oz", .mass, 28.349_523_125, .us, "oz", "oz", ["oz", "ozs", "ounce", "ounces", "onz"]),
    make("lb", .mass, 453.592_37, .us, "lb", "lb", ["lb", "lbs", "pound", "pounds", "lb.", "ib"]),
    // Volume
    make(
      "ml", .volume, 1, .metric, "ml", "ml",
      ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "cc"]),
    make(
      "cl", .volume, 10, .metric, "cl", "cl",
      ["cl", "centilitre", "centilitres", "centiliter", "centiliters"]),
    make(
      "dl", .volume, 100, .metric, "dl", "dl",
      ["dl", "decilitre", "decilitres", "deciliter", "deciliters"]),
    make(
      "l", .volume, 1000, .metric, "l", "l",
      ["l", "ltr", "ltrs", "litre", "litres", "liter", "liters", "lt"]),
    make(
      "tsp", .volume, 4.928_921_593_75, .neutral, "tsp", "tsp",
      [
        "tsp", "tsps", "tspn", "tspns", "teaspoon", "teaspoons", "teasp", "tea spoon", "tea spoons",
        "teaspoonful", "teaspoonfuls",
      ],
      exact: ["t", "ts"]),
    make(
      "dsp", .volume, 10, .neutral, "dessertspoon", "dessertspoons",
      ["dsp", "dssp", "dstspn", "dessertspoon", "dessertspoons", "dessert spoon", "dessert spoons"]),
    make(
      "tbsp", .volume, 14.786_764_781_25, .neutral, "tbsp", "tbsp",
      [
        "tbsp", "tbsps", "tbs", "tbl", "tbls", "tblsp", "tblsps", "tblspn", "tbspn", "tablespoon",
        "tablespoons", "table spoon", "table spoons", "tablespoonful", "tablespoonfuls", "tbsp.",
      ],
      exact: ["T", "TB", "Tb", "TBS", "TBSP", "Tbsp", "Tbs"]),
    make(
      "fl-oz", .volume, 29.573_529_562_5, .us, "fl oz", "fl oz",
      [
        "fl oz", "fl. oz", "fl.oz", "floz", "fl oz.", "fluid ounce", "fluid ounces", "fl ounce",
        "fl ounces", "fl",
      ]),
    make(
      "cup", .volume, 236.588_236_5, .us, "cup", "cups", ["cup", "cups", "cupful", "cupfuls"],
      exact: ["c", "C"]),
    make("pint", .volume, 473.176_473, .us, "pint", "pints", ["pint", "pints", "pt", "pts"]),
    make("quart", .volume, 946.352_946, .us, "quart", "quarts", ["quart", "quarts", "qt", "qts"]),
    make(
      "gallon", .volume, 3785.411_784, .us, "gallon", "gallons",
      ["gallon", "gallons", "gal", "gals"]),
    // Vague
    make("pinch", .vague, nil, .neutral, "pinch", "pinches", ["pinch", "pinches", "pn"]),
    make("dash", .vague, nil, .neutral, "dash", "dashes", ["dash", "dashes"]),
    make("drop", .vague, nil, .neutral, "drop", "drops", ["drop", "drops"]),
    make("splash", .vague, nil, .neutral, "splash", "splashes", ["splash", "splashes"]),
    make("handful", .vague, nil, .neutral, "handful", "handfuls", ["handful", "handfuls"]),
    make("knob", .vague, nil, .neutral, "knob", "knobs", ["knob", "knobs"]),
    make("smidgen", .vague, nil, .neutral, "smidgen", "smidgens", ["smidgen", "smidgens"]),
    // Count and containers
    make("clove", .count, nil, .neutral, "clove", "cloves", ["clove", "cloves"]),
    make("can", .count, nil, .neutral, "can", "cans", ["can", "cans", "tin", "tins"]),
    make("jar", .count, nil, .neutral, "jar", "jars", ["jar", "jars"]),
    make("bottle", .count, nil, .neutral, "bottle", "bottles", ["bottle", "bottles"]),
    make(
      "package", .count, nil, .neutral, "package", "packages",
      ["package", "packages", "pkg", "pkgs", "packet", "packets", "pack", "packs"]),
    make("bag", .count, nil, .neutral, "bag", "bags", ["bag", "bags"]),
    make("box", .count, nil, .neutral, "box", "boxes", ["box", "boxes"]),
    make("carton", .count, nil, .neutral, "carton", "cartons", ["carton", "cartons"]),
    make(
      "container", .count, nil, .neutral, "container", "containers",
      ["container", "containers", "tub", "tubs"]),
    make(
      "envelope", .count, nil, .neutral, "envelope", "envelopes",
      ["envelope", "envelopes", "sachet", "sachets"]),
    make("bunch", .count, nil, .neutral, "bunch", "bunches", ["bunch", "bunches", "bn"]),
    make("head", .count, nil, .neutral, "head", "heads", ["head", "heads"]),
    make("sprig", .count, nil, .neutral, "sprig", "sprigs", ["sprig", "sprigs"]),
    make("stalk", .count, nil, .neutral, "stalk", "stalks", ["stalk", "stalks", "rib", "ribs"]),
    make("stick", .count, nil, .neutral, "stick", "sticks", ["stick", "sticks"]),
    make("slice", .count, nil, .neutral, "slice", "slices", ["slice", "slices"]),
    make("piece", .count, nil, .neutral, "piece", "pieces", ["piece", "pieces", "pc", "pcs"]),
    make("sheet", .count, nil, .neutral, "sheet", "sheets", ["sheet", "sheets"]),
    make("leaf", .count, nil, .neutral, "leaf", "leaves", ["leaf", "leaves"]),
    make(
      "fillet", .count, nil, .neutral, "fillet", "fillets",
      ["fillet", "fillets", "filet", "filets"]),
    make("cube", .count, nil, .neutral, "cube", "cubes", ["cube", "cubes"]),
    make("strip", .count, nil, .neutral, "strip", "strips", ["strip", "strips"]),
    make("rasher", .count, nil, .neutral, "rasher", "rashers", ["rasher", "rashers"]),
    make("ear", .count, nil, .neutral, "ear", "ears", ["ear", "ears"]),
    make("pod", .count, nil, .neutral, "pod", "pods", ["pod", "pods"]),
    make("loaf", .count, nil, .neutral, "loaf", "loaves", ["loaf", "loaves"]),
    make("bulb", .count, nil, .neutral, "bulb", "bulbs", ["bulb", "bulbs"]),
    make("scoop", .count, nil, .neutral, "scoop", "scoops", ["scoop", "scoops"]),
    make("dozen", .count, nil, .neutral, "dozen", "dozen", ["dozen", "doz"]),
  ]

  /// Lengths that size a piece ("5 cm ginger", "a 2-inch piece"). The parser reads them as
  /// sizes, not units, so they are not in ``all``; the shopping list keeps them as counts of
  /// their own so "5 cm" is not mistaken for 5 pieces.
  public static let lengths: [IngredientUnit] = [
    make(
      "cm", .count, nil, .neutral, "cm", "cm",
      ["cm", "centimeter", "centimeters", "centimetre", "centimetres"]),
    make("inch", .count, nil, .neutral, "inch", "inches", ["inch", "inches"]),
  ]

  private static let byID: [String: IngredientUnit] = Dictionary(
    uniqueKeysWithValues: (all + lengths).map { ($0.id, $0) })

  private static let exactAliases: [String: IngredientUnit] = {
    var table: [String: IngredientUnit] = [:]
    for unit in all { for alias in unit.caseSensitiveAliases { table[alias] = unit } }
    return table
  }()

  private static let foldedAliases: [String: IngredientUnit] = {
    var table: [String: IngredientUnit] = [:]
    for unit in all {
      for alias in unit.aliases + [unit.id] { table[alias.lowercased()] = unit }
    }
    return table
  }()

  /// The unit with this canonical ID.
  public static func unit(id: String) -> IngredientUnit? { byID[id] }

  /// The unit a word (or a two-word phrase such as "fl oz") stands for, or nil. A trailing
  /// period is ignored ("tbsp.", "oz.").
  public static func lookup(_ text: String) -> IngredientUnit? {
    if let unit = exactAliases[text] { return unit }
    if let unit = foldedAliases[text.lowercased()] { return unit }
    if text.hasSuffix("."), text.count > 1 { return lookup(String(text.dropLast())) }
    return nil
  }
}
