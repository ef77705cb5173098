import Foundation
import LarderCore

extension FuzzTarget {
  /// One ingredient line: spans inside the line and in order, every word in a field, amounts
  /// finite and not negative.
  static let ingredient = FuzzTarget(
    name: "ingredient", summary: "IngredientParser: one ingredient line", maximumLength: 512
  ) { data in
    let line = text(data)
    let length = line.utf16.count
    let parsed = sharedParser.parse(line)
    try require(parsed.input == line, "the parse's input is not the line")
    for (field, span) in parsed.spans {
      try require(
        0 <= span.start && span.start <= span.end && span.end <= length,
        "span \(field) \(span.start)..<\(span.end) is outside a line of \(length) UTF-16 units")
    }
    let amounts = parsed.alternativeAmounts + [parsed.containerSize].compactMap { $0 }
    let values =
      [parsed.quantity, parsed.quantityMax]
      + amounts.flatMap {
        [$0.quantity, $0.quantityMax]
      }
    for case let value? in values {
      try require(value.isFinite && value >= 0, "quantity \(value) is not a finite amount")
    }
    var previousEnd = 0
    for token in sharedParser.labeledTokens(line) {
      let span = token.token.span
      try require(
        previousEnd <= span.start && span.start < span.end && span.end <= length,
        "token '\(token.token.text)' at \(span.start)..<\(span.end) overlaps or leaves the line")
      previousEnd = span.end
      try require(
        token.token.kind != .word || token.field != nil,
        "word '\(token.token.text)' landed in no field")
    }
  }

  /// A duration's text: never negative, and its ISO-8601 and spoken forms read back as the
  /// same length (the spoken form rounded up to whole minutes).
  static let duration = FuzzTarget(
    name: "duration", summary: "RecipeDuration.parse: ISO-8601 and free-form durations",
    maximumLength: 256
  ) { data in
    guard let duration = RecipeDuration.parse(text(data)) else { return }
    try require(duration.seconds >= 0, "a negative duration, \(duration.seconds) s")
    let iso = RecipeDuration.parse(duration.iso8601)
    try require(
      iso == duration,
      "\(duration.seconds) s written \(duration.iso8601) reads back as \(String(describing: iso))")
    let spoken = RecipeDuration.parse(duration.description)
    try require(
      spoken?.seconds == duration.minutes * 60,
      "\(duration.seconds) s written '\(duration.description)' reads back as "
        + String(describing: spoken?.seconds))
  }

  /// A `.cook` file: parsing never fails, and a recipe written back as Cooklang reads back with
  /// every line and step (markup in text is written so it stays text, which may add a space),
  /// and after one rewrite, writing again gives the same file.
  static let cooklang = FuzzTarget(name: "cooklang", summary: "Cooklang.parse, read and write") {
    data in
    let source = text(data)
    _ = Cooklang.parse(source)
    let items = Cooklang.readRecipes(from: source, fileName: "fuzz")
    for recipe in try checkedRecipes(items, reader: "Cooklang") {
      let written = Cooklang.write(recipe)
      let again = Cooklang.readRecipes(from: written, fileName: "fuzz")
      guard again.count == 1, case .success(let reread) = again[0].result else {
        throw FuzzFailure("a written recipe does not read back as one recipe:\n\(written)")
      }
      try requireSameShape(reread, recipe, reader: "Cooklang written and read again")
      // The first rewrite may tidy spaces around markup; from then on the text stays.
      let rewritten = Cooklang.write(reread)
      let third = Cooklang.readRecipes(from: rewritten, fileName: "fuzz")
      guard third.count == 1, case .success(let rereread) = third[0].result else {
        throw FuzzFailure("a rewritten recipe does not read back as one recipe:\n\(rewritten)")
      }
      let last = Cooklang.write(rereread)
      try require(
        last == rewritten, "writing again changes the text:\n\(rewritten)\n---\n\(last)")
    }
  }

  /// Pasted text: a recipe or a field error, and the recipe survives a schema.org round trip;
  /// read as a page (`readAll`, as photos are), text that reads as one recipe reads as one or
  /// more, each surviving the same round trip.
  static let pasted = FuzzTarget(name: "pasted", summary: "PastedRecipeReader: pasted text") {
    data in
    let reader = PastedRecipeReader(parser: sharedParser)
    let input = text(data)
    let pasted: PastedRecipe
    do {
      pasted = try reader.read(input)
    } catch let error as LarderCoreError {
      _ = error.description
      return
    }
    _ = try checkedRecipes(
      [FoundRecipe(index: 0, name: pasted.recipe.name, result: .success(pasted.recipe))],
      reader: "pasted text")
    let page = try reader.readAll(input)
    try require(!page.isEmpty, "readAll found no recipe in text read reads")
    if page.count == 1 {
      try require(page[0] == pasted, "readAll's one recipe differs from read's")
    }
    _ = try checkedRecipes(
      page.enumerated().map { index, item in
        FoundRecipe(index: index, name: item.recipe.name, result: .success(item.recipe))
      }, reader: "pasted page")
  }

  /// CSV tables: every record has a line number, and no record is wider than it could be.
  static let csvTable = FuzzTarget(name: "csv-table", summary: "CSVTable.read: RFC 4180 CSV") {
    data in
    let table: CSVTable
    do { table = try CSVTable.read(text(data)) } catch is LarderCoreError { return }
    try require(
      table.records.count == table.lineNumbers.count,
      "\(table.records.count) records but \(table.lineNumbers.count) line numbers")
    try require(
      table.lineNumbers == table.lineNumbers.sorted() && table.lineNumbers.allSatisfy { $0 >= 1 },
      "line numbers out of order: \(table.lineNumbers)")
  }
}

/// One parser for every target: loading the tagger once keeps each execution cheap.
let sharedParser = IngredientParser()

/// The recipes a reader found, after checking each item: indexes count from 0, and every
/// recipe has a name and survives being written as schema.org JSON-LD and read back.
///
/// The first trip may tidy text (the schema.org reader collapses spaces and drops markup that
/// other readers keep), but keeps every title, line and step; from then on the trip is exact:
/// a recipe Larder exported reads back the same.
func checkedRecipes(_ items: [FoundRecipe], reader: String) throws -> [Recipe] {
  var recipes: [Recipe] = []
  for (position, item) in items.enumerated() {
    try require(item.index == position, "\(reader): item \(position) has index \(item.index)")
    guard case .success(let recipe) = item.result else { continue }
    try require(
      !recipe.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
      "\(reader): recipe \(position) has a blank name")
    let once = try schemaOrgRoundTrip(recipe, reader: reader)
    try requireSameShape(once, recipe, reader: "\(reader) through schema.org")
    let twice = try schemaOrgRoundTrip(once, reader: "\(reader) through schema.org")
    try requireSameContent(twice, once, reader: "\(reader) through schema.org twice")
    recipes.append(recipe)
  }
  return recipes
}

/// `recipe` written as schema.org JSON-LD and read back.
func schemaOrgRoundTrip(_ recipe: Recipe, reader: String) throws -> Recipe {
  let again = try SchemaOrg.readRecipes(from: SchemaOrg.encode([recipe]))
  guard again.count == 1, case .success(let reread) = again[0].result else {
    throw FuzzFailure(
      "\(reader): recipe '\(recipe.name)' written as schema.org does not read back: "
        + "\(again.map { String(describing: $0.result) })")
  }
  return reread
}

/// Throws unless `actual` has at least as many ingredient lines and steps as `expected` (a
/// title may come back as a line), the same times, and a name.
///
/// Lines and steps are counted by what a reader sees in them (schema.org splits a line at any
/// line break, a form feed too, so there may be more), without text in angle brackets (the schema.org
/// reader takes it for markup, as sites put HTML in JSON-LD), without control characters, and
/// not counting lines ending in a colon (titles are written so; such a line reads back as a
/// title, or not at all when nothing follows it: SchemaOrg's rule for empty sections).
func requireSameShape(_ actual: Recipe, _ expected: Recipe, reader: String) throws {
  func visible(_ texts: [String]) -> [String] {
    texts
      .map { text in
        String(
          text.replacing(/<[^>]*>/, with: "").unicodeScalars.filter {
            !$0.properties.isWhitespace && $0.properties.generalCategory != .control
          })
      }
      .filter { !$0.isEmpty && !$0.hasSuffix(":") }
  }
  try require(
    !actual.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
    "\(reader): name '\(expected.name)' became blank")
  let lines = (actual.ingredientLines.map(\.text), expected.ingredientLines.map(\.text))
  try require(
    visible(lines.0).count >= visible(lines.1).count,
    "\(reader): ingredients \(lines.1) became \(lines.0)")
  let steps = (actual.steps.map(\.text), expected.steps.map(\.text))
  try require(
    visible(steps.0).count >= visible(steps.1).count,
    "\(reader): steps \(steps.1) became \(steps.0)")
  try requireSameTimes(actual, expected, reader: reader)
}

/// Throws unless `actual` has `expected`'s name, ingredient titles and lines, steps and times,
/// each compared with runs of white space as one space (a form feed inside a step may read as
/// a space on a later trip).
func requireSameContent(_ actual: Recipe, _ expected: Recipe, reader: String) throws {
  func spaced(_ text: String?) -> String? {
    text?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
  func sections(_ recipe: Recipe) -> [[String?]] {
    recipe.ingredientSections.map { [spaced($0.title)] + $0.lines.map { spaced($0.text) } }
  }
  try require(
    spaced(actual.name) == spaced(expected.name),
    "\(reader): name '\(expected.name)' became '\(actual.name)'")
  try require(
    sections(actual) == sections(expected),
    "\(reader): ingredients \(expected.ingredientSections) became \(actual.ingredientSections)")
  let steps = (actual.steps.map { spaced($0.text) }, expected.steps.map { spaced($0.text) })
  try require(steps.0 == steps.1, "\(reader): steps \(steps.1) became \(steps.0)")
  try requireSameTimes(actual, expected, reader: reader)
}

/// Throws unless the prep, cook and total times are the same to the minute.
func requireSameTimes(_ actual: Recipe, _ expected: Recipe, reader: String) throws {
  let times = (
    [actual.prepTime, actual.cookTime, actual.totalTime],
    [expected.prepTime, expected.cookTime, expected.totalTime]
  )
  try require(
    times.0.map { $0?.minutes } == times.1.map { $0?.minutes },
    "\(reader): times \(times.1) became \(times.0)")
}
