import Foundation
import LarderCore

extension Larder {
  /// Finds the caller's household's recipes for what the caller has: the request's `have`, or
  /// without it the household's stored pantry (with its expiry dates, for `useItUp`). Without
  /// either (no `have` and no stored food) there is no pantry, and the answer says so
  /// (`pantrySource` `none`) with no recipes rather than ranking recipes for nothing. Foods are
  /// the household's catalog; its finder is built on its first search. Favourites (the
  /// `favorites` filter) and the ratings that rank recipes are the caller's own when they keep
  /// marks.
  ///
  /// - Throws: ``ApplicationError/invalidValue(_:value:expected:)`` for a number out of range
  ///   or an unknown diet, and ``ApplicationError/unknownFood(_:name:)`` for a food the catalog
  ///   does not know in `include` or `exclude` (guessing would change the answer). An unknown
  ///   food in `have` is listed under `unknown` instead, and an unknown staple (a slip such as
  ///   "blak peper" in a cook's settings) under `unknownStaples`, the other staples kept.
  public func findRecipes(_ request: FinderRequest, as caller: Caller) throws -> FinderAnswer {
    try request.validate()
    let household = try household(caller)
    let foods = household.foods.current
    var request = request
    let staples = request.staples.map { household.foods.pantryTerms($0) }
    request.staples = staples?.filter { $0.food != nil }.map(\.input)
    let unknownStaples = staples?.filter { $0.food == nil }.map(\.input) ?? []
    var pantry = household.foods.pantryTerms(request.have)
    var items = pantry.compactMap { term in
      term.food.map { FinderQuery.PantryItem(food: $0.foodID, kinds: term.kinds) }
    }
    var source = FinderAnswer.PantrySource.have
    if request.have.isEmpty { source = .none }
    if request.have.isEmpty, planning != nil {
      let stored = try planningStore().pantryItems(household: caller.household).filter {
        $0.foodID != nil
      }
      if !stored.isEmpty {
        source = .stored
        pantry = stored.map { item in
          PantryTerm(
            input: item.name,
            food: item.foodID.map {
              FoodMatch(foodID: $0, name: item.name, how: .exact, confidence: 1)
            }, kinds: item.kinds)
        }
        items = stored.compactMap(\.finderItem)
      }
    }
    let finder = try finderEngine(of: household, as: caller)
    let marks = try marksSeen(by: caller)
    var query = try finderQuery(
      for: request, pantry: items, finder: finder.catalog,
      read: household.foods.pantryTerms)
    query.marks = marks.finderMarks
    let (page, unjudged) =
      source == .none
      ? (
        Page<FinderMatch>(items: [], total: 0, offset: request.offset, limit: request.limit),
        finder.unjudged(query)
      )
      : finder.findWithUnjudged(query)
    func food(_ id: String) -> FoodReference {
      FoodReference(id: id, in: foods)
    }
    func shortfall(_ short: FinderShortfall) -> FinderAnswer.Shortfall {
      FinderAnswer.Shortfall(
        food: food(short.food), need: short.need, have: short.have,
        text: Self.shortfallWords(
          food: short.food, need: short.need, have: short.have, catalog: foods))
    }
    // Each hit's card comes from the library's summaries in memory, never from the recipe's
    // whole document: a whole recipe is read only for a hit with lines no food matches (their
    // text is shown), or for one the summaries do not hold. The summaries held are used
    // without the store's change check, as the finder's own index is: both follow this
    // process's writes, and the library page reloads them after another process's. While
    // they are being loaded (after a start from a saved finder index), the hits are read
    // from the store one by one rather than waiting for every summary.
    let cards =
      page.items.isEmpty
      ? nil
      : try library.held(household: caller.household)
        ?? library.currentUnlessLoading(store: recipes, household: caller.household)
    var found: [FinderAnswer.Item] = []
    for match in page.items {
      let id = RecipeID(rawValue: match.recipeID)
      var whole: Recipe?
      let summary: RecipeSummary
      if let cards, let position = cards.indexByID[id] {
        summary = cards.entries[position].summary
      } else {
        guard let recipe = try recipes.recipe(id: id, household: caller.household) else {
          continue
        }
        whole = recipe
        summary = RecipeSummary(recipe)
      }
      if match.unmatchedLineCount > 0, whole == nil {
        whole = try recipes.recipe(id: id, household: caller.household)
      }
      found.append(
        FinderAnswer.Item(
          recipe: marks.shown(summary), missingCount: match.missingCount,
          matched: match.matchedFoods.map(food), missing: match.missingFoods.map(food),
          substitutions: match.substitutions.map {
            FinderAnswer.Substitution(food: food($0.food), substitutes: $0.substitutes.map(food))
          },
          unmatchedLines: match.unmatchedLineCount,
          unmatchedLineTexts: whole.map(Self.unreadLines(of:)) ?? [],
          pantryFoodsUsed: match.pantryFoodsUsed,
          kindMatches: match.kindMatches.map { kind in
            let (asked, have) = (food(kind.food), food(kind.pantryFood))
            return FinderAnswer.KindMatch(
              food: asked, pantryFood: have,
              text: "you have \(have.name) — the recipe asks for \(asked.name)")
          },
          choices: match.choices.map {
            FinderAnswer.Choice(foods: $0.foods.map(food), chosen: $0.chosen.map(food))
          },
          shortfalls: match.shortfalls.map(shortfall)))
    }
    return FinderAnswer(
      pantry: pantry.compactMap { term in
        term.food.map { FinderAnswer.PantryFood(input: term.input, food: food($0.foodID)) }
      },
      unknown: pantry.filter { $0.food == nil }.map(\.input), unknownStaples: unknownStaples,
      pantrySource: source,
      useItUp: request.useItUp, items: found,
      unjudged: FinderAnswer.Unjudged(
        noIngredients: unjudged.noIngredients, mostlyUnrecognised: unjudged.mostlyUnrecognised,
        total: unjudged.total, text: Self.unjudgedText(unjudged)),
      total: page.total, offset: page.offset, limit: page.limit)
  }

  /// A recipe's required lines that match no food, as written: each counts as missing.
  static func unreadLines(of recipe: Recipe) -> [String] {
    recipe.ingredientLines.filter {
      $0.facts?.foodID == nil && $0.facts?.alternativeFoodIDs.isEmpty != false
        && $0.facts?.isOptional != true
    }.map(\.text)
  }

  /// Why some recipes are left out, in plain words; nil when none are.
  static func unjudgedText(_ unjudged: FinderUnjudged) -> String? {
    func recipes(_ count: Int) -> String { count == 1 ? "1 recipe" : "\(count) recipes" }
    var parts: [String] = []
    if unjudged.noIngredients > 0 {
      parts.append("\(recipes(unjudged.noIngredients)) with no ingredients Larder can read")
    }
    if unjudged.mostlyUnrecognised > 0 {
      parts.append(
        "\(recipes(unjudged.mostlyUnrecognised)) whose ingredients are mostly not recognised")
    }
    guard !parts.isEmpty else { return nil }
    return "Not judged: " + parts.joined(separator: " and ")
      + ". They are never offered as makeable."
  }

  /// The finder query a request asks, over `pantry` (the `have` foods or the stored pantry),
  /// with its foods checked against the household's catalog and its diets against the
  /// finder's facts.
  /// `read` reads a list of foods in the household's catalog
  /// (``LiveFoodCatalog/pantryTerms(_:)``, which remembers them).
  func finderQuery(
    for request: FinderRequest, pantry: [FinderQuery.PantryItem],
    finder: FinderCatalog, read: ([String]) -> [PantryTerm]
  ) throws -> FinderQuery {
    func resolveStrictly(_ names: [String], field: String) throws -> [String] {
      try read(names).map { term in
        guard let food = term.food else {
          throw ApplicationError.unknownFood(Field(field), name: term.input)
        }
        return food.foodID
      }
    }
    let knownDiets = Set(finder.dietExclusions.keys)
    let diets = try request.diets.map { text -> DietLabel in
      guard let label = DietLabel(parsing: text), knownDiets.contains(label) else {
        throw ApplicationError.invalidValue(
          Field("diet"), value: text,
          expected: "one of " + knownDiets.map(\.rawValue).sorted().joined(separator: ", "))
      }
      return label
    }
    return FinderQuery(
      pantryItems: pantry,
      staples: try request.staples.map { try resolveStrictly($0, field: "staples") }
        ?? FinderQuery.defaultStaples,
      maxMissing: request.missing ?? 0,
      mustInclude: try resolveStrictly(request.include, field: "include"),
      mustExclude: try resolveStrictly(request.exclude, field: "exclude"),
      diets: diets,
      filters: FinderFilters(
        courses: request.courses, cuisines: request.cuisines,
        maxTotalMinutes: request.maxTime, maxIngredientCount: request.maxIngredients,
        tags: request.tags, favoritesOnly: request.favorites),
      offset: request.offset, limit: request.limit, useItUp: request.useItUp)
  }
}
