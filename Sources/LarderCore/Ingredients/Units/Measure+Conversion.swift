import Foundation

extension Measure {
  /// This amount in another unit; nil as the target means a bare count.
  ///
  /// Mass converts to mass and volume to volume exactly; between mass and volume the food's
  /// `density` (grams per millilitre) is needed. Counts convert to mass or volume only through
  /// `gramsPerPiece`, the weight of one of the count's unit (one clove; one item of a bare count,
  /// of which a dozen holds twelve). A bare count and dozens convert into each other; other
  /// counts and vague units ("pinch") convert only to themselves.
  ///
  /// - Throws: ``UnitError/densityRequired(from:to:)``,
  ///   ``UnitError/pieceWeightRequired(from:to:)``, ``UnitError/incompatibleUnits(from:to:)``,
  ///   ``UnitError/vagueUnit(_:)``, or ``UnitError/invalidDensity(_:)`` and
  ///   ``UnitError/invalidPieceWeight(_:)`` for a density or weight that is not positive.
  public func converted(
    to target: IngredientUnit?, density: Double? = nil, gramsPerPiece: Double? = nil
  ) throws(UnitError) -> Measure {
    let factor = try Measure.conversionFactor(
      from: unit, to: target, density: density, gramsPerPiece: gramsPerPiece)
    return Measure(
      quantity: quantity * factor, quantityMax: quantityMax.map { $0 * factor }, unit: target)
  }

  /// How many of `target` make one `source` (16 for "cup" to "tbsp"); nil is a bare count.
  ///
  /// - Throws: the errors of ``converted(to:density:gramsPerPiece:)``.
  public static func conversionFactor(
    from source: IngredientUnit?, to target: IngredientUnit?, density: Double? = nil,
    gramsPerPiece: Double? = nil
  ) throws(UnitError) -> Double {
    if source?.id == target?.id { return 1 }
    let from = BaseAmount(source)
    let to = BaseAmount(target)
    switch (from, to) {
    case (.vague(let id), _), (_, .vague(let id)):
      throw .vagueUnit(id)
    case (.grams(let a), .grams(let b)), (.millilitres(let a), .millilitres(let b)),
      (.pieces(let a), .pieces(let b)):
      return a / b
    case (.millilitres(let millilitres), .grams(let grams)):
      return millilitres * (try validDensity(density, source, target)) / grams
    case (.grams(let grams), .millilitres(let millilitres)):
      return grams / (try validDensity(density, source, target)) / millilitres
    case (.pieces, .each), (.each, .pieces), (.each, .each):
      throw .incompatibleUnits(from: source?.id, to: target?.id)
    case (.pieces, _), (.each, _):
      let grams = from.items * (try validPieceWeight(gramsPerPiece, source, target))
      return grams * (try conversionFactor(from: .gram, to: target, density: density))
    case (_, .pieces), (_, .each):
      let grams = to.items * (try validPieceWeight(gramsPerPiece, source, target))
      return try conversionFactor(from: source, to: .gram, density: density) / grams
    }
  }

  private static func validDensity(
    _ density: Double?, _ source: IngredientUnit?, _ target: IngredientUnit?
  ) throws(UnitError) -> Double {
    guard let density else {
      throw .densityRequired(from: source?.id ?? "", to: target?.id ?? "")
    }
    guard density.isFinite, density > 0 else { throw .invalidDensity(density) }
    return density
  }

  private static func validPieceWeight(
    _ grams: Double?, _ source: IngredientUnit?, _ target: IngredientUnit?
  ) throws(UnitError) -> Double {
    guard let grams else { throw .pieceWeightRequired(from: source?.id, to: target?.id) }
    guard grams.isFinite, grams > 0 else { throw .invalidPieceWeight(grams) }
    return grams
  }
}

/// What one of a unit amounts to in the base of its kind.
enum BaseAmount: Hashable {
  /// A mass unit: grams in one.
  case grams(Double)
  /// A volume unit: millilitres in one.
  case millilitres(Double)
  /// A bare count (1) or a dozen (12): items in one.
  case pieces(Double)
  /// Any other count unit, which counts only itself.
  case each(String)
  /// A vague unit.
  case vague(String)

  init(_ unit: IngredientUnit?) {
    guard let unit else {
      self = .pieces(1)
      return
    }
    switch unit.dimension {
    case .mass: self = .grams(unit.baseFactor ?? 1)
    case .volume: self = .millilitres(unit.baseFactor ?? 1)
    case .count: self = unit.id == "dozen" ? .pieces(12) : .each(unit.id)
    case .vague: self = .vague(unit.id)
    }
  }

  /// Items in one: 12 for a dozen, 1 for other counts.
  var items: Double {
    if case .pieces(let count) = self { return count }
    return 1
  }
}
