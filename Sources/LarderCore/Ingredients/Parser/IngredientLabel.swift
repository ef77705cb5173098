import Foundation

/// The part of an ingredient line a token belongs to; what the rules and the tagger decide.
public enum IngredientLabel: UInt8, CaseIterable, Hashable, Sendable, Codable {
  /// Part of an amount's number ("2", "1/2", "x" in "2 x 400g", "one").
  case quantity
  /// A unit of measure, or a container or piece word after a number ("cup", "cans", "punnets").
  case unit
  /// A size word ("large").
  case size
  /// The food ("chickpeas", "butter or margarine").
  case name
  /// How it is prepared ("finely chopped").
  case preparation
  /// Anything else worth keeping ("about", "optional", "to taste").
  case comment
  /// What it is for ("for frying", "to serve").
  case purpose
  /// Punctuation, which belongs to no part.
  case punctuation

  /// The number of labels.
  public static let count = allCases.count

  /// A short name, as used in the tagger's files and reports.
  public var code: String {
    switch self {
    case .quantity: return "QTY"
    case .unit: return "UNIT"
    case .size: return "SIZE"
    case .name: return "NAME"
    case .preparation: return "PREP"
    case .comment: return "COMMENT"
    case .purpose: return "PURPOSE"
    case .punctuation: return "PUNC"
    }
  }
}

/// A set of labels, one bit each: what a token may be (training with partial labels, decoding
/// punctuation).
public struct IngredientLabelSet: Hashable, Sendable {
  /// The bits, one per ``IngredientLabel/rawValue``.
  public var bits: UInt16

  /// Makes a set from bits.
  public init(bits: UInt16) { self.bits = bits }

  /// Makes a set of the given labels.
  public init(_ labels: [IngredientLabel]) {
    bits = 0
    for label in labels { bits |= 1 << UInt16(label.rawValue) }
  }

  /// Every label but punctuation.
  public static let anyWord = IngredientLabelSet(
    IngredientLabel.allCases.filter { $0 != .punctuation })
  /// Only punctuation.
  public static let punctuationOnly = IngredientLabelSet([.punctuation])

  /// Whether the set holds a label.
  public func contains(_ label: IngredientLabel) -> Bool {
    bits & (1 << UInt16(label.rawValue)) != 0
  }

  /// The only label in a one-label set, else nil.
  public var single: IngredientLabel? {
    guard bits != 0, bits & (bits - 1) == 0 else { return nil }
    return IngredientLabel(rawValue: UInt8(bits.trailingZeroBitCount))
  }
}
