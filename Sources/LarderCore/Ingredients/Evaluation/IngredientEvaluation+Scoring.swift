import Foundation

extension IngredientEvaluation {
  /// What a parser said about a line, reduced to what is scored.
  public struct Prediction: Hashable, Sendable, Codable {
    /// The food's name, alternatives included ("butter or margarine").
    public var name: String?
    /// The first quantity, or the lower bound of a range.
    public var quantity: Double?
    /// The upper bound of a range; nil when the parser reports none.
    public var quantityMax: Double?
    /// The unit as the parser gives it: Larder's canonical ID ("tbsp"), or a peer's word
    /// ("tablespoon", "small handful"); mapped through Larder's unit table to score it.
    public var unit: String?

    /// Makes a prediction.
    public init(
      name: String?, quantity: Double?, quantityMax: Double? = nil, unit: String?
    ) {
      self.name = name
      self.quantity = quantity
      self.quantityMax = quantityMax
      self.unit = unit
    }

    /// Larder's parse of a line. The labels name the whole choice, so the name runs from the
    /// name's first word to the last alternative's last word as the line writes them
    /// ("canola, peanut, or walnut oil"), in the parser's name form (piece words singular,
    /// ``IngredientNameForm``); without those spans, the alternatives are joined on
    /// with "or" ("butter" + ["margarine"] → "butter or margarine"), an alternative the name
    /// already holds not added twice.
    public init(_ parsed: ParsedIngredient) {
      if let name = parsed.spans["name"], let choice = parsed.spans["alternatives"],
        !parsed.alternatives.isEmpty, choice.start >= name.end,
        let written = Self.text(of: parsed.input, from: name.start, to: choice.end)
      {
        // In the parser's name form, as its name and alternatives are ("mint or basil
        // leaves" → "mint or basil leaf").
        self.init(
          name: IngredientNameForm.canonical(written), quantity: parsed.quantity,
          quantityMax: parsed.quantityMax, unit: parsed.unit)
        return
      }
      var name = parsed.name
      for alternative in parsed.alternatives {
        let folded = IngredientEvaluation.normalizedName(alternative)
        guard !folded.isEmpty else { continue }
        let current = IngredientEvaluation.normalizedName(name ?? "")
        if current.isEmpty {
          name = alternative
        } else if !" \(current) ".contains(" \(folded) ") {
          name = (name ?? "") + " or " + alternative
        }
      }
      self.init(
        name: name, quantity: parsed.quantity, quantityMax: parsed.quantityMax, unit: parsed.unit)
    }

    /// The line's text between two UTF-16 offsets (the parser's spans), or nil when they do
    /// not fall inside it.
    static func text(of line: String, from start: Int, to end: Int) -> String? {
      guard start < end else { return nil }
      return TextSpan(start: start, end: end).text(in: line)
    }
  }

  /// The verdict on one line.
  public struct Score: Hashable, Sendable {
    /// The name is right.
    public var name: Bool
    /// The quantity (and its upper bound, when reported) is right.
    public var quantity: Bool
    /// The unit of the first quantity is right.
    public var unit: Bool
    /// The unit equals the first unit the label lists (the simpler reading).
    public var unitFirstListed: Bool

    /// Name, quantity and unit all right.
    public var allThree: Bool { name && quantity && unit }
    /// Name, quantity and the first listed unit all right.
    public var allThreeFirstListed: Bool { name && quantity && unitFirstListed }
  }

  /// Judges a prediction against a label (the rules are on ``IngredientEvaluation``).
  public static func score(_ prediction: Prediction, against label: LabeledLine) -> Score {
    let predictedUnit = canonicalUnit(prediction.unit)
    return Score(
      name: normalizedName(prediction.name ?? "") == normalizedName(label.name),
      quantity: quantityMatches(prediction, label),
      unit: predictedUnit == label.unit,
      unitFirstListed: predictedUnit == label.firstListedUnit)
  }

  /// A name as compared: lowercased, punctuation and symbols turned into spaces, runs of
  /// whitespace collapsed to one space, trimmed.
  public static func normalizedName(_ name: String) -> String {
    var folded = ""
    folded.unicodeScalars.reserveCapacity(name.unicodeScalars.count)
    var pendingSpace = false
    for scalar in name.lowercased().unicodeScalars {
      let isSeparator =
        scalar.properties.isWhitespace
        || CharacterSet.punctuationCharacters.contains(scalar)
        || CharacterSet.symbols.contains(scalar)
      if isSeparator {
        pendingSpace = !folded.isEmpty
      } else {
        if pendingSpace { folded.unicodeScalars.append(" ") }
        pendingSpace = false
        folded.unicodeScalars.append(scalar)
      }
    }
    return folded
  }

  /// The canonical unit of a predicted unit: Larder's IDs map to themselves, a peer's words
  /// through the same table as the labels (``firstListedUnit(in:)``).
  public static func canonicalUnit(_ text: String?) -> String? {
    guard let text else { return nil }
    return firstListedUnit(in: text)
  }

  static func quantityMatches(_ prediction: Prediction, _ label: LabeledLine) -> Bool {
    let predicted = prediction.quantity.flatMap { $0 == 0 ? nil : $0 }
    guard let expected = label.quantity else { return predicted == nil }
    guard let predicted else { return false }
    let tolerance = label.quantityTolerance + 1e-9
    guard abs(predicted - expected) <= tolerance else { return false }
    guard let maximum = prediction.quantityMax, label.knowsQuantityMax else { return true }
    return abs(maximum - (label.quantityMax ?? expected)) <= tolerance
  }

  /// Counts of right answers over a set of lines, and the fractions they make.
  public struct Tally: Hashable, Sendable {
    /// Lines scored.
    public var count = 0
    /// Lines with the right name.
    public var names = 0
    /// Lines with the right quantity.
    public var quantities = 0
    /// Lines with the right unit.
    public var units = 0
    /// Lines with all three right.
    public var allThree = 0
    /// Lines with the first listed unit.
    public var unitsFirstListed = 0
    /// Lines with name, quantity and the first listed unit right.
    public var allThreeFirstListed = 0

    /// An empty tally.
    public init() {}

    /// Counts one line.
    public mutating func add(_ score: Score) {
      count += 1
      if score.name { names += 1 }
      if score.quantity { quantities += 1 }
      if score.unit { units += 1 }
      if score.allThree { allThree += 1 }
      if score.unitFirstListed { unitsFirstListed += 1 }
      if score.allThreeFirstListed { allThreeFirstListed += 1 }
    }

    /// Adds another tally's counts.
    public mutating func add(_ other: Tally) {
      count += other.count
      names += other.names
      quantities += other.quantities
      units += other.units
      allThree += other.allThree
      unitsFirstListed += other.unitsFirstListed
      allThreeFirstListed += other.allThreeFirstListed
    }

    /// A count as a fraction of the lines, 0 when there are none.
    public func fraction(_ part: Int) -> Double {
      count == 0 ? 0 : Double(part) / Double(count)
    }
  }
}
