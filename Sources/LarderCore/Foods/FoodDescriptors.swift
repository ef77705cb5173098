import Foundation

/// The words the matcher treats specially. `scripts/build-food-catalog.py` reads
/// `descriptorWords` from this file, so keep it one array literal of plain lower-case words.
enum FoodDescriptors {
  /// Words that say how much, what size, how prepared or what quality, but not which food:
  /// "2 large ripe tomatoes, diced" is tomatoes. They are dropped only when the rest of the
  /// name still names a food, so "ground beef" and "whole milk" keep theirs.
  static let descriptorWords: Set<String> = [
    // connectors
    "a", "an", "the", "and", "or", "of", "some", "each", "per", "any", "your", "other", "plus",
    "more", "additional", "extra", "about", "approximately", "approx", "around", "roughly",
    "total", "couple", "few", "several", "bit", "little", "lot", "also", "either", "x",
    // size and amount
    "large", "small", "medium", "big", "jumbo", "giant", "huge", "mini", "tiny", "baby",
    "young", "whole", "half", "halves", "quarter", "generous", "heaping", "heaped", "level",
    "scant", "rounded", "packed", "loosely", "firmly", "lightly", "tightly", "well", "very",
    "good", "sized", "size", "bite", "bitesize", "thick", "thin", "long", "wide", "short",
    // units and containers
    "cup", "tablespoon", "tbsp", "tbs", "tbl", "teaspoon", "tsp", "gram", "gramme", "g", "kg",
    "kilogram", "oz", "ounce", "lb", "lbs", "pound", "ml", "milliliter", "millilitre", "l",
    "liter", "litre", "cl", "dl", "quart", "qt", "pint", "pt", "gallon", "gal", "fl", "floz",
    "inch", "cm", "mm", "can", "tin", "jar", "bottle", "package", "pkg", "packet", "pack",
    "bag", "box", "carton", "container", "tub", "envelope", "sachet", "bunch", "head",
    "stick", "knob", "thumb", "dash", "pinch", "drop", "splash", "smidgen", "jigger", "shot",
    "glass", "mug", "handful", "sprinkle", "drizzle", "dollop", "scoop", "portion", "serving",
    "loaf", "block", "wheel", "log", "ball", "round", "link", "sheet",
    // parts and cuts: "basil leaves" is basil, "duck legs" is duck
    "leaf", "sprig", "stalk", "stem", "rib", "floret", "spear", "piece", "chunk", "slice",
    "strip", "wedge", "cube", "kernel", "segment", "ring", "crumb", "shaving", "pod", "bulb",
    "ear", "cob", "breast", "thigh", "leg", "wing", "drumstick", "fillet", "filet", "steak",
    "chop", "cutlet", "loin", "shoulder", "shank", "cheek", "neck", "tail", "skin", "bone",
    "shell", "pit", "part", "top", "end", "tip", "julienne", "matchstick",
    // preparation
    "chopped", "diced", "minced", "sliced", "grated", "shredded", "crushed", "ground", "mashed",
    "pureed", "julienned", "cubed", "quartered", "halved", "peeled", "unpeeled", "seeded",
    "deseeded", "seedless", "pitted", "cored", "stemmed", "trimmed", "rinsed", "drained",
    "washed", "scrubbed", "beaten", "whisked", "melted", "softened", "chilled", "cooled",
    "warmed", "heated", "toasted", "roasted", "grilled", "fried", "sauteed", "blanched",
    "steamed", "boiled", "poached", "baked", "broiled", "charred", "marinated", "shelled",
    "hulled", "husked", "skinned", "skinless", "boneless", "deboned", "butterflied", "cut",
    "torn", "broken", "crumbled", "flaked", "sifted", "zested", "juiced", "squeezed",
    "smashed", "bruised", "cleaned", "deveined", "tailed", "thawed", "defrosted", "dusted",
    "coated", "split", "divided", "separated", "reserved", "cooked", "uncooked", "raw",
    "leftover", "cold", "warm", "hot", "boiling", "lukewarm", "tepid", "room", "temperature",
    "fire", "freshly", "finely", "coarsely", "thinly", "thickly", "evenly",
    "dice", "mince",
    // state and quality
    "fresh", "frozen", "canned", "tinned", "jarred", "bottled", "dried", "dry", "ripe",
    "overripe", "unripe", "firm", "soft", "hard", "tender", "crisp", "crispy", "crunchy",
    "organic", "natural", "pure", "real", "homemade", "storebought", "store", "bought",
    "prepared", "ready", "made", "premium", "quality", "best", "finest", "fancy", "plain",
    "regular", "standard", "ordinary", "simple", "basic", "mixed", "assorted", "favorite",
    "favourite", "preferred", "optional", "needed", "required", "taste", "garnish",
    "decoration", "day", "old", "stale", "new", "cooking", "baking", "eating", "table",
    "heavy", "light", "lite", "double", "single", "sweet", "spicy", "mild", "sharp", "aged",
    "mature", "smoked", "unsmoked", "salted", "unsalted", "sweetened", "unsweetened",
    "seasoned", "unseasoned", "flavored", "flavoured", "unflavored", "unflavoured",
    "enriched", "bleached", "unbleached", "instant", "quick", "rolled", "lean", "fatty",
    "wild", "farmed", "caught", "range", "free", "grass", "fed", "pasture", "raised", "cage",
    "virgin", "kosher", "halal", "style", "type", "kind", "variety",
    "brand", "fine", "coarse", "loose", "full", "low", "reduced", "non", "nonfat",
    "lowfat", "skim", "thickened", "condensed", "concentrated", "strong", "weak", "mixture",
    // colours
    "red", "green", "yellow", "orange", "white", "black", "purple", "golden", "brown", "pink",
    "blue", "dark",
    // more parts and forms
    "twist", "frond", "spoonful", "spoonable", "cap", "curl", "shard", "floweret", "crown",
    "needle", "root", "roast", "joint", "wash", "tm", "granular", "high", "concentrate",
    "product", "bar", "pistole", "flake", "flavor", "flavour", "nugget",
  ]

  /// Words after which the rest of a name is a comment once a food has been named: "tuna in
  /// olive oil", "oil for frying", "salt to taste", "cheese, such as cheddar".
  static let breakWords: Set<String> = [
    "with", "without", "for", "in", "into", "to", "such", "like", "preferably", "ideally",
    "if", "at", "on", "see", "note", "except", "but", "then", "until", "as", "or", "plus",
    "optional", "divided", "eg", "ie", "etc", "instead", "alternatively", "including",
    "includes",
  ]

  /// Words that join "juice of 1 lemon" and "zest from an orange", which read better turned
  /// around ("lemon juice").
  static let ofWords: Set<String> = ["of", "from"]

  /// Words before which a food word is a property, not a food: "low fat", "reduced sugar",
  /// "no salt added".
  static let propertyPrefixes: Set<String> = [
    "low", "reduced", "non", "no", "full", "high", "less", "lower", "higher", "added",
  ]

  /// Food words that name a property after ``propertyPrefixes`` or before "free".
  static let propertyWords: Set<String> = [
    "fat", "sugar", "salt", "sodium", "carb", "calorie", "gluten", "dairy", "lactose",
    "caffeine", "cholesterol", "protein", "moisture", "egg", "nut", "soy", "alcohol",
  ]

  /// Words that turn a food into a stand-in for it: "vegan cream cheese" is not cream cheese.
  /// Outside the matched food's own name they make the matcher answer nil. "dairy-free" and
  /// "non-dairy" count too (see ``identityFreeWords``).
  static let blockerWords: Set<String> = [
    "vegan", "vegetarian", "plant", "nondairy", "meatless", "imitation", "mock", "faux",
    "substitute", "alternative", "replacer", "replacement", "eggless", "dairyfree",
  ]

  /// Words that, before "free" or after "non", make a stand-in: "dairy-free", "non-dairy".
  static let identityFreeWords: Set<String> = ["dairy", "milk", "meat"]

  /// Foods that an unknown word before them makes a different food: "shea butter", "pea
  /// milk", "cricket flour". Before these the matcher answers nil rather than guess.
  static let strictHeads: Set<String> = ["butter", "milk", "cream", "flour", "starch", "sugar"]

  /// Foods whose names another food's name can stand before as a flavour without making a
  /// different food: "peach jam" is jam, "chicken sausage" sausage, "garlic olive oil" olive
  /// oil. Also true of their descendants. Elsewhere a food before a food makes the matcher
  /// unsure ("cashew milk" is not milk) and it answers nil.
  static let flavourHeads: Set<String> = [
    "jam", "juice", "sausage", "soup", "ice-cream", "tea", "syrup", "vinegar", "condiment",
    "extract", "flavoring", "liqueur", "stock", "bouillon", "salt", "oil", "seasoning-blend",
    "pie-filling", "yogurt", "soda", "pastry", "cookie", "candy", "bread", "prepared-food",
    "frosting", "alcohol", "honey", "chocolate", "citrus-zest", "sprouts", "hummus", "nectar",
  ]

  /// Foods from animals: a stand-in word ("vegan", "dairy-free") before one of these or
  /// their descendants makes a different food; before "chocolate chips" it does not.
  static let animalGroups: Set<String> = ["meat", "seafood", "dairy", "egg", "honey", "gelatin"]
}
