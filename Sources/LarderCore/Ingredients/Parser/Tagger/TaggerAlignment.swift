import Foundation

/// Places a labelled line's label tokens back onto the parser's own tokens, making a
/// ``TaggerExample``.
///
/// Each label column is tokenized like the input (after "#1$2" becomes "1/2"), then the input's
/// tokens are walked left to right: a token takes the column whose next label token matches it
/// (numbers by value, words ignoring case and plural endings, units by canonical unit), and
/// when several columns match, the one that goes on matching the following tokens longest.
/// Punctuation is always punctuation. A strangetom line is dropped when a label token is left
/// over or more than one input word matches no column; an NYT line (looser labels) when its
/// name, quantity or unit cannot be placed. NYT comment words may be any of size, preparation,
/// comment or purpose, and input words no NYT column mentions may be anything.
public enum TaggerAlignment {
  /// Why lines were dropped, for reports.
  public struct Report: Sendable, Equatable {
    /// Lines turned into examples.
    public var aligned = 0
    /// Lines dropped because a label token was left over.
    public var leftoverLabels = 0
    /// Lines dropped because input words matched no label.
    public var unmatchedWords = 0

    /// Makes an empty report.
    public init() {}
  }

  struct Column {
    var allowed: IngredientLabelSet
    var tokens: [IngredientToken]
    var position = 0
    var isRequired: Bool
  }

  /// The example for a line, or nil (counted in `report`) when its labels cannot be placed.
  public static func example(
    for line: LabeledIngredientLine, report: inout Report
  ) -> TaggerExample? {
    let tokenizer = IngredientTokenizer()
    let tokens = tokenizer.tokens(line.input)
    guard !tokens.isEmpty else { return nil }
    var columns: [Column] = []
    func column(_ field: String, _ labels: [IngredientLabel], required: Bool) {
      let text = LabeledIngredientLine.labelText(line[field])
      let labelTokens = tokenizer.tokens(text).filter { !$0.isPunctuation }
      columns.append(
        Column(allowed: IngredientLabelSet(labels), tokens: labelTokens, isRequired: required))
    }
    switch line.layout {
    case .strangetom:
      column("quantity", [.quantity], required: true)
      column("unit", [.unit], required: true)
      column("size", [.size], required: true)
      column("name", [.name], required: true)
      column("preparation", [.preparation], required: true)
      column("comment", [.comment], required: true)
      column("purpose", [.purpose], required: true)
    case .nyt:
      let expected = line.expectedQuantity.quantity
      let quantityTokens =
        expected.map {
          [
            IngredientToken(
              kind: .number, text: "\($0)", span: TextSpan(start: 0, end: 0), value: $0)
          ]
        } ?? []
      columns.append(
        Column(allowed: IngredientLabelSet([.quantity]), tokens: quantityTokens, isRequired: true))
      column("unit", [.unit], required: true)
      column("name", [.name], required: true)
      column("comment", [.size, .preparation, .comment, .purpose], required: false)
    }

    var allowed: [IngredientLabelSet] = []
    allowed.reserveCapacity(tokens.count)
    var unmatched = 0
    let solid = tokens.indices.filter { !tokens[$0].isPunctuation }
    var next = [Int](repeating: -1, count: tokens.count)
    for (offset, index) in solid.enumerated() where offset + 1 < solid.count {
      next[index] = solid[offset + 1]
    }
    for index in tokens.indices {
      let token = tokens[index]
      if token.isPunctuation {
        allowed.append(.punctuationOnly)
        continue
      }
      var best = -1
      var bestRun = 0
      for (columnIndex, column) in columns.enumerated() where column.position < column.tokens.count
      {
        guard matches(token, column.tokens[column.position], layout: line.layout) else { continue }
        var run = 1
        var tokenIndex = next[index]
        var position = column.position + 1
        while tokenIndex >= 0, position < column.tokens.count, run < 6,
          matches(tokens[tokenIndex], column.tokens[position], layout: line.layout)
        {
          run += 1
          position += 1
          tokenIndex = next[tokenIndex]
        }
        if run > bestRun {
          best = columnIndex
          bestRun = run
        }
      }
      if best >= 0 {
        allowed.append(columns[best].allowed)
        columns[best].position += 1
      } else {
        allowed.append(.anyWord)
        unmatched += 1
      }
    }
    let leftover = columns.contains { $0.isRequired && $0.position < $0.tokens.count }
    if leftover {
      report.leftoverLabels += 1
      return nil
    }
    if line.layout == .strangetom, unmatched > 1 {
      report.unmatchedWords += 1
      return nil
    }
    report.aligned += 1
    return TaggerExample(input: line.input, allowed: allowed)
  }

  static func matches(
    _ token: IngredientToken, _ label: IngredientToken, layout: LabeledIngredientLine.Layout
  ) -> Bool {
    if token.isNumber, label.isNumber, let value = token.value, let labelValue = label.value {
      let tolerance = 0.011
      if abs(value - labelValue) < tolerance {
        if layout == .nyt { return true }
        switch (token.maxValue, label.maxValue) {
        case (nil, nil): return true
        case (let mine?, let theirs?): return abs(mine - theirs) < tolerance
        default: return false
        }
      }
      if layout == .nyt, let maxValue = token.maxValue {
        return abs(maxValue - labelValue) < tolerance
      }
      return false
    }
    guard token.isWord, label.isWord else { return token.text == label.text }
    let mine = token.lowercased
    let theirs = label.lowercased
    if mine == theirs { return true }
    if singular(mine) == singular(theirs) { return true }
    if let unit = IngredientUnit.lookup(token.text), let other = IngredientUnit.lookup(label.text) {
      return unit.id == other.id
    }
    return false
  }

  /// A rough singular, enough to match the labels' normalised tokens ("leaves" → "leaf").
  static func singular(_ word: String) -> String {
    if word.hasSuffix("ves"), word.count > 4 { return String(word.dropLast(3)) + "f" }
    if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
    if word.hasSuffix("oes"), word.count > 4 { return String(word.dropLast(2)) }
    if word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") {
      return String(word.dropLast(2))
    }
    if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 2 { return String(word.dropLast()) }
    if word.hasSuffix("fe"), word.count > 3 { return String(word.dropLast(2)) + "f" }
    return word
  }
}

/// Name, quantity and unit accuracy against labelled lines, judged by
/// ``IngredientEvaluation`` (the same rules as `larder-bench ingredients`): the name joined
/// with its alternatives by "or", compared after normalising; the first quantity (ranges,
/// rounded decimal labels); the unit of the first quantity. ``nameOnly`` counts the name field
/// alone.
public struct IngredientParseScore: Sendable, Equatable {
  /// Lines scored.
  public var lines = 0
  /// Lines whose name (with its alternatives) was right.
  public var names = 0
  /// Lines whose name field alone, without the alternatives, was right.
  public var nameOnly = 0
  /// Lines whose quantity was right.
  public var quantities = 0
  /// Lines whose unit was right.
  public var units = 0
  /// Lines with name, quantity and unit right.
  public var allThree = 0

  /// Makes an empty score.
  public init() {}

  /// The line as the benchmark reads it.
  public static func benchmarkLine(
    _ line: LabeledIngredientLine
  ) -> IngredientEvaluation.LabeledLine? {
    switch line.layout {
    case .strangetom:
      return IngredientEvaluation.strangetomLine(
        input: line.input, name: line["name"], quantity: line["quantity"], unit: line["unit"])
    case .nyt:
      return IngredientEvaluation.nytLine(
        input: line.input, name: line["name"], quantity: line["qty"], rangeEnd: line["range_end"],
        unit: line["unit"])
    }
  }

  /// Which parts of a parse are right.
  public static func judge(
    _ parsed: ParsedIngredient, against line: LabeledIngredientLine
  )
    -> (name: Bool, nameOnly: Bool, quantity: Bool, unit: Bool)
  {
    guard let labeled = benchmarkLine(line) else { return (false, false, false, false) }
    let score = IngredientEvaluation.score(
      IngredientEvaluation.Prediction(parsed), against: labeled)
    let nameOnly =
      IngredientEvaluation.normalizedName(parsed.name ?? "")
      == IngredientEvaluation.normalizedName(labeled.name)
    return (score.name, nameOnly, score.quantity, score.unit)
  }

  /// Adds one line.
  public mutating func add(_ parsed: ParsedIngredient, against line: LabeledIngredientLine) {
    let verdict = Self.judge(parsed, against: line)
    lines += 1
    if verdict.name { names += 1 }
    if verdict.nameOnly { nameOnly += 1 }
    if verdict.quantity { quantities += 1 }
    if verdict.unit { units += 1 }
    if verdict.name && verdict.quantity && verdict.unit { allThree += 1 }
  }

  /// A share of lines, 0 when there are none.
  public func ratio(_ count: Int) -> Double { lines == 0 ? 0 : Double(count) / Double(lines) }

  /// Scores a parser on lines: one score per source, and "all" for every line together.
  public static func evaluate(
    _ lines: [LabeledIngredientLine], parser: IngredientParser
  )
    -> [String: IngredientParseScore]
  {
    var scores: [String: IngredientParseScore] = [:]
    for line in lines {
      let parsed = parser.parse(line.input)
      scores[line.source, default: IngredientParseScore()].add(parsed, against: line)
      scores["all", default: IngredientParseScore()].add(parsed, against: line)
    }
    return scores
  }
}
