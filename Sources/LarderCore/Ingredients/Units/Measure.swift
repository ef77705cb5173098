import Foundation

/// An amount of an ingredient: a quantity or a range, in a unit or as a bare count ("2 eggs").
///
/// Arithmetic on measures is exact: converting, scaling and adding keep every digit. Rounding
/// to what a cook would write happens once, when a measure is displayed (see
/// ``displayed(_:density:)``), so a shopping list that adds scaled amounts does not pile up
/// rounding errors.
///
/// A range keeps its ends in order: the initialiser swaps them when given the wrong way round
/// and drops an upper bound equal to the lower one.
public struct Measure: Hashable, Sendable, CustomStringConvertible {
  /// The quantity, or the lower bound of a range.
  public let quantity: Double
  /// The upper bound of a range ("2–3 cups" → 3), else nil.
  public let quantityMax: Double?
  /// The unit; nil for a bare count ("2 eggs").
  public let unit: IngredientUnit?

  /// Makes a measure; `quantityMax` makes it a range.
  public init(quantity: Double, quantityMax: Double? = nil, unit: IngredientUnit?) {
    if let quantityMax, quantityMax != quantity {
      self.quantity = min(quantity, quantityMax)
      self.quantityMax = max(quantity, quantityMax)
    } else {
      self.quantity = quantity
      self.quantityMax = nil
    }
    self.unit = unit
  }

  /// Makes a measure in the unit with this canonical ID ("cup", "g"); nil is a bare count.
  ///
  /// - Throws: ``UnitError/unknownUnit(_:)`` when no unit has the ID.
  public init(quantity: Double, quantityMax: Double? = nil, unitID: String?) throws(UnitError) {
    var unit: IngredientUnit?
    if let unitID {
      guard let known = IngredientUnit.unit(id: unitID) else { throw .unknownUnit(unitID) }
      unit = known
    }
    self.init(quantity: quantity, quantityMax: quantityMax, unit: unit)
  }

  /// Reads a parsed amount; nil when it has neither quantity nor unit ("salt to taste").
  ///
  /// A unit without a quantity ("a pinch of salt") counts as one of it.
  ///
  /// - Throws: ``UnitError/unknownUnit(_:)`` when the unit ID is not in the unit table.
  public init?(_ amount: IngredientAmount) throws(UnitError) {
    guard let measure = try Measure.reading(amount.quantity, amount.quantityMax, amount.unit)
    else { return nil }
    self = measure
  }

  /// Reads the amount of a parsed line as written ("2 (14 oz) cans" → 2 cans); nil when the
  /// line has neither quantity nor unit, or is a section header.
  ///
  /// - Throws: ``UnitError/unknownUnit(_:)`` when the unit ID is not in the unit table.
  public init?(_ ingredient: ParsedIngredient) throws(UnitError) {
    guard !ingredient.isSectionHeader,
      let measure = try Measure.reading(
        ingredient.quantity, ingredient.quantityMax, ingredient.unit)
    else { return nil }
    self = measure
  }

  /// Reads what a parsed line holds, looking inside sized containers so the amount can be
  /// added to others: "2 (14 oz) cans" → 28 oz. Lines without a container size read as
  /// written; nil for a line with no amount or a section header.
  ///
  /// - Throws: ``UnitError/unknownUnit(_:)`` when a unit ID is not in the unit table.
  public init?(contentsOf ingredient: ParsedIngredient) throws(UnitError) {
    guard let written = try Measure(ingredient) else { return nil }
    guard written.dimension == .count,
      let size = ingredient.containerSize, let contents = try Measure(size),
      contents.dimension == .mass || contents.dimension == .volume
    else {
      self = written
      return
    }
    // "2-3 (14 oz) cans" → 28–42 oz; a container range "(14-16 oz)" widens both ends.
    self.init(
      quantity: written.quantity * contents.quantity,
      quantityMax: written.isRange || contents.isRange
        ? written.upperBound * contents.upperBound : nil,
      unit: contents.unit)
  }

  private static func reading(
    _ quantity: Double?, _ quantityMax: Double?, _ unitID: String?
  ) throws(UnitError) -> Measure? {
    guard quantity != nil || unitID != nil else { return nil }
    return try Measure(quantity: quantity ?? 1, quantityMax: quantityMax, unitID: unitID)
  }

  /// What the unit measures; a bare count is a count.
  public var dimension: IngredientUnit.Dimension { unit?.dimension ?? .count }

  /// Whether this is a range ("2–3 cups").
  public var isRange: Bool { quantityMax != nil }

  /// The upper bound of a range, or the quantity.
  public var upperBound: Double { quantityMax ?? quantity }

  /// A compact form for logs and test failures, such as "2-3 cup" or "2 (count)".
  public var description: String {
    let amount = quantityMax.map { "\(quantity)-\($0)" } ?? "\(quantity)"
    return "\(amount) \(unit?.id ?? "(count)")"
  }
}

extension Measure: Codable {
  private enum CodingKeys: String, CodingKey {
    case quantity, quantityMax, unit
  }

  /// Reads `{"quantity": 2, "quantityMax": 3, "unit": "cup"}`, the keys of
  /// ``IngredientAmount``; a missing unit is a bare count.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let unitID = try container.decodeIfPresent(String.self, forKey: .unit)
    do {
      try self.init(
        quantity: container.decode(Double.self, forKey: .quantity),
        quantityMax: container.decodeIfPresent(Double.self, forKey: .quantityMax),
        unitID: unitID)
    } catch let error as UnitError {
      throw DecodingError.dataCorruptedError(
        forKey: .unit, in: container, debugDescription: error.description)
    }
  }

  /// Writes the quantity, the upper bound of a range and the unit's canonical ID.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(quantity, forKey: .quantity)
    try container.encodeIfPresent(quantityMax, forKey: .quantityMax)
    try container.encodeIfPresent(unit?.id, forKey: .unit)
  }
}

extension IngredientAmount {
  /// Makes a parsed-amount record of a measure, naming the unit as a cook writes it.
  public init(_ measure: Measure) {
    self.init(
      quantity: measure.quantity, quantityMax: measure.quantityMax, unit: measure.unit?.id,
      unitText: measure.unit?.name(for: measure.upperBound))
  }
}
