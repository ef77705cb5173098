import Foundation

/// Amounts of the nutrients Larder works out: energy, protein, fat, saturated fat,
/// carbohydrate, sugars, fibre and sodium, for some weight of food (100 g in
/// ``NutrientTable``, a line's weight or a recipe's in ``RecipeNutrition``).
///
/// A nil value is not known, never zero: SR26 leaves sugars unmeasured for some foods, and Open
/// Tandoor Data gives only the four macros. Energy in kJ and salt are worked out, as EU labels
/// show them: kJ = kcal × 4.184, salt = sodium × 2.5.
public struct Nutrients: Hashable, Sendable {
  /// Energy in kilocalories.
  public var energyKcal: Double?
  /// Protein in grams.
  public var proteinG: Double?
  /// Total fat in grams.
  public var fatG: Double?
  /// Saturated fatty acids in grams.
  public var saturatedFatG: Double?
  /// Carbohydrate (by difference) in grams.
  public var carbohydrateG: Double?
  /// Total sugars in grams.
  public var sugarsG: Double?
  /// Total dietary fibre in grams.
  public var fibreG: Double?
  /// Sodium in milligrams.
  public var sodiumMg: Double?

  /// Makes a set of amounts; each left out is not known.
  public init(
    energyKcal: Double? = nil, proteinG: Double? = nil, fatG: Double? = nil,
    saturatedFatG: Double? = nil, carbohydrateG: Double? = nil, sugarsG: Double? = nil,
    fibreG: Double? = nil, sodiumMg: Double? = nil
  ) {
    self.energyKcal = energyKcal
    self.proteinG = proteinG
    self.fatG = fatG
    self.saturatedFatG = saturatedFatG
    self.carbohydrateG = carbohydrateG
    self.sugarsG = sugarsG
    self.fibreG = fibreG
    self.sodiumMg = sodiumMg
  }

  /// Every amount zero: the sum of no food.
  public static let zero = Nutrients(
    energyKcal: 0, proteinG: 0, fatG: 0, saturatedFatG: 0, carbohydrateG: 0, sugarsG: 0,
    fibreG: 0, sodiumMg: 0)

  /// Energy in kilojoules (kcal × 4.184).
  public var energyKJ: Double? { energyKcal.map { $0 * 4.184 } }

  /// Salt in grams, as EU labels give it: sodium × 2.5.
  public var saltG: Double? { sodiumMg.map { $0 * 2.5 / 1000 } }

  /// The nutrients Larder keeps, in the order it shows them; each names its key in JSON.
  public enum Key: String, Hashable, Sendable, CaseIterable, Codable {
    /// ``Nutrients/energyKcal``.
    case energyKcal
    /// ``Nutrients/proteinG``.
    case proteinG
    /// ``Nutrients/fatG``.
    case fatG
    /// ``Nutrients/saturatedFatG``.
    case saturatedFatG
    /// ``Nutrients/carbohydrateG``.
    case carbohydrateG
    /// ``Nutrients/sugarsG``.
    case sugarsG
    /// ``Nutrients/fibreG``.
    case fibreG
    /// ``Nutrients/sodiumMg``.
    case sodiumMg

    /// What a cook calls it ("saturated fat").
    public var displayName: String {
      switch self {
      case .energyKcal: return "energy"
      case .proteinG: return "protein"
      case .fatG: return "fat"
      case .saturatedFatG: return "saturated fat"
      case .carbohydrateG: return "carbohydrate"
      case .sugarsG: return "sugars"
      case .fibreG: return "fibre"
      case .sodiumMg: return "sodium"
      }
    }
  }

  /// The amount of one nutrient.
  public subscript(key: Key) -> Double? {
    get {
      switch key {
      case .energyKcal: return energyKcal
      case .proteinG: return proteinG
      case .fatG: return fatG
      case .saturatedFatG: return saturatedFatG
      case .carbohydrateG: return carbohydrateG
      case .sugarsG: return sugarsG
      case .fibreG: return fibreG
      case .sodiumMg: return sodiumMg
      }
    }
    set {
      switch key {
      case .energyKcal: energyKcal = newValue
      case .proteinG: proteinG = newValue
      case .fatG: fatG = newValue
      case .saturatedFatG: saturatedFatG = newValue
      case .carbohydrateG: carbohydrateG = newValue
      case .sugarsG: sugarsG = newValue
      case .fibreG: fibreG = newValue
      case .sodiumMg: sodiumMg = newValue
      }
    }
  }

  /// The nutrients this one does not know.
  public var unknownKeys: [Key] { Key.allCases.filter { self[$0] == nil } }

  /// Every known amount multiplied by `factor` (a weight over 100 g, a scale, 1 / servings).
  public func scaled(by factor: Double) -> Nutrients {
    var result = self
    for key in Key.allCases { result[key] = self[key].map { $0 * factor } }
    return result
  }

  /// The sum of two sets of amounts: a nutrient known to either is the sum of what is known
  /// (so a total is what the counted lines say, and ``RecipeNutrition`` names the lines that
  /// did not say); unknown only when neither knows it.
  public func adding(_ other: Nutrients) -> Nutrients {
    var result = self
    for key in Key.allCases {
      switch (self[key], other[key]) {
      case (let a?, let b?): result[key] = a + b
      case (let a?, nil): result[key] = a
      case (nil, let b?): result[key] = b
      case (nil, nil): result[key] = nil
      }
    }
    return result
  }
}

extension Nutrients: Codable {
  private enum CodingKeys: String, CodingKey {
    case energyKcal, energyKJ, proteinG, fatG, saturatedFatG, carbohydrateG, sugarsG, fibreG
    case sodiumMg, saltG
  }

  /// Reads the amounts; `energyKJ` and `saltG` are worked out, so they are not read.
  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      energyKcal: try fields.decodeIfPresent(Double.self, forKey: .energyKcal),
      proteinG: try fields.decodeIfPresent(Double.self, forKey: .proteinG),
      fatG: try fields.decodeIfPresent(Double.self, forKey: .fatG),
      saturatedFatG: try fields.decodeIfPresent(Double.self, forKey: .saturatedFatG),
      carbohydrateG: try fields.decodeIfPresent(Double.self, forKey: .carbohydrateG),
      sugarsG: try fields.decodeIfPresent(Double.self, forKey: .sugarsG),
      fibreG: try fields.decodeIfPresent(Double.self, forKey: .fibreG),
      sodiumMg: try fields.decodeIfPresent(Double.self, forKey: .sodiumMg))
  }

  /// Writes every amount rounded to what a label shows (energy to 1 kcal/kJ, sodium to 1 mg,
  /// the rest to 0.1 g, salt to 0.01 g), null when not known.
  public func encode(to encoder: any Encoder) throws {
    var fields = encoder.container(keyedBy: CodingKeys.self)
    func put(_ value: Double?, _ key: CodingKeys, places: Double) throws {
      if let value {
        try fields.encode((value * places).rounded() / places, forKey: key)
      } else {
        try fields.encodeNil(forKey: key)
      }
    }
    try put(energyKcal, .energyKcal, places: 1)
    try put(energyKJ, .energyKJ, places: 1)
    try put(proteinG, .proteinG, places: 10)
    try put(fatG, .fatG, places: 10)
    try put(saturatedFatG, .saturatedFatG, places: 10)
    try put(carbohydrateG, .carbohydrateG, places: 10)
    try put(sugarsG, .sugarsG, places: 10)
    try put(fibreG, .fibreG, places: 10)
    try put(sodiumMg, .sodiumMg, places: 1)
    try put(saltG, .saltG, places: 100)
  }
}
