import Foundation
import LarderCore

/// Finds a recipe in a page without structured data, the way a reader would: a title, an
/// "Ingredients" heading with a list after it, a "Method" heading with steps after it.
///
/// Headings are recognised in English, German, French, Spanish, Portuguese, Italian, Dutch,
/// Scandinavian and Polish; when no heading matches, lists whose `class` or `id` says
/// "ingredient" or "instruction" are used.
struct HeuristicRecipe {
  let document: MarkupDocument
  let page: PageFacts
  /// Whether a comment thread counts as content: for a forum, whose recipe is in its first
  /// post, once a page read without the thread holds none.
  var commentsAreContent = false

  /// The words that name page furniture, comment threads left out when they are content.
  private var furniture: [String] {
    commentsAreContent
      ? Self.furnitureWords.filter { $0 != "comment" && $0 != "comments" } : Self.furnitureWords
  }

  /// The most elements looked at after a heading before giving up on finding its content.
  static let maximumScan = 4000
  /// The most elements looked at, from the top of the page; a recipe is never further down a
  /// page than this.
  static let maximumElements = 200_000
  /// The most headings of one kind whose content is read; a page with more is not a recipe
  /// page anyone wrote by hand.
  static let maximumHeadings = 50
  /// The most lines taken for ingredients or steps.
  static let maximumLines = 300

  static let ingredientWords = [
    "ingredients", "ingredient list", "ingredient", "what you need", "what you'll need",
    "shopping list", "einkaufsliste", "liste de courses", "lista de la compra",
    "lista della spesa", "boodschappenlijst", "indkobsliste", "handleliste", "inkopslista",
    "lista zakupow",
    "you will need", "you'll need", "du skal bruge", "det skal du bruge", "du trenger",
    "dette trenger du", "du behöver", "det här behöver du", "das brauchst du", "du brauchst",
    "il vous faut", "wat heb je nodig", "je hebt nodig", "tarvitset", "zutaten", "ingredients",
    "ingredientes", "ingredienti",
    "ingredienten", "ingrediënten", "ingredienser", "ingredienset", "skladniki", "ainekset",
    "ingrediente", "ingrédients", "hozzavalok", "suroviny", "sestavine", "benodigdheden",
    "sastojci", "malzemeler", "ingredientai", "sastavdalas", "ингредиенты", "інгредієнти",
    "складники", "υλικα", "材料", "מצרכים", "רכיבים", "המצרכים",
  ].map(fold)
  static let instructionWords = [
    "instructions", "instruction", "method", "methods", "directions", "direction",
    "preparation", "steps", "how to make it", "how to make", "how to prepare", "procedure",
    "what you do", "what to do", "come preparare", "come si prepara", "comment preparer",
    "como preparar", "como fazer", "hoe maak je", "jak przygotowac", "wie man",
    "zubereitung", "anleitung", "zubereitungsschritte", "preparation", "etapes",
    "etapes de preparation", "deroulement", "preparacion", "elaboracion", "instrucciones",
    "pasos", "modo de preparo", "modo de preparacao", "preparo", "preparazione", "procedimento",
    "bereiding", "bereidingswijze", "werkwijze", "fremgangsmate", "tilberedning",
    "gor sa har", "przygotowanie", "sposob przygotowania", "valmistus", "valmistusohje",
    "fremgangsmade", "sadan gor du", "slik gjor du", "slik gjør du", "wykonanie", "elkeszites",
    "nain valmistat", "nain teet",
    "postup", "postopek", "priprema",
    "yapilisi", "hazirlanisi", "приготовление", "εκτελεση", "οδηγιες", "作り方",
    "modo de fazer", "modo de preparacion", "mode operatoire", "zo maak je het",
    "mod de preparare", "preparare", "postup pripravy", "preparacao", "preparacio",
    "elaboracio", "so geht's", "so geht es", "so wird's gemacht", "приготування",
    "спосіб приготування", "אופן ההכנה", "הוראות הכנה", "הכנה",
  ].map(fold)
  private static let stopWords = [
    "notes", "note", "nutrition", "tips", "tip", "tipp", "astuce", "consejo", "dica", "comments",
    "porady", "porada",
    "truco", "trucos", "trucco", "trucchi", "similar recipes", "hasonlo receptek",
    "ahnliche rezepte", "recettes similaires", "recetas similares", "ricette simili",
    "vergelijkbare recepten", "lignende opskrifter", "liknande recept", "podobne przepisy",
    "reviews", "related", "you may also like",
    "more recipes", "share", "video", "equipment", "tools", "hinweise", "tipps", "astuces",
    "sponsor",
    "sponsors", "advertisement", "newsletter", "popular", "trending", "you might also like",
    "notas", "anmerkungen", "remarques", "opmerkingen", "uwagi", "notatki", "noter",
    "anteckningar", "merknader", "huomautukset", "poznámky", "megjegyzések", "notlar",
    "примечания", "σημειώσεις",
    "consigli", "consejos", "conseils", "dicas", "sfaturi", "wskazówki", "tipy", "vinkit",
    "tippek", "ipuçları", "советы", "συμβουλές", "il consiglio", "consiglio",
    "comentarios", "commentaires", "commenti", "kommentare", "reacties", "komentarze",
    "kommentarer", "kommentit", "hozzászólások", "yorumlar", "komentáře", "comentaris",
    "komentari", "comentarii", "комментарии", "σχόλια",
    "utensils", "ustensiles", "utensili", "utensilios", "utensílios", "küchengeräte",
    "utensilien", "zubehör", "materiaal", "redskaber", "redskap", "sprzęt",
    "keukengerei", "keukenspullen", "nutrition facts", "nährwerte", "nährwertangaben",
    "valeurs nutritionnelles",
    "valori nutrizionali", "información nutricional", "valores nutricionales",
    "informação nutricional", "voedingswaarde", "voedingswaarden", "näringsvärde",
    "næringsinnhold", "næringsindhold", "wartości odżywcze", "tápérték", "nutriční hodnoty",
    "besin değerleri", "ravintoarvot", "пищевая ценность", "διατροφική αξία", "栄養成分",
  ].map(fold)

  /// Lowercased, without accents, trailing colons or surrounding spaces.
  static func fold(_ text: String) -> String {
    // Most text is ASCII, where lowercasing is all folding does and Foundation's is slow.
    let folded =
      text.utf8.allSatisfy { $0 < 0x80 }
      ? text.lowercased()
      : Self.foldingLetters(
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
          .replacingOccurrences(of: "’", with: "'"))
    return folded.trimmingCharacters(in: Self.foldTrimmed)
  }

  /// Letters that diacritic folding leaves alone ("Składniki", "Fremgangsmåte" folds, "ł" and
  /// "ø" do not), written as the plain letters readers type.
  private static func foldingLetters(_ text: String) -> String {
    guard text.contains(where: { "łøæœßđı".contains($0) }) else { return text }
    var result = ""
    for character in text {
      switch character {
      case "ł": result.append("l")
      case "ø": result.append("o")
      case "æ": result.append("ae")
      case "œ": result.append("oe")
      case "ß": result.append("ss")
      case "đ": result.append("d")
      case "ı": result.append("i")
      default: result.append(character)
      }
    }
    return result
  }

  private static let foldTrimmed = CharacterSet.whitespacesAndNewlines.union([":", "."])

  /// The recipe, or nil when the page has no list of ingredients (or only one line and no
  /// steps). A recipe without steps only fills gaps in a structured one: on its own, an
  /// "Ingredients" list is as likely a product label as a recipe.
  func recipe() -> Recipe? {
    guard let root = document.root else { return nil }
    let elements = Array(root.descendants(includingSelf: true).prefix(Self.maximumElements))
    // Short texts that could be headings, read once for both searches.
    let headings = elements.indices.compactMap { index in
      headingText(elements[index]).map { (index, $0) }
    }
    var (ingredients, ingredientHeading) = findSectionAndHeading(
      Self.ingredientWords, headings: headings, in: elements)
    var (steps, stepsHeading) = findSectionAndHeading(
      Self.instructionWords, headings: headings, in: elements)
    // The bold line above groups found without a heading, which may name the recipe.
    var boldName: String?
    // The heading over groups that are headings over lists, which names the recipe.
    var headedName: String?
    // Where groups found without a heading start: a recipe's heading may come shortly before.
    var groupsStart: Int?
    if ingredients.isEmpty, let stepsHeading {
      let before = groupsBefore(elements[stepsHeading])
      ingredients = before.sections
      groupsStart = before.first.flatMap { elements.firstIndex(of: $0) }
      if ingredients.isEmpty {
        (ingredients, boldName) = lineGroupsBefore(elements[stepsHeading])
      }
      // A table or list right before the method's heading, under no heading of its own (a
      // newspaper's fact box: its title, the servings, the table, "Slik gjør du:").
      // (Read from the element before it in document order, unless that is its own box, whose
      // subtree the reading would pass over.)
      if ingredients.isEmpty, let list = listBefore(elements[stepsHeading]),
        let at = elements.firstIndex(of: list), at > 0, elements[at - 1] != list.parent
      {
        ingredients = content(after: at - 1, heading: elements[at - 1], in: elements)
        groupsStart = at
      }
    }
    // A post with neither heading: groups named "Для теста:" over their lists, and steps
    // numbered in their paragraphs ("Шаг 1.", "Шаг 2.").
    if ingredients.isEmpty {
      let labelled = labelledGroups(in: elements)
      (ingredients, boldName) = (labelled.sections, labelled.name)
      groupsStart = labelled.first.flatMap { elements.firstIndex(of: $0) }
      if steps.isEmpty { steps = labelled.steps }
    }
    // A post with no section headings at all: each group its own heading over a list, the
    // ingredients' lists of amounts first, the method's numbered lists after.
    if ingredients.isEmpty {
      let headed = headedLists(in: elements)
      if !headed.ingredients.isEmpty {
        ingredients = headed.ingredients
        if steps.isEmpty { steps = headed.steps }
        groupsStart = headed.first
        headedName = headed.name
      }
    }
    if steps.isEmpty, !ingredients.isEmpty { steps = numberedParagraphs(in: elements) }
    if ingredients.isEmpty {
      ingredients = sectionByClass(["ingredient", "zutat"], in: elements)
    }
    // A post under the dish's name: a list of amounts, then the method as paragraphs.
    if ingredients.isEmpty, steps.isEmpty, let post = listAndParagraphsUnderAName(in: elements) {
      ingredients = [Section(title: nil, lines: post.lines)]
      steps = [Section(title: nil, lines: post.steps)]
      headedName = post.name
    }
    if steps.isEmpty {
      steps = sectionByClass(
        ["instruction", "direction", "method", "preparation", "step", "zubereitung"],
        in: elements)
    }
    let lineCount = ingredients.reduce(0) { $0 + $1.lines.count }
    guard lineCount > 0, !steps.isEmpty || lineCount >= 2 else { return nil }
    // Where the ingredients start: the first element named for them (a recipe card's), else
    // their heading (a story's own "Ingredients" may come before the card).
    let namedStart = elements.firstIndex { element in
      !["li", "span", "a", "input", "label"].contains(element.name)
        && (element.classOrIDContains("ingredient") || element.classOrIDContains("zutat"))
    }
    let labelledName: String? = boldName.map { PageFacts.withoutRecipeLabel($0, after: false) }
      .flatMap { sharesAWordWithTheTitle($0) ? $0 : nil }
    let headingName: String? = headedName.flatMap { $0.isEmpty || $0.count > 80 ? nil : $0 }
    guard
      let name = labelledName ?? headingName
        ?? namedStart.flatMap({ recipeHeading(before: $0, in: elements) })
        ?? ingredientHeading.flatMap({ recipeHeading(before: $0, in: elements) })
        ?? groupsStart.flatMap({ recipeHeading(before: $0, in: elements) })
        ?? headingUnderAGenericTitle(in: elements)
        ?? page.title
    else { return nil }
    var recipe = Recipe(name: name)
    recipe.description = page.description
    recipe.ingredientSections = Self.splittingGroupNames(ingredients).map {
      IngredientSection(title: $0.title, lines: $0.lines.map { IngredientLine(text: $0) })
    }
    if let last = steps.indices.last {
      steps[last].lines = Self.withoutSignOff(steps[last].lines)
      if steps[last].lines.isEmpty { steps.removeLast() }
    }
    let counted = Self.withoutCounters(steps.flatMap(\.lines))
    var position = 0
    recipe.instructionSections = steps.map { section in
      let lines = counted[position..<(position + section.lines.count)]
      position += section.lines.count
      return InstructionSection(
        title: section.title, steps: lines.map { InstructionStep(text: $0) })
    }
    let labels = shortLabels(in: elements)
    recipe.yield = findYield(in: labels)
    recipe.author = page.author
    // The photo a thumbnail links to, beside the page's declared image: the larger is
    // ranked first, the declared one on a tie.
    if let image = linkedPhoto(in: elements) {
      recipe.images = (page.image.map { [$0] } ?? []) + [page.resolve(image)]
    } else if page.image == nil, let image = largePhoto(in: elements) {
      recipe.images = [page.resolve(image)]
    }
    findTimes(in: labels, into: &recipe)
    return try? recipe.validated()
  }

  /// The page's ingredients as the groups a recipe plugin's ingredient container shows ("For
  /// the filling", "For the streusel"): an element whose class or id names "ingredient",
  /// holding list items and headings between them (WP Recipe Maker, Tasty Recipes, Mediavine
  /// Create and the like). For a structured recipe whose list has lost them; empty when the
  /// container shows fewer than two titled groups. Groups without such a container are found
  /// from the recipe's own lines (``groupTitles(of:recipeName:key:)``).
  func ingredientGroups() -> [Section] {
    guard let root = document.root else { return [] }
    let groups = Self.splittingGroupNames(groupsInIngredientContainer(root))
    let isGrouped =
      groups.count >= 2 && groups.filter { $0.title != nil }.count >= groups.count - 1
    return isGrouped ? groups : []
  }

  /// The group each of a structured recipe's lines sits under on the page, found from the
  /// lines themselves: where the page shows them in order (at least 80% of them, compared by
  /// `key`), the group names between them ("<h3>Pour la viande</h3>", a table's caption or a
  /// row with one header cell, a bold line, "Filling:") title the lines after them. One title
  /// (nil before the first name) per line; nil when the lines are not found in order, when
  /// they make one group, or when a name heads two groups.
  func groupTitles(of lines: [String], recipeName: String, key: (String) -> String) -> [String?]? {
    guard let root = document.root, lines.count >= 2 else { return nil }
    let keys = lines.map(key)
    let wanted = Set(keys.filter { !$0.isEmpty })
    let shortest = wanted.map(\.count).min() ?? 0
    let longest = wanted.map(\.count).max() ?? 0
    // What the page shows, in order, with the index of the element it was read from: a line
    // (its key), a group's name (nil for a section's own heading), or a short text that may
    // name a group, looked at (``groupName(_:text:)``) only where it lies between lines.
    enum Mark {
      case line(String)
      case name(String?)
      case candidate(MarkupNode, String)
    }
    var marks: [(mark: Mark, at: Int)] = []
    var at = 0
    func nameMark(_ text: String) -> Mark? {
      let name = text.trimmingCharacters(in: .whitespaces.union([":", "\u{A0}"]))
      guard !name.isEmpty, name.count <= 60, !name.contains(". ") else { return nil }
      // The recipe's own name over its card is not a group's.
      if key(name) == key(recipeName) { return .name(nil) }
      let folded = Self.fold(name)
      // "Ingredients", "Method", "Notes": a section's own heading, under which no group is named.
      if Self.matches(folded, Self.ingredientWords) || Self.matches(folded, Self.instructionWords)
        || Self.mentions(folded, Self.stopWords)
      {
        return .name(nil)
      }
      return .name(name)
    }
    // A line read from inside a short element already marked ("<li><span>peper en
    // zout</span><a>Bekijk producten</a></li>"): that element was the line's, not a name.
    func markLine(_ shown: String, node: MarkupNode) {
      while case .candidate(let holder, _)? = marks.last?.mark {
        var ancestor = node.parent
        var holds = false
        for _ in 0..<6 {
          guard let current = ancestor else { break }
          if current == holder {
            holds = true
            break
          }
          ancestor = current.parent
        }
        guard holds else { break }
        marks.removeLast()
      }
      marks.append((.line(shown), at))
    }
    root.walk { node, _ in
      guard node.isElement, marks.count < Self.maximumLines * 40 else { return false }
      at += 1
      let name = node.name
      if MarkupNode.invisible.contains(name) || ["nav", "footer", "form", "select"].contains(name),
        !Self.isPageForm(node)
      {
        return false
      }
      if Self.holdsNoLine.contains(name) { return false }
      // Lines typed into one block, each after a "<br>" or on a line of a "<pre>".
      if name == "pre"
        || (Self.breakBlocks.contains(name)
          && node.elementChildren.contains(where: { $0.name == "br" })
          && !node.elementChildren.contains(where: {
            $0.name != "br" && MarkupNode.blocks.contains($0.name)
          })),
        node.hasAtMost(300)
      {
        let bold = node.elementChildren.first.flatMap {
          ["b", "strong"].contains($0.name) ? $0 : nil
        }
        for (index, line) in node.textWithLineBreaks.components(separatedBy: "\n").enumerated() {
          if wanted.contains(key(line)) {
            marks.append((.line(key(line)), at))
          } else if line.hasSuffix(":")
            || (index == 0 && bold.map { MarkupNode.collapse($0.text) == line } == true),
            let mark = nameMark(line)
          {
            marks.append((mark, at))
          }
        }
        return false
      }
      guard node.hasAtMost(40) else { return true }
      let text = node.text
      let length = text.count
      // A line's text holds at least its key's letters, and a little more than them.
      if length >= shortest, length <= longest * 2 + 40 {
        if wanted.contains(key(text)) {
          markLine(key(text), node: node)
          return false
        }
        // "<span>1</span><span>cup</span>": the cells of a line touch in the markup.
        let separated = key(node.textSeparatingElements)
        if separated != key(text), wanted.contains(separated) {
          markLine(separated, node: node)
          return false
        }
        // "<dt>250 g</dt><dd>hvedemel</dd>": the term and its description are one line.
        if name == "dt", let siblings = node.parent?.elementChildren,
          let index = siblings.firstIndex(of: node), index + 1 < siblings.count,
          case let description = siblings[index + 1], description.name == "dd",
          wanted.contains(key(text + " " + description.text))
        {
          marks.append((.line(key(text + " " + description.text)), at))
          return false
        }
      }
      if length > 0, length <= 60 { marks.append((.candidate(node, text), at)) }
      return true
    }
    // The lines matched in order from each place the first ones are shown; the most matched,
    // then the closest together, wins.
    let starts = marks.indices.filter { index in
      if case .line(let shown) = marks[index].mark { return keys.prefix(3).contains(shown) }
      return false
    }.prefix(8)
    var best: [Int?] = []
    var bestCount = 0
    var bestSpan = Int.max
    for start in starts {
      var found: [Int?] = []
      var cursor = start
      for lineKey in keys {
        let next = marks[cursor...].firstIndex { mark in
          if case .line(let shown) = mark.mark { return shown == lineKey }
          return false
        }
        found.append(next)
        if let next { cursor = next + 1 }
      }
      let matched = found.compactMap { $0 }
      guard let first = matched.first, let last = matched.last else { continue }
      let span = last - first
      if matched.count > bestCount || (matched.count == bestCount && span < bestSpan) {
        best = found
        bestCount = matched.count
        bestSpan = span
      }
    }
    guard bestCount * 5 >= keys.count * 4, let first = best.compactMap({ $0 }).first else {
      return nil
    }
    // What a mark between lines says: a name, a section's heading (nil), or nothing.
    func named(_ mark: Mark) -> String?? {
      switch mark {
      case .line: return .none
      case .name(let name): return .some(name)
      case .candidate(let node, let text):
        return groupName(node, text: text, everyLineShown: bestCount == keys.count)
          .flatMap { nameMark($0) }.map { mark -> String? in
            if case .name(let name) = mark { return name }
            return nil
          }
      }
    }
    // A name just before the first line (within a table's header or a heading's wrapper) titles
    // the first group.
    var title: String?
    for index in marks[..<first].indices.reversed() {
      guard marks[first].at - marks[index].at <= 30 else { break }
      if let name = named(marks[index].mark) {
        title = name
        break
      }
    }
    var titles: [String?] = []
    var previous = first
    for position in best {
      if let position {
        for index in previous..<position {
          if let name = named(marks[index].mark) { title = name }
        }
        previous = position
      }
      titles.append(title)
    }
    let named = Set(titles.compactMap { $0 })
    var groups = 0
    for (index, title) in titles.enumerated() where index == 0 || title != titles[index - 1] {
      groups += 1
    }
    guard groups >= 2, groups == named.count + (titles[0] == nil ? 1 : 0) else { return nil }
    return titles
  }

  /// The text of a short element that is no ingredient line, when it is set as a group's name:
  /// a heading, a table's caption or a row's only header cell, a bold or "group-name" element,
  /// an item or paragraph ending in a colon, a `<dt>` over descriptions; or, when
  /// `everyLineShown`, any list item without digits ("<li>For the streusel</li>"), which might
  /// otherwise be a line the recipe words differently. Nil for anything else.
  private func groupName(_ node: MarkupNode, text: String, everyLineShown: Bool) -> String? {
    let name = node.name
    guard !node.descendants().contains(where: { $0.name == "li" }) else { return nil }
    let isOnlyCell = name == "th" && node.parent.map { $0.elementChildren.count == 1 } == true
    if Self.headingLevel(name) != nil || name == "caption" || isOnlyCell
      || (name != "a" && node.hasAtMost(8) && !text.contains(where: \.isNumber)
        && (Self.isBoldOnly(node)
          || Self.groupHeadingClasses.contains { node.classOrIDContains($0) }))
      || (["li", "p", "dt"].contains(name) && text.hasSuffix(":"))
      // "<dt>per condire</dt><dd>…</dd>": a term over descriptions that are the lines.
      || (name == "dt" && node.parent?.elementChildren.contains { $0.name == "dd" } == true)
    {
      return text
    }
    if everyLineShown, name == "li", !text.contains(where: \.isNumber),
      !node.elementChildren.contains(where: { ["ul", "ol"].contains($0.name) })
    {
      return text
    }
    return nil
  }

  /// Elements that hold no ingredient line or group name of their own (``groupTitles(of:recipeName:key:)``).
  private static let holdsNoLine: Set<String> = [
    "img", "svg", "path", "picture", "source", "video", "audio", "iframe", "input", "button",
    "meta", "link", "br", "hr", "wbr", "use", "g", "circle", "rect", "polygon", "textarea",
  ]

  /// Blocks whose lines a page may type with `<br>` between them.
  private static let breakBlocks: Set<String> = [
    "p", "div", "td", "span", "font", "blockquote", "li", "dd", "section", "article", "center",
  ]

  /// Class names that mark a group's heading inside an ingredient container.
  private static let groupHeadingClasses = [
    "group-name", "group-title", "groupname", "section-title", "subheading", "sub-heading",
    "subtitle", "heading", "header",
  ]

  /// The groups of the ingredient container with the most list items.
  private func groupsInIngredientContainer(_ root: MarkupNode) -> [Section] {
    var containers: [MarkupNode] = []
    root.walk { node, _ in
      guard node.isElement, containers.count < Self.maximumHeadings else { return false }
      // One group of a plugin's list ("wprm-recipe-ingredient-group") is not the container;
      // a container may name its groups ("field-ingredient-groups").
      guard node.classOrIDContains("ingredient"),
        !node.tokens("class").contains(where: { $0.lowercased().hasSuffix("ingredient-group") }),
        !["li", "span", "a", "label", "input"].contains(node.name)
      else { return true }
      // A container's inner lists are read with it, not again on their own.
      containers.append(node)
      return false
    }
    var best: [Section] = []
    var bestCount = 0
    for element in containers {
      var sections: [Section] = []
      var current = Section(title: nil, lines: [])
      var count = 0
      var ended = false
      element.walk { node, _ in
        guard node.isElement, count < Self.maximumLines, !ended else { return false }
        let name = node.name
        let isRow = name == "tr" && node.elementChildren.contains { $0.name == "td" }
        if name == "li" || isRow || Self.isIngredientItem(node) {
          // A row's cells, but not a shop's offer beside the ingredient (a product, its price).
          let line = Self.cleanLine(
            isRow
              ? node.elementChildren.filter { !Self.isShopCell($0) }.map(\.textWithoutButtons)
                .joined(separator: " ")
              : Self.textWithoutOffers(node))
          if !line.isEmpty {
            current.lines.append(line)
            count += 1
          }
          return false
        }
        let looksLikeHeading =
          Self.headingLevel(name) != nil || name == "caption"
          || Self.groupHeadingClasses.contains { node.classOrIDContains($0) }
          || (["p", "strong", "b"].contains(name) && node.hasAtMost(8))
        guard looksLikeHeading, node.hasAtMost(32),
          !node.descendants().contains(where: { $0.name == "li" })
        else { return true }
        let text = node.text.trimmingCharacters(in: .whitespaces)
        let folded = Self.fold(text)
        guard !text.isEmpty, text.count <= 60, !text.contains(". "),
          !Self.matches(folded, Self.ingredientWords)
        else { return false }
        // "Equipment", "Notes": what follows is not an ingredient.
        if Self.mentions(folded, Self.stopWords) {
          ended = true
          return false
        }
        if !current.lines.isEmpty || current.title != nil { sections.append(current) }
        current = Section(title: text.trimmingCharacters(in: [":", " "]), lines: [])
        return false
      }
      if !current.lines.isEmpty { sections.append(current) }
      sections = sections.filter { !$0.lines.isEmpty }
      if count > bestCount {
        best = sections
        bestCount = count
      }
    }
    return best
  }

  /// The photo the page's content shows, for a recipe that names none on a page that declares
  /// none: the full-size photo a picture links to, else the first large picture.
  func contentPhoto() -> String? {
    guard let root = document.root else { return nil }
    let elements = Array(root.descendants(includingSelf: true).prefix(Self.maximumElements))
    return (linkedPhoto(in: elements) ?? largePhoto(in: elements) ?? attachedPhoto(in: elements))
      .map(page.resolve)
  }

  /// The full-size photo a picture in the page's content links to ("<a href="big.jpg"><img
  /// src="small.jpg"></a>"), the way pages without a declared image show their dish.
  private func linkedPhoto(in elements: [MarkupNode]) -> String? {
    for element in elements where element.name == "a" {
      // (A lightbox's link may also hold the file's name, size and icons beside the picture.)
      guard let link = element.attribute("href"), element.hasAtMost(40),
        element.elementChildren.contains(where: { $0.name == "img" })
      else { continue }
      // A link to a picture file, or one a lightbox opens ("<a rel="Lightbox_812204"
      // href="attachment.php?attachmentid=48213">"), which a forum's attachment is.
      let opensInLightbox = ["lightbox", "fancybox", "photoswipe"].contains { word in
        (element.attribute("rel") ?? "").lowercased().contains(word)
          || element.classOrIDContains(word)
      }
      let opensNothing = link.hasPrefix("#") || link.lowercased().hasPrefix("javascript:")
      guard PhotoRenditions.isPictureFile(link) || (opensInLightbox && !opensNothing),
        !Self.isInPageFurniture(element)
      else {
        continue
      }
      return link
    }
    return nil
  }

  /// A picture a post shows under its file's name ("<img src="download/file.php?id=4412"
  /// alt="goulash_pot.jpg">", as forums show attachments), not an avatar or a smiley.
  private func attachedPhoto(in elements: [MarkupNode]) -> String? {
    for element in elements where element.name == "img" {
      guard let source = element.attribute("src"), !source.hasPrefix("data:"),
        [element.attribute("alt"), element.attribute("title")].contains(where: { text in
          text.map {
            PhotoRenditions.isPictureFile($0.split(separator: " ").first.map(String.init) ?? "")
          } == true
        }),
        !["avatar", "smil", "emoji", "icon", "rank"].contains(where: element.classOrIDContains),
        !Self.isInPageFurniture(element)
      else { continue }
      // A thumbnail's link to the same script at full size ("file.php?id=21874&mode=view").
      let path = { (address: String) in address.split(separator: "?").first.map(String.init) }
      if let link = element.parent.flatMap({ $0.name == "a" ? $0 : $0.parent })
        .flatMap({ $0.name == "a" ? $0.attribute("href") : nil }),
        path(link) == path(source)
      {
        return link
      }
      return source
    }
    return nil
  }

  /// The first picture in the page's content that says it is large (at least 300 × 200), for
  /// a page that declares no image and links to none.
  private func largePhoto(in elements: [MarkupNode]) -> String? {
    for element in elements where element.name == "img" {
      guard let width = element.attribute("width").flatMap({ Int($0) }),
        let height = element.attribute("height").flatMap({ Int($0) }), width >= 300,
        height >= 200
      else { continue }
      let source = element.attribute("data-src") ?? element.attribute("src") ?? ""
      guard !source.isEmpty, !source.hasPrefix("data:"), !Self.isInPageFurniture(element) else {
        continue
      }
      return source
    }
    return nil
  }

  /// An ingredient item's text without a shop's offer inside it: elements named for a
  /// product, price, basket or cart (a link only when named as a badge, cart or price), and a
  /// last link that sells it after a dash ("— shop ours").
  static func textWithoutOffers(_ item: MarkupNode) -> String {
    // (A link may be the ingredient's own name, so a link is an offer only when its class
    // says so more plainly than "product": "product-badge", "add-to-cart".)
    func isOffer(_ node: MarkupNode) -> Bool {
      guard node.isElement else { return false }
      if node.name == "a" {
        return ["badge", "cart", "basket", "price", "buy"].contains(where: {
          node.classOrIDContains($0)
        })
      }
      return Self.offerWords.contains(where: { node.classOrIDContains($0) })
    }
    // "2 tsp berbere blend — <a>shop ours</a>": a dash and a link that sells it, last (or a
    // link that points on, "<span><a>Shop it →</a></span>").
    if let wrapper = item.elementChildren.last,
      case let last = wrapper.name == "span" && wrapper.elementChildren.count == 1
        ? wrapper.elementChildren[0] : wrapper,
      last.name == "a",
      case let link = MarkupNode.collapse(last.text).lowercased(),
      link.count <= 24, Self.shopCalls.contains(where: link.hasPrefix),
      case let text = MarkupNode.collapse(item.textWithoutButtons),
      text.hasSuffix(MarkupNode.collapse(last.text))
    {
      let before = text.dropLast(MarkupNode.collapse(last.text).count)
        .trimmingCharacters(in: .whitespaces)
      for dash in ["—", "–", "-", "|"] where before.hasSuffix(dash) {
        return String(before.dropLast()).trimmingCharacters(in: .whitespaces)
      }
      if ["→", "›", "»"].contains(where: link.hasSuffix), !before.isEmpty { return before }
    }
    guard item.descendants().contains(where: isOffer) else { return item.textWithoutButtons }
    var pieces: [String] = []
    func visit(_ node: MarkupNode) {
      for child in node.children {
        if child.isText {
          pieces.append(child.ownText)
        } else if !isOffer(child), !MarkupNode.invisible.contains(child.name),
          child.name != "button"
        {
          pieces.append(" ")
          visit(child)
          pieces.append(" ")
        }
      }
    }
    visit(item)
    return MarkupNode.collapse(pieces.joined())
  }

  /// How a link that sells an ingredient opens, lowercased ("shop ours", "buy now", "kaufen").
  private static let shopCalls = [
    "shop", "buy", "order", "get it", "kaufen", "acheter", "comprar", "compra", "köp", "kjøp",
    "køb", "kopen", "bestel", "kup",
  ]

  /// Words of class names that mark a shop's offer inside an ingredient's item.
  private static let offerWords = ["product", "price", "offer", "basket", "cart"]
  /// What a whole cell may be named for besides an offer: "prod" (which also covers
  /// "product"), buying, the shop.
  private static let shopCellWords = offerWords + ["prod", "buy", "shop"]
  /// What a cell may hold that only a shop's offer does (an ingredient's own cell may link
  /// to a product).
  private static let shopContentWords = ["price", "basket", "cart"]

  /// A table cell that offers something to buy: named for a product, price, basket or cart,
  /// or holding a price or a basket.
  private static func isShopCell(_ cell: MarkupNode) -> Bool {
    if shopCellWords.contains(where: { cell.classOrIDContains($0) }) { return true }
    return cell.descendants().contains { node in
      node.isElement && shopContentWords.contains(where: { node.classOrIDContains($0) })
    }
  }

  /// Words of class names that mark an ingredient group or its title, in several languages.
  private static let groupClassWords = [
    "group", "grup", "groep", "title", "titol", "titul", "titel", "header", "heading",
  ]

  /// One line of an ingredient list built without `<li>`: an element named for an ingredient
  /// and repeated beside its likes (`<div class="card-ingredient">`…), that is not a list of
  /// such elements itself nor a group's heading.
  private static func isIngredientItem(_ node: MarkupNode) -> Bool {
    guard ["div", "p", "tr", "dd", "label"].contains(node.name),
      node.classOrIDContains("ingredient"),
      let itemClass = node.attribute("class"), let parent = node.parent, node.hasAtMost(40)
    else { return false }
    let lowered = itemClass.lowercased()
    // A group ("ingredienti-gruppo", "zutaten-gruppe", "grupo") or its title is not a line,
    // nor is an element holding a list or a heading.
    guard !Self.groupClassWords.contains(where: lowered.contains),
      parent.elementChildren.filter({ $0.attribute("class") == itemClass }).count >= 2,
      !node.descendants().contains(where: { headingLevel($0.name) != nil || $0.name == "li" })
    else { return false }
    let children = node.elementChildren
    return !children.contains { child in
      guard let childClass = child.attribute("class"), child.classOrIDContains("ingredient")
      else { return false }
      return children.filter { $0.attribute("class") == childClass }.count >= 2
    }
  }

  /// Sections with bare group names among their lines ("Topping" before "3 apples", "Pâte"
  /// before "250 g de farine") cut at them, each name titling the lines after it, as
  /// `SchemaOrg.groupHeadings(in:)` tells them.
  static func splittingGroupNames(_ sections: [Section]) -> [Section] {
    var result: [Section] = []
    for section in sections {
      let headings = SchemaOrg.groupHeadings(in: section.lines)
      guard !headings.isEmpty else {
        result.append(section)
        continue
      }
      var current = Section(title: section.title, lines: [])
      for (index, line) in section.lines.enumerated() {
        if headings.contains(index) {
          if !current.lines.isEmpty { result.append(current) }
          current = Section(
            title: line.trimmingCharacters(in: .whitespaces.union([":"])), lines: [])
        } else {
          current.lines.append(line)
        }
      }
      result.append(current)
    }
    return result.filter { !$0.lines.isEmpty }
  }

  /// Lines under one title.
  struct Section {
    var title: String?
    var lines: [String]
  }

  /// Whether `node` reads as a short heading; returns its folded text.
  private func headingText(_ node: MarkupNode) -> String? {
    let name = node.name
    let isHeading = ["h1", "h2", "h3", "h4", "h5", "h6"].contains(name)
    if !isHeading {
      guard
        [
          "strong", "b", "p", "div", "span", "dt", "th", "td", "legend", "summary", "header",
          "label", "button", "em", "u", "font",
        ].contains(name)
      else { return nil }
      // Only elements with little inside, so computing their text stays cheap.
      let children = node.children
      guard children.count <= 4,
        children.allSatisfy({
          $0.isText
            || ["span", "strong", "b", "em", "i", "u", "a", "img", "svg", "font"].contains($0.name)
        })
      else { return nil }
    }
    // A heading left open can swallow the page; reading its text each time would be slow.
    guard node.hasAtMost(64) else { return nil }
    let text = node.text
    guard !text.isEmpty, text.count <= 60 else { return nil }
    return Self.fold(text)
  }

  private static func matches(_ folded: String, _ words: [String]) -> Bool {
    words.contains { word in
      guard folded.hasPrefix(word) else { return false }
      let rest = folded.dropFirst(word.count)
      guard let next = rest.first else { return true }
      // "Ingredients for 4", "Zutaten für 2 Personen", "Method (30 min)", but not "Ingredientsx";
      // a remark in brackets may be longer ("Ingrediente (pentru cca 50 de sarmale mici)").
      let remark = rest.trimmingCharacters(in: .whitespaces).first == "("
      return !next.isLetter && rest.count <= (remark ? 50 : 30)
    }
  }

  /// Whether a heading names the section anywhere as whole words ("Gather your ingredients").
  private static func mentions(_ folded: String, _ words: [String]) -> Bool {
    if matches(folded, words) { return true }
    guard folded.count <= 40 else { return false }
    let tokens = folded.split { !($0.isLetter || $0 == "'") }.map(String.init)
    guard !tokens.isEmpty else { return false }
    let present = Set(tokens)
    return words.contains { phrase in
      guard let parts = phraseTokens[phrase], let first = parts.first, present.contains(first)
      else { return false }
      if parts.count == 1 { return true }
      guard parts.count <= tokens.count else { return false }
      return (0...(tokens.count - parts.count)).contains { start in
        tokens[start..<(start + parts.count)].elementsEqual(parts)
      }
    }
  }

  /// Every heading phrase split into words once.
  private static let phraseTokens: [String: [String]] = Dictionary(
    (ingredientWords + instructionWords + stopWords).map {
      ($0, $0.split(separator: " ").map(String.init))
    }, uniquingKeysWith: { first, _ in first })

  /// The lines under the heading that names `words` (ingredients, method) with the most lines
  /// after it, as groups, with that heading's index. Labels with values and a list item's bold
  /// lead-in are not headings; labels side by side over their own lines are one section's
  /// groups.
  private func findSectionAndHeading(
    _ words: [String], headings: [(Int, String)], in elements: [MarkupNode]
  ) -> (sections: [Section], heading: Int?) {
    var best: [Section] = []
    var bestHeading: Int?
    var bestCount = 0
    var tried = 0
    var found: [(index: Int, sections: [Section])] = []
    for (index, folded) in headings where tried < Self.maximumHeadings {
      let element = elements[index]
      // "Ingredient Notes", "Instructions Video": about the section, not the section.
      guard Self.mentions(folded, words), !Self.mentions(folded, Self.stopWords),
        !Self.isInPageFurniture(element, words: furniture)
      else { continue }
      // "<b>Preparation:</b> 30 mins", "<span>Preparazione</span> 1 ora": a label with its
      // value, not a section's heading.
      // "<li><strong>Pantry ingredients.</strong> Honey, soy sauce…</li>": an item's lead-in.
      if let value = element.inlineText,
        element.text.hasSuffix(":") || value.first?.isNumber == true
          || element.parent?.name == "li"
      {
        continue
      }
      tried += 1
      let sections = linesBeside(element) ?? content(after: index, heading: element, in: elements)
      let count = sections.reduce(0) { $0 + $1.lines.count }
      // (A heading read again through its wrapper, "<p><b>Suroviny:</b></p>", counts once.)
      if count > 0,
        !found.contains(where: { $0.sections.flatMap(\.lines) == sections.flatMap(\.lines) })
      {
        found.append((index, sections))
      }
      // A page often has the word in a menu or a jump link; the heading with most content wins.
      if count > bestCount {
        best = sections
        bestHeading = index
        bestCount = count
      }
    }
    // "Składniki na ciasto:", "Składniki na krem:": one section's headings side by side in one
    // block, each over its own lines, are its groups.
    if let bestHeading, found.count >= 2, words == Self.ingredientWords {
      func container(_ index: Int) -> MarkupNode? {
        var block = elements[index]
        while !MarkupNode.blocks.contains(block.name), let parent = block.parent { block = parent }
        return block.parent
      }
      let home = container(bestHeading)
      // (Labels that name what they are for, "Składniki na krem:", not a bare "Ingredients".)
      let together = found.filter { entry in
        let text = MarkupNode.collapse(elements[entry.index].text)
        return container(entry.index) == home && text.hasSuffix(":")
          && text.split(separator: " ").count >= 2
      }
      if home != nil, together.count >= 2, together.contains(where: { $0.index == bestHeading }),
        together.allSatisfy({ $0.sections.count == 1 && $0.sections[0].title == nil })
      {
        return (
          together.map { entry in
            Section(
              title: MarkupNode.collapse(elements[entry.index].text).trimmingCharacters(
                in: .whitespaces.union([":"])),
              lines: entry.sections[0].lines)
          }, together[0].index
        )
      }
    }
    return (best, bestHeading)
  }

  /// Ingredient groups written without an "Ingredients" heading, right before the method's:
  /// paragraphs that each open with a bold group name and give their lines after it
  /// ("<p><strong>For the chickpeas</strong><br>2 tins chickpeas<br>…</p>"), read back from the
  /// method's heading to the first paragraph that is not one.
  private func groupsBefore(_ heading: MarkupNode) -> (sections: [Section], first: MarkupNode?) {
    let block = Self.block(holding: heading, among: ["p", "div"])
    guard let container = block.parent else { return ([], nil) }
    let siblings = container.elementChildren
    guard let at = siblings.firstIndex(of: block) else { return ([], nil) }
    var sections: [Section] = []
    var first: MarkupNode?
    // The lines of a paragraph whose group's name is the bold paragraph above it
    // ("<p><strong>For the chicken:</strong></p><p>2 pounds thighs<br>…</p>").
    var pending: [String]?
    for sibling in siblings[..<at].reversed() {
      let text = sibling.text.trimmingCharacters(in: .whitespaces.union(["\u{A0}"]))
      if text.isEmpty { continue }
      let lines = sibling.textWithLineBreaks.components(separatedBy: "\n").map(Self.cleanLine)
        .filter { !$0.isEmpty }
      guard sibling.name == "p" else { break }
      if let held = pending {
        guard lines.count == 1, lines[0].count <= 60, Self.isBoldOnly(sibling) else { break }
        sections.insert(
          Section(title: lines[0].trimmingCharacters(in: .whitespaces.union([":"])), lines: held),
          at: 0)
        first = sibling
        pending = nil
        continue
      }
      if let bold = sibling.elementChildren.first, ["strong", "b"].contains(bold.name),
        lines.count >= 3, MarkupNode.collapse(bold.text) == lines[0], lines[0].count <= 60
      {
        sections.insert(
          Section(
            title: lines[0].trimmingCharacters(in: .whitespaces.union([":"])),
            lines: Array(lines.dropFirst())), at: 0)
        first = sibling
        continue
      }
      guard sibling.elementChildren.contains(where: { $0.name == "br" }), lines.count >= 2,
        !Self.isBoldOnly(sibling)
      else { break }
      pending = lines
    }
    return (sections, first)
  }

  /// The block (one of `names`) that holds a heading and nothing more, climbed to through
  /// small wrappers ("<p><strong><span>Method</span></strong></p>"); else the last small
  /// wrapper reached.
  private static func block(holding heading: MarkupNode, among names: Set<String>) -> MarkupNode {
    var block = heading
    while !names.contains(block.name) || block.text != heading.text {
      guard let parent = block.parent, parent.hasAtMost(8) else { break }
      block = parent
    }
    return block
  }

  /// The table that is the block before the method's heading, past empty blocks (a list there
  /// is read as a group under its own heading, ``headedLists(in:)``).
  private func listBefore(_ heading: MarkupNode) -> MarkupNode? {
    var block = Self.block(holding: heading, among: MarkupNode.blocks)
    // "<P><FONT><B>Method</B></FONT><FONT><OL>…" left unclosed: the heading opens the
    // paragraph that holds the method too.
    if !MarkupNode.blocks.contains(block.name), let parent = block.parent,
      MarkupNode.blocks.contains(parent.name),
      parent.children.first(where: { !($0.isText && $0.text.allSatisfy(\.isWhitespace)) })
        == block
    {
      block = parent
    }
    guard let siblings = block.parent?.elementChildren, let at = siblings.firstIndex(of: block)
    else { return nil }
    let before = siblings[..<at].last { !$0.text.allSatisfy(\.isWhitespace) }
    // (Or a "<pre>" block of lines, as a newspaper's system sets a recipe's list.)
    return before.flatMap { ["table", "dl", "pre"].contains($0.name) ? $0 : nil }
  }

  /// Groups written as headings over lists, with no "Ingredients" or "Method" heading
  /// ("<h3>For the pastry</h3><ul>…</ul><h3>To finish</h3><ul>…</ul><h3>Make the
  /// pastry</h3><ol>…</ol>"): a run of headings of one level in one block, each followed by its
  /// list, whose unnumbered lists mostly open with amounts (the ingredients) and whose numbered
  /// lists follow them (the steps). `first` is the index of the first group's heading.
  private func headedLists(
    in elements: [MarkupNode]
  )
    -> (ingredients: [Section], steps: [Section], first: Int?, name: String?)
  {
    struct Group {
      var at: Int
      var level: Int
      var parent: MarkupNode?
      var title: String
      var numbered: Bool
      var lines: [String]
      /// The items of a numbered list right after this one's, under no heading of its own.
      var following: [String] = []
    }
    var runs: [[Group]] = []
    var run: [Group] = []
    var looked = 0
    for (index, element) in elements.enumerated() {
      guard let level = Self.headingLevel(element.name), looked < Self.maximumHeadings * 4 else {
        continue
      }
      looked += 1
      let title = MarkupNode.collapse(element.text).trimmingCharacters(in: [":", " ", "#"])
      let parent = element.parent
      // The heading's list: its next element, past empty ones.
      var list: MarkupNode?
      var following: [String] = []
      if let siblings = parent?.elementChildren, let at = siblings.firstIndex(of: element) {
        // (A list by its name, other siblings by a little text: a page left unclosed may nest
        // the rest of itself in the next one.)
        // ("Serves 2 to 3" in italics between a recipe's name and its list is passed over.)
        let next = siblings[(at + 1)...].firstIndex { sibling in
          if ["ul", "ol"].contains(sibling.name) { return true }
          guard sibling.hasAtMost(8) else { return true }
          return !sibling.text.allSatisfy(\.isWhitespace)
            && !(Self.isItalicOnly(sibling) && sibling.text.count <= 40
              && Self.saysServings(MarkupNode.collapse(sibling.text)))
        }
        list = next.map { siblings[$0] }
        // "<h2>Cast-Iron Dutch Baby</h2><ul>…</ul><ol>…</ol>": the method right after the list.
        if let next, next + 1 < siblings.count, siblings[next].name == "ul",
          siblings[next + 1].name == "ol"
        {
          following = Self.itemLines(of: siblings[next + 1])
        }
      }
      let sameRun = run.last.map { $0.level == level && $0.parent == parent } ?? true
      guard let list, ["ul", "ol"].contains(list.name), !title.isEmpty, title.count <= 60,
        !Self.isInPageFurniture(element, words: furniture)
      else {
        if sameRun, !run.isEmpty {
          runs.append(run)
          run = []
        }
        continue
      }
      if !sameRun {
        runs.append(run)
        run = []
      }
      run.append(
        Group(
          at: index, level: level, parent: parent, title: title, numbered: list.name == "ol",
          lines: Self.itemLines(of: list), following: following.count >= 2 ? following : []))
    }
    if !run.isEmpty { runs.append(run) }
    for groups in runs {
      let ingredients = groups.prefix { group in
        !group.numbered && group.lines.filter(Self.opensWithAmount).count * 2 >= group.lines.count
      }
      let steps = groups.dropFirst(ingredients.count).prefix { $0.numbered }
      guard !ingredients.isEmpty else { continue }
      // Two groups or more whose method is a numbered list further on, in a block of its own
      // (a Substack post's second blockquote): that list, named by the heading of a higher
      // level just above the groups.
      if steps.isEmpty, ingredients.count >= 2, let last = ingredients.last,
        let method = elements[(last.at + 1)...].prefix(400).first(where: { element in
          element.name == "ol" && element.elementChildren.filter { $0.name == "li" }.count >= 2
            && !Self.isInPageFurniture(element)
        })
      {
        let lines = Self.itemLines(of: method, text: \.text)
        let first = ingredients[ingredients.startIndex]
        var name: String?
        if let siblings = first.parent?.elementChildren,
          let at = siblings.firstIndex(of: elements[first.at])
        {
          name = siblings[max(0, at - 3)..<at].last { sibling in
            Self.headingLevel(sibling.name).map { $0 < first.level } == true
          }.map { MarkupNode.collapse($0.text) }
        }
        return (
          ingredients.map { Section(title: $0.title, lines: $0.lines) },
          [Section(title: nil, lines: lines)], first.at, name
        )
      }
      if steps.isEmpty {
        // One heading over the ingredients and the method after them: the recipe's name.
        guard ingredients.count == 1, let only = ingredients.first, !only.following.isEmpty,
          only.lines.count >= 3
        else { continue }
        return (
          [Section(title: nil, lines: only.lines)], [Section(title: nil, lines: only.following)],
          only.at, only.title
        )
      }
      return (
        ingredients.map { Section(title: $0.title, lines: $0.lines) },
        steps.map { Section(title: $0.title, lines: $0.lines) }, ingredients.first?.at, nil
      )
    }
    return ([], [], nil, nil)
  }

  /// "<h2>Smoky Gochujang Butter Noodles</h2><p>…</p><ul>(amounts)</ul><p>step</p><p>step</p>":
  /// a heading, at most two paragraphs, a bulleted list most of whose three or more items open
  /// with an amount, and two paragraphs or more after it, all in one block: the name, the
  /// lines and the steps (up to the next element that is not a paragraph, without a sign-off).
  private func listAndParagraphsUnderAName(
    in elements: [MarkupNode]
  ) -> (name: String, lines: [String], steps: [String])? {
    var looked = 0
    for element in elements where Self.headingLevel(element.name) != nil {
      looked += 1
      // (A heading among hundreds of siblings is no post's: not looked into.)
      guard looked <= Self.maximumHeadings, let parent = element.parent,
        parent.children.count <= 400, case let siblings = parent.elementChildren,
        let at = siblings.firstIndex(of: element), !Self.isInPageFurniture(element)
      else { continue }
      let name = MarkupNode.collapse(element.text)
      guard (3...80).contains(name.count),
        let list = siblings[(at + 1)...].prefix(3).first(where: { $0.name == "ul" }),
        let listAt = siblings.firstIndex(of: list),
        siblings[(at + 1)..<listAt].allSatisfy({ $0.name == "p" })
      else { continue }
      let lines = Self.itemLines(of: list)
      let amounts = lines.filter(Self.opensWithAmount)
      guard lines.count >= 3, amounts.count * 3 >= lines.count * 2 else { continue }
      var steps: [String] = []
      for sibling in siblings[(listAt + 1)...] {
        guard sibling.name == "p" else { break }
        let text = Self.cleanLine(sibling.text)
        if !text.isEmpty { steps.append(text) }
      }
      steps = Self.withoutSignOff(steps)
      guard steps.count >= 2 else { continue }
      return (name, lines, steps)
    }
    return nil
  }

  /// Ingredient groups typed as lines of the block that holds the method's heading, each
  /// under a bold name ending in a colon ("<b>Deg:</b><br>75 g smör<br>…<b>Gör så här:</b>"),
  /// read back from the heading to the first line that is neither.
  private func lineGroupsBefore(_ heading: MarkupNode) -> (sections: [Section], name: String?) {
    var block = heading
    // (Up to the block that holds the lines: a forum's "<span class="postbody">" of lines
    // and "<br>"s is one, inside its cell.)
    while let parent = block.parent,
      !["div", "td", "p", "article", "section"].contains(block.name),
      block == heading || !block.elementChildren.contains(where: { $0.name == "br" })
    {
      block = parent
    }
    // "<div><b>Sådan gør du:</b></div>" in a block of its own: the lines are the block before
    // it ("<div><b>Mørdej:</b><br>- 250 g hvedemel<br>…</div>"), past empty ones.
    // A heading in a paragraph of its own among paragraphs that are the lines ("<p>FOR THE
    // CHAMP</p><p>1kg potatoes</p>…<p>METHOD</p>"): their parent is the block.
    var wholeBlock = false
    if MarkupNode.collapse(block.text) == MarkupNode.collapse(heading.text),
      let siblings = block.parent?.elementChildren, let at = siblings.firstIndex(of: block),
      let before = siblings[..<at].last(where: { !Self.cleanLine($0.text).isEmpty })
    {
      if before.elementChildren.contains(where: { $0.name == "br" }) {
        block = before
        wholeBlock = true
      } else if before.name == "p", let parent = block.parent {
        block = parent
      }
    }
    guard block.hasAtMost(3000) else { return ([], nil) }
    var lines: [(text: String, bold: Bool)] = []
    var current = ""
    var bold = ""
    func flush() {
      let text = MarkupNode.collapse(current)
      let boldText = MarkupNode.collapse(bold)
      lines.append((text, !text.isEmpty && text == boldText))
      current = ""
      bold = ""
    }
    var reachedHeading = false
    for child in block.children {
      if child == heading || child.descendants().contains(heading) {
        reachedHeading = true
        break
      }
      if child.isText {
        current += child.ownText
      } else if child.name == "br" {
        flush()
      } else if ["b", "strong"].contains(child.name) || Self.isBoldOnly(child) {
        current += child.text
        bold += child.text
      } else if ["ul", "ol"].contains(child.name) {
        // A list's items are lines.
        flush()
        for item in child.elementChildren where item.name == "li" {
          lines.append((MarkupNode.collapse(Self.textWithoutOffers(item)), false))
        }
      } else if MarkupNode.blocks.contains(child.name) && Self.isItalicOnly(child) {
        // A paragraph in italics is the writer's aside ("Jeśli nie macie mąki tortowej…").
        flush()
      } else if MarkupNode.blocks.contains(child.name) {
        flush()
        // ("<p><span style="font-weight:bold">FOR THE BEEF CHEEKS</span></p>": a bold line.)
        let text = MarkupNode.collapse(child.text)
        if child.hasAtMost(40), child.descendants().contains(where: { $0.name == "br" }) {
          for line in child.textWithLineBreaks.components(separatedBy: "\n") {
            lines.append((MarkupNode.collapse(line), false))
          }
        } else {
          lines.append((text, Self.isBoldOnly(child)))
        }
      } else {
        current += child.text
      }
    }
    guard reachedHeading || wholeBlock else { return ([], nil) }
    flush()
    var sections: [Section] = []
    var pending: [String] = []
    var name: String?
    // Whether the first group's name had no colon ("For the sauce"), so that it might be the
    // recipe's name over one group instead.
    var firstWithoutColon = false
    for line in lines.reversed() {
      if Self.cleanLine(line.text).isEmpty { continue }
      if line.bold, line.text.count <= 60, line.text.hasSuffix(":") || pending.count >= 2 {
        guard !pending.isEmpty else { break }
        sections.insert(
          Section(
            title: line.text.trimmingCharacters(in: .whitespaces.union([":"])),
            lines: pending.reversed()), at: 0)
        firstWithoutColon = !line.text.hasSuffix(":")
        pending = []
        continue
      }
      if line.bold {
        // A bold line without a colon above the groups, or over one line ("Serves 4"): the
        // recipe's name, perhaps.
        name = line.text
        break
      }
      pending.append(Self.cleanLine(line.text))
    }
    // "<b>Lemon Cake</b><br>1 cup flour<br>…": a bold line without a colon over the only lines,
    // with nothing bold above it, names the recipe, not a group.
    if name == nil, firstWithoutColon, pending.isEmpty, sections.count == 1,
      let first = sections.first
    {
      name = first.title
      sections[0].title = nil
    }
    let count = sections.reduce(0) { $0 + $1.lines.count }
    return count >= 3 ? (sections, name) : ([], nil)
  }

  /// Groups a post names without any heading: consecutive blocks each a group's name
  /// (``groupLabel(_:before:)``) followed by a list ("<p><b>Для теста:</b></p><ul>…</ul>"), by
  /// its one line in the same paragraph ("<p><b>Для подачи:</b> сметана</p>") or by its lines
  /// after "<br>"s; the first run of two or more, with the numbered lists after it as the
  /// method.
  private func labelledGroups(
    in elements: [MarkupNode]
  ) -> (sections: [Section], name: String?, first: MarkupNode?, steps: [Section]) {
    for element in elements where element.name == "ul" || element.name == "ol" {
      guard let parent = element.parent else { continue }
      let siblings = parent.elementChildren
      guard let at = siblings.firstIndex(of: element), at > 0,
        Self.groupLabel(siblings[at - 1], before: element) != nil
      else { continue }
      var sections: [Section] = []
      var index = at - 1
      // Back over groups written as paragraphs of lines before it.
      while index > 0, siblings[index - 1].elementChildren.contains(where: { $0.name == "br" }),
        Self.groupLabel(siblings[index - 1], before: siblings[index]) != nil
      {
        index -= 1
      }
      let start = index
      while index < siblings.count,
        let label = Self.groupLabel(
          siblings[index], before: index + 1 < siblings.count ? siblings[index + 1] : nil)
      {
        let labelText = MarkupNode.collapse(siblings[index].text)
        let rest = labelText.dropFirst(label.count).trimmingCharacters(
          in: .whitespaces.union([":"]))
        // "<p><strong>Peas</strong><br>2 cups peas<br>1 tbsp butter</p>": the lines after the
        // name in its paragraph.
        if siblings[index].elementChildren.contains(where: { $0.name == "br" }) {
          var lines = siblings[index].textWithLineBreaks.components(separatedBy: "\n")
            .map(Self.cleanLine).filter { !$0.isEmpty }
          // ("<b>For the dough:</b> 500 g flour<br>…": the first line's text after the name.)
          if let first = lines.first {
            let after =
              first.hasPrefix(label)
              ? first.dropFirst(label.count).trimmingCharacters(in: .whitespaces.union([":"]))
              : ""
            lines[0] = after
            lines = lines.filter { !$0.isEmpty }
          }
          if !lines.isEmpty {
            sections.append(Section(title: label, lines: lines))
            index += 1
            continue
          }
        }
        if !rest.isEmpty {
          // The one line after the name, in the same paragraph.
          sections.append(Section(title: label, lines: [Self.cleanLine(rest)]))
          index += 1
          continue
        }
        guard index + 1 < siblings.count, ["ul", "ol"].contains(siblings[index + 1].name)
        else { break }
        let lines = Self.itemLines(of: siblings[index + 1], text: \.textSeparatingElements)
        sections.append(Section(title: label, lines: lines))
        index += 2
      }
      if sections.count >= 2 {
        // A block opening with a bold name just above the groups may name the recipe.
        var name: String?
        if start >= 1, let bold = siblings[start - 1].elementChildren.first,
          ["b", "strong"].contains(bold.name),
          MarkupNode.collapse(siblings[start - 1].text).hasPrefix(MarkupNode.collapse(bold.text))
        {
          name = MarkupNode.collapse(bold.text)
        }
        // The method as numbered lists right after the groups, pictures between them passed
        // over, up to the next heading.
        var steps: [String] = []
        for sibling in siblings[index...] {
          if sibling.name == "ol" {
            steps += Self.itemLines(of: sibling, text: \.text)
          } else if Self.headingLevel(sibling.name) != nil || sibling.name == "ul"
            || (!steps.isEmpty && sibling.name == "p" && !sibling.text.isEmpty
              && !sibling.descendants().contains { $0.name == "img" })
          {
            break
          }
        }
        return (
          sections, name, siblings[start],
          steps.count >= 2 ? [Section(title: nil, lines: steps)] : []
        )
      }
    }
    return ([], nil, nil, [])
  }

  /// A block's group name: a bold name ending in a colon that opens it, or, over a bulleted
  /// list (`next`), a bold name alone ("<p><strong>For the braise</strong></p><ul>"), or a
  /// bold name alone on the first of three lines or more of a paragraph ("<p><b>Peas</b><br>2
  /// cups peas<br>1 tbsp butter</p>"); nil otherwise.
  private static func groupLabel(_ block: MarkupNode, before next: MarkupNode? = nil) -> String? {
    guard ["p", "div"].contains(block.name), block.hasAtMost(12),
      let bold = block.elementChildren.first, ["b", "strong"].contains(bold.name)
    else { return nil }
    let name = MarkupNode.collapse(bold.text)
    guard (2...60).contains(name.count), MarkupNode.collapse(block.text).hasPrefix(name)
    else { return nil }
    if name.hasSuffix(":") {
      return String(name.dropLast()).trimmingCharacters(in: .whitespaces)
    }
    // (Or a bold name alone on the first line of a paragraph of it and two lines or more.)
    let lines = block.textWithLineBreaks.components(separatedBy: "\n").map(MarkupNode.collapse)
      .filter { !$0.isEmpty }
    let ownLine =
      block.elementChildren.contains(where: { $0.name == "br" }) && lines.first == name
      && lines.count >= 3
    guard next?.name == "ul" && MarkupNode.collapse(block.text) == name || ownLine,
      !name.contains(where: \.isNumber), !name.contains(". ")
    else { return nil }
    return name
  }

  /// Steps written as paragraphs numbered 1, 2, 3… in their text ("Шаг 1.", "2."), the first
  /// run of three or more, pictures between them passed over.
  private func numberedParagraphs(in elements: [MarkupNode]) -> [Section] {
    var lines: [String] = []
    for element in elements where element.name == "p" {
      let text = MarkupNode.collapse(element.text)
      if text.isEmpty { continue }
      let number = Self.writtenStepNumber(text)
      if number == lines.count + 1 {
        lines.append(Self.cleanLine(text))
      } else if lines.count >= 3 {
        break
      } else if number == 1 {
        lines = [Self.cleanLine(text)]
      } else {
        lines = []
      }
    }
    return lines.count >= 3 ? [Section(title: nil, lines: lines)] : []
  }

  /// Whether a short text (not a sentence) shares a word of four letters or more with the
  /// page's title.
  private func sharesAWordWithTheTitle(_ text: String) -> Bool {
    guard let title = page.title, text.count <= 80, !text.contains(where: { ".?!:".contains($0) })
    else { return false }
    return Self.sharesAWord(Self.longWords(of: text), Self.longWords(of: title))
  }

  /// On a page whose title only says it holds a recipe ("Recipe of the Month"), the first
  /// heading below the title's that names no section and has no digits: the dish's name.
  private func headingUnderAGenericTitle(in elements: [MarkupNode]) -> String? {
    guard let title = page.title, Self.isGenericTitle(title) else { return nil }
    var pastTitle = false
    for element in elements where Self.headingLevel(element.name) != nil {
      let text = MarkupNode.collapse(element.text)
      if !pastTitle {
        pastTitle = text == title
        continue
      }
      let folded = Self.fold(text)
      guard !text.isEmpty, text.count <= 80, !text.contains(where: \.isNumber),
        !Self.mentions(folded, Self.ingredientWords), !Self.mentions(folded, Self.instructionWords),
        !Self.mentions(folded, Self.stopWords), !Self.isInPageFurniture(element, words: furniture)
      else { return nil }
      return text
    }
    return nil
  }

  /// Whether a bold element is a line of its own in its block ("…<br><strong>Pierogi
  /// ruskie</strong><br>…"), inside any inline wrappers that hold only it.
  private static func standsOnItsOwnLine(_ element: MarkupNode) -> Bool {
    var node = element
    let own = MarkupNode.collapse(element.text)
    guard !own.isEmpty, own.count <= 80 else { return false }
    while let parent = node.parent, ["span", "font", "u", "em", "i"].contains(parent.name),
      MarkupNode.collapse(parent.text) == own
    {
      node = parent
    }
    guard let parent = node.parent else { return false }
    let siblings = parent.children.filter {
      !($0.isText && $0.ownText.allSatisfy { $0.isWhitespace || $0 == "\u{A0}" })
    }
    guard let at = siblings.firstIndex(of: node) else { return false }
    let before = at == 0 || siblings[at - 1].name == "br"
    let after = at + 1 < siblings.count && siblings[at + 1].name == "br"
    return before && after
  }

  /// Whether an element's class or id names it as a recipe's title or name ("recipe-title",
  /// "recipe-box__title", "rezept-titel", "ricetta__titolo").
  private static func isNamedAsRecipeTitle(_ element: MarkupNode) -> Bool {
    let tokens = (element.tokens("class") + element.tokens("id")).map { $0.lowercased() }
    return tokens.contains { token in
      recipeBoxWords.contains(where: token.contains)
        && ["title", "name", "titel", "titolo", "titulo", "titre", "nazwa", "tytul"].contains(
          where: token.contains)
    }
  }

  /// Whether a page's title only says that the page holds a recipe ("Recipe of the Month",
  /// "Rezept der Woche"), naming no dish.
  private static func isGenericTitle(_ title: String) -> Bool {
    let generic = Set(
      PageFacts.recipeWords + [
        "recipes", "opskrift", "oppskrift", "the", "of", "our", "today", "todays", "s", "this",
        "month", "week", "day", "der", "des", "la", "del", "della", "du", "de", "do", "da",
        "woche", "monats", "tages", "semaine", "mois", "jour", "settimana", "mese", "giorno",
        "semana", "mes", "dia",
      ])
    let words = fold(title).split { !$0.isLetter }.map(String.init)
    return words.contains {
      $0.hasPrefix("recep") || $0.hasPrefix("recip") || $0.hasPrefix("rezep")
        || $0.hasPrefix("recet") || $0.hasPrefix("ricet") || $0.hasPrefix("rece")
    }
      && words.allSatisfy(generic.contains)
  }

  /// Whether two sets of words share one, or a word of five letters or more begins or ends
  /// another ("marillen" in "marillenknodel": German joins its words).
  private static func sharesAWord(_ one: Set<String>, _ other: Set<String>) -> Bool {
    if !one.isDisjoint(with: other) { return true }
    // "flatbreads" and "bread": a plural ending is not part of the word.
    func singular(_ word: String) -> String {
      word.count > 4 && word.hasSuffix("s") ? String(word.dropLast()) : word
    }
    let one = Set(one.map(singular))
    let other = Set(other.map(singular))
    if !one.isDisjoint(with: other) { return true }
    for word in one where word.count >= 5 {
      for that in other where that.count >= 5 {
        if that.hasPrefix(word) || that.hasSuffix(word) || word.hasPrefix(that)
          || word.hasSuffix(that)
        {
          return true
        }
      }
    }
    return false
  }

  /// The words of four letters or more of a text, folded: what a name and a title share.
  private static func longWords(of text: String) -> Set<String> {
    Set(
      fold(text).split { !$0.isLetter }.filter { $0.count >= 4 }.map(String.init)
        .filter { !functionWords.contains($0) })
  }

  /// Words of four letters or more that say nothing of a dish ("What to serve with it" shares
  /// only "with" with "Weeknight Rajma with a Smoky Tadka"), folded.
  private static let functionWords: Set<String> = [
    "with", "from", "that", "this", "your", "what", "into", "over", "when", "then", "than",
    "have", "make", "made", "best", "easy", "avec", "pour", "dans", "sans", "para", "como",
    "sobre", "fuer", "ohne", "nach", "senza", "della", "dello", "delle", "degli", "voor",
    "zonder", "uten", "till", "utan",
  ]

  /// The recipe's own name, when a feature story carries it: the heading shortly before the
  /// "Ingredients" heading (with at most a few short lines between: times, servings, a
  /// sentence), when it shares a word with the page's title without being it ("Smoky Black
  /// Bean and Sweet Potato Chili" under the story "This smoky sweet potato chili got me
  /// through a snowed-in week").
  private func recipeHeading(before index: Int, in elements: [MarkupNode]) -> String? {
    guard let title = page.title else { return nil }
    let titleWords = Self.longWords(of: title)
    // From the "Ingredients" heading when one comes shortly before the element named for
    // them: the headings between are the groups' ("Per le melanzane").
    var index = index
    for back in stride(from: index - 1, through: max(0, index - 60), by: -1) {
      let element = elements[back]
      guard Self.headingLevel(element.name) != nil || ["p", "strong", "b"].contains(element.name),
        element.hasAtMost(8)
      else { continue }
      let folded = Self.fold(element.text)
      if folded.count <= 60, Self.matches(folded, Self.ingredientWords),
        !Self.mentions(folded, Self.stopWords)
      {
        index = back
        break
      }
    }
    var position = index - 1
    var textBlocks = 0
    while position >= 0, index - position <= 80 {
      let element = elements[position]
      position -= 1
      // Blocks of text between (not the containers around them): times, servings, a
      // rating, a sentence; more, or a long one, and the heading is the story's.
      if ["p", "div", "li", "td", "dd", "dt"].contains(element.name),
        !element.elementChildren.contains(where: { MarkupNode.blocks.contains($0.name) })
      {
        textBlocks += 1
        if textBlocks > 10 || element.text.count > 300 { return nil }
      }
      // A heading, or a paragraph all in bold (a post's name for its recipe); not the block
      // that holds the ingredients' own heading ("<p><strong>Ingredients</strong></p>").
      let isHeading = Self.headingLevel(element.name) != nil
      guard
        isHeading || (["p", "div"].contains(element.name) && Self.isBoldOnly(element))
          || (["strong", "b"].contains(element.name) && Self.standsOnItsOwnLine(element))
          || (["p", "div", "span"].contains(element.name) && element.hasAtMost(8)
            && Self.isNamedAsRecipeTitle(element))
      else { continue }
      if element.hasAtMost(8), element.descendants().contains(elements[index]) { continue }
      // "Poolish Country Loaf #": the anchor link a static site puts beside its headings.
      let written = MarkupNode.collapse(element.text).trimmingCharacters(
        in: .whitespaces.union(["#", "¶", "§", "🔗"]))
      // "The recipe: Poolish Country Loaf": a heading that says it names the recipe does.
      let text = PageFacts.withoutRecipeLabel(written)
      // So does one the page names as the recipe's title ("recipe-title", "rezept__titel"),
      // and any heading on a page whose title only says it holds a recipe ("Recipe of the
      // Month").
      // ... and one right under a heading that only says "The recipe".
      let underRecipeLabel =
        isHeading
        && elements[max(0, position - 4)...max(0, position)].reversed().first {
          Self.headingLevel($0.name) != nil
        }.map { PageFacts.recipeLabels.contains(MarkupNode.collapse($0.text).lowercased()) }
          == true
      let labelled =
        PageFacts.withoutRecipeLabel(written, after: false) != written
        || Self.isNamedAsRecipeTitle(element) || underRecipeLabel
        || (Self.isGenericTitle(title) && !written.contains(where: \.isNumber))
      let folded = Self.fold(text)
      // A heading that holds the title ("X: la ricetta") adds nothing, nor one the title holds
      // in another way than as its start before a clause ("Fricandó amb moixernons, el guisat
      // de festa major": the heading names the dish, the rest is the story's).
      let foldedTitle = Self.fold(title)
      // ("Pierogi ruskie" opens "Pierogi ruskie teściowej - sprawdzony przepis" too.)
      let opensTitle =
        foldedTitle.hasPrefix(folded)
        && foldedTitle.dropFirst(folded.count).first.map {
          ",:;–—-( ".contains($0)
        } == true
      // ("… Thighs Recipe" under the title "Easy … Thighs (Sticky!)" holds more than the title.)
      let foldedWritten = Self.fold(written)
      // A how-to headline ("How to Make Efo Riro (…) Like a Yoruba Mama") holds the dish a
      // heading names.
      let howTo = Self.howToOpenings.contains(where: foldedTitle.hasPrefix)
      guard !text.isEmpty, text.count <= 80, !foldedWritten.contains(foldedTitle),
        opensTitle || howTo || !foldedTitle.contains(foldedWritten),
        !text.contains(where: { ".?!:".contains($0) }),
        !Self.mentions(folded, Self.ingredientWords), !Self.mentions(folded, Self.stopWords),
        !Self.isInPageFurniture(element, exceptHeader: true, words: furniture)
      else {
        // A bold line between ("<p><b>4 servings</b></p>") is passed over; a heading that is
        // not the recipe's is the story's, and ends the search.
        if isHeading { return nil } else { continue }
      }
      if labelled || Self.sharesAWord(Self.longWords(of: text), titleWords) { return text }
      // Writing without spaces between words (Japanese, Chinese): three characters in a row
      // that the title has too, the heading's bullet and "のレシピ" left off.
      let name = Self.withoutRecipeSuffix(
        String(text.drop { !$0.isLetter && !$0.isNumber }))
      let characters = Array(name)
      guard name.unicodeScalars.contains(where: { $0.value >= 0x3040 }), characters.count >= 3
      else {
        if isHeading { return nil } else { continue }
      }
      for start in 0...(characters.count - 3)
      where title.contains(String(characters[start..<(start + 3)])) {
        return name
      }
      if isHeading { return nil }
    }
    return nil
  }

  /// How a how-to headline opens, folded ("How to Make", "So gelingt", "Comment faire").
  private static let howToOpenings = [
    "how to make ", "how to cook ", "how to bake ", "how i make ", "so gelingt ", "so machen sie ",
    "wie man ", "comment faire ", "comment reussir ", "como hacer ", "come fare ",
    "come preparare ", "hoe maak je ", "zo maak je ", "como fazer ", "sa gor du ",
    "jak zrobic ", "jak przygotowac ",
  ]

  /// A Japanese heading's name without "のレシピ" or "の作り方" ("…'s recipe", "how to make …").
  static func withoutRecipeSuffix(_ name: String) -> String {
    for suffix in ["のレシピ", "の作り方", "レシピ"]
    where name.hasSuffix(suffix) && name.count > suffix.count + 1 {
      return String(name.dropLast(suffix.count))
    }
    return name
  }

  /// Words a recipe box's class or id names it by, in the languages pages are read in.
  private static let recipeBoxWords =
    PageFacts.nordicRecipeWords + ["rcp", "factbox", "fact-box", "faktaboks", "faktaruta"]

  private static let furnitureWords = [
    "sidebar", "menu", "nav", "navigation", "navbar", "footer", "comment", "comments", "related",
    "widget", "authorbio", "author-bio", "author-box",
  ]

  /// Whether a `<form>` wraps the whole page, as ASP.NET's WebForms do (a large form right
  /// inside `<body>`), or wraps content with no field to fill in, rather than being a search
  /// box, a review form or a comment form: then it is content, not furniture.
  static func isPageForm(_ node: MarkupNode) -> Bool {
    guard node.name == "form" else { return false }
    if node.parent?.name == "body" && !node.hasAtMost(400) { return true }
    // A form with no field a reader fills in (only hidden inputs): a forum's wrapper around a
    // post's text ("<form id="form-t3_…"><input type="hidden">…<h1>…"), not a search box.
    guard node.hasAtMost(2000) else { return false }
    return node.descendants().allSatisfy { element in
      switch element.name {
      case "textarea", "select", "button": return false
      case "input": return element.attribute("type")?.lowercased() == "hidden"
      default: return true
      }
    }
  }

  /// Whether a heading sits in a menu, sidebar, footer or comment thread rather than the
  /// page's content.
  /// With `exceptHeader`, a `<header>` does not count: a recipe card's header holds its name.
  private static func isInPageFurniture(
    _ element: MarkupNode, exceptHeader: Bool = false, words: [String] = furnitureWords
  ) -> Bool {
    var ancestor = element.parent
    var steps = 0
    while let node = ancestor, steps < MarkupDocument.maximumDepth {
      let name = node.name
      // An <aside> that says it holds the recipe is the article's recipe box, not a sidebar.
      if ["nav", "footer"].contains(name) || (name == "form" && !isPageForm(node))
        || (name == "header" && !exceptHeader)
        || (name == "aside" && !recipeBoxWords.contains(where: node.classOrIDContains)
          // ("<aside class="Ingredients_root">": a recipe page's column of ingredients.)
          && !node.classOrIDContains("ingredient"))
      {
        return true
      }
      // The page's outer elements carry theme classes ("tweak-show-sidebar") that say nothing.
      if !["html", "body", "main", "article"].contains(name), isNamedAsFurniture(node, words: words)
      {
        return true
      }
      ancestor = node.parent
      steps += 1
    }
    return false
  }

  /// A list item that is one bold group name ("<li><strong>For the sauce</strong></li>") among
  /// items that are not bold: a list whose items are mostly bold is bold for emphasis.
  private static func isBoldGroupName(_ item: MarkupNode, _ inner: MarkupNode) -> Bool {
    guard ["strong", "b"].contains(inner.name), inner.hasAtMost(8) else { return false }
    let text = inner.text.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty, text.count <= 60, !text.contains(". "),
      item.text.trimmingCharacters(in: .whitespaces) == text, let list = item.parent,
      list.hasAtMost(2000)
    else { return false }
    let items = list.elementChildren.filter { $0.name == "li" }
    let bold = items.filter { other in
      let children = other.elementChildren
      return children.count == 1 && ["strong", "b"].contains(children[0].name)
        && children[0].text.trimmingCharacters(in: .whitespaces)
          == other.text.trimmingCharacters(in: .whitespaces)
    }
    return bold.count * 3 <= items.count
  }

  /// What an element inside a recipe's text may be named for that is not the recipe's
  /// ingredients or steps: its author's box, its times' badges, an advert, its nutrition.
  private static let asideWords = [
    "author", "byline", "meta", "ad", "ads", "advert", "nutrition", "newsletter", "share",
    "social", "rating", "print", "tags", "subscribe", "subscription", "signup", "cta",
  ]

  /// How a writer signs off after the last step ("Bon appétit !", "Poftă bună!"). Not
  /// "Enjoy", which also opens a serving step ("Enjoy warm with cream").
  private static let signOffs = [
    "bon appetit", "bom apetite", "buon appetito", "buen provecho", "guten appetit",
    "smacznego", "eet smakelijk", "smaklig maltid", "velbekomme", "god appetitt", "jo etvagyat",
    "afiyet olsun", "pofta buna", "dobrou chut", "dobru chut", "dobar tek",
    "смачного", "בתיאבון", "hyvaa ruokahalua", "приятного аппетита",
    "καλη ορεξη", "καλη επιτυχια",
    // Farewells that close a post: "Un abbraccio e alla prossima", "Bisous", "Con cariño".
    "un abbraccio", "alla prossima", "un bacio", "bisous", "a bientot", "con carino",
    "un abrazo", "hasta la proxima", "beijos", "um beijo", "ate a proxima", "liebe grusse",
    "bis bald", "groetjes", "hugs", "xoxo", "happy baking", "happy cooking",
    "enjoy!", "pozdrawiam", "buziaki",
  ].map(fold)

  /// Whether a line is a writer's sign-off: a short line opening with one ("Dobrou chuť!"), or
  /// a longer one (up to 300 characters) opening with one and an exclamation mark
  /// ("Smacznego! Jeśli upieczecie…").
  static func isSignOff(_ line: String) -> Bool {
    let folded = fold(line)
    // ("Smacznego! Jeśli upieczecie, koniecznie dajcie znać…": longer after an exclamation.)
    if line.count <= 300, signOffs.contains(where: { folded.hasPrefix($0 + "!") }) { return true }
    guard line.count <= 80 else { return false }
    return signOffs.contains { folded.hasPrefix($0) }
  }

  /// Steps without the writer's sign-off after the last one.
  static func withoutSignOff(_ steps: [String]) -> [String] {
    var steps = steps
    while steps.count > 1, let last = steps.last, isSignOff(last) {
      steps.removeLast()
    }
    return steps
  }

  /// The steps of an element the page marks as its instructions (microdata, RDFa,
  /// microformats), whose text is all the element holds: without a first line that only names
  /// the section ("Postup přípravy", "Method") and without the writer's sign-off and notes
  /// after the last step ("Dobrou chuť!", "Tip autorky: …").
  static func withoutSectionText(_ sections: [InstructionSection]) -> [InstructionSection] {
    var sections = sections
    if let first = sections.first?.steps.first?.text, sections[0].steps.count > 1,
      first.count <= 60, matches(fold(first), instructionWords)
    {
      sections[0].steps.removeFirst()
    }
    if let last = sections.indices.last {
      while sections[last].steps.count > 1, let text = sections[last].steps.last?.text,
        isSignOff(text) || opensANote(text)
      {
        sections[last].steps.removeLast()
      }
    }
    return sections
  }

  /// Whether an element's class or id names it a menu, sidebar, footer or comment thread
  /// ("post-footer", "comments", "widget_text"), or with `words`, one of those.
  private static func isNamedAsFurniture(
    _ node: MarkupNode, words: [String] = furnitureWords
  ) -> Bool {
    let tokens = (node.tokens("class") + node.tokens("id")).map { $0.lowercased() }
    return tokens.contains { token in
      // "container--with-sidebar", "has-sidebar", "columns-fix-right-sidebar": the layout
      // that holds the content beside its sidebar, named for where the sidebar goes.
      var namesLayout = false
      if token.contains("sidebar") {
        let first = token.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
        namesLayout =
          ["with-", "has-", "show-"].contains(where: { token.contains($0) })
          || (first != token[...]
            && [
              "columns", "column", "container", "layout", "main", "content", "wrapper", "page",
              "grid",
            ].contains(String(first)))
      }
      return words.contains { word in
        if word == "sidebar", namesLayout { return false }
        // A bare "widget" is also Blogger's wrapper of the post itself ("widget Blog"), and
        // page builders name every block so ("elementor-widget-heading"); sidebar widgets
        // say what they are ("widget_text", "widget-area", "widget-title").
        // (A site builder's "widget-content" holds the page's own content.)
        return word == "widget"
          ? token.hasPrefix("widget_") || token.hasPrefix("widget-area")
            || token == "widget-title"
          : token == word || token.hasPrefix(word + "-") || token.hasPrefix(word + "_")
            || token.hasSuffix("-" + word) || token.hasSuffix("_" + word)
      }
    }
  }

  /// "<p><b>Ingredients:</b><br>1 cup rice<br>2 cups water</p>": the lines after an inline
  /// heading inside the same paragraph, when there are at least two, up to the next section's
  /// heading written the same way ("<b>Method</b>").
  /// Whether a line says how many a recipe serves ("Serves 2, generously…", "Für 4 Personen").
  static func saysServings(_ line: String) -> Bool {
    let folded = fold(line)
    return ["serves", "makes", "yield", "servings"].contains(where: folded.hasPrefix)
      || ["personen", "personnes", "persone", "porciones", "porcoes", "porcje", "portioner"]
        .contains(where: folded.contains)
  }

  /// Whether a block is one line set as cells ("<div><p>600 g</p><p>kippendijfilet</p></div>"):
  /// two or three blocks of text and nothing else, the first an amount or empty.
  static func isCellRow(_ element: MarkupNode) -> Bool {
    guard ["div", "li"].contains(element.name), element.hasAtMost(16) else { return false }
    let cells = element.elementChildren
    guard (2...3).contains(cells.count),
      cells.allSatisfy({ ["p", "div", "span"].contains($0.name) && $0.hasAtMost(6) }),
      !cells.contains(where: { $0.descendants().contains { MarkupNode.blocks.contains($0.name) } })
    else { return false }
    let first = MarkupNode.collapse(cells[0].text)
    return first.count <= 20
      && (first.isEmpty || Self.opensWithAmount(first))
  }

  /// The columns of a header row over amounts for several batch sizes ("Ingredient | 10 |
  /// 25 | 50", "| 10 Servings | 25 Servings"): the name's column, the first size's column and
  /// how many there are. Nil unless at least two columns are sizes and one other names.
  static func servingColumns(_ row: MarkupNode) -> (name: Int, amount: Int, count: Int)? {
    let texts = row.elementChildren.map { MarkupNode.collapse($0.text) }
    let sizes = texts.indices.filter { index in
      texts[index].split(separator: " ").first.map { word in
        word.allSatisfy(\.isNumber)
      } == true
    }
    let names = texts.indices.filter { !sizes.contains($0) && !texts[$0].isEmpty }
    guard sizes.count >= 2, names.count == 1, let amount = sizes.first else { return nil }
    return (names[0], amount, texts.count)
  }

  /// A list's items as lines: each `<li>`'s `text` (by default without a shop's offer),
  /// cleaned, empty ones left out.
  static func itemLines(
    of list: MarkupNode, text: (MarkupNode) -> String = textWithoutOffers
  ) -> [String] {
    list.elementChildren.filter { $0.name == "li" }.map { cleanLine(text($0)) }
      .filter { !$0.isEmpty }
  }

  /// Whether a line opens with an amount: a digit or a vulgar fraction ("½ cup").
  static func opensWithAmount(_ line: String) -> Bool {
    guard let first = line.first else { return false }
    return first.isNumber || "½⅓⅔¼¾⅛".contains(first)
  }

  /// Whether an element's class names it as a line's actions, tag or badge
  /// ("ingredient__action", "cupboard-tag", "badge").
  static func isActionOrTag(_ element: MarkupNode) -> Bool {
    element.tokens("class").contains { token in
      let lowered = token.lowercased()
      return lowered.hasSuffix("__action") || lowered.hasSuffix("-actions")
        || lowered.hasSuffix("__actions") || lowered.hasSuffix("-tag") || lowered.hasSuffix("__tag")
        || lowered == "badge" || lowered.hasSuffix("-badge") || lowered.hasSuffix("__badge")
    }
  }

  /// Whether a text is an allergen note, as meal kits and shops print under an ingredient
  /// ("Bevat: selderij", "Contains: peanuts", "Enthält: Sellerie").
  static func isAllergenNote(_ text: String) -> Bool {
    let lowered = MarkupNode.collapse(text).lowercased()
    return [
      "contains:", "bevat:", "enthält:", "contient :", "contient:", "contiene:", "contém:",
      "indeholder:", "innehåller:", "inneholder:", "zawiera:", "allergens:", "allergenen:",
      "allergene:",
    ].contains(where: lowered.hasPrefix)
  }

  /// Whether all of an element's text is in italics: inside one `<em>` or `<i>`.
  static func isItalicOnly(_ element: MarkupNode) -> Bool {
    guard element.hasAtMost(12) else { return false }
    let text = MarkupNode.collapse(element.text)
    guard !text.isEmpty else { return false }
    return element.descendants().contains { node in
      ["em", "i"].contains(node.name) && MarkupNode.collapse(node.text) == text
    }
  }

  /// Whether all of an element's text is bold: inside `<strong>`/`<b>` or a `font-weight`
  /// of 600 or more or "bold" in a style.
  static func isBoldOnly(_ element: MarkupNode) -> Bool {
    guard element.hasAtMost(8) else { return false }
    let text = MarkupNode.collapse(element.text)
    guard !text.isEmpty else { return false }
    // (The element itself may be the bold one: "<span style="font-weight: bold">Farsz:</span>".)
    return element.descendants(includingSelf: true).contains { node in
      guard node.isElement else { return false }
      let style = (node.attribute("style") ?? "").lowercased().replacingOccurrences(
        of: " ", with: "")
      let bold =
        ["strong", "b"].contains(node.name) || style.contains("font-weight:bold")
        || ["600", "700", "800", "900"].contains { style.contains("font-weight:\($0)") }
      return bold && MarkupNode.collapse(node.text) == text
    }
  }

  /// Stands in a block's lines for an aside set in italics (``linesBeside(_:)``).
  private static let asideMark = "\u{1}aside"

  private func linesBeside(_ heading: MarkupNode) -> [Section]? {
    guard ["b", "strong", "span", "em", "u", "font"].contains(heading.name),
      var parent = heading.parent
    else { return nil }
    // "<td><font><b>Sastojci</b></font><br>1 kg sira<br>…": the wrappers that hold only the
    // heading are climbed out of, to the block that holds the lines.
    let own = heading.text.trimmingCharacters(in: .whitespaces)
    while ["font", "span", "u", "i", "em", "b", "strong"].contains(parent.name),
      parent.hasAtMost(8), parent.text.trimmingCharacters(in: .whitespaces) == own,
      let up = parent.parent
    {
      parent = up
    }
    // (A forum's post may be a "<span>" of lines and "<br>"s.)
    guard
      ["p", "div", "td", "font", "center", "blockquote"].contains(parent.name)
        || (parent.name == "span" && parent.elementChildren.contains { $0.name == "br" }),
      parent.hasAtMost(1500)
    else { return nil }
    // The block's lines. A list or table right after the heading is what the heading heads,
    // read by the walk after it as what it is ("<font><b>INGREDIENTS</b></font><br><table>…":
    // cells, not lines); one among the lines (a photo's caption) is passed over.
    var text = ""
    for child in parent.children {
      if ["table", "ul", "ol", "dl"].contains(child.name) {
        // (A photo's table before the heading is passed over.)
        guard let range = text.range(of: own) else { continue }
        if text[range.upperBound...].allSatisfy(\.isWhitespace) { break }
        // "Ingredienti (per circa 30 polpettine)<br><u>Per le polpettine:</u><ul>": only a
        // remark and a group's name between the heading and the list, which the walk reads.
        let between = text[range.upperBound...].components(separatedBy: "\n")
          .map(MarkupNode.collapse).filter { !$0.isEmpty }
        if between.allSatisfy({ $0.hasSuffix(":") || ($0.hasPrefix("(") && $0.hasSuffix(")")) }),
          between.last?.hasSuffix(":") == true
        {
          return nil
        }
        continue
      }
      if child.isText {
        text += child.ownText
      } else if child.name == "br" {
        text += "\n"
      } else if ["i", "em"].contains(child.name), child.text.count >= 40 {
        // A sentence set in italics among the lines: the writer's aside, which ends them.
        text += "\n\(Self.asideMark)\n"
      } else {
        let inner = child.textWithLineBreaks
        text += MarkupNode.blocks.contains(child.name) ? "\n\(inner)\n" : inner
      }
    }
    let lines = text.components(separatedBy: "\n").map(MarkupNode.collapse)
    let title = heading.text
    guard let start = lines.firstIndex(where: { $0.hasPrefix(title) }) else { return nil }
    var after: [String] = []
    // How many lines in a row so far were numbered 1, 2, 3…: the first line after two or more
    // without a number ("Z tej porcji wychodzi mi około 60 sztuk.") is the writer's again.
    var numbered = 0
    // A method typed one step a line: an empty line after three or more ends it ("It also
    // freezes really well…" is the writer's again). Groups of lines may be spaced so; steps
    // written as paragraphs are spaced from the first.
    let isMethod = Self.matches(Self.fold(title), Self.instructionWords)
    var spaced = false
    // An empty line after three lines or more, unspaced: what follows is the writer's again
    // if it reads as prose (twelve words or more without a step's number).
    var blankAfterSteps = false
    for line in lines[(start + 1)...] {
      if isMethod, line.isEmpty, !after.isEmpty {
        if after.count >= 3, !spaced { blankAfterSteps = true }
        spaced = true
      }
      if blankAfterSteps, !line.isEmpty {
        if line.split(separator: " ").count >= 12, Self.writtenStepNumber(line) == nil { break }
        blankAfterSteps = false
      }
      if !after.isEmpty, line == Self.asideMark || Self.opensANote(line) || Self.isSignOff(line) {
        break
      }
      // (A group's name between numbered lines, "Filling:", goes on with the numbering.)
      if !line.isEmpty, line != Self.asideMark, !line.hasSuffix(":") {
        let number = Self.writtenStepNumber(line)
        if numbered >= 2, number == nil { break }
        numbered = number == numbered + 1 ? numbered + 1 : 0
      }
      if line == Self.asideMark { continue }
      let folded = Self.fold(line)
      if folded.count <= 60,
        Self.matches(folded, Self.ingredientWords) || Self.matches(folded, Self.instructionWords)
          || Self.matches(folded, Self.stopWords)
      {
        break
      }
      let cleaned = Self.cleanLine(line)
      if !cleaned.isEmpty { after.append(cleaned) }
    }
    return after.count >= 2 ? [Section(title: nil, lines: after)] : nil
  }

  private static func headingLevel(_ name: String) -> Int? {
    guard name.count == 2, name.first == "h", let digit = name.last?.wholeNumberValue,
      (1...6).contains(digit)
    else { return nil }
    return digit
  }

  /// The lists or paragraphs that follow a heading, up to the next heading.
  private func content(
    after index: Int, heading: MarkupNode, in elements: [MarkupNode]
  )
    -> [Section]
  {
    var sections: [Section] = []
    var current = Section(title: nil, lines: [])
    var skipUntil = index + heading.descendants().count + 1
    var listMode: Bool?
    var scanned = 0
    var total = 0
    var position = skipUntil
    var sawListEnd = false
    var groupsAtOwnLevel = false
    var passedAShopCard = false
    var lastListItemParent: MarkupNode?
    var linkOnly = 0
    // The columns of a table that gives amounts for several batch sizes (``servingColumns(_:)``).
    var servingColumns: (name: Int, amount: Int, count: Int)?
    // How many paragraphs in a row so far were numbered 1, 2, 3… in their text.
    var numberedSteps = 0
    // One short line before the first list ("Serves 4", "per a una coca de 40 × 25 cm") is not
    // what the list is: when a list follows it, it is dropped.
    func givingWayToAList() {
      guard listMode == false, total == 1,
        let line = (current.lines + sections.flatMap(\.lines)).first,
        line.count <= 40 || Self.saysServings(line)
      else { return }
      current.lines = []
      sections = sections.map { Section(title: $0.title, lines: []) }
      total = 0
      listMode = nil
    }
    // A table's header cell ("Step | Directions") heads that table's rows and no more.
    var end = elements.count
    if heading.name == "th" {
      var table = heading.parent
      while let node = table, node.name != "table" { table = node.parent }
      if let table, let at = elements[..<index].lastIndex(of: table) {
        end = min(end, at + table.descendants().count + 1)
      }
    }
    // The post around the heading (a forum's or a thread's "post", "reply", "message"):
    // another block named so after it is the next post, where this section has ended.
    var around: [(name: String, kind: String)] = []
    var ancestor = heading.parent
    while let node = ancestor, around.count < 12 {
      if ["div", "article", "section", "li"].contains(node.name),
        let kind = node.tokens("class").first,
        ["post", "reply", "message", "answer"].contains(where: kind.lowercased().contains)
      {
        around.append((node.name, kind))
      }
      ancestor = node.parent
    }
    while position < end, scanned < Self.maximumScan, total < Self.maximumLines {
      let element = elements[position]
      scanned += 1
      position += 1
      if position - 1 < skipUntil { continue }
      let name = element.name
      if total > 0, !around.isEmpty, ["div", "article", "section", "li"].contains(name),
        let kind = element.tokens("class").first,
        around.contains(where: { $0.name == name && $0.kind == kind }),
        !element.descendants().contains(heading)
      {
        break
      }
      // An author's box, an advert: passed over.
      if element.isElement, name != "li", Self.isNamedAsFurniture(element, words: Self.asideWords) {
        skipUntil = position + element.descendants().count
        continue
      }
      // A shop's card between the groups ("Shop this spice", a product, its price, a cart
      // button): passed over.
      if ["div", "section", "aside", "figure"].contains(name), element.hasAtMost(120),
        Self.isShopCell(element), !element.descendants().contains(where: { $0.name == "li" })
      {
        skipUntil = position + element.descendants().count
        // The list after it goes on with the group the card interrupted.
        passedAShopCard = true
        continue
      }
      // (A picture between the steps is no furniture, whatever its caption's class says:
      // "widget-image-caption".)
      if MarkupNode.invisible.contains(name) || ["nav", "footer", "aside", "form"].contains(name)
        || (element.isElement && !["figure", "figcaption", "img", "picture"].contains(name)
          && Self.isNamedAsFurniture(element, words: furniture))
      {
        skipUntil = position + element.descendants().count
        // An <aside> between the steps ("Leggi anche") is passed over; other furniture ends
        // what has been read, and so does an aside headed as a tip or notes ("Hermines
        // Tipp") after paragraphs, which have no list to go on with.
        let read = !(sections.isEmpty && current.lines.isEmpty)
        if read && !["script", "style", "aside", "noscript", "template"].contains(name) { break }
        if read, name == "aside", listMode == false,
          let heading = element.descendants().first(where: {
            Self.headingLevel($0.name) != nil
          }),
          Self.mentions(Self.fold(heading.text), Self.stopWords)
        {
          break
        }
        continue
      }
      if let level = Self.headingLevel(name) {
        guard element.hasAtMost(64) else { break }
        let text = element.text
        let folded = Self.fold(text)
        let isOtherSection =
          Self.matches(folded, Self.ingredientWords) || Self.matches(folded, Self.instructionWords)
          || Self.mentions(folded, Self.stopWords)
        // A heading as high as the section's own ends it; a lower one ("For the sauce") starts
        // a sub-section. So does one as high right under it, before any line
        // ("<h3>Du skal bruge</h3><h3>Frikadeller</h3>"), and then every one as high after it.
        let own = Self.headingLevel(heading.name) ?? 0
        if level == own, !groupsAtOwnLevel, sections.isEmpty, current.lines.isEmpty,
          current.title == nil, !isOtherSection, text.count <= 60
        {
          groupsAtOwnLevel = true
        }
        if isOtherSection || text.count > 60 || level < own || (level == own && !groupsAtOwnLevel) {
          break
        }
        // "<h3>Passaggio 1</h3>": a step's number set as a heading, not a group's name.
        if SchemaOrg.withoutStepNumber(text).isEmpty {
          skipUntil = position + element.descendants().count
          continue
        }
        if !current.lines.isEmpty { sections.append(current) }
        current = Section(title: text.trimmingCharacters(in: [":"]), lines: [])
        skipUntil = position + element.descendants().count
        continue
      }
      if let folded = headingText(element), name != "p" || element.text.count < 30,
        Self.matches(folded, Self.ingredientWords) || Self.matches(folded, Self.instructionWords)
          || Self.matches(folded, Self.stopWords)
      {
        break
      }
      // A control the page draws as a button (an accordion's title, a share button), or a
      // line's actions or tag ("<div class="ingredient__action"><span>Storecupboard</span>"):
      // not recipe text.
      if ["button", "tab"].contains(element.attribute("role") ?? "")
        || (["div", "span"].contains(name) && element.hasAtMost(12) && Self.isActionOrTag(element))
      {
        skipUntil = position + element.descendants().count
        continue
      }
      // A servings control ("− 4 servings +"): not recipe text. A row whose food is a button
      // beside a checkbox's label is an ingredient, and so is one that says more than the
      // servings beside its button ("150g Greek yoghurt [Add]").
      if ["button", "select", "textarea"].contains(name)
        || (name == "div" && element.hasAtMost(40)
          && element.descendants().contains { ["button", "select"].contains($0.name) }
          && !element.descendants().contains {
            ["label", "input"].contains($0.name) || Self.headingLevel($0.name) != nil
          }
          && {
            // (A shop's basket total, "Totaal voor 10 producten: € 40,72", is no line.)
            let rest = element.textWithoutButtons
            return rest.filter(\.isLetter).count < 3 || Self.saysServings(rest)
              || element.descendants().contains { $0.name == "select" }
              || rest.contains(where: { "€$£".contains($0) })
          }())
      {
        skipUntil = position + element.descendants().count
        continue
      }
      if name == "li" { givingWayToAList() }
      if name == "li", listMode != false {
        // An item holding only a heading ("Finishing steps") titles the items after it.
        let inner = element.elementChildren.filter { !["img", "picture", "svg"].contains($0.name) }
        if inner.count == 1,
          Self.headingLevel(inner[0].name) != nil || Self.isBoldGroupName(element, inner[0])
        {
          if !current.lines.isEmpty { sections.append(current) }
          current = Section(
            title: inner[0].text.trimmingCharacters(in: .whitespaces.union([":"])), lines: [])
          skipUntil = position + element.descendants().count
          continue
        }
        // "<li>Spice mix:<ul><li>2 tsp cumin</li>…</ul></li>": a group, its items the lines.
        let kids = element.children
        if let listAt = kids.firstIndex(where: { $0.name == "ul" || $0.name == "ol" }),
          kids[listAt].descendants().contains(where: { $0.name == "li" }),
          let nested = element.descendants().firstIndex(of: kids[listAt])
        {
          let label = kids[..<listAt].map(\.text).joined(separator: " ")
          let title = Self.cleanLine(label).trimmingCharacters(in: .whitespaces.union([":"]))
          if !title.isEmpty, title.count <= 60, !title.contains(where: \.isNumber) {
            if !current.lines.isEmpty { sections.append(current) }
            current = Section(title: title, lines: [])
            listMode = true
            skipUntil = position + nested
            continue
          }
        }
        // Nested lists belong to their outer item.
        if let parent = element.parent, let last = lastListItemParent, parent != last,
          sawListEnd, !current.lines.isEmpty, !passedAShopCard
        {
          sections.append(current)
          current = Section(title: nil, lines: [])
        }
        passedAShopCard = false
        let text = Self.cleanLine(Self.textWithoutOffers(element))
        if !text.isEmpty && !Self.isButtonOnly(element) {
          current.lines.append(text)
          total += 1
          let links = element.elementChildren.filter { $0.name == "a" }
          if links.count == 1 && links[0].text == element.text { linkOnly += 1 }
        }
        listMode = true
        lastListItemParent = element.parent
        skipUntil = position + element.descendants().count
        continue
      }
      if name == "ul" || name == "ol" {
        if listMode == true { sawListEnd = true }
        continue
      }
      // "<dl><dt>250 g</dt><dd>hvedemel</dd>…": each term with its description is a line.
      // A <div> may wrap each term with its description ("<dl><div><dt>…</dt><dd>…</dd></div>").
      let items =
        name == "dl"
        ? element.elementChildren.flatMap { $0.name == "div" ? $0.elementChildren : [$0] } : []
      if name == "dl", items.contains(where: { $0.name == "dt" }),
        items.contains(where: { $0.name == "dd" })
      {
        // A term over several descriptions names a group ("<dt>Para a massa</dt><dd>3 ovos</dd>
        // <dd>…"); one over each makes a line with it ("<dt>250 g</dt><dd>hvedemel</dd>").
        var descriptionsPerTerm: [Int] = []
        for child in items {
          if child.name == "dt" { descriptionsPerTerm.append(0) }
          if child.name == "dd", !descriptionsPerTerm.isEmpty {
            descriptionsPerTerm[descriptionsPerTerm.count - 1] += 1
          }
        }
        if descriptionsPerTerm.contains(where: { $0 >= 2 }) {
          givingWayToAList()
          for child in items {
            if child.name == "dt" {
              if !current.lines.isEmpty || current.title != nil { sections.append(current) }
              current = Section(
                title: MarkupNode.collapse(child.text).trimmingCharacters(in: [":", " "]),
                lines: [])
            } else if child.name == "dd" {
              let line = Self.cleanLine(child.text)
              if !line.isEmpty {
                current.lines.append(line)
                total += 1
              }
            }
          }
          listMode = true
          skipUntil = position + element.descendants().count
          continue
        }
        var lines: [String] = []
        var term: String?
        for child in items {
          if child.name == "dt" {
            if let pending = term { lines.append(pending) }
            term = child.text
          } else if child.name == "dd" {
            lines.append([term, child.text].compactMap { $0 }.joined(separator: " "))
            term = nil
          }
        }
        if let pending = term { lines.append(pending) }
        let cleaned = lines.map(Self.cleanLine).filter { !$0.isEmpty }
        if !cleaned.isEmpty {
          givingWayToAList()
          current.lines += cleaned
          total += cleaned.count
          listMode = true
        }
        skipUntil = position + element.descendants().count
        continue
      }
      if listMode == true {
        // After a list: a short line may title the next list; long text ends the section.
        if ["p", "strong", "b", "h5", "span", "div", "i", "em", "u", "font"].contains(name) {
          // A large container is looked into, element by element, rather than read whole.
          guard element.hasAtMost(200) else { continue }
          let hasList = element.descendants().contains { $0.name == "li" }
          if hasList { continue }
          let text = element.text
          if text.isEmpty { continue }
          // "<p><strong>To assemble</strong><br>8 tostada shells<br>…": a group of its own.
          if name == "p", let bold = element.elementChildren.first,
            ["strong", "b"].contains(bold.name)
          {
            let lines = element.textWithLineBreaks.components(separatedBy: "\n")
              .map(Self.cleanLine).filter { !$0.isEmpty }
            let title = MarkupNode.collapse(bold.text)
            if lines.count >= 2, lines[0] == title || lines[0] == Self.cleanLine(title),
              title.count <= 60
            {
              if !current.lines.isEmpty { sections.append(current) }
              current = Section(
                title: title.trimmingCharacters(in: .whitespaces.union([":"])),
                lines: Array(lines.dropFirst()))
              total += lines.count - 1
              skipUntil = position + element.descendants().count
              continue
            }
          }
          if text.count <= 60, !text.contains(". ") {
            if !current.lines.isEmpty { sections.append(current) }
            current = Section(title: text.trimmingCharacters(in: [":"]), lines: [])
            skipUntil = position + element.descendants().count
            continue
          }
          if name == "p" { break }
        }
        continue
      }
      // A table's header row ("Ingredient | Quantity") names its columns, in header cells or
      // in bold cells without digits.
      if name == "tr", element.elementChildren.count >= 2,
        element.elementChildren.allSatisfy({ $0.name == "th" })
          || (element.elementChildren.allSatisfy { Self.isBoldOnly($0) }
            && !element.text.contains(where: \.isNumber) && total == 0)
      {
        servingColumns = Self.servingColumns(element)
        skipUntil = position + element.descendants().count
        continue
      }
      // A row that is one header cell across the table ("<th colspan=2>Pickling brine</th>")
      // names the rows after it.
      // (So does a row that is one cell across the table, bold or of a word or two:
      // "<td colspan=2><b>Filling</b>", "<td colspan="2">Täyte</td>".)
      if name == "tr", element.elementChildren.count == 1,
        element.elementChildren[0].name == "th"
          || (element.elementChildren[0].attribute("colspan").flatMap { Int($0) } ?? 1 >= 2
            && (Self.isBoldOnly(element.elementChildren[0])
              || MarkupNode.collapse(element.text).split(separator: " ").count <= 2
              || MarkupNode.collapse(element.text).hasSuffix(":"))
            && !element.text.contains(where: \.isNumber))
      {
        let title = MarkupNode.collapse(element.text).trimmingCharacters(in: [":", " "])
        let folded = Self.fold(title)
        // "<th>Zubereitung</th>": the next section's heading ends this one.
        if Self.matches(folded, Self.ingredientWords) || Self.matches(folded, Self.instructionWords)
          || Self.mentions(folded, Self.stopWords)
        {
          break
        }
        if !title.isEmpty, title.count <= 60 {
          if !current.lines.isEmpty { sections.append(current) }
          current = Section(title: title, lines: [])
        }
        skipUntil = position + element.descendants().count
        continue
      }
      // A row holding a list or a table of its own ("<tr><td><ul>…") is looked into.
      let isTextBlock =
        name == "p" || name == "pre"
        || (name == "tr"
          && !element.descendants().contains { ["ul", "ol", "table"].contains($0.name) })
        || (name == "div"
          && element.elementChildren.allSatisfy { !MarkupNode.blocks.contains($0.name) })
        || Self.isCellRow(element)
      // A bold name before the first list ("Pancakes", set bold by a style) titles it, as
      // does one set beside the list in its group's block ("<div><strong>Suppe</strong><ul>").
      let boldBesideList =
        ["strong", "b"].contains(name)
        && element.parent.map { parent in
          parent.elementChildren.contains { ["ul", "ol"].contains($0.name) }
        } == true
      if boldBesideList { givingWayToAList() }
      if isTextBlock || boldBesideList, total == 0, listMode == nil, current.title == nil,
        sections.isEmpty, boldBesideList || Self.isBoldOnly(element)
      {
        let text = MarkupNode.collapse(element.text)
        if !text.isEmpty, text.count <= 60, !text.contains(". ") {
          current.title = text.trimmingCharacters(in: [":"])
          skipUntil = position + element.descendants().count
          continue
        }
      }
      // A paragraph all in italics is the writer's aside ("Klik op een stap om ze open te
      // klappen.", a grandmother's saying after the last step), not a line or a step.
      // ("<p><em>Astuce : …</em></p>" opens the notes after the steps, which end there,
      // unless the steps are numbered "Step 1:", "Step 2:", which say where they end.)
      if name == "p", Self.isItalicOnly(element),
        case let aside = Self.cleanLine(element.text),
        !Self.opensANote(aside) || numberedSteps >= 2, !Self.isSignOff(aside)
      {
        skipUntil = position + element.descendants().count
        continue
      }
      // "<p><strong>To serve</strong></p>" among paragraphs that are lines: the next group.
      if name == "p", total > 0, listMode == false, Self.isBoldOnly(element),
        case let text = MarkupNode.collapse(element.text), text.count <= 60,
        !text.contains(where: \.isNumber), !text.contains(". ")
      {
        if !current.lines.isEmpty || current.title != nil { sections.append(current) }
        current = Section(title: text.trimmingCharacters(in: [":", " "]), lines: [])
        skipUntil = position + element.descendants().count
        continue
      }
      // "<div class="cooked-single-direction cooked-heading">Make the biscuits</div>" among
      // the steps or lines: the next group, named by its class as a heading.
      if ["div", "p", "li"].contains(name), element.hasAtMost(8),
        Self.groupHeadingClasses.contains(where: { element.classOrIDContains($0) }),
        case let text = MarkupNode.collapse(element.text), !text.isEmpty, text.count <= 60,
        !text.contains(". "), !text.hasSuffix(".")
      {
        if !current.lines.isEmpty || current.title != nil { sections.append(current) }
        current = Section(title: text.trimmingCharacters(in: [":", " "]), lines: [])
        skipUntil = position + element.descendants().count
        continue
      }
      if isTextBlock && element.hasAtMost(300) {
        let hasBreaks = name == "pre" || element.descendants().contains { $0.name == "br" }
        var lines: [String] = []
        var numberingEnds = false
        // A row's cells, without a shop's offer beside the ingredient; under columns of
        // servings, the first column's amount and the name.
        let cells = element.elementChildren
        let whole =
          name == "tr"
          ? (servingColumns.flatMap { columns in
            cells.count == columns.count
              ? cells[columns.amount].text + " " + cells[columns.name].text : nil
          }
            ?? cells.filter { !Self.isShopCell($0) }.map(\.text).joined(separator: " "))
          : Self.isCellRow(element)
            // A card's allergen note ("<p>Bevat: selderij</p>") is not part of its line.
            ? cells.filter { !Self.isAllergenNote($0.text) && !Self.isActionOrTag($0) }
              .map(\.textWithoutButtons).joined(separator: " ")
            : element.text
        for text in hasBreaks
          ? element.textWithLineBreaks.components(separatedBy: "\n") : [whole]
        {
          let line = Self.cleanLine(text)
          if line.isEmpty { continue }
          // "DIRECTIONS" typed as a line of the ingredients' block: the next section's heading.
          if total + lines.count > 0, line.count <= 40,
            case let folded = Self.fold(line),
            Self.matches(folded, Self.instructionWords)
              || Self.matches(folded, Self.ingredientWords)
          {
            numberingEnds = true
            break
          }
          // "Tipp: …", "Note: …", "Astuce : …" after the lines or steps: the writer's aside;
          // "Dobrú chuť!": the writer's sign-off, after which nothing is a step.
          if total + lines.count > 0, Self.opensANote(line) || Self.isSignOff(line) {
            numberingEnds = true
            break
          }
          // A sentence of prose after a list of short lines that are not sentences ("All our
          // baking ingredients are available in the farm shop."): the list has ended. Short
          // steps ("Beat the egg.") end with a full stop, and a long one may follow them.
          let words = line.split(separator: " ").count
          if total >= 3, words >= 14, line.hasSuffix("."),
            (current.lines + sections.flatMap(\.lines)).allSatisfy({
              $0.split(separator: " ").count <= 10 && !$0.hasSuffix(".")
            })
          {
            numberingEnds = true
            break
          }
          // Paragraphs numbered "1.", "2.", "3." are the steps; the first one after them
          // without a number ("Enjoy! Tell me how it went") is the writer's again.
          let number = Self.writtenStepNumber(text)
          if numberedSteps >= 2, number == nil {
            numberingEnds = true
            break
          }
          numberedSteps = number == numberedSteps + 1 ? numberedSteps + 1 : 0
          lines.append(line)
        }
        if !lines.isEmpty && !Self.isButtonOnly(element) && !Self.isLinkRow(element) {
          // "Para la masa:" titles the lines or the list after it.
          for line in lines {
            if SchemaOrg.isGroupHeading(line) {
              if !current.lines.isEmpty { sections.append(current) }
              current = Section(
                title: line.trimmingCharacters(in: .whitespaces.union([":"])), lines: [])
            } else {
              listMode = false
              current.lines.append(line)
              total += 1
            }
          }
        }
        skipUntil = position + element.descendants().count
        if numberingEnds { break }
      }
    }
    if !current.lines.isEmpty { sections.append(current) }
    // A list of nothing but links is a menu of other pages, not ingredients or steps.
    if total > 0 && linkOnly * 2 > total { return [] }
    return sections
  }

  /// Words that open a writer's note ("Tipp: Statt Bergkäse…").
  private static let noteWords = Set(
    [
      "tip", "tips", "tipp", "tipps", "note", "notes", "nota", "nota bene", "astuce", "conseil",
      "variante", "truco", "consejo", "consiglio", "dica", "rada", "tipy", "vinkki", "savjet",
      "sfat", "wskazówka", "uwaga", "порада", "совет", "συμβουλή", "טיפ", "hint", "hinweis",
      "not", "napomena", "huom", "obs",
      // What to drink with it: "Abbinamento consigliato:", "Wine pairing:", "Weinempfehlung:".
      "abbinamento", "abbinamento consigliato", "wine pairing", "pairing", "weinempfehlung",
      "dazu passt", "accord mets-vins", "maridaje", "vinforslag", "wijnsuggestie",
    ].map(fold))

  /// Whether a paragraph opens with a note's word and a colon.
  static func opensANote(_ line: String) -> Bool {
    // "Tips! Bullarna går att frysa…", "Obs! …": a note's word and an exclamation mark.
    if let mark = line.firstIndex(of: "!"), line.distance(from: line.startIndex, to: mark) <= 8,
      noteWords.contains(fold(String(line[..<mark])))
    {
      return true
    }
    guard let colon = line.firstIndex(of: ":"),
      line.distance(from: line.startIndex, to: colon) <= 30
    else { return false }
    let label = fold(String(line[..<colon]))
    if noteWords.contains(label) { return true }
    // "Tip autorky:", "Gwen's tip:", "Chef's note:": a note's word and whose it is; "Tip van
    // chef Wannes:": the word first, and who gives it.
    let words = label.split(separator: " ")
    let givers: Set<String> = [
      "van", "von", "vom", "de", "du", "des", "di", "del", "della", "do", "da", "from", "by",
      "fra", "fran", "od", "z",
    ]
    if (3...4).contains(words.count), noteWords.contains(String(words[0])),
      givers.contains(String(words[1]))
    {
      return true
    }
    return words.count == 2
      && words.contains { noteWords.contains(String($0)) || noteWords.contains(possessed($0)) }
  }

  /// "gwen's" → "gwen": a word without its possessive ending.
  private static func possessed(_ word: Substring) -> String {
    word.hasSuffix("'s") ? String(word.dropLast(2)) : String(word)
  }

  /// The number a paragraph writes before its step ("2. Mix…", "3) Bake…", "Step 4: Bake…",
  /// "Βήμα 5: …"), or nil.
  static func writtenStepNumber(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty {
      guard digits.count <= 2, let number = Int(digits) else { return nil }
      var rest = trimmed.dropFirst(digits.count)
      guard let mark = rest.first, mark == "." || mark == ")" else { return nil }
      rest = rest.dropFirst()
      // "1.-", as Spanish writers number their steps.
      if let dash = rest.first, "-–".contains(dash) { rest = rest.dropFirst() }
      guard rest.first?.isWhitespace == true else { return nil }
      return number
    }
    // A step word and its number, as the step reader strips them.
    let stripped = SchemaOrg.withoutStepNumber(trimmed)
    guard stripped.count < trimmed.count else { return nil }
    let label = trimmed.prefix(trimmed.count - stripped.count)
    let number = label.drop { !($0.isASCII && $0.isNumber) }.prefix { $0.isASCII && $0.isNumber }
    return number.count <= 2 ? Int(number) : nil
  }

  /// Phrases that start page furniture rather than recipe text.
  private static let boilerplate = [
    "view ", "show ", "print", "jump to", "watch ", "save ", "like this", "share", "rate this",
    "leave a ", "pin ", "did you make", "tag us", "subscribe", "click ", "read more", "see more",
    "advertisement", "scroll to",
  ]

  /// An advert's label, the whole of a line ("Anzeige", "Annonce").
  private static let adLabels: Set<String> = [
    "ad", "advertisement", "anzeige", "werbung", "annonce", "publicite", "pubblicita",
    "publicidad", "publicidade", "reklame", "reklam", "reklama", "mainos", "advertentie",
    "hirdetes", "реклама", "publicitat", "publicitate", "oglas", "διαφημιση", "sponsored",
  ]

  /// A line as text: entities decoded, numbering removed; empty for page furniture.
  static func cleanLine(_ line: String) -> String {
    var text = withoutBullet(withoutNumbering(PlainText.clean(ExtraEntities.decode(line))))
    // "thighs , cut into pieces": the space set between an element and the comma after it.
    if text.contains(" ,") { text = text.replacingOccurrences(of: " ,", with: ",") }
    let folded = fold(text)
    return boilerplate.contains { folded.hasPrefix($0) } || adLabels.contains(folded) ? "" : text
  }

  /// A line without the bullet typed before it ("- 100 g de sucre", "• 2 eggs").
  static func withoutBullet(_ line: String) -> String {
    // "🍌2 ripe bananas", "✨ 1/2 teaspoon cinnamon": a picture set as the bullet.
    if let first = line.first, Self.isPictograph(first), line.count > 2 {
      return String(line.dropFirst()).trimmingCharacters(in: .whitespaces)
    }
    // "☐" alone: a checkbox with nothing beside it.
    if line.count == 1, "☐☑☒□▢".contains(line) { return "" }
    guard let first = line.first, "-–—•*·☐☑☒✓✔□▢".contains(first), line.count > 2,
      line.dropFirst().first == " "
    else { return line }
    return String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces)
  }

  /// Whether a character is a pictograph shown as an emoji ("🍌", "✨", "🍺"), which a line
  /// or a name may be decorated with but is not part of.
  static func isPictograph(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first, scalar.value >= 0x2190 else {
      return false
    }
    return scalar.properties.isEmojiPresentation
      || (scalar.properties.isEmoji && character.unicodeScalars.count > 1)
  }

  /// Whether a block is a row of links with at most a label ("Teilen: Facebook X WhatsApp",
  /// "Tags: soup, winter"): links that hold nearly all its letters, after a label ending in a
  /// colon or three or more of them without a digit. Never a block of lines ("<br>"), and not
  /// an ingredient whose foods are links ("<a>Salt</a> and <a>pepper</a>").
  static func isLinkRow(_ element: MarkupNode) -> Bool {
    guard !element.descendants().contains(where: { $0.name == "br" }) else { return false }
    let links = element.descendants().filter { $0.name == "a" }
    guard links.count >= 2 else { return false }
    let text = MarkupNode.collapse(element.text)
    let letters = text.filter(\.isLetter).count
    let linked = links.reduce(0) { $0 + $1.text.filter(\.isLetter).count }
    guard linked * 3 >= letters * 2 else { return false }
    let first = MarkupNode.collapse(links[0].text)
    let label = text.range(of: first).map { text[..<$0.lowerBound] } ?? ""
    let labelled = label.trimmingCharacters(in: .whitespaces).hasSuffix(":") && label.count <= 24
    return labelled || (links.count >= 3 && !text.contains(where: \.isNumber))
  }

  /// Whether all of an element's text is inside buttons ("Preparing Broccoli" opening a
  /// pop-up); a checkbox label around the button marks a real list item.
  private static func isButtonOnly(_ element: MarkupNode) -> Bool {
    let inside = element.descendants()
    let buttons = inside.filter { $0.name == "button" }
    guard !buttons.isEmpty, !inside.contains(where: { $0.name == "label" || $0.name == "input" })
    else { return false }
    return MarkupNode.collapse(buttons.map(\.text).joined(separator: " ")) == element.text
  }

  /// Steps without the bare counter a page draws before each ("1 Rør surdejen ...", the number
  /// in an element of its own): only when the steps, read in order, start 1, 2, 3, ..., so
  /// that a step starting with an amount ("2 eggs go in next") is never cut.
  static func withoutCounters(_ lines: [String]) -> [String] {
    guard lines.count >= 2 else { return lines }
    func counted(_ offset: Int, _ line: String) -> Bool {
      let digits = line.prefix { $0.isNumber }
      let rest = line.dropFirst(digits.count)
      // ("1Per preparare…": the counter's own span touches the text.)
      return Int(digits) == offset + 1 && (rest.first == " " || rest.first?.isUppercase == true)
        && rest.count > 1
    }
    // Every line counted 1, 2, 3…, or three at least before lines that are not (a serving
    // note and a wine tip after the sixth step). As many lines come back as went in: the
    // caller cuts them back into their sections.
    let run = lines.enumerated().prefix { counted($0.offset, $0.element) }.count
    guard run == lines.count || run >= 3 else { return lines }
    return lines.enumerated().map { offset, line in
      offset < run ? String(line.drop { $0.isNumber }.drop { $0 == " " }) : line
    }
  }

  /// The line without a leading "Step 3", "Schritt 3", "3." or "3)"; a line that is only a
  /// number (a step counter drawn beside the text) becomes empty.
  static func withoutNumbering(_ line: String) -> String { SchemaOrg.withoutStepNumber(line) }

  /// The longest list inside an element whose class or id names `words`.
  private func sectionByClass(_ words: [String], in elements: [MarkupNode]) -> [Section] {
    var best: [Section] = []
    var bestCount = 0
    for element in elements where element.isElement {
      let label = ((element.attribute("class") ?? "") + " " + (element.attribute("id") ?? ""))
        .lowercased()
      guard words.contains(where: { label.contains($0) }) else { continue }
      let items = element.descendants().filter { $0.name == "li" }
        .map { Self.cleanLine($0.textSeparatingElements) }.filter { !$0.isEmpty }
      var sections = items.isEmpty ? [] : [Section(title: nil, lines: items)]
      if items.isEmpty {
        // Paragraphs: a line each, or lines split at <br>, the first one a group's name when
        // it is all the bold the paragraph opens with ("<p><strong>Puuro</strong><br>…").
        for paragraph in element.descendants() where paragraph.name == "p" {
          let lines = paragraph.textWithLineBreaks.components(separatedBy: "\n")
            .map(Self.cleanLine).filter { !$0.isEmpty }
          guard let first = lines.first else { continue }
          if lines.count > 1, let bold = paragraph.elementChildren.first,
            ["strong", "b"].contains(bold.name), MarkupNode.collapse(bold.text) == first
          {
            sections.append(
              Section(
                title: first.trimmingCharacters(in: .whitespaces.union([":"])),
                lines: Array(lines.dropFirst())))
          } else if let last = sections.indices.last, sections[last].title == nil {
            sections[last].lines += lines
          } else {
            sections.append(Section(title: nil, lines: lines))
          }
        }
      }
      let count = sections.reduce(0) { $0 + $1.lines.count }
      if count > bestCount && count <= Self.maximumLines {
        best = sections
        bestCount = count
      }
    }
    return best
  }

  /// Which of a recipe's times a label names.
  private enum TimeField: Sendable {
    case prep, cook, total
  }

  private static let timeLabels: [(String, TimeField)] = [
    ("prep time", .prep), ("preparation time", .prep), ("prep:", .prep), ("prep ", .prep),
    ("cook time", .cook), ("cooking time", .cook), ("bake time", .cook),
    ("baking time", .cook), ("total time", .total), ("ready in", .total),
    ("zubereitungszeit", .prep), ("arbeitszeit", .prep), ("kochzeit", .cook),
    ("backzeit", .cook), ("gesamtzeit", .total), ("temps de preparation", .prep),
    ("temps de cuisson", .cook), ("temps total", .total),
    ("tiempo de preparacion", .prep), ("tiempo de coccion", .cook),
    ("tempo di preparazione", .prep), ("tempo di cottura", .cook),
    ("tempo de preparo", .prep),
  ]

  /// "Prep time: 10 mins", "Cook Time 1 hr", "Kochzeit: 20 Min." in short elements.
  /// The short texts with a number in them ("Serves 4", "Prep time: 10 mins") of small
  /// elements, folded, each with its original text; read once for yield and times.
  private func shortLabels(in elements: [MarkupNode]) -> [(text: String, folded: String)] {
    var labels: [(text: String, folded: String)] = []
    for element in elements
    where ["p", "span", "div", "li", "dd", "dt", "td", "strong", "time"].contains(element.name) {
      let children = element.children
      guard children.count <= 6, children.allSatisfy({ !MarkupNode.blocks.contains($0.name) }),
        element.hasAtMost(32)
      else { continue }
      let text = element.text
      guard text.count <= 50, text.contains(where: \.isNumber) else { continue }
      labels.append((text, Self.fold(text)))
    }
    return labels
  }

  private func findTimes(in labels: [(text: String, folded: String)], into recipe: inout Recipe) {
    var found = 0
    for (_, folded) in labels {
      guard found < 3 else { return }
      for (label, field) in Self.timeLabels where folded.hasPrefix(label) {
        let path: WritableKeyPath<Recipe, RecipeDuration?> =
          switch field {
          case .prep: \.prepTime
          case .cook: \.cookTime
          case .total: \.totalTime
          }
        guard recipe[keyPath: path] == nil else { break }
        let rest = folded.dropFirst(label.count).drop { $0 == ":" || $0 == " " || $0 == "-" }
        if let duration = RecipeDuration.parse(
          String(rest).replacingOccurrences(of: ".", with: " ")),
          duration.seconds > 0
        {
          recipe[keyPath: path] = duration
          found += 1
        }
        break
      }
    }
  }

  /// "Serves 4", "Servings: 6", "Yield: 2 loaves", "Für 4 Personen".
  private func findYield(in labels: [(text: String, folded: String)]) -> RecipeYield? {
    let prefixes = [
      "serves", "servings", "serving", "yield", "yields", "makes", "portionen", "personen",
      "portions", "personnes", "porzioni", "porciones", "raciones", "porcoes", "rendimento",
      "pour", "fur", "for", "para", "per",
    ]
    for (text, folded) in labels where text.count <= 40 {
      if prefixes.contains(where: { folded.hasPrefix($0 + " ") || folded.hasPrefix($0 + ":") }) {
        let value = text.drop { !$0.isNumber }
        if let yield = RecipeYield(texts: [String(value)]) { return yield }
      }
    }
    return nil
  }
}
