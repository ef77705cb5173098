import Foundation

/// Why an amount could not be read, converted or scaled; each message names the units or
/// numbers involved.
///
/// Conversions that cannot work throw rather than return nil, so a caller always learns which
/// fact is missing (a density, the weight of one piece) and can ask for it. Use `try?` where a
/// missing conversion simply means "keep the amounts apart".
public enum UnitError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No unit has this canonical ID.
  case unknownUnit(String)
  /// Mass and volume convert into each other only through the food's density (g/ml), and none
  /// was given. The IDs are the units converted from and to.
  case densityRequired(from: String, to: String)
  /// A count converts to a mass or a volume (and back) only through the weight of one piece,
  /// and none was given. The IDs are the units converted from and to; nil is a bare count.
  case pieceWeightRequired(from: String?, to: String?)
  /// Counts of different things ("clove" and "can", "clove" and a bare count) never convert.
  /// Nil is a bare count.
  case incompatibleUnits(from: String?, to: String?)
  /// A vague unit ("pinch", "dash") never converts to another unit.
  case vagueUnit(String)
  /// A density that is not a positive, finite number of grams per millilitre.
  case invalidDensity(Double)
  /// A piece weight that is not a positive, finite number of grams.
  case invalidPieceWeight(Double)
  /// A scale factor that is not a positive, finite number.
  case invalidScaleFactor(Double)
  /// Servings to scale from and to that are not both positive, finite numbers.
  case invalidServings(from: Double, to: Double)

  /// A sentence naming what is wrong.
  public var description: String {
    switch self {
    case .unknownUnit(let id):
      return "unknown unit '\(id)'"
    case .densityRequired(let from, let to):
      return "cannot convert \(Self.describe(from)) to \(Self.describe(to)) "
        + "without the food's density (grams per millilitre)"
    case .pieceWeightRequired(let from, let to):
      // The count side names the piece: "one clove"; a bare count or a dozen is "one piece".
      let countUnit = [from, to].compactMap { $0 }.compactMap { IngredientUnit.unit(id: $0) }
        .first { $0.dimension == .count && $0.id != "dozen" }
      let one = countUnit?.singular ?? "piece"
      return "cannot convert \(Self.describe(from)) to \(Self.describe(to)) "
        + "without the weight of one \(one)"
    case .incompatibleUnits(let from, let to):
      return "cannot convert \(Self.describe(from)) to \(Self.describe(to)): "
        + "they count different things"
    case .vagueUnit(let id):
      return "cannot convert '\(id)': it is too vague to measure"
    case .invalidDensity(let value):
      return "density must be a positive number of grams per millilitre (got \(value))"
    case .invalidPieceWeight(let value):
      return "the weight of one piece must be a positive number of grams (got \(value))"
    case .invalidScaleFactor(let value):
      return "scale factor must be a positive number (got \(value))"
    case .invalidServings(let from, let to):
      return "servings must be positive numbers (got from \(from) to \(to))"
    }
  }

  /// "'cup' (a volume)", "a bare count".
  private static func describe(_ id: String?) -> String {
    guard let id else { return "a bare count" }
    guard let unit = IngredientUnit.unit(id: id) else { return "'\(id)'" }
    switch unit.dimension {
    case .mass: return "'\(id)' (a mass)"
    case .volume: return "'\(id)' (a volume)"
    case .count: return "'\(id)' (a count)"
    case .vague: return "'\(id)'"
    }
  }
}
