import Foundation
import LarderCore

/// How a recipe was found in a page.
public enum ExtractionMethod: String, Sendable, CaseIterable {
  /// schema.org Recipe in a `<script type="application/ld+json">` block.
  case jsonLD
  /// schema.org Recipe in microdata (`itemscope itemtype=".../Recipe"`).
  case microdata
  /// schema.org Recipe in RDFa (`typeof="Recipe"`).
  case rdfa
  /// A microformats recipe: h-recipe or the classic hRecipe.
  case microformats
  /// No structured data: read from the page's headings, lists and Open Graph tags.
  case heuristic
}

/// The recipes found in one page.
public struct PageExtraction: Sendable {
  /// The recipes, the page's main recipe first; never empty.
  public var recipes: [Recipe]
  /// How the main recipe was found.
  public var method: ExtractionMethod
  /// Other methods that filled fields the main method left empty (say, ingredients from
  /// microdata for a JSON-LD recipe without them).
  public var supplementedBy: [ExtractionMethod]
  /// What was skipped or repaired, each naming the block or field.
  public var warnings: [String]
  /// The page's own address (canonical link, `og:url` or the given URL), when known.
  public var canonicalURL: String?

  /// The page's main recipe.
  public var recipe: Recipe { recipes[0] }
}

/// Finds the recipe in a web page.
///
/// It reads, in order of trust: schema.org Recipe in JSON-LD (every block; broken JSON is
/// repaired when cheap, else skipped with a warning), microdata, RDFa, microformats (h-recipe,
/// hRecipe), and finally the page's
/// own structure (title, "Ingredients"/"Method" headings and the lists after them). When the
/// first candidate lacks ingredients, steps, image, yield or times that another one has, the
/// gap is filled from it and ``PageExtraction/supplementedBy`` says so. Relative addresses are
/// resolved against `<base href>` and the page URL.
///
/// Bounded: pages over 32 MiB are refused; every walk is iterative and limited in depth (512
/// levels), and the heading reader looks at the first 200,000 elements and at most 50
/// headings of a kind, so any input finishes in time proportional to its size.
public struct RecipePageExtractor: Sendable {
  /// Makes an extractor.
  public init() {}

  /// The recipes in `html`.
  ///
  /// - Parameters:
  ///   - html: The page's bytes.
  ///   - url: Where the page came from, for resolving relative links and as the recipes'
  ///     source when the page names no canonical address.
  ///   - charset: The character set from the HTTP `Content-Type`, which wins over the page's
  ///     own `<meta charset>`; UTF-8 when neither says.
  ///   - source: How to name the page in errors (defaults to the URL, else "page").
  /// - Throws: ``LarderImportError/noRecipe(source:)`` when the page holds no recipe,
  ///   ``LarderImportError/unreadable(source:reason:)`` when it cannot be parsed at all.
  public func extract(
    html: Data, url: String? = nil, charset: String? = nil, source: String? = nil
  ) throws -> PageExtraction {
    let name = source ?? url ?? "page"
    let document = try MarkupDocument.html(html, charset: charset, source: name)
    let page = PageFacts(document: document, url: url)
    var warnings: [String] = []

    var candidates: [(ExtractionMethod, [Recipe])] = []
    var siteNames = page.siteName.map { [$0] } ?? []
    var imageAreas: [String: Int] = [:]
    let jsonLD = oneRecipePerName(
      jsonLDRecipes(
        document, page: page, siteNames: &siteNames, imageAreas: &imageAreas,
        warnings: &warnings),
      label: "JSON-LD", warnings: &warnings)
    if !jsonLD.isEmpty { candidates.append((.jsonLD, jsonLD)) }
    for (method, syntax) in [
      (ExtractionMethod.microdata, EmbeddedItems.Syntax.microdata), (.rdfa, .rdfa),
    ] {
      let reader = EmbeddedItems(syntax: syntax, resolve: page.resolve)
      var recipes: [Recipe] = []
      for (index, object) in reader.items(ofType: "Recipe", in: document).enumerated() {
        if let recipe = read(
          object, page: page, label: "\(method.rawValue) item \(index + 1)", warnings: &warnings)
        {
          recipes.append(recipe)
        }
      }
      recipes = oneRecipePerName(recipes, label: method.rawValue, warnings: &warnings)
      if !recipes.isEmpty { candidates.append((method, rank(recipes, page: page))) }
    }
    var microformatRecipes: [Recipe] = []
    let microformats =
      Microformats.mayHoldRecipes(html)
      ? Microformats(resolve: page.resolve).recipes(in: document) : []
    for (index, object) in microformats.enumerated() {
      if let recipe = read(
        object, page: page, label: "microformats item \(index + 1)", warnings: &warnings)
      {
        microformatRecipes.append(recipe)
      }
    }
    microformatRecipes = oneRecipePerName(
      microformatRecipes, label: "microformats", warnings: &warnings)
    if !microformatRecipes.isEmpty {
      candidates.append((.microformats, rank(microformatRecipes, page: page)))
    }
    // The page's own reading (headings and lists), made once when first needed: as a
    // candidate, for a one-string method's steps, and for a marked-up recipe's groups.
    let reader = HeuristicRecipe(document: document, page: page)
    var pageReading: Recipe??
    func readPage() -> Recipe? {
      if let done = pageReading { return done }
      let read = reader.recipe()
      pageReading = .some(read)
      return read
    }
    if candidates.isEmpty || !Self.isComplete(candidates[0].1[0])
      || candidates[0].1[0].ingredientLines.count <= 1
    {
      var read = readPage()
      if read == nil && candidates.isEmpty {
        // A forum's recipe is in its first post, among the comments.
        var forum = reader
        forum.commentsAreContent = true
        read = forum.recipe()
      }
      if let recipe = read, !candidates.isEmpty || !recipe.steps.isEmpty {
        candidates.append((.heuristic, [finish(recipe, page: page)]))
      }
    }
    // A JSON-LD recipe the page no longer shows (a magazine's stale data: an older name, other
    // amounts, other steps) gives way to the recipe the page shows.
    // The page's text as lines and steps are compared, read once when first needed.
    var pageKeyRead: String?
    func pageKey() -> String {
      if let done = pageKeyRead { return done }
      let key = Self.comparable(document.root?.text ?? "")
      pageKeyRead = key
      return key
    }
    if let (first, recipes) = candidates.first, first == .jsonLD,
      recipes[0].ingredientLines.count >= 3, recipes[0].steps.count >= 2,
      Self.isStale(recipes[0], pageKey: pageKey()), let read = readPage(),
      read.ingredientLines.count >= 3, read.steps.count >= 2
    {
      warnings.append(
        "the JSON-LD recipe \"\(recipes[0].name)\" is not the one the page shows; read the page's")
      // Its name stays when the page's title still says it ("Ricetta Cannelloni ricotta e
      // spinaci - La Ricetta di GranPentola" over "Cannelloni ricotta e spinaci").
      var read = read
      let declared = recipes[0].name
      if declared.count >= 3,
        [page.title, page.heading].compactMap({ $0 }).contains(where: {
          $0.localizedCaseInsensitiveContains(declared)
        })
      {
        read.name = declared
      }
      candidates.insert((.heuristic, [finish(read, page: page)]), at: 0)
    }
    guard let (method, recipes) = candidates.first else {
      throw LarderImportError.noRecipe(source: name)
    }
    var main = recipes[0]
    var supplements: [ExtractionMethod] = []
    for (otherMethod, others) in candidates.dropFirst() {
      let filled = fill(&main, from: others[0])
      if !filled.isEmpty {
        supplements.append(otherMethod)
        warnings.append(
          "\(filled.joined(separator: ", ")) taken from \(otherMethod.rawValue), which the "
            + "\(method.rawValue) recipe lacked")
      }
    }
    // An ingredient list without one amount (a shop's product names, "Buurtmarkt kokosmelk")
    // beside the page's own list of as many lines, most with amounts: the page's.
    // (Up to half as many again, when the page's lines name most of the products: a shop's
    // list may leave out a food that two groups use.)
    if method == .jsonLD, main.ingredientLines.count >= 3,
      !main.ingredientLines.contains(where: { $0.text.contains(where: \.isNumber) }),
      let read = readPage(), read.ingredientLines.count * 5 >= main.ingredientLines.count * 4,
      read.ingredientLines.count * 4 <= main.ingredientLines.count * 5
        || (read.ingredientLines.count * 2 <= main.ingredientLines.count * 3
          && Self.namesMost(main.ingredientLines.map(\.text), in: read.ingredientLines.map(\.text))),
      read.ingredientLines.filter({ $0.text.contains(where: \.isNumber) }).count * 2
        > read.ingredientLines.count
    {
      main.ingredientSections = read.ingredientSections
      warnings.append(
        "ingredient lines taken from the page, whose lines have amounts; the JSON-LD's had none")
    }
    // A method given as one long string ("… Schritt für Schritt …" in one step) that the page
    // shows as steps of its own: the page's steps, when together they are that string.
    if main.steps.count == 1, let only = main.steps.first?.text, only.count >= 200,
      method != .heuristic, let read = readPage(), read.steps.count >= 2
    {
      if Self.comparable(read.steps.map(\.text).joined()) == Self.comparable(only) {
        main.instructionSections = read.instructionSections
      }
    }
    // "Massa", "Cobertura" written as steps of their own: the names of the steps after them.
    if main.instructionSections.count == 1, main.instructionSections[0].title == nil {
      main.instructionSections = Self.titledByNameSteps(main.instructionSections[0].steps)
    }
    // "1. Kuori perunat. 2. Kuullota sipulia. 3. …" in one string: the steps it numbers.
    if main.steps.count == 1, let only = main.steps.first?.text,
      let steps = Self.numberedSteps(in: only)
    {
      main.instructionSections = [
        InstructionSection(title: nil, steps: steps.map { InstructionStep(text: $0) })
      ]
    }
    if main.ingredientSections.count == 1, main.ingredientSections[0].title == nil,
      main.ingredientLines.count >= 2,
      let grouped = pageGroups(of: main, method: method, reader: reader, reading: readPage)
    {
      main.ingredientSections = grouped
      warnings.append(
        "ingredient groups (\(grouped.compactMap(\.title).joined(separator: ", "))) taken "
          + "from the page's markup, which the \(method.rawValue) recipe lacked")
    }
    let renditions = PhotoRenditions(document: document, resolve: page.resolve)
    let tidied = ([main] + recipes.dropFirst()).map { recipe in
      var recipe = recipe
      var name = PageFacts.withoutCatalogNumber(
        PageFacts.withoutRecipeWord(
          PageFacts.withoutSiteName(
            PlainText.clean(recipe.name), siteNames: siteNames, host: page.host),
          heading: page.heading))
      // A headline read as the name may add that it is the recipe; a declared name is kept as
      // the site wrote it ("Ratatouille : la meilleure recette").
      if method == .heuristic {
        name = PageFacts.withoutShouting(
          page.asTheTitleWrites(
            PageFacts.withoutRecipeLabel(
              PageFacts.withoutRemark(
                PageFacts.withoutRecipeSubtitle(PageFacts.withoutSourcePrefix(name))))),
          languageCode: page.languageCode)
      }
      // "Carbonnades flamandes à la bière brune 🍺": the name without its decoration.
      name = String(
        name.drop(while: HeuristicRecipe.isPictograph).reversed()
          .drop(while: { HeuristicRecipe.isPictograph($0) || $0 == " " }).reversed()
      ).trimmingCharacters(in: .whitespaces)
      if !name.isEmpty { recipe.name = name }
      // "4 c. à s. de sirop de Liège (voir sur la boutique)": the shop's call is not the line's.
      recipe.ingredientSections = recipe.ingredientSections.map { section in
        var section = section
        section.lines = section.lines.map { line in
          IngredientLine(text: Self.withoutShopRemark(line.text), facts: line.facts)
        }
        return section
      }
      if recipe.language == nil { recipe.language = page.language }
      if [.microdata, .rdfa, .microformats].contains(method) {
        recipe.instructionSections = HeuristicRecipe.withoutSectionText(
          recipe.instructionSections)
      }
      recipe.images = ImageRanking.ranked(
        recipe.images, declaredAreas: imageAreas, pageImage: page.image)
      // The site's stand-in share picture (its logo, its icon) after any photo.
      recipe.images =
        recipe.images.filter { !PhotoRenditions.isStandIn($0) }
        + recipe.images.filter(PhotoRenditions.isStandIn)
      // No image, or only the site's stand-in share picture: the photo the content shows.
      if recipe.images.isEmpty || recipe.images.allSatisfy(PhotoRenditions.isStandIn),
        let photo = reader.contentPhoto()
      {
        recipe.images = [photo]
      }
      if let first = recipe.images.first {
        let largest = renditions.largest(of: first, pageImage: page.image)
        if largest != first {
          recipe.images.removeAll { $0 == largest }
          recipe.images.insert(largest, at: 0)
        }
      }
      return recipe
    }
    return PageExtraction(
      recipes: tidied, method: method, supplementedBy: supplements,
      warnings: warnings, canonicalURL: page.canonicalURL)
  }

  // MARK: - JSON-LD

  /// The JSON-LD recipes, ranked; collects the names the page's WebSite, Organization and
  /// publisher nodes give the site and the sizes its image objects declare.
  private func jsonLDRecipes(
    _ document: MarkupDocument, page: PageFacts, siteNames: inout [String],
    imageAreas: inout [String: Int], warnings: inout [String]
  ) -> [Recipe] {
    var recipes: [Recipe] = []
    let scripts = document.elements(named: "script").filter {
      ($0.attribute("type") ?? "").lowercased().contains("ld+json")
    }
    for (blockIndex, script) in scripts.enumerated() {
      let label = "JSON-LD block \(blockIndex + 1)"
      let text = ExtraEntities.undoubled(ExtraEntities.decode(script.scriptText))
      guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
      guard let (json, repaired) = LenientJSON.parse(text) else {
        warnings.append("\(label): not valid JSON even after repair; skipped")
        continue
      }
      let objects = SchemaOrg.recipeObjects(in: json)
      if repaired && !objects.isEmpty {
        warnings.append("\(label): broken JSON (trailing commas or raw line breaks) repaired")
      }
      let index = Self.nodesByID(json)
      siteNames += Self.siteNames(in: json, recipes: objects)
      imageAreas.merge(
        ImageRanking.declaredAreas(in: json, resolve: page.resolve), uniquingKeysWith: max)
      // Recipes that each say they are another page's (a related recipe's data left in the
      // template) are not this page's; when every one does, the page's own recipe is read
      // from its markup instead.
      let ownObjects =
        objects.allSatisfy({ Self.namesAnotherPage($0, than: page.canonicalURL) })
        ? [] : objects
      if ownObjects.isEmpty, !objects.isEmpty {
        warnings.append("\(label): the recipe it holds is another page's; skipped")
      }
      for object in ownObjects {
        if let recipe = read(
          Self.resolvingReferences(object, index: index), page: page, label: label,
          warnings: &warnings)
        {
          recipes.append(recipe)
        }
      }
    }
    return rank(recipes, page: page)
  }

  /// Whether a JSON-LD object's `mainEntityOfPage` or `url` names another page of the same
  /// site than `canonical` (scheme, "www.", query and a trailing slash aside); false when
  /// either is unknown.
  private static func namesAnotherPage(_ object: [String: Any], than canonical: String?) -> Bool {
    guard let canonical, let own = Self.pageKey(canonical) else { return false }
    let named = [object["mainEntityOfPage"], object["url"]].compactMap { value -> String? in
      if let text = value as? String { return text }
      return (value as? [String: Any])?["@id"] as? String
    }
    // Only another page of the same site counts: a recipe's url may be its copy on a CDN
    // or an AMP host.
    let host = own.split(separator: "/").first.map(String.init) ?? own
    let keys = named.compactMap(Self.pageKey)
    return !keys.isEmpty && !keys.contains(own)
      && keys.allSatisfy { $0.split(separator: "/").first.map(String.init) == host }
  }

  /// A page address as compared by ``namesAnotherPage(_:than:)``.
  private static func pageKey(_ address: String) -> String? {
    guard let url = URL(string: address), let host = url.host, !url.path.isEmpty else {
      return nil
    }
    let bareHost = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    let path = url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path
    return (bareHost + path).lowercased()
  }

  /// The names of the WebSite and Organization nodes of a JSON-LD document and of its
  /// recipes' publishers.
  private static func siteNames(in json: Any, recipes: [[String: Any]]) -> [String] {
    var names = recipes.compactMap { SchemaOrgText.string($0["publisher"]) }
    var stack: [(Any, Int)] = [(json, 0)]
    while let (value, depth) = stack.popLast(), names.count < 16 {
      guard depth < 8 else { continue }
      if let array = value as? [Any] {
        stack += array.map { ($0, depth + 1) }
      } else if let object = value as? [String: Any] {
        let types = SchemaOrgText.strings(object["@type"])
        if types.contains(where: { $0.hasSuffix("WebSite") || $0.hasSuffix("Organization") }),
          let name = SchemaOrgText.string(object["name"])
        {
          names.append(name)
        }
        if let graph = object["@graph"] { stack.append((graph, depth + 1)) }
      }
    }
    return names
  }

  /// Every object with an `@id` in the document, so that `{"@id": "#image"}` references can be
  /// replaced by the object they name.
  private static func nodesByID(_ json: Any) -> [String: [String: Any]] {
    var index: [String: [String: Any]] = [:]
    var stack: [(Any, Int)] = [(json, 0)]
    while let (value, depth) = stack.popLast() {
      guard depth < SchemaOrg.maximumDepth else { continue }
      if let array = value as? [Any] {
        stack += array.map { ($0, depth + 1) }
      } else if let object = value as? [String: Any] {
        if let id = object["@id"] as? String, object.count > 1, index[id] == nil {
          index[id] = object
        }
        stack += object.values.map { ($0, depth + 1) }
      }
    }
    return index
  }

  /// The recipe with its top-level references (`"image": {"@id": ...}`) replaced by the
  /// objects they point to.
  private static func resolvingReferences(
    _ object: [String: Any], index: [String: [String: Any]]
  ) -> [String: Any] {
    guard !index.isEmpty else { return object }
    func resolved(_ value: Any) -> Any {
      if let reference = value as? [String: Any], reference.count == 1,
        let id = reference["@id"] as? String, let target = index[id]
      {
        return target
      }
      if let array = value as? [Any] { return array.map(resolved) }
      return value
    }
    var copy = object
    for key in ["image", "author", "nutrition", "aggregateRating", "recipeInstructions", "video"] {
      if let value = copy[key] { copy[key] = resolved(value) }
    }
    return copy
  }

  // MARK: - Reading and finishing

  /// Reads one schema.org object, borrowing the page's title when the object has no name.
  private func read(
    _ object: [String: Any], page: PageFacts, label: String, warnings: inout [String]
  ) -> Recipe? {
    var object = object
    let hasName = [object["name"], object["headline"]].contains {
      SchemaOrgText.string($0).map { !$0.isEmpty } ?? false
    }
    if !hasName, let title = page.title { object["name"] = title }
    // Older vocabularies (data-vocabulary.org, hRecipe-style microdata) and careless JSON-LD
    // use these names for schema.org's.
    for (schemaName, aliases) in Self.aliases where object[schemaName] == nil {
      if let alias = aliases.first(where: { object[$0] != nil }) {
        object[schemaName] = object[alias]
      }
    }
    if let url = SchemaOrgText.string(object["url"]) { object["url"] = page.resolve(url) }
    var itemWarnings: [String] = []
    do {
      let recipe = try SchemaOrg.readRecipe(object, warnings: &itemWarnings)
      warnings += itemWarnings.map { "\(label): \($0)" }
      return finish(recipe, page: page)
    } catch {
      warnings.append("\(label): recipe skipped: \(error)")
      return nil
    }
  }

  private static let aliases: [(String, [String])] = [
    ("recipeIngredient", ["ingredients", "ingredient"]),
    ("recipeInstructions", ["instructions", "instruction", "steps", "step", "method"]),
    ("image", ["photo", "thumbnail"]),
    ("recipeYield", ["yield", "servings"]),
  ]

  /// The recipe's one untitled list cut into the groups the page shows, or nil. The groups
  /// come from a recipe plugin's container (``regrouped(_:as:)``), else from the names the page
  /// shows between the recipe's own lines (``HeuristicRecipe/groupTitles(of:recipeName:key:)``);
  /// for a recipe written into the markup (microdata, RDFa, microformats), whose groups may be
  /// labelled by any short bold or italic line, from the page's own reading as a last resort.
  private func pageGroups(
    of recipe: Recipe, method: ExtractionMethod, reader: HeuristicRecipe,
    reading: () -> Recipe?
  ) -> [IngredientSection]? {
    if let grouped = Self.regrouped(
      recipe.ingredientSections, as: reader.ingredientGroups())
    {
      return grouped
    }
    let lines = recipe.ingredientSections[0].lines
    if let titles = reader.groupTitles(
      of: lines.map(\.text), recipeName: recipe.name, key: Self.comparable)
    {
      var sections: [IngredientSection] = []
      for (line, title) in zip(lines, titles) {
        if let last = sections.last, last.title == title {
          sections[sections.count - 1].lines.append(line)
        } else {
          sections.append(IngredientSection(title: title, lines: [line]))
        }
      }
      return sections
    }
    guard method != .jsonLD, method != .heuristic,
      let read = reading()?.ingredientSections, read.count >= 2
    else { return nil }
    return Self.regrouped(
      recipe.ingredientSections,
      as: read.map { HeuristicRecipe.Section(title: $0.title, lines: $0.lines.map(\.text)) })
  }

  /// Resolves images against the page, drops inline `data:` images and fills the source URL
  /// and image from the page when the recipe has none.
  private func finish(_ recipe: Recipe, page: PageFacts) -> Recipe {
    var recipe = recipe
    var seen: Set<String> = []
    recipe.images = recipe.images.map(page.resolve).filter {
      !$0.isEmpty && !$0.hasPrefix("data:") && seen.insert($0).inserted
    }
    if recipe.images.isEmpty, let image = page.image { recipe.images = [image] }
    if recipe.sourceURL == nil { recipe.sourceURL = page.canonicalURL }
    recipe.ingredientSections = Self.splittingJoinedLine(recipe.ingredientSections)
    return recipe
  }

  /// The recipe's one untitled list cut into the groups the page shows, when the page's
  /// groups hold the same lines in the same order (at least 80% of them equal, ignoring case,
  /// spaces and punctuation); the recipe's own line texts are kept. The page may also show a
  /// group's name as one more item of its list ("<li>For the streusel</li>"), which the
  /// recipe's list leaves out: then every line must be shown, in order, and each item the
  /// recipe lacks, a short name without digits, titles the lines after it. Nil otherwise.
  static func regrouped(
    _ sections: [IngredientSection], as groups: [HeuristicRecipe.Section]
  ) -> [IngredientSection]? {
    guard sections.count == 1, sections[0].title == nil, groups.count >= 2 else { return nil }
    let lines = sections[0].lines
    let shown = groups.flatMap(\.lines)
    let key = comparable
    guard lines.count >= 2 else { return nil }
    if shown.count > lines.count {
      return regrouped(lines, namedAmong: groups, key: key)
    }
    guard lines.count == shown.count else { return nil }
    let equal = zip(lines, shown).filter { key($0.text) == key($1) }.count
    guard equal * 5 >= lines.count * 4 else { return nil }
    var result: [IngredientSection] = []
    var start = 0
    for group in groups {
      result.append(
        IngredientSection(
          title: group.title, lines: Array(lines[start..<(start + group.lines.count)])))
      start += group.lines.count
    }
    return result
  }

  /// Steps cut into sections at the steps that only name what follows ("Massa" before the
  /// dough's steps, "Cobertura:" before the icing's): one to four words, no digits and no
  /// sentence's end, each followed by a longer step. Unchanged when there is no such step.
  static func titledByNameSteps(_ steps: [InstructionStep]) -> [InstructionSection] {
    func isName(_ index: Int) -> Bool {
      let text = steps[index].text.trimmingCharacters(in: .whitespaces)
      let words = text.split(separator: " ")
      guard index + 1 < steps.count, (1...4).contains(words.count), text.count <= 40,
        !text.contains(where: \.isNumber), let last = text.last, !".!?".contains(last),
        steps[index + 1].text.count > text.count * 2
      else { return false }
      return !isName(index + 1)
    }
    // A name is one word ("Massa"), ends in a colon, or says what it is for ("For the sauce",
    // "Für den Teig", "Para a cobertura"); and there are two at least, so "Preheat the oven"
    // before a long step stays a step.
    let purposeWords: Set<String> = [
      "for", "para", "per", "pour", "für", "voor", "för", "til", "na", "do", "dla", "pentru",
    ]
    let names = steps.indices.filter(isName).filter { index in
      let text = steps[index].text.trimmingCharacters(in: .whitespaces)
      let first = text.split(separator: " ").first.map { $0.lowercased() } ?? ""
      return !text.contains(" ") || text.hasSuffix(":") || purposeWords.contains(first)
    }
    guard names.count >= 2, steps.count - names.count >= 2 else {
      return [InstructionSection(title: nil, steps: steps)]
    }
    var sections: [InstructionSection] = []
    var current = InstructionSection(title: nil, steps: [])
    for (index, step) in steps.enumerated() {
      if names.contains(index) {
        if !current.steps.isEmpty { sections.append(current) }
        current = InstructionSection(
          title: step.text.trimmingCharacters(in: .whitespaces.union([":"])), steps: [])
      } else {
        current.steps.append(step)
      }
    }
    if !current.steps.isEmpty { sections.append(current) }
    return sections
  }

  /// A line without a remark in brackets at its end that sends the reader to a shop ("(voir
  /// sur la boutique)", "(affiliate link)", "(buy on Amazon)").
  static func withoutShopRemark(_ line: String) -> String {
    guard line.hasSuffix(")"), let open = line.lastIndex(of: "(") else { return line }
    let remark = line[open...].lowercased()
    // Whole words, so that "(shop-bought)" and "(from the farm shop)" stay.
    let words = Set(remark.split(whereSeparator: { !$0.isLetter }).map(String.init))
    let calls: Set<String> = [
      "boutique", "buy", "amazon", "affiliate", "affilié", "kaufen", "tienda", "negozio",
      "winkel", "butik", "sklep", "loja",
    ]
    let before = line[..<open].trimmingCharacters(in: .whitespaces)
    guard remark.count <= 40, before.count >= 3, !words.isDisjoint(with: calls),
      !remark.contains("bought")
    else {
      return line
    }
    return before
  }

  /// Whether at least four in five of `names` ("Kjøttdeig storfe") share their first word
  /// with one of `lines` ("600 g kjøttdeig av storfe"), compared without case.
  static func namesMost(_ names: [String], in lines: [String]) -> Bool {
    let shown = lines.map { $0.lowercased() }
    let named = names.filter { name in
      guard let first = name.lowercased().split(separator: " ").first, first.count >= 3 else {
        return false
      }
      return shown.contains { $0.contains(first) }
    }
    return named.count * 5 >= names.count * 4
  }

  /// The steps of one string that numbers them in its text ("1. Peel. 2. Fry. 3. Serve."):
  /// split before each "2.", "3.", … that follows the end of a sentence, in order; nil unless
  /// at least steps 2 and 3 are found.
  static func numberedSteps(in text: String) -> [String]? {
    var pieces: [String] = []
    let rest = Substring(text)
    var number = 2
    var start = rest.startIndex
    var searchFrom = rest.startIndex
    while let range = rest.range(of: "\(number). ", range: searchFrom..<rest.endIndex)
      ?? rest.range(of: "\(number)) ", range: searchFrom..<rest.endIndex)
    {
      let before = rest[start..<range.lowerBound].trimmingCharacters(in: .whitespaces)
      // "…2 cm:n paloiksi" is not step 2: the number must follow a sentence's end.
      guard range.lowerBound > rest.startIndex,
        rest[rest.index(before: range.lowerBound)].isWhitespace,
        let last = before.last, ".!?:)".contains(last)
      else {
        searchFrom = range.upperBound
        continue
      }
      pieces.append(before)
      start = range.upperBound
      searchFrom = range.upperBound
      number += 1
    }
    guard number >= 4 else { return nil }
    pieces.append(rest[start...].trimmingCharacters(in: .whitespaces))
    if let first = pieces.first {
      pieces[0] = SchemaOrg.withoutStepNumber(first)
    }
    let steps = pieces.filter { !$0.isEmpty }
    return steps.count >= 3 ? steps : nil
  }

  /// Whether a structured recipe is not what its page shows: half or more of its ingredient
  /// lines and most of its steps (those long enough to tell) appear nowhere in the page's text,
  /// compared as ``comparable(_:)`` reads them. A recipe with fewer than three lines and two
  /// steps, or whose page shows no text, is not judged.
  static func isStale(_ recipe: Recipe, pageKey page: String) -> Bool {
    guard !page.isEmpty else { return false }
    func shownShare(_ texts: [String]) -> Double? {
      let keys = texts.map(comparable).filter { $0.count >= 6 }
      guard keys.count >= 2 else { return nil }
      return Double(keys.filter(page.contains).count) / Double(keys.count)
    }
    guard recipe.ingredientLines.count >= 3, recipe.steps.count >= 2,
      let lines = shownShare(recipe.ingredientLines.map(\.text)),
      let steps = shownShare(recipe.steps.map(\.text))
    else { return false }
    return lines <= 0.5 && steps < 0.5
  }

  /// A text as two readings of one line or step are compared: lowercased, letters and digits
  /// only.
  static func comparable(_ text: String) -> String {
    // ASCII, the most of any page, byte by byte.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.utf8.count)
      for byte in text.utf8 {
        switch byte {
        case 0x30...0x39, 0x61...0x7A: bytes.append(byte)
        case 0x41...0x5A: bytes.append(byte + 0x20)
        default: break
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    // Else ASCII by byte and the rest by scalar, lowercased one at a time (a whole page's text
    // is read so, and lowercasing all of it first took a tenth of reading a large page); "1½"
    // as "1 1/2" is: a vulgar fraction as its digits.
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        if (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) {
          result.append(scalar)
        } else if (0x41...0x5A).contains(value), let lower = Unicode.Scalar(value + 0x20) {
          result.append(lower)
        }
        continue
      }
      if let digits = fractionDigits[scalar] {
        result.append(contentsOf: digits.unicodeScalars)
        continue
      }
      guard CharacterSet.alphanumerics.contains(scalar) else { continue }
      if scalar.properties.changesWhenLowercased {
        result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  private static let fractionDigits: [Unicode.Scalar: String] = [
    "½": "12", "⅓": "13", "⅔": "23", "¼": "14", "¾": "34", "⅕": "15", "⅖": "25", "⅗": "35",
    "⅘": "45", "⅙": "16", "⅚": "56", "⅛": "18", "⅜": "38", "⅝": "58", "⅞": "78",
  ]

  /// `regrouped(_:as:)` where the page shows more items than the recipe has lines.
  private static func regrouped(
    _ lines: [IngredientLine], namedAmong groups: [HeuristicRecipe.Section],
    key: (String) -> String
  ) -> [IngredientSection]? {
    var result: [IngredientSection] = []
    var next = 0
    for group in groups {
      var current = IngredientSection(title: group.title, lines: [])
      for text in group.lines {
        if next < lines.count, key(lines[next].text) == key(text) {
          current.lines.append(lines[next])
          next += 1
          continue
        }
        let name = text.trimmingCharacters(in: .whitespaces.union([":"]))
        guard !name.isEmpty, name.count <= 60, !name.contains(where: \.isNumber) else {
          return nil
        }
        if !current.lines.isEmpty { result.append(current) }
        current = IngredientSection(title: name, lines: [])
      }
      result.append(current)
    }
    result = result.filter { !$0.lines.isEmpty }
    guard next == lines.count, result.count >= 2 else { return nil }
    return result
  }

  /// A whole list written as one line ("1 vanilla pod, 50 g sugar, 500 ml milk") split at its
  /// commas, when it has at least three pieces and most of them hold an amount.
  static func splittingJoinedLine(_ sections: [IngredientSection]) -> [IngredientSection] {
    guard sections.count == 1, sections[0].lines.count == 1 else { return sections }
    let pieces = sections[0].lines[0].text.components(separatedBy: ",")
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    let withAmounts = pieces.filter { $0.contains(where: \.isNumber) }.count
    guard pieces.count >= 3, withAmounts * 2 > pieces.count else { return sections }
    return [
      IngredientSection(title: sections[0].title, lines: pieces.map { IngredientLine(text: $0) })
    ]
  }

  /// Recipes with the page's own address or with ingredients and steps come first; otherwise
  /// document order.
  private func rank(_ recipes: [Recipe], page: PageFacts) -> [Recipe] {
    guard recipes.count > 1 else { return recipes }
    func score(_ recipe: Recipe) -> Int {
      var score = 0
      if !recipe.ingredientLines.isEmpty { score += 2 }
      if !recipe.steps.isEmpty { score += 2 }
      if let canonical = page.canonicalURL, recipe.sourceURL == canonical { score += 1 }
      return score
    }
    return recipes.enumerated().sorted { left, right in
      let (a, b) = (score(left.element), score(right.element))
      return a != b ? a > b : left.offset < right.offset
    }.map(\.element)
  }

  /// One recipe per name, and no empty node beside a real recipe.
  ///
  /// Pages (WordPress ones especially) often describe their recipe twice, the second node
  /// empty or partial; returned as two recipes, an import of the page would create the recipe
  /// from one and update it from the other. The most complete reading of a name is kept, its
  /// empty fields filled from the others; a node with neither ingredients nor steps is dropped
  /// when the page has a recipe that has them. A JSON-LD file merges only nodes that agree
  /// (`SchemaOrg.mergingSameRecipes`); a fix to how nodes merge may belong in both.
  func oneRecipePerName(
    _ recipes: [Recipe], label: String, warnings: inout [String]
  ) -> [Recipe] {
    guard recipes.count > 1 else { return recipes }
    var groups: [(key: String, members: [Recipe])] = []
    for recipe in recipes {
      let key = Recipe.comparableName(recipe.name)
      if let index = groups.firstIndex(where: { $0.key == key }) {
        groups[index].members.append(recipe)
      } else {
        groups.append((key, [recipe]))
      }
    }
    var kept: [Recipe] = groups.map { group in
      guard group.members.count > 1 else { return group.members[0] }
      // max(by:) keeps the first of equals: document order breaks ties.
      let best =
        group.members.indices.max {
          Self.completeness(group.members[$0]) < Self.completeness(group.members[$1])
        } ?? 0
      var recipe = group.members[best]
      var filled: [String] = []
      for (index, other) in group.members.enumerated() where index != best {
        filled += recipe.fillEmptyFields(from: other).map(\.rawValue)
      }
      let gave = filled.isEmpty ? "" : "; \(filled.joined(separator: ", ")) taken from the others"
      warnings.append(
        "\(label): \(group.members.count) recipes named '\(recipe.name)' read as one: kept the "
          + "most complete\(gave)")
      return recipe
    }
    if kept.contains(where: { !$0.ingredientLines.isEmpty || !$0.steps.isEmpty }) {
      kept = kept.filter { recipe in
        guard recipe.ingredientLines.isEmpty && recipe.steps.isEmpty else { return true }
        warnings.append(
          "\(label): '\(recipe.name)' has neither ingredients nor steps; skipped beside the "
            + "page's recipe")
        return false
      }
    }
    return kept
  }

  /// How much of a recipe a reading holds: ingredients and steps first, then every other
  /// field.
  private static func completeness(_ recipe: Recipe) -> Int {
    let filled = RecipeField.allCases.filter { !recipe.isEmpty($0) }.count
    let content = (recipe.ingredientLines.isEmpty ? 0 : 1) + (recipe.steps.isEmpty ? 0 : 1)
    return content * 10_000 + (recipe.ingredientLines.count + recipe.steps.count) * 20 + filled
  }

  static func isComplete(_ recipe: Recipe) -> Bool {
    !recipe.ingredientLines.isEmpty && !recipe.steps.isEmpty
  }

  /// Fills `recipe`'s empty fields from `other`; returns the names of the fields filled.
  private func fill(_ recipe: inout Recipe, from other: Recipe) -> [String] {
    var filled: [String] = []
    // One line ("Chicken, Pasta") where another reading finds a list is a tag, not a list.
    if recipe.ingredientLines.isEmpty && !other.ingredientLines.isEmpty {
      recipe.ingredientSections = other.ingredientSections
      filled.append("ingredients")
    } else if recipe.ingredientLines.count == 1 && other.ingredientLines.count >= 3 {
      let single = recipe.ingredientLines[0].text
      recipe.ingredientSections = other.ingredientSections
      filled.append("ingredients (in place of the single line '\(single.prefix(60))')")
    }
    if recipe.steps.isEmpty && !other.steps.isEmpty {
      recipe.instructionSections = other.instructionSections
      filled.append("steps")
    }
    if recipe.yield == nil, let yield = other.yield {
      recipe.yield = yield
      filled.append("yield")
    }
    if recipe.totalTime == nil && recipe.prepTime == nil && recipe.cookTime == nil,
      other.totalTime != nil || other.prepTime != nil || other.cookTime != nil
    {
      (recipe.prepTime, recipe.cookTime, recipe.totalTime) = (
        other.prepTime, other.cookTime, other.totalTime
      )
      filled.append("times")
    }
    if recipe.nutrition == nil, let nutrition = other.nutrition {
      recipe.nutrition = nutrition
      filled.append("nutrition")
    }
    return filled
  }
}

/// The one string helper of ``SchemaOrg`` this module needs, without widening its API.
enum SchemaOrgText {
  static func string(_ value: Any?) -> String? {
    switch value {
    case let text as String: return text.trimmingCharacters(in: .whitespacesAndNewlines)
    case let array as [Any]: return array.lazy.compactMap { string($0) }.first
    case let object as [String: Any]: return string(object["@value"] ?? object["name"])
    default: return nil
    }
  }

  /// Every string of a value that is a string or an array of them (`@type`, say).
  static func strings(_ value: Any?) -> [String] {
    if let text = value as? String { return [text] }
    return (value as? [Any])?.compactMap { $0 as? String } ?? []
  }
}
