import Foundation

/// The pantry finder as a plain full scan over every recipe, written for clarity rather than
/// speed.
///
/// It is the reference for ``FinderEngine``: both answer every query identically (same
/// recipes, order, details and totals), which the tests check on random corpora, and the
/// benchmark measures the engine against it. Reading its `evaluate(_:in:)` is the quickest way to
/// learn what the finder means by missing, short, used, kind matches, alternatives,
/// substitutable and the filters.
public struct FinderScan: Sendable {
  /// The catalog facts the scan reasons with.
  public let catalog: FinderCatalog
  private let recipes: [Prepared]
  /// Each food's children, for finding the kinds a pantry food may stand for.
  private let children: [String: [String]]

  /// A recipe with its requirements worked out once, rather than on every query.
  struct Prepared {
    let recipe: FinderRecipe
    /// Sole foods and lines of alternatives (``FinderRecipe/requirements``).
    let requirements: [String]
    let optional: [String]
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
      Prepared(
        recipe: recipe, requirements: recipe.requirements, optional: recipe.distinctOptionalFoods)
    }
    self.catalog = catalog
    var children: [String: [String]] = [:]
    for (child, parent) in catalog.taxonomy.parents { children[parent, default: []].append(child) }
    self.children = children
  }

  /// The page of ranked matches the query asks for, with the total number of matches.
  public func find(_ query: FinderQuery) -> Page<FinderMatch> {
    let context = Context(query: query, catalog: catalog, children: children)
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

  /// The recipes the query's filters, inclusions, exclusions and diets would let through but
  /// that the finder cannot judge.
  public func unjudged(_ query: FinderQuery) -> FinderUnjudged {
    let context = Context(query: query, catalog: catalog, children: children)
    var result = FinderUnjudged()
    for prepared in recipes {
      guard let reason = prepared.recipe.unjudgedReason, passes(prepared, context) else {
        continue
      }
      switch reason {
      case .noIngredients: result.noIngredients += 1
      case .mostlyUnrecognised: result.mostlyUnrecognised += 1
      }
    }
    return result
  }

  /// What the query needs, worked out once per query.
  struct Context {
    /// A pantry item or a staple.
    struct Source {
      var food: String
      var kinds: PantryKinds
      var amount: Measure?
      var isPantry: Bool
    }

    let catalog: FinderCatalog
    let maxMissing: Int
    /// The pantry's items, then the staples.
    let sources: [Source]
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
    /// For each food some source gives, the sources giving it in order, and how.
    private let coverings: [String: [(source: Int, how: PantryCoverage)]]

    init(query: FinderQuery, catalog: FinderCatalog, children: [String: [String]]) {
      self.catalog = catalog
      maxMissing = query.normalizedMaxMissing
      sources =
        query.pantry.map {
          Source(food: $0.food, kinds: $0.kinds, amount: $0.amount, isPantry: true)
        }
        + query.staples.map { Source(food: $0, kinds: .everyday, amount: nil, isPantry: false) }
      excluded = Set(
        query.mustExclude + query.diets.flatMap { catalog.dietExclusions[$0] ?? [] })
      mustInclude = query.mustInclude
      diets = query.diets
      courses = Set(query.filters.courses.map(FinderText.normalize))
      cuisines = Set(query.filters.cuisines.map(FinderText.normalize))
      tags = Set(query.filters.tags.map(FinderText.normalize))
      filters = query.filters
      marks = query.marks
      // Only the food, its ancestors and its descendants can be given by a source; the rule
      // itself (``PantryCoverage``) decides which are.
      let taxonomy = catalog.taxonomy
      var coverings: [String: [(source: Int, how: PantryCoverage)]] = [:]
      for (index, source) in sources.enumerated() {
        var candidates = [source.food] + taxonomy.ancestors(of: source.food)
        var seen = Set(candidates)
        var pending = [source.food]
        while let food = pending.popLast() {
          for child in children[food] ?? [] where seen.insert(child).inserted {
            candidates.append(child)
            pending.append(child)
          }
        }
        for food in candidates {
          if let how = taxonomy.coverage(of: food, by: source.food, kinds: source.kinds) {
            coverings[food, default: []].append((index, how))
          }
        }
      }
      self.coverings = coverings
    }

    /// The pantry items and staples that give a food, in order, and how.
    func covering(_ food: String) -> [(source: Int, how: PantryCoverage)] {
      coverings[food] ?? []
    }
  }

  /// The recipe's rank key and match, or nil when the query does not find it.
  func evaluate(_ prepared: Prepared, in context: Context) -> (FinderRankKey, FinderMatch)? {
    let recipe = prepared.recipe
    guard recipe.isJudgeable else { return nil }
    let unmatched = recipe.normalizedUnmatchedLineCount

    var missing: [String] = []
    var matched: [String] = []
    var substitutions: [FinderSubstitution] = []
    var kindMatches: [FinderKindMatch] = []
    var choices: [FinderChoice] = []
    var shortfalls: [FinderShortfall] = []
    var used = 0
    for requirement in prepared.requirements {
      // The food the cook uses for the line: the food itself, or the first alternative at
      // hand.
      let members = FinderRecipe.members(ofGroup: requirement)
      let target: String?
      if let members {
        target = members.first { !context.covering($0).isEmpty }
        choices.append(FinderChoice(foods: members, chosen: target))
      } else {
        target = context.covering(requirement).isEmpty ? nil : requirement
      }
      guard let target else {
        let food = members?.first ?? requirement
        missing.append(food)
        if members == nil {
          let available = (context.catalog.substitutes[food] ?? []).filter {
            !context.covering($0).isEmpty
          }
          if !available.isEmpty {
            substitutions.append(FinderSubstitution(food: food, substitutes: available))
          }
        }
        continue
      }
      let covering = context.covering(target)
      if covering.contains(where: { context.sources[$0.source].isPantry }) { used += 1 }
      if covering.allSatisfy({ $0.how == .kind }) {
        kindMatches.append(
          FinderKindMatch(food: target, pantryFood: context.sources[covering[0].source].food))
      }
      // Amounts: only a sole food the recipe measures, given only by items that say how
      // much they hold.
      // Amounts compare at `Float` precision, as the engine keeps them.
      if members == nil, let measure = recipe.amounts[target], measure.quantity.isFinite,
        Float(measure.quantity).isFinite, Float(measure.quantity) > 0
      {
        let need = Measure(quantity: Double(Float(measure.quantity)), unit: measure.unit)
        let amounts = covering.map { context.sources[$0.source].amount }
        if amounts.allSatisfy({ $0 != nil }) {
          let density =
            context.catalog.densities[target]
            ?? covering.lazy.compactMap {
              context.catalog.densities[context.sources[$0.source].food]
            }
            .first
          if let have = PantryAmounts.shortfall(
            need: need, have: amounts.compactMap { $0 }, density: density)
          {
            shortfalls.append(FinderShortfall(food: target, need: need, have: have))
            missing.append(target)
            continue
          }
        }
      }
      matched.append(target)
    }
    let missingCount = missing.count + unmatched
    guard missingCount <= context.maxMissing else { return nil }
    guard passes(prepared, context) else { return nil }

    let key = FinderRankKey(
      missing: missingCount, substitutable: substitutions.count, short: shortfalls.count,
      used: used, kinds: kindMatches.count,
      rating: context.marks?.rankingRating(of: recipe.id) ?? recipe.rankingRating)
    let match = FinderMatch(
      recipeID: recipe.id, missingCount: missingCount, matchedFoods: matched.sorted(),
      missingFoods: missing.sorted(),
      substitutions: substitutions.sorted { $0.food < $1.food }, unmatchedLineCount: unmatched,
      pantryFoodsUsed: used, kindMatches: kindMatches.sorted { $0.food < $1.food },
      choices: choices.sorted { $0.foods.lexicographicallyPrecedes($1.foods) },
      shortfalls: shortfalls.sorted { $0.food < $1.food })
    return (key, match)
  }

  /// Whether the recipe passes the query's filters, exclusions, inclusions and diets.
  private func passes(_ prepared: Prepared, _ context: Context) -> Bool {
    let recipe = prepared.recipe
    guard passesFilters(recipe, context) else { return false }
    let taxonomy = context.catalog.taxonomy
    func under(_ food: String, _ ancestors: Set<String>) -> Bool {
      ancestors.contains(food) || taxonomy.ancestors(of: food).contains(where: ancestors.contains)
    }
    // A line of alternatives uses an excluded food only when every alternative is excluded
    // (the cook picks one that suits), and uses an included food when any alternative is it.
    let units: [[String]] =
      prepared.requirements.map { FinderRecipe.members(ofGroup: $0) ?? [$0] }
      + prepared.optional.map { [$0] }
    if !context.excluded.isEmpty,
      units.contains(where: { $0.allSatisfy { under($0, context.excluded) } })
    {
      return false
    }
    for food in context.mustInclude {
      guard units.contains(where: { $0.contains { taxonomy.isFood($0, under: food) } }) else {
        return false
      }
    }
    // Diets: labels vouch for unmatched lines, and are all there is for diets without a table.
    let labels = context.diets.isEmpty ? [] : context.catalog.diets(implied: recipe.diets)
    for diet in context.diets where !labels.contains(diet) {
      let hasTable = context.catalog.dietExclusions[diet] != nil
      if !hasTable || recipe.normalizedUnmatchedLineCount > 0 { return false }
    }
    return true
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
