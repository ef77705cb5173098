import Foundation

/// The English word lists the rules and the tagger's features use. Lowercased throughout.
///
/// Other languages would get their own lexicon; the rules only ask these questions.
enum IngredientLexicon {
  /// Words for sizes, written before the food ("2 large eggs").
  static let sizes: Set<String> = [
    "small", "medium", "large", "big", "extra-large", "jumbo", "medium-sized", "medium-size",
    "large-sized", "large-size", "small-sized", "small-size", "good-sized", "good-size",
    "largeish", "smallish", "lg", "sm", "md", "med", "xl", "huge", "giant", "mini", "tiny",
    "medium-large", "small-medium", "medium-small", "biggish", "king-size", "king-sized",
  ]

  /// Numbers written as words, and their values.
  static let numberWords: [String: Double] = [
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "half": 0.5, "quarter": 0.25, "sixteen": 16, "fourteen": 14, "thirteen": 13,
  ]

  /// Words for vague counts that are not numbers ("a few").
  static let vagueCounts: Set<String> = ["few", "couple", "several", "some"]

  /// Words that qualify an amount and belong in the comment ("about 2 cups", "2 heaped tsp").
  static let amountModifiers: Set<String> = [
    "about", "approximately", "approx", "around", "roughly", "scant", "heaped", "heaping",
    "level", "rounded", "generous", "good", "generously", "lightly", "well", "slightly",
    "full", "nearly", "almost", "over", "under", "up", "to", "at", "least", "most", "just",
    "little", "a", "an", "extra", "additional", "more", "plus", "big", "thin", "thick",
    "healthy", "hefty", "packed",
  ]

  /// Verbs and past participles that describe preparation ("chopped", "drained").
  static let preparationWords: Set<String> = [
    "chopped", "minced", "diced", "sliced", "grated", "crushed", "beaten", "melted", "softened",
    "peeled", "sifted", "shredded", "cubed", "halved", "quartered", "julienned", "trimmed",
    "rinsed", "drained", "seeded", "deseeded", "de-seeded", "pitted", "cored", "cooked",
    "toasted", "torn", "crumbled", "mashed", "pureed", "puréed", "zested", "juiced", "squeezed",
    "separated", "thawed", "defrosted", "blanched", "steamed", "warmed", "chilled", "cooled",
    "washed", "cleaned", "scrubbed", "hulled", "stemmed", "shelled", "deveined", "skinned",
    "boned", "deboned", "pounded", "flattened", "sieved", "strained", "dissolved", "soaked",
    "broken", "snipped", "smashed", "bruised", "cut", "split", "picked", "slivered", "shaved",
    "segmented", "divided", "reserved", "removed", "discarded", "patted", "scraped", "cracked",
    "filleted", "shucked", "pressed", "sectioned", "bashed", "squashed", "whisked", "lightly",
    "finely", "coarsely", "roughly", "thinly", "thickly", "freshly", "very", "diagonally",
    "lengthwise", "lengthways", "crosswise", "crossways", "undrained", "unpeeled", "uncooked",
    "dice", "chop", "slice", "mince", "grate",
    "crush", "peel", "julienne", "gently", "tightly", "firmly", "loosely", "stoned",
    "destemmed", "tailed", "topped", "sorted", "well",
  ]

  /// Participles that usually name a kind of food rather than a step ("ground cumin",
  /// "smoked paprika"), so the rules keep them in the name.
  static let nameParticiples: Set<String> = [
    "ground", "smoked", "dried", "canned", "frozen", "unsalted", "salted", "mixed", "roasted",
    "unsweetened", "sweetened", "granulated", "prepared", "whipped", "flaked", "seasoned",
    "powdered", "pickled", "flavored", "flavoured", "reduced", "candied", "sun-dried",
    "condensed", "brewed", "baked", "clarified", "evaporated", "unwaxed", "bottled", "tinned",
    "assorted", "processed", "grilled", "old-fashioned", "aged", "distilled", "filtered",
    "ready-rolled", "soured", "desiccated", "preserved", "marinated", "oil-packed",
    "dry-roasted", "pasteurized", "corned", "fermented", "unflavored", "refried", "silken",
    "cured", "refined", "unrefined", "unbleached", "bleached", "boneless", "skinless",
    "blanched", "shelled", "shredded", "crystallized", "crystallised", "hard-boiled",
    "soft-boiled", "poached", "fried", "stewed", "braised", "barbecued", "chipped", "puffed",
    "rolled", "cracked", "instant",
  ]

  /// Words that start a purpose after "for" or "to" ("for frying", "to serve").
  static let purposeWords: Set<String> = [
    "serving", "serve", "garnish", "garnishing", "decoration", "decorating", "decorate",
    "dusting", "dust", "frying", "fry", "deep-frying", "deep", "shallow", "shallow-frying",
    "stir-frying", "pan-frying", "greasing", "grease", "brushing", "brush", "drizzling",
    "drizzle", "sprinkling", "sprinkle", "coating", "coat", "dipping", "dip", "rolling",
    "shaping", "cooking", "glazing", "glaze", "topping", "finishing", "finish", "kneading",
    "marinating", "basting", "baste", "oiling", "dredging", "sautéing", "sauteing", "grilling",
    "poaching", "egg", "lining", "binding", "flaming", "sweeten", "thicken", "cover", "the",
    "decor", "garnishes", "servings",
  ]

  /// Words that make a line optional when they form one of the optional phrases.
  static let optionalPurposes: Set<String> = [
    "serving", "serve", "garnish", "garnishing", "decoration", "decorating", "decorate",
    "dusting", "dust", "garnishes", "decor",
  ]

  /// Words that open a comment clause ("plus more", "such as", "see note").
  static let commentStarters: Set<String> = [
    "plus", "about", "such", "preferably", "optional", "or", "see", "if", "as", "each",
    "approximately", "approx", "around", "roughly", "from", "available", "any", "your", "use",
    "note", "notes", "recipe", "homemade", "store-bought", "storebought", "not", "but",
    "we", "you", "i", "ideally", "enough", "extra", "more", "at", "including", "with",
    "without", "in", "like", "depending", "weighing", "total", "to", "and", "store", "for",
    "a", "an", "the", "some", "good", "substitute", "also", "optionally",
  ]

  /// Single words that name a part of a recipe, so that "SAUCE" alone is a section header
  /// while "SALT" alone is an ingredient.
  static let sectionWords: Set<String> = [
    "sauce", "filling", "topping", "toppings", "dressing", "marinade", "garnish", "garnishes",
    "crust", "batter", "glaze", "icing", "frosting", "dough", "base", "assembly", "ingredients",
    "rub", "streusel", "crumble", "decoration", "syrup", "custard", "pastry", "salsa", "seasoning",
  ]

  /// Lengths, which describe a piece rather than measure an amount ("a 4-inch piece").
  static let dimensions: Set<String> = [
    "inch", "inches", "in", "cm", "centimeter", "centimeters", "centimetre", "centimetres", "mm",
    "millimeter", "millimeters", "millimetre", "millimetres", "inch-thick", "inch-long",
    "inch-wide", "inch-square", "foot", "feet",
  ]

  /// Stop words: articles and connectors that are never a food by themselves.
  static let connectors: Set<String> = [
    "a", "an", "the", "of", "and", "or", "&", "with", "in", "for", "to", "from", "plus",
  ]

  /// Whether a word is a past participle or adverb of preparation by its ending.
  static func looksLikePreparation(_ word: String) -> Bool {
    if preparationWords.contains(word) { return !nameParticiples.contains(word) }
    if nameParticiples.contains(word) { return false }
    if word.count > 4, word.hasSuffix("ly") { return true }
    if word.count > 4, word.hasSuffix("ed") { return true }
    return false
  }
}

/// What the lexicon knows about one word, looked up once per token by the hash of the
/// lowercased word (see ``IngredientWords``).
struct WordInfo: Hashable, Sendable {
  /// ``IngredientWords`` flags.
  var flags: UInt32 = 0
  /// Index into ``IngredientUnit/all`` of the unit this word (or phrase) names ignoring case,
  /// else -1.
  var unit: Int16 = -1

  static let none = WordInfo()

  func has(_ flag: UInt32) -> Bool { flags & flag != 0 }
}

/// The lexicon as a hash table keyed by ``TaggerFeatures/hash(_:)`` of lowercased words, so
/// the rules and features ask a token's questions with bit tests instead of string lookups.
/// Two-word unit phrases ("fl oz", "fluid ounces") are keys too.
enum IngredientWords {
  static let size: UInt32 = 1 << 0
  static let preparation: UInt32 = 1 << 1
  static let nameParticiple: UInt32 = 1 << 2
  static let purpose: UInt32 = 1 << 3
  static let numberWord: UInt32 = 1 << 4
  static let vagueCount: UInt32 = 1 << 5
  static let amountModifier: UInt32 = 1 << 6
  static let connector: UInt32 = 1 << 7
  static let commentStarter: UInt32 = 1 << 8
  static let optionalPurpose: UInt32 = 1 << 9
  static let unitPhraseStart: UInt32 = 1 << 10
  static let sectionWord: UInt32 = 1 << 11
  static let dimension: UInt32 = 1 << 12

  /// Hashes of words the rules test one by one, written out so that they are constants (a
  /// test checks them against ``TaggerFeatures/hash(_:)``).
  static let a: UInt64 = 0xAF63_DC4C_8601_EC8C  // "a"
  static let an: UInt64 = 0x089C_3807_B545_8406  // "an"
  static let of: UInt64 = 0x08B0_6007_B556_7108  // "of"
  static let and: UInt64 = 0xE6F7_9719_051F_F286  // "and"
  static let or: UInt64 = 0x08B0_5407_B556_5CA4  // "or"
  static let forWord: UInt64 = 0xDCB2_7818_FED9_DA90  // "for"
  static let to: UInt64 = 0x08C8_3907_B56A_C0A4  // "to"
  static let x: UInt64 = 0xAF63_F54C_8602_1707  // "x"
  static let the: UInt64 = 0x56F5_C919_4461_D57C  // "the"
  static let each: UInt64 = 0x214B_AC60_1E6D_7DA8  // "each"
  static let half: UInt64 = 0x2E33_A6CC_7412_3124  // "half"
  static let quarter: UInt64 = 0xFFBE_2660_A81C_5667  // "quarter"
  static let some: UInt64 = 0x6035_DC18_F0BB_D4D1  // "some"
  static let extra: UInt64 = 0xFD29_EE12_A979_CB69  // "extra"
  static let garnish: UInt64 = 0xA1F9_9FC3_E3DC_283B  // "garnish"
  static let garnishes: UInt64 = 0xBA5C_9424_06C9_EA8B  // "garnishes"
  static let sauce: UInt64 = 0x6B58_A60D_6130_D660  // "sauce"
  static let dressing: UInt64 = 0xD643_06CF_EF09_5358  // "dressing"
  static let taste: UInt64 = 0x0825_F02A_04F8_A1CC  // "taste"
  static let optional: UInt64 = 0x6295_76C6_B305_D539  // "optional"
  static let optionally: UInt64 = 0x12CE_219C_82C2_F262  // "optionally"
  static let plus: UInt64 = 0xA5C0_590D_B6F2_68B5  // "plus"
  static let with: UInt64 = 0xA66B_06F6_55A0_C2E9  // "with"
  static let asWord: UInt64 = 0x089C_5507_B545_B54D  // "as"
  static let ifWord: UInt64 = 0x08B7_3007_B55C_3E26  // "if"
  static let such: UInt64 = 0xB6CD_6919_21C5_3A5E  // "such"
  static let about: UInt64 = 0x3F74_142D_6181_EA7E  // "about"
  static let approximately: UInt64 = 0x8509_8434_B100_AD3A  // "approximately"
  static let approx: UInt64 = 0xF6F7_3243_6054_C575  // "approx"
  static let more: UInt64 = 0x0D1B_E7A2_C400_C080  // "more"
  static let other: UInt64 = 0x0A24_AD61_C256_2A55  // "other"
  static let room: UInt64 = 0xA355_141F_F0C4_8EDA  // "room"
  static let at: UInt64 = 0x089C_4E07_B545_A968  // "at"
  static let cut: UInt64 = 0xF5B9_F719_0CC1_82E3  // "cut"
  static let into: UInt64 = 0xF5A6_C8C5_7A90_61A3  // "into"
  static let you: UInt64 = 0xB561_7C19_799E_A15C  // "you"
  static let ampersand: UInt64 = 0xAF63_9B4C_8601_7E19  // "&"
  static let needed: Set<UInt64> = hashes(["needed", "required", "desired", "necessary"])
  /// Words naming a kind of product ("gluten-free", "vegan") that "if needed" after them is
  /// about: "(gluten-free if needed)" asks for that kind when it matters, not for the line
  /// to be optional.
  static let qualifiers: Set<UInt64> = hashes([
    "free", "gluten-free", "dairy-free", "nut-free", "egg-free", "vegan", "vegetarian", "kosher",
    "halal", "organic", "low-sodium", "reduced-sodium", "sodium-free", "unsalted", "certified",
  ])
  static let ifWords: Set<UInt64> = hashes([
    "needed", "desired", "required", "necessary", "wished", "liked", "preferred", "using",
    "available",
  ])
  static let youWords: Set<UInt64> = hashes(["like", "wish", "prefer"])
  static let orComment: Set<UInt64> = hashes(["more", "as", "to", "other", "a"])
  static let amountTrailers: Set<UInt64> = hashes(["each", "total", "in", "weight", "net"])
  static let clauseAmountTrailers: Set<UInt64> = hashes(["each", "total", "or", "and"])

  static func hashes(_ words: [String]) -> Set<UInt64> { Set(words.map(TaggerFeatures.hash)) }

  /// The table: open addressing over word hashes, built once.
  private struct Table {
    var keys: [UInt64]
    var infos: [WordInfo]
    var mask: Int
    /// Case-sensitive unit aliases ("T" is a tablespoon, "t" a teaspoon): hashes of the text
    /// as written, and their units.
    var exactHashes: [UInt64]
    var exactUnits: [Int16]
    var longestExact: Int
  }

  private static let table: Table = {
    var entries: [UInt64: WordInfo] = [:]
    func mark(_ words: some Sequence<String>, _ flag: UInt32) {
      for word in words { entries[TaggerFeatures.hash(word), default: WordInfo()].flags |= flag }
    }
    mark(IngredientLexicon.sizes, size)
    mark(IngredientLexicon.preparationWords, preparation)
    mark(IngredientLexicon.nameParticiples, nameParticiple)
    mark(IngredientLexicon.purposeWords, purpose)
    mark(IngredientLexicon.numberWords.keys, numberWord)
    mark(IngredientLexicon.vagueCounts, vagueCount)
    mark(IngredientLexicon.amountModifiers, amountModifier)
    mark(IngredientLexicon.connectors, connector)
    mark(IngredientLexicon.commentStarters, commentStarter)
    mark(IngredientLexicon.optionalPurposes, optionalPurpose)
    mark(IngredientLexicon.sectionWords, sectionWord)
    mark(IngredientLexicon.dimensions, dimension)
    var exactHashes: [UInt64] = []
    var exactUnits: [Int16] = []
    var longestExact = 0
    for (index, unit) in IngredientUnit.all.enumerated() {
      for alias in unit.aliases + [unit.id] {
        let folded = alias.lowercased()
        let words = folded.split(separator: " ")
        if words.count == 2 {
          let first = TaggerFeatures.hash(String(words[0]))
          let phrase = phraseHash(first, TaggerFeatures.hash(String(words[1])))
          entries[phrase, default: WordInfo()].unit = Int16(index)
          entries[first, default: WordInfo()].flags |= unitPhraseStart
        } else {
          entries[TaggerFeatures.hash(folded), default: WordInfo()].unit = Int16(index)
        }
      }
      for alias in unit.caseSensitiveAliases {
        exactHashes.append(TaggerFeatures.hash(alias))
        exactUnits.append(Int16(index))
        longestExact = max(longestExact, alias.utf8.count)
      }
    }
    var capacity = 64
    while capacity < entries.count * 4 { capacity *= 2 }
    var keys = [UInt64](repeating: 0, count: capacity)
    var infos = [WordInfo](repeating: WordInfo(), count: capacity)
    for (key, info) in entries {
      var slot = Int(truncatingIfNeeded: key) & (capacity - 1)
      while keys[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
      keys[slot] = key
      infos[slot] = info
    }
    return Table(
      keys: keys, infos: infos, mask: capacity - 1, exactHashes: exactHashes,
      exactUnits: exactUnits, longestExact: longestExact)
  }()

  /// What the lexicon knows about the word (or phrase) with this hash.
  @inline(__always)
  static func info(_ hash: UInt64) -> WordInfo {
    table.keys.withUnsafeBufferPointer { keys in
      var slot = Int(truncatingIfNeeded: hash) & table.mask
      while true {
        let key = keys[slot]
        if key == hash { return table.infos[slot] }
        if key == 0 { return .none }
        slot = (slot + 1) & table.mask
      }
    }
  }

  /// The longest case-sensitive unit alias, in bytes.
  static var longestExactUnit: Int { table.longestExact }

  /// The unit of a case-sensitive alias ("T", "t", "c") from the hash of the text as written.
  static func exactUnit(_ hash: UInt64) -> Int16? {
    guard let found = table.exactHashes.firstIndex(of: hash) else { return nil }
    return table.exactUnits[found]
  }

  /// The key of the two-word phrase "first second" from the words' hashes.
  @inline(__always)
  static func phraseHash(_ first: UInt64, _ second: UInt64) -> UInt64 {
    TaggerFeatures.mix(first ^ 0x5048_5241_5345, second)
  }
}
