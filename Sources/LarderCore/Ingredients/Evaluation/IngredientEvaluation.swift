import Foundation

/// Scoring ingredient parsers against labeled lines: the pure half of
/// `larder-bench ingredients`.
///
/// The benchmark reads the labeled CSV files, turns each row into a ``LabeledLine`` with
/// ``readLabeledFile(named:csv:)``, asks each parser for a ``Prediction``, and judges it with
/// ``score(_:against:)``. Every parser, Larder's and the peer's, goes through the same code.
///
/// What "correct" means (see also ``LabeledLine``):
/// - **name**: the predicted name equals the label's after both are lowercased, punctuation and
///   symbols become spaces, and runs of spaces collapse (``normalizedName(_:)``).
/// - **quantity**: the predicted quantity equals the label's first quantity (the lower bound of
///   a range) within ``LabeledLine/quantityTolerance``; a line whose label has no number
///   expects no quantity (nil or 0). When the parser reports an upper bound, it must equal the
///   label's (or the quantity itself when the label has no range); a parser that reports no
///   upper bound is judged on the lower bound alone.
/// - **unit**: the canonical unit (``IngredientUnit/id``) of the prediction equals the canonical
///   unit of the label's first quantity (``LabeledLine/unit``). Units Larder does not know
///   ("punnet", "cm") count as no unit on both sides.
/// - **all three**: name, quantity and unit all correct.
public enum IngredientEvaluation {}
