import Foundation

/// Works out a recipe's nutrition from its lines: each line's food, amount, unit and the
/// food's density or piece weight give its grams, and the food's figures per 100 g what it adds.
/// A line that cannot be counted says why, in plain words, and the coverage says how much of
/// the recipe the figures stand for. Nothing is guessed silently.
///
/// How a line is weighed:
/// - a mass ("200 g") converts to grams; a volume ("1 cup flour") through the food's density;
/// - a container with its size ("1 (14 oz) can") holds that size;
/// - a count unit ("3 cloves", "4 slices") weighs the food's portion of that unit, and a
///   plain count ("2 lemons", "2 large eggs") the portion of the line's size word, else of one
///   (`each`);
/// - a range ("2–3 tbsp") counts its middle;
/// - "a pinch", "a dash", "a drop" are too little to matter; "a handful", "a knob" cannot be
///   weighed; a line with no amount ("salt to taste") and an optional line are not counted;
/// - "zest of 1 lemon" and "juice of 1 lemon" count the zest or juice (the catalog's
///   `lemon-zest`, `lemon-juice`), not the fruit, and only when a piece of it can be weighed.
///
/// Whose figures count: the line's food; for a group ("flour", "bread") its everyday kind
/// (all-purpose flour, white bread); else the nearest food it is a kind of that has figures
/// and is not a group (cherry tomatoes as tomatoes). The line says which (`countedAs`).
///
/// Dry, cooked or canned: a legume or grain whose table entry has cooked and canned variants
/// counts the one the line means ("1 (15 oz) can black beans" canned, "2 cups cooked lentils"
/// cooked, "1 cup dried chickpeas" and "200 g red lentils" dry, "1 cup black beans" cooked),
/// weighing a volume by that variant's own density; the line says which (`variant`). The
/// rule is on ``variant(words:namingWords:unit:hasContainerSize:available:cookedUnlessSaid:)``.
public struct NutritionCalculator: Sendable {
  /// The catalog the lines' foods are in.
  public let catalog: FoodCatalog
  /// Figures per 100 g and piece weights.
  public let table: NutrientTable
  /// Reads a line's size word, container and "zest of"/"juice of".
  public let parser: IngredientParser

  /// Makes a calculator.
  public init(
    catalog: FoodCatalog, table: NutrientTable = .bundled,
    parser: IngredientParser = IngredientParser()
  ) {
    self.catalog = catalog
    self.table = table
    self.parser = parser
  }

  /// Units too small to weigh that add nothing worth counting.
  static let negligibleUnits: Set<String> = ["pinch", "dash", "drop", "smidgen"]

  /// The recipe's nutrition for `servings` (nil for the recipe's own).
  ///
  /// Amounts are scaled by `servings` over the recipe's servings; when the recipe does not
  /// say how many it serves, the amounts are as written and `servings` only divides them.
  /// Per serving is nil when neither says. `servings` that is not a positive finite number
  /// counts as not given.
  public func nutrition(of recipe: Recipe, servings: Double? = nil) -> RecipeNutrition {
    let recipeServings = recipe.yield?.servings.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    let asked = servings.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    let target = asked ?? recipeServings
    var factor = 1.0
    if let recipeServings, let target { factor = target / recipeServings }
    let language = LanguageDetector.language(of: recipe)
    let lines = recipe.ingredientLines.map {
      line($0, language: language, factor: factor)
    }
    var total = Nutrients()
    for line in lines { if let added = line.nutrients { total = total.adding(added) } }
    return RecipeNutrition(
      servings: target, recipeServings: recipeServings, factor: factor,
      perServing: target.map { total.scaled(by: 1 / $0) }, total: total,
      coverage: Self.coverage(of: lines), lines: lines)
  }

  /// One line's part, its amounts multiplied by `factor`.
  public func line(
    _ line: IngredientLine, language: RecipeLanguage = .english, factor: Double = 1
  ) -> NutritionLine {
    let parsed = parser.parse(line.text, language: language)
    let facts =
      line.facts
      ?? IngredientFacts(
        quantity: parsed.quantity, quantityMax: parsed.quantityMax, unit: parsed.unit,
        isOptional: parsed.isOptional,
        foodID: parsed.foods(matching: { catalog.match($0)?.foodID }).food)
    var result = NutritionLine(text: line.text, status: .notCounted, foodID: facts.foodID)
    func leftOut(
      _ code: NutritionLine.Reason, _ words: String, grams: Double? = nil
    )
      -> NutritionLine
    {
      var copy = result
      copy.status = code == .tooLittle ? .negligible : .notCounted
      copy.reasonCode = code
      copy.reason = words
      copy.grams = grams.map { $0 * factor }
      return copy
    }

    let unit = facts.unit.flatMap { IngredientUnit.unit(id: $0) }
    if let unit, Self.negligibleUnits.contains(unit.id) {
      return leftOut(.tooLittle, "too little to matter")
    }
    guard facts.quantity != nil || unit != nil else { return leftOut(.noAmount, "no amount") }
    var foodID = facts.foodID ?? facts.alternativeFoodIDs.first
    result.foodID = foodID
    var partName: String?

    // "zest of 1 lemon", "juice of 2 limes": the part, not the fruit.
    let words = LanguageText.words(
      [parsed.preparation, parsed.comment, parsed.name].compactMap { $0 }.joined(separator: " "))
    if let whole = foodID {
      for part in ["zest", "juice"] where words.contains(part) && !whole.hasSuffix("-\(part)") {
        guard let partFood = catalog.food(id: "\(whole)-\(part)") else {
          return leftOut(.noWeight, "no weight known for \(part)")
        }
        foodID = partFood.id
        partName = part
      }
    }

    var source = foodID.flatMap { figures(for: $0) }
    // Dry, cooked or canned, for a legume or grain the table has variants of.
    var variantDensity: Double?
    var chosenVariant: NutritionVariant?
    if let found = source {
      let available = table.variants(of: found.id)
      if !available.isEmpty {
        let variant = Self.variant(
          words: Set(LanguageText.words(line.text)),
          namingWords: Set(LanguageText.words(String(line.text.prefix { $0 != "," }))),
          unit: unit?.id,
          hasContainerSize: parsed.containerSize != nil, available: available,
          cookedUnlessSaid: cookedUnlessSaid(found.id))
        if let entry = table.entry(for: found.id, variant: variant) {
          source?.entry = entry
          chosenVariant = variant
          variantDensity = entry.densityGramsPerMillilitre
        }
      }
    }
    // The food weighed: its own density and portions first, or the everyday kind's when a
    // group stands for it ("flour" weighs as all-purpose flour).
    var weighing = [foodID].compactMap { $0 }
    if let source, source.id != foodID {
      if source.isEverydayKind {
        weighing.insert(source.id, at: 0)
      } else {
        weighing.append(source.id)
      }
    }
    let measure = Measure(
      quantity: facts.quantity ?? 1, quantityMax: facts.quantityMax, unit: unit)
    let middle = measure.quantityMax.map { (measure.quantity + $0) / 2 } ?? measure.quantity
    let weight = self.grams(
      of: middle, unit: unit, container: parsed.containerSize, size: parsed.size,
      foods: weighing, density: variantDensity)
    var grams: Double?
    if case .weighed(let value) = weight { grams = value }

    if facts.isOptional { return leftOut(.optional, "optional", grams: grams) }
    guard let foodID else { return leftOut(.unknownFood, "no food Larder knows", grams: grams) }
    guard let source else {
      return leftOut(.noNutrients, "no nutrient data for \(name(of: foodID))", grams: grams)
    }
    guard let grams else {
      if let partName { return leftOut(.noWeight, "no weight known for \(partName)") }
      if case .unweighable(let words) = weight { return leftOut(.noWeight, words) }
      return leftOut(.noWeight, "no weight known")
    }
    if source.id != (facts.foodID ?? foodID) { result.countedAs = source.id }
    result.variant = chosenVariant
    let scaled = grams * factor
    result.status = .counted
    result.grams = scaled
    result.nutrients = source.entry.per100g.scaled(by: scaled / 100)
    result.unknownNutrients = source.entry.per100g.unknownKeys
    return result
  }

  private enum Weight {
    case weighed(Double)
    case unweighable(String)
  }

  private func grams(
    of quantity: Double, unit: IngredientUnit?, container: IngredientAmount?, size: String?,
    foods: [String], density: Double? = nil
  ) -> Weight {
    let foodName = foods.first.map { name(of: $0) } ?? "it"
    let dimension = unit?.dimension ?? .count
    switch dimension {
    case .mass:
      return .weighed(quantity * (unit?.baseFactor ?? 1))
    case .volume:
      let measure = Measure(quantity: quantity, unit: unit)
      // A cooked or canned variant's own density first: a cup of cooked beans is not a cup
      // of dry ones.
      if let density, let weighed = try? measure.converted(to: .gram, density: density) {
        return .weighed(weighed.quantity)
      }
      for food in foods {
        guard let density = catalog.food(id: food)?.densityGramsPerMillilitre,
          let weighed = try? measure.converted(to: .gram, density: density)
        else { continue }
        return .weighed(weighed.quantity)
      }
      return .unweighable("no density known to weigh \(foodName) by volume")
    case .vague:
      return .unweighable("no weight known for a \(unit?.singular ?? "measure")")
    case .count:
      // "1 (14 oz) can": the container's size.
      if let container, let contents = try? Measure(container),
        contents.dimension == .mass || contents.dimension == .volume
      {
        return grams(
          of: quantity * contents.quantity, unit: contents.unit, container: nil, size: nil,
          foods: foods, density: density)
      }
      let items = unit?.id == "dozen" ? quantity * 12 : quantity
      var portions: [String] = []
      if let unit, unit.id != "dozen" {
        portions = [unit.id] + (unit.id == "piece" ? ["each"] : [])
      } else {
        let sizeKey = size.map {
          $0.lowercased().replacingOccurrences(of: " ", with: "-")
        }
        portions = (sizeKey.map { [$0] } ?? []) + ["each"]
      }
      for portion in portions {
        for food in foods {
          if let weight = table.grams(of: food, portion: portion) {
            return .weighed(items * weight)
          }
        }
      }
      if let unit, unit.id != "dozen" {
        return .unweighable("no weight known for a \(unit.singular) of \(foodName)")
      }
      return .unweighable("no weight known for one \(foodName)")
    }
  }

  /// Units that are a container a food is canned in.
  static let cannedUnits: Set<String> = ["can", "jar", "carton"]
  /// Words that say a line's food is canned, cooked or dry (English only: a line in another
  /// language is read by its unit and container, then the default).
  static let cannedWords: Set<String> = ["canned", "tinned"]
  static let drainedWords: Set<String> = ["drained", "rinsed"]
  static let cookedWords: Set<String> = ["cooked", "boiled", "steamed", "precooked", "leftover"]
  static let dryWords: Set<String> = ["dried", "dry", "uncooked", "raw", "soaked"]

  /// The state a line means a legume's or grain's amount in, among the variants the table has
  /// (`available`; the dry figures are always there). In order:
  ///
  /// 1. canned, when the line is measured by a can, jar or carton or says "canned" or
  ///    "tinned" ("1 (15 oz) can black beans");
  /// 2. cooked, when it says "cooked", "boiled", "steamed", "precooked" or "leftover" where
  ///    it names the food, before the first comma ("2 cups cooked lentils", "1 cup quinoa
  ///    (cooked)"): after a comma the word is what to do ("1 cup rice, cooked", "8 oz pasta,
  ///    cooked al dente" are measured dry and then cooked);
  /// 3. dry, when it says "dried", "dry", "uncooked", "raw" or "soaked";
  /// 4. canned, when it gives a container size ("1 (15 oz) black beans") or says "drained"
  ///    or "rinsed" and the food has canned figures (rinsed rice stays dry);
  /// 5. otherwise cooked for beans and chickpeas measured by volume or weight, and dry for
  ///    everything else (lentils, split peas, rice and the other grains, and beans counted).
  ///
  /// The default differs because recipes do: a recipe that starts from dry beans says
  /// "dried" (they are soaked and cooked first), so a plain "2 cups black beans" or "400 g
  /// chickpeas" is beans already cooked or from a can, while lentils, split peas, rice and
  /// grains go into the pot dry and are measured so ("1 cup rice", "200 g red lentils").
  /// Counting cooked figures for a plain bean line is also the smaller mistake: gram for
  /// gram, dry beans have about 2.5 times the energy of cooked ones.
  ///
  /// A canned food with no canned figures (SR26 has none for lentils) counts as cooked,
  /// which is what the can holds. A can counts its whole contents (the size on the label,
  /// beans and liquid) at SR26's solids-and-liquids figures, drained or not: the line gives
  /// no drained weight, and the drained beans carry most of the energy (a 15 oz can of
  /// chickpeas: 394 kcal as packed, 352 kcal for its 253 g of drained solids, 16058 and
  /// 16358), so a drained can is counted about a tenth high, and higher in sodium if rinsed.
  static func variant(
    words: Set<String>, namingWords: Set<String>, unit: String?, hasContainerSize: Bool,
    available: Set<NutritionVariant>, cookedUnlessSaid: Bool
  ) -> NutritionVariant {
    let canned: NutritionVariant = available.contains(.canned) ? .canned : .cooked
    let cooked: NutritionVariant = available.contains(.cooked) ? .cooked : .dry
    if let unit, cannedUnits.contains(unit) { return canned }
    if !words.isDisjoint(with: cannedWords) { return canned }
    if !namingWords.isDisjoint(with: cookedWords) { return cooked }
    if !words.isDisjoint(with: dryWords) { return .dry }
    if available.contains(.canned), hasContainerSize || !words.isDisjoint(with: drainedWords) {
      return .canned
    }
    let dimension = unit.flatMap { IngredientUnit.unit(id: $0)?.dimension }
    if cookedUnlessSaid, dimension == .volume || dimension == .mass { return cooked }
    return .dry
  }

  /// Whether a food is a bean or chickpeas, whose plain amount means cooked (see
  /// ``variant(words:namingWords:unit:hasContainerSize:available:cookedUnlessSaid:)``).
  private func cookedUnlessSaid(_ foodID: String) -> Bool {
    let beans: Set<String> = ["bean", "chickpeas"]
    return beans.contains(foodID)
      || catalog.ancestors(of: foodID).contains { beans.contains($0.id) }
  }

  private struct Figures {
    var id: String
    var entry: NutrientTable.Entry
    var isEverydayKind: Bool
  }

  /// Whose figures count for a food: a group's everyday kind, the food's own, or the nearest
  /// food it is a kind of that is not a group.
  private func figures(for foodID: String) -> Figures? {
    let food = catalog.food(id: foodID)
    if let food, food.isGroup {
      // The kind named as one of the group first ("white bread" for bread, before toast).
      let everyday = catalog.children(of: foodID).filter { $0.kinship == .everyday }
      let named = everyday.filter { $0.name.lowercased().hasSuffix(" \(food.name.lowercased())") }
      for child in named + everyday {
        if let entry = table.entry(for: child.id) {
          return Figures(id: child.id, entry: entry, isEverydayKind: true)
        }
      }
    }
    if let entry = table.entry(for: foodID) {
      return Figures(id: foodID, entry: entry, isEverydayKind: false)
    }
    for ancestor in catalog.ancestors(of: foodID) where !ancestor.isGroup {
      if let entry = table.entry(for: ancestor.id) {
        return Figures(id: ancestor.id, entry: entry, isEverydayKind: false)
      }
    }
    return nil
  }

  private func name(of foodID: String) -> String {
    catalog.food(id: foodID)?.name ?? foodID
  }

  static func coverage(of lines: [NutritionLine]) -> NutritionCoverage {
    let counted = lines.filter { $0.status == .counted }
    let negligible = lines.filter { $0.status == .negligible }
    let left = lines.filter { $0.status == .notCounted }
    let countedGrams = counted.reduce(0) { $0 + ($1.grams ?? 0) }
    // An optional line is not part of the recipe's weight: garnish does not lower the share.
    let uncountedGrams = left.filter { $0.reasonCode != .optional }.reduce(0) {
      $0 + ($1.grams ?? 0)
    }
    let weighed = countedGrams + uncountedGrams
    let share = weighed > 0 ? countedGrams / weighed : nil
    var gaps: [NutritionCoverage.Gap] = []
    for key in Nutrients.Key.allCases {
      let missing = counted.filter { $0.unknownNutrients.contains(key) }.map(\.text)
      if !missing.isEmpty { gaps.append(NutritionCoverage.Gap(nutrient: key, lines: missing)) }
    }

    var summary = "\(counted.count) of \(lines.count) lines counted"
    if let share {
      summary += ", \(Int((share * 100).rounded()))% of the weight Larder could weigh"
    }
    if !negligible.isEmpty {
      summary += "; too little to matter: " + negligible.map(\.text).joined(separator: "; ")
    }
    if !left.isEmpty {
      summary +=
        "; not counted: "
        + left.map { "\($0.text) (\($0.reason ?? "not counted"))" }.joined(separator: "; ")
    }
    for gap in gaps {
      let count = gap.lines.count
      summary +=
        "; \(gap.nutrient.displayName) not known for \(count) "
        + (count == 1 ? "line" : "lines")
    }
    return NutritionCoverage(
      lineCount: lines.count, countedLines: counted.count, negligibleLines: negligible.count,
      notCountedLines: left.count, countedGrams: countedGrams, uncountedGrams: uncountedGrams,
      unweighedLines: left.filter { $0.grams == nil }.count, weightShare: share, gaps: gaps,
      summary: summary)
  }
}
