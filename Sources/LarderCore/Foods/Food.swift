import Foundation

/// A canonical food in the catalog: what a parsed ingredient name is matched to and what the
/// pantry, the shopping list and unit conversion talk about.
///
/// Foods form a small "kind of" hierarchy through ``parentID``: cheddar → cheese → dairy,
/// chicken thigh → chicken → poultry → meat. A food without a parent is a top-level group.
public struct Food: Hashable, Sendable, Codable {
  /// A stable identifier, a lower-case slug such as `cheddar` or `cherry-tomato`.
  public var id: String
  /// The display name, singular: "cherry tomato".
  public var name: String
  /// The display name for more than one: "cherry tomatoes"; the same as ``name`` for foods
  /// that are not counted ("flour").
  public var pluralName: String
  /// Other names for the same food, including US and UK variants ("spring onion", "green
  /// onion" for scallion).
  public var synonyms: [String]
  /// The id of the food this one is a kind of, or nil for a top-level group.
  public var parentID: String?
  /// Where the food is found in a shop, when known.
  public var aisle: Aisle?
  /// Grams per millilitre, for converting between volume and weight; nil when unknown.
  public var densityGramsPerMillilitre: Double?
  /// The USDA Standard Reference (SR26) food number the density and nutrients come from.
  public var usdaNumber: String?
  /// Whether the food is a broad group whose kinds a cook does not swap for one another
  /// (cheese, vegetable, spice): a plain "cheese" in a pantry does not stand for the parmesan a
  /// recipe asks for, though parmesan in a pantry gives a recipe's "cheese". See ``FoodKinship``.
  public var isGroup: Bool
  /// How this food stands to its parent in a pantry; see ``FoodKinship``.
  public var kinship: FoodKinship

  /// Makes a food.
  public init(
    id: String, name: String, pluralName: String? = nil, synonyms: [String] = [],
    parentID: String? = nil, aisle: Aisle? = nil, densityGramsPerMillilitre: Double? = nil,
    usdaNumber: String? = nil, isGroup: Bool = false, kinship: FoodKinship = .kind
  ) {
    self.id = id
    self.name = name
    self.pluralName = pluralName ?? name
    self.synonyms = synonyms
    self.parentID = parentID
    self.aisle = aisle
    self.densityGramsPerMillilitre = densityGramsPerMillilitre
    self.usdaNumber = usdaNumber
    self.isGroup = isGroup
    self.kinship = kinship
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, pluralName, synonyms, parentID, aisle, densityGramsPerMillilitre, usdaNumber
    case isGroup, kinship
  }

  /// Reads a food; `isGroup` and `kinship` may be absent (foods saved before they existed).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id),
      name: try container.decode(String.self, forKey: .name),
      pluralName: try container.decodeIfPresent(String.self, forKey: .pluralName),
      synonyms: try container.decodeIfPresent([String].self, forKey: .synonyms) ?? [],
      parentID: try container.decodeIfPresent(String.self, forKey: .parentID),
      aisle: try container.decodeIfPresent(Aisle.self, forKey: .aisle),
      densityGramsPerMillilitre: try container.decodeIfPresent(
        Double.self, forKey: .densityGramsPerMillilitre),
      usdaNumber: try container.decodeIfPresent(String.self, forKey: .usdaNumber),
      isGroup: try container.decodeIfPresent(Bool.self, forKey: .isGroup) ?? false,
      kinship: try container.decodeIfPresent(FoodKinship.self, forKey: .kinship) ?? .kind)
  }
}

/// How a food stands to its parent when a pantry meets a recipe: whether a cook who has the
/// plain parent has this kind, and whether a cook who has this kind has the parent.
///
/// The rule, read along one parent link (a longer path needs every link to allow it):
///
/// | kinship      | parent in the pantry, recipe asks for the kind     | kind in the pantry, recipe asks for the parent |
/// |--------------|----------------------------------------------------|------------------------------------------------|
/// | `kind`       | covered, unless the parent ``Food/isGroup``        | covered                                        |
/// | `everyday`   | covered, even under a group ("flour" → all-purpose) | covered                                        |
/// | `distinct`   | not covered (onion → onion powder, rice → puffed rice) | not covered (almond flour is not a recipe's "flour") |
///
/// So "rice" in a pantry covers white, jasmine and basmati rice (kinds of rice), "cheese" does
/// not cover parmesan (cheese is a group) but parmesan covers "cheese", and onion powder
/// neither covers nor is covered by onion. The hierarchy itself is unchanged: diets, "must
/// include" and "must exclude" still read every descendant (excluding "onion" excludes onion
/// powder).
public enum FoodKinship: String, Hashable, Sendable, Codable, CaseIterable {
  /// An everyday kind of its parent, interchangeable with it unless the parent is a group.
  case kind
  /// A kind its parent stands for even though the parent is a group.
  case everyday
  /// A product made from or named after its parent, not interchangeable with it either way.
  case distinct
}

/// The part of a shop a food is found in, in the order a shopping list groups them.
public enum Aisle: String, Hashable, Sendable, Codable, CaseIterable {
  /// Fruit, vegetables and fresh herbs.
  case produce
  /// Fresh meat, poultry, fish and shellfish.
  case meatAndSeafood = "meat-seafood"
  /// Milk, cream, butter, cheese, yogurt and eggs.
  case dairyAndEggs = "dairy-eggs"
  /// Cured meats, prepared salads, fresh pasta, hummus.
  case deli
  /// Bread, rolls and pastries.
  case bakery
  /// Frozen vegetables, fruit, pastry and desserts.
  case frozen
  /// Rice, pasta, grains, dried beans, nuts and seeds.
  case pantry
  /// Flour, sugar, leaveners, chocolate and extracts.
  case baking
  /// Dried herbs, spices, blends and salt.
  case spices
  /// Sauces, mustard, ketchup, pickles, spreads and jams.
  case condiments
  /// Oils and vinegars.
  case oilsAndVinegars = "oils-vinegars"
  /// Canned and jarred goods, stock and soup.
  case canned
  /// Crisps, crackers, sweets and other snacks.
  case snacks
  /// Water, juice, coffee, tea and soft drinks.
  case drinks
  /// Beer, wine and spirits.
  case alcohol

  /// The aisle's name as a shopper reads it: "Meat & seafood".
  public var displayName: String {
    switch self {
    case .produce: "Produce"
    case .meatAndSeafood: "Meat & seafood"
    case .dairyAndEggs: "Dairy & eggs"
    case .deli: "Deli"
    case .bakery: "Bakery"
    case .frozen: "Frozen"
    case .pantry: "Pantry"
    case .baking: "Baking"
    case .spices: "Spices"
    case .condiments: "Condiments"
    case .oilsAndVinegars: "Oils & vinegars"
    case .canned: "Canned & jarred"
    case .snacks: "Snacks & sweets"
    case .drinks: "Drinks"
    case .alcohol: "Alcohol"
    }
  }
}

/// The food a name was matched to, how, and how sure the matcher is.
public struct FoodMatch: Hashable, Sendable, Codable {
  /// How a name was matched to a food, from the surest to the least sure.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// The name is the food's name ("cherry tomato").
    case exact
    /// The name is a plural or other inflection of the food's name ("cherry tomatoes").
    case plural
    /// The name is one of the food's synonyms, in any inflection ("spring onions").
    case synonym
    /// The name's parts were put back in order ("pepper, black", "juice of 1 lemon").
    case reordered
    /// Words that do not change the food were dropped ("2 large ripe tomatoes, diced").
    case descriptorsRemoved
    /// The food's name is the head of a longer name with words the matcher does not know
    /// ("kumato tomatoes").
    case contained
  }

  /// The matched food's id.
  public var foodID: String
  /// The matched food's display name.
  public var name: String
  /// How the name was matched.
  public var how: Kind
  /// From 0 to 1: 1 for an exact name, about 0.9 when descriptors were dropped, 0.5 to 0.75
  /// when unknown words were passed over.
  public var confidence: Double

  /// Makes a match.
  public init(foodID: String, name: String, how: Kind, confidence: Double) {
    self.foodID = foodID
    self.name = name
    self.how = how
    self.confidence = confidence
  }
}
