import Foundation

extension PastedRecipeReader {
  /// Reads a page that may hold several recipes (a cookbook page, a photo of two cards) into
  /// one recipe each.
  ///
  /// A new recipe starts where an ingredients heading ("Ingredients", "Zutaten", ...) comes
  /// again after the recipe before it has had its steps (a method heading or numbered
  /// steps after its ingredients): the recipe begins at the paragraph just above that heading,
  /// its title and any "Serves 4" line (at most three short lines, none numbered, after a blank
  /// line; blank lines may stand between it and the heading). Each part is read by ``read(_:)``. A page without such a second heading is one
  /// recipe, so text ``read(_:)`` takes is read the same way here.
  ///
  /// A part after the first that has no title line is left out, with a warning on the recipe
  /// before it; the first part's errors are thrown as ``read(_:)`` throws them.
  public func readAll(_ text: String) throws -> [PastedRecipe] {
    let parts = Self.recipeParts(text)
    var recipes: [PastedRecipe] = []
    for (index, part) in parts.enumerated() {
      do {
        recipes.append(try read(part))
      } catch  where index > 0 && !recipes.isEmpty {
        recipes[recipes.count - 1].warnings.append(
          "the text after it looked like another recipe but has no title; it was left out")
      }
    }
    return recipes
  }

  /// The text split where a new recipe starts (see ``readAll(_:)``); one part when none does.
  static func recipeParts(_ text: String) -> [String] {
    let lines = PastedTextLines.split(text)
    let raw = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    // The cleaned lines and the raw ones line up only when every break is one character, as
    // OCR and most pasted text have; otherwise keep the text whole rather than cut it wrongly.
    // (A text ending in a break has one more raw piece, empty, after it.)
    guard raw.count == lines.count || (raw.count == lines.count + 1 && raw.last?.isEmpty == true)
    else { return [text] }
    var starts: [Int] = [0]
    var sawIngredients = false
    var sawSteps = false
    for (index, line) in lines.enumerated() where line.kind == .text {
      let key = PastedRecipeAssembler.normalizedKey(Substring(line.content))
      let heading = PastedTextVocabulary.headings[key]
      if heading == .ingredients {
        if sawIngredients && sawSteps, let start = titleStart(before: index, in: lines),
          start > starts[starts.count - 1]
        {
          starts.append(start)
          sawSteps = false
        }
        sawIngredients = true
      } else if sawIngredients && (heading == .instructions || line.marker == .number) {
        sawSteps = true
      }
    }
    guard starts.count > 1 else { return [text] }
    return starts.indices.map { position in
      let end = position + 1 < starts.count ? starts[position + 1] : raw.count
      return raw[starts[position]..<end].joined(separator: "\n")
    }
  }

  /// Where the title paragraph above an ingredients heading at `index` starts: up to three
  /// short, unnumbered lines after a blank line (blank lines between it and the heading are
  /// allowed); nil when there is none.
  private static func titleStart(before index: Int, in lines: [PastedLine]) -> Int? {
    var end = index
    while end > 0, lines[end - 1].kind != .text { end -= 1 }
    var start = end
    while start > 0, end - start < 3, lines[start - 1].kind == .text {
      let line = lines[start - 1]
      guard line.marker == .none, line.content.count <= 80 else { return nil }
      start -= 1
    }
    guard start < end, start == 0 || lines[start - 1].kind != .text else { return nil }
    return start
  }
}
