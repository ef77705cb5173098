import Foundation

/// Reads ingredient lines ("1 (14 oz) can diced tomatoes, drained") into their parts.
///
/// A line goes through four steps: the ``IngredientTokenizer`` splits it into numbers, words
/// and punctuation with their spans; hand-written rules label each token (quantity, unit, size,
/// name, preparation, comment, purpose); a learned ``IngredientTagger`` (an averaged perceptron
/// trained on labelled lines, shipped as a resource) relabels the tokens using the rules' labels
/// among its features; and the labels are assembled into amounts, container sizes, alternatives
/// and text fields. Nothing is lost: every word lands in exactly one field
/// (see ``labeledTokens(_:)``).
///
/// A line is *optional* (``ParsedIngredient/isOptional``) when it says "optional", "to taste",
/// "as needed", "if needed", "if desired", "if you like" or "if using", or when its purpose is
/// serving, garnish, decoration or dusting ("for serving", "to serve", "for garnish",
/// "to garnish", "for decoration", "to decorate", "for dusting").
///
/// Thread-safe and cheap to share: parse as many lines as you like from any thread.
public struct IngredientParser: Sendable {
  /// The tagger that relabels tokens, or nil to use the rules alone.
  public let tagger: IngredientTagger?

  /// Makes a parser with the shipped rules and model.
  public init() {
    tagger = IngredientTagger.shipped
  }

  /// Makes a parser with a given tagger, or with the rules alone when `tagger` is nil.
  public init(tagger: IngredientTagger?) {
    self.tagger = tagger
  }

  /// Parses one line. Never fails: whatever the line, every word comes back in some field,
  /// the food in ``ParsedIngredient/name`` when one can be told apart.
  ///
  /// Section headers ("For the sauce:") come back with ``ParsedIngredient/isSectionHeader``
  /// set and their words in ``ParsedIngredient/comment``. Alternatives stay as written:
  /// "olive or vegetable oil" gives the name "olive" and the alternative "vegetable oil".
  public func parse(_ line: String) -> ParsedIngredient {
    makeAssembler(line).result
  }

  /// Parses one line written in `language`: English lines as ``parse(_:)`` does, the others
  /// with that language's units, numbers and words (``ForeignIngredientReader``).
  public func parse(_ line: String, language: RecipeLanguage) -> ParsedIngredient {
    language == .english ? parse(line) : ForeignIngredientReader(language: language).read(line)
  }

  /// Every token of a line with its label and the field it landed in, for highlighting a line
  /// or checking that nothing was lost.
  public func labeledTokens(_ line: String) -> [ParsedToken] {
    let assembler = makeAssembler(line)
    return assembler.assembler.parsedTokens()
  }

  private struct Assembled {
    var assembler: IngredientAssembler
    var result: ParsedIngredient
  }

  private func makeAssembler(_ line: String) -> Assembled {
    let tokenized = IngredientTokenizer().read(line)
    let isHeader = IngredientRules.isSectionHeader(tokenized.cores)
    var labels = IngredientRules.labels(for: tokenized.cores, isSectionHeader: isHeader)
    if !isHeader, let tagger {
      let tagged = tagger.labels(for: tokenized.cores, ruleLabels: labels)
      // When the tagger finds no food at all but the rules do, the rules are the better bet.
      if tagged.contains(.name) || !labels.contains(.name) { labels = tagged }
      // "a cup of flour": a unit right after the article that opens a line is the unit, as
      // in "a cup of sugar" (the tagger read this one line as a comment).
      let cores = tokenized.cores
      if cores.count > 2, cores[0].isWord,
        cores[0].hash == IngredientWords.a || cores[0].hash == IngredientWords.an,
        cores[1].isWord, cores[1].unit >= 0, labels[1] == .comment,
        labels[2...].contains(.name)
      {
        labels[1] = .unit
      }
    }
    var assembler = IngredientAssembler(input: line, line: tokenized, labels: labels)
    let result = assembler.assemble(isSectionHeader: isHeader)
    return Assembled(assembler: assembler, result: result)
  }
}
