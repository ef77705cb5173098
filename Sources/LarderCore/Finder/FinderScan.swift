import Foundation

/// The pantry finder as a plain full scan over every recipe, written for clarity rather than
/// speed.
///
/// It is the reference for ``FinderEngine``: both answer every query identically (same
/// recipes, order, details and totals), which the tests check on random corpora, and the
/// benchmark measures the engine against it. Reading its `evaluate(_:in:)` is the quickest way to
/// learn what the finder means by missing, used, substitutable and the filters.
public struct FinderScan: Sendable {
  /// The catalog facts the scan reasons with.
  public let catalog: FinderCatalog
  private let recipes: [Prepared]

  /// A recipe with its foods deduplicated once, rather than on every query.
  struct Prepared {
    let recipe: FinderRecipe
    let required: [String]
    let everyFood: [String]
  }

  /// Makes a scan over recipes; of several recipes with the same id, the last one counts.
  public init(recipes: [FinderRecipe], catalog: FinderCatalog = FinderCatalog()) {
    var position: [String: Int] = [:]
    var kept: [FinderRecipe] = []
    for recipe in recipes {
      if let index = position[recipe.id] {
        kept[index] = recipe
      } else {
        position[recipe.id] = kept.count
        kept.append(recipe)
      }
    }
    self.recipes = kept.map { recipe in
      let required = recipe.distinctRequiredFoods
      return Prepared(
        recipe: recipe, required: required, everyFood: required + recipe.distinctOptionalFoods)
    }
    self.catalog = catalog
  }

  /// The page of ranked matches the query asks for, with the total number of matches.
  public func find(_ query: FinderQuery) -> Page<FinderMatch> {
    let context = Context(query: query, catalog: catalog)
    var found: [(key: FinderRankKey, id: String, match: FinderMatch)] = []
    for prepared in recipes {
      if let (key, match) = evaluate(prepared, in: context) {
        found.append((key, prepared.recipe.id, match))
      }
    }
    found.sort { $0.key != $1.key ? $0.key < $1.key : FinderText.precedes($0.id, $1.id) }
    let offset = query.normalizedOffset
    let limit = query.normalizedLimit
    var ranked = found.map(\.match)
    if query.ranksByExpiry { ranked = query.rankedByExpiry(ranked, taxonomy: catalog.taxonomy) }
    return Page(
      items: Array(ranked.dropFirst(offset).prefix(limit)), total: found.count,
      offset: offset, limit: limit)
  }

  /// What the query needs, worked out once per query.
  struct Context {
    let catalog: FinderCatalog
    let maxMissing: Int
    /// Foods the pantry or staples satisfy: each such food and all its ancestors.
    let have: Set<String>
    /// Foods the pantry alone satisfies.
    let pantry: Set<String>
    /// Foods the recipe may not use, directly or through a descendant.
    let excluded: Set<String>
    let mustInclude: [String]
    let diets: [DietLabel]
    let courses: Set<String>
    let cuisines: Set<String>
    let tags: Set<String>
    let filters: FinderFilters
    /// The asking user's favourites and ratings, in place of the recipes' own.
    let marks: FinderMarks?

    init(query: FinderQuery, catalog: FinderCatalog) {
      self.catalog = catalog
      maxMissing = query.normalizedMaxMissing
      let taxonomy = catalog.taxonomy
      func satisfied(by foods: [String]) -> Set<String> {
        Set(foods.flatMap { [$0] + taxonomy.ancestors(of: $0) })
      }
      pantry = satisfied(by: query.pantry.map(\.food))
      have = satisfied(by: query.pantry.map(\.food) + query.staples)
      excluded = Set(
        query.mustExclude + query.diets.flatMap { catalog.dietExclusions[$0] ?? [] })
      mustInclude = query.mustInclude
      diets = query.diets
      courses = Set(query.filters.courses.map(FinderText.normalize))
      cuisines = Set(query.filters.cuisines.map(FinderText.normalize))
      tags = Set(query.filters.tags.map(FinderText.normalize))
      filters = query.filters
      marks = query.marks
    }
  }

  /// The recipe's rank key and match, or nil when the query does not find it.
  func evaluate(_ prepared: Prepared, in context: Context) -> (FinderRankKey, FinderMatch)? {
    let taxonomy = context.catalog.taxonomy
    let recipe = prepared.recipe
    let required = prepared.required
    let everyFood = prepared.everyFood
    let unmatched = recipe.normalizedUnmatchedLineCount

    // Missing: required foods nothing at hand satisfies, plus every unmatched line.
    var missingCount = unmatched
    for food in required where !context.have.contains(food) { missingCount += 1 }
    guard missingCount <= context.maxMissing else { return nil }
    let matched = required.filter { context.have.contains($0) }
    let missing = required.filter { !context.have.contains($0) }

    guard passesFilters(recipe, context) else { return nil }

    // Must-exclude and the diets' foods: no food of the recipe may sit under an excluded one.
    let usesExcluded = everyFood.contains { food in
      context.excluded.contains(food)
        || taxonomy.ancestors(of: food).contains(where: context.excluded.contains)
    }
    guard !usesExcluded else { return nil }

    // Must-include: some food of the recipe is each included food or sits under it.
    for food in context.mustInclude {
      guard everyFood.contains(where: { taxonomy.isFood($0, under: food) }) else { return nil }
    }

    // Diets: labels vouch for unmatched lines, and are all there is for diets without a table.
    let labels = context.diets.isEmpty ? [] : context.catalog.diets(implied: recipe.diets)
    for diet in context.diets where !labels.contains(diet) {
      let hasTable = context.catalog.dietExclusions[diet] != nil
      if !hasTable || unmatched > 0 { return nil }
    }

    let substitutions = missing.compactMap { food -> FinderSubstitution? in
      let available = (context.catalog.substitutes[food] ?? []).filter(context.have.contains)
      return available.isEmpty ? nil : FinderSubstitution(food: food, substitutes: available)
    }
    let used = required.filter { context.pantry.contains($0) }.count
    let key = FinderRankKey(
      missing: missingCount, substitutable: substitutions.count, used: used,
      rating: context.marks?.rankingRating(of: recipe.id) ?? recipe.rankingRating)
    let match = FinderMatch(
      recipeID: recipe.id, missingCount: missingCount, matchedFoods: matched.sorted(),
      missingFoods: missing.sorted(),
      substitutions: substitutions.sorted { $0.food < $1.food }, unmatchedLineCount: unmatched,
      pantryFoodsUsed: used)
    return (key, match)
  }

  private func passesFilters(_ recipe: FinderRecipe, _ context: Context) -> Bool {
    let filters = context.filters
    if !context.courses.isEmpty,
      !recipe.courses.contains(where: { context.courses.contains(FinderText.normalize($0)) })
    {
      return false
    }
    if !context.cuisines.isEmpty,
      !recipe.cuisines.contains(where: { context.cuisines.contains(FinderText.normalize($0)) })
    {
      return false
    }
    if let limit = filters.maxTotalMinutes {
      guard let minutes = recipe.totalMinutes, max(0, minutes) <= limit else { return false }
    }
    if let limit = filters.maxIngredientCount, max(0, recipe.ingredientCount) > limit {
      return false
    }
    if !context.tags.isEmpty,
      !context.tags.isSubset(of: Set(recipe.tags.map(FinderText.normalize)))
    {
      return false
    }
    if filters.favoritesOnly,
      !(context.marks.map { $0.favorites.contains(recipe.id) } ?? recipe.isFavorite)
    {
      return false
    }
    return true
  }
}
