import Foundation
import LarderCore
import Testing

/// Recipes written here, their nutrition worked out by hand from USDA SR26: each food's row of
/// `abbrev.csv` (per 100 g) and the gram weight of its measure in `WEIGHT.txt`, quoted in the
/// comments. Larder must agree within 5 % per serving: it weighs volumes through the catalog's
/// densities (themselves from SR26's cups and spoons), so small differences are expected.
@Suite struct NutritionCalculatorTests {
  static let catalog = FoodCatalog.bundled
  static let calculator = NutritionCalculator(catalog: catalog)

  /// A recipe with its lines analysed by the bundled catalog, as a stored recipe is.
  static func recipe(_ name: String, serves: Double?, _ lines: [String]) -> Recipe {
    let analyzer = RecipeAnalyzer(matchFood: { catalog.match($0)?.foodID })
    return analyzer.analyze(
      Recipe(
        name: name, yield: serves.map { RecipeYield(servings: $0) },
        ingredientSections: [IngredientSection(lines: lines.map { IngredientLine(text: $0) })]))
  }

  /// Expected figures per serving; nil is not checked.
  struct Expected: Sendable, CustomTestStringConvertible {
    var name: String
    var serves: Double
    var lines: [String]
    var kcal: Double
    var proteinG: Double? = nil
    var fatG: Double? = nil
    var carbohydrateG: Double? = nil
    var sugarsG: Double? = nil
    var fibreG: Double? = nil
    var sodiumMg: Double? = nil
    var counted: Int
    var testDescription: String { name }
  }

  static let handComputed: [Expected] = [
    // 01123 EGG,WHL,RAW: 143 kcal, P 12.56, F 9.51, Na 142; "1 large" = 50 g → 4 = 200 g:
    //   286 kcal, P 25.12, F 19.02, Na 284.
    // 01077 MILK,WHL: 61 kcal, P 3.15, F 3.25, Na 43; "1 tbsp" = 15 g → 30 g: 18.3 kcal,
    //   P 0.945, F 0.975, Na 12.9.
    // 01001 BUTTER,WITH SALT: 717 kcal, P 0.85, F 81.11, Na 643; "1 tbsp" = 14.2 g: 101.81 kcal,
    //   P 0.12, F 11.52, Na 91.31.
    // Salt to taste: no amount; a pinch of pepper: too little. Total 406.11 kcal, P 26.19,
    // F 31.51, Na 388.2; per serving (2): 203.06 kcal, P 13.09, F 15.76, Na 194.1.
    Expected(
      name: "Scrambled eggs", serves: 2,
      lines: [
        "4 large eggs", "2 tbsp whole milk", "1 tbsp butter", "salt to taste",
        "a pinch of black pepper",
      ], kcal: 203.06, proteinG: 13.09, fatG: 15.76, sodiumMg: 194.1, counted: 3),
    // 20081 WHEAT FLR,WHITE,ALL-PURPOSE: 364 kcal, P 10.33, F 0.98, C 76.31; "1 cup" = 125 g:
    //   455 kcal, P 12.91, F 1.23, C 95.39. ("flour" is counted as all-purpose flour.)
    // 2 large eggs (01123) = 100 g: 143 kcal, P 12.56, F 9.51, C 0.72.
    // 01077 milk "1 cup" = 244 g: 148.84 kcal, P 7.69, F 7.93, C 11.71.
    // 19335 SUGARS,GRANULATED: 387 kcal, C 99.98; "1 cup" = 200 g → 1 tbsp = 12.5 g:
    //   48.38 kcal, C 12.50.
    // 01001 butter 2 tbsp = 28.4 g: 203.63 kcal, P 0.24, F 23.04, C 0.02.
    // Total 998.85 kcal, P 33.40, F 41.70, C 120.34; per serving (4): 249.71 kcal, P 8.35,
    // F 10.43, C 30.08.
    Expected(
      name: "Pancakes", serves: 4,
      lines: [
        "1 cup flour", "2 large eggs", "1 cup milk", "1 tbsp sugar", "2 tbsp butter, melted",
      ], kcal: 249.71, proteinG: 8.35, fatG: 10.43, carbohydrateG: 30.08, counted: 5),
    // 20120 SPAGHETTI,DRY: 371 kcal, P 13.04, F 1.51, C 74.67 → 400 g: 1484 kcal, P 52.16,
    //   F 6.04, C 298.68.
    // 04053 OIL,OLIVE: 884 kcal, F 100; "1 cup" = 216 g → 1/2 cup 108 g: 954.72 kcal, F 108.
    // 11215 GARLIC,RAW: 149 kcal, P 6.36, F 0.5, C 33.06; "1 clove" = 3.0 g → 18 g:
    //   26.82 kcal, P 1.14, F 0.09, C 5.95.
    // Zest: no weight; salt: no amount; pinch: too little.
    // Total 2465.54 kcal, P 53.30, F 114.13, C 304.63; per serving (4): 616.39 kcal, P 13.33,
    // F 28.53, C 76.16.
    Expected(
      name: "Spaghetti aglio e olio", serves: 4,
      lines: [
        "400 g spaghetti", "1/2 cup olive oil", "6 cloves garlic, thinly sliced",
        "zest of 1 lemon", "salt to taste", "a pinch of red pepper flakes",
      ], kcal: 616.39, proteinG: 13.33, fatG: 28.53, carbohydrateG: 76.16, counted: 3),
    // 11529 TOMATOES,RED,RIPE,RAW: 18 kcal, F 0.2, Na 5 → 800 g: 144 kcal, F 1.6, Na 40.
    // 11282 ONIONS,RAW: 40 kcal, F 0.1, Na 4; "1 medium" = 110 g: 44 kcal, F 0.11, Na 4.4.
    // 04053 olive oil "1 tablespoon" = 13.5 g → 27 g: 238.68 kcal, F 27, Na 0.54.
    // Garlic 3 cloves = 9 g: 13.41 kcal, F 0.045, Na 1.53.
    // 02047 SALT,TABLE: Na 38758; "1 tsp" = 6.0 g: Na 2325.48.
    // Total 440.09 kcal, F 28.76, Na 2371.95; per serving (4): 110.02 kcal, F 7.19, Na 592.99.
    Expected(
      name: "Tomato sauce", serves: 4,
      lines: [
        "800 g tomatoes", "1 medium onion, chopped", "2 tbsp olive oil", "3 cloves garlic",
        "1 tsp salt",
      ], kcal: 110.02, fatG: 7.19, sodiumMg: 592.99, counted: 5),
    // 09040 BANANAS,RAW: 89 kcal, C 22.84, sugars 12.23; "1 medium" = 118 g → 236 g:
    //   210.04 kcal, C 53.90, sugars 28.86.
    // 01077 milk 1 cup = 244 g: 148.84 kcal, C 11.71, sugars 12.32.
    // 19296 HONEY: 304 kcal, C 82.4, sugars 82.12; "1 tbsp" = 21 g: 63.84 kcal, C 17.30,
    //   sugars 17.25.
    // Total 422.72 kcal, C 82.92, sugars 58.43; per serving (2): 211.36 kcal, C 41.46,
    // sugars 29.22.
    Expected(
      name: "Banana smoothie", serves: 2,
      lines: ["2 medium bananas", "1 cup milk", "1 tbsp honey"],
      kcal: 211.36, carbohydrateG: 41.46, sugarsG: 29.22, counted: 3),
    // 05062 CHICKEN BREAST (meat only, raw): 120 kcal, P 22.5, F 2.62, Na 45 → 500 g:
    //   600 kcal, P 112.5, F 13.1, Na 225.
    // Olive oil 1 tbsp = 13.5 g: 119.34 kcal, F 13.5, Na 0.27.
    // 09152 LEMON JUICE,RAW: 22 kcal, P 0.35, F 0.24, Na 1; "lemon yields" 48 g: 10.56 kcal,
    //   P 0.17, F 0.12, Na 0.48.
    // Salt 1/2 tsp = 3.0 g: Na 1162.74. Parsley for garnish: optional.
    // Total 729.90 kcal, P 112.67, F 26.72, Na 1388.49; per serving (4): 182.48 kcal,
    // P 28.17, F 6.68, Na 347.12.
    Expected(
      name: "Lemon chicken", serves: 4,
      lines: [
        "500 g chicken breast", "1 tbsp olive oil", "juice of 1 lemon", "1/2 tsp salt",
        "2 tbsp chopped parsley, for garnish",
      ], kcal: 182.48, proteinG: 28.17, fatG: 6.68, sodiumMg: 347.12, counted: 4),
    // 09003 APPLES,RAW,WITH SKIN: 52 kcal, C 13.81, sugars 10.39, fibre 2.4; "1 medium" =
    //   182 g → 728 g: 378.56 kcal, C 100.54, sugars 75.64, fibre 17.47.
    // Sugar 1/2 cup = 100 g: 387 kcal, C 99.98, sugars 99.8.
    // 01001 butter "1 cup" = 227 g → 113.5 g: 813.80 kcal, C 0.07, sugars 0.07.
    // Flour 1 cup = 125 g: 455 kcal, C 95.39, sugars 0.34, fibre 3.38.
    // Total 2034.36 kcal, C 295.97, sugars 175.85, fibre 20.85; per serving (6): 339.06 kcal,
    // C 49.33, sugars 29.31, fibre 3.47.
    Expected(
      name: "Apple crumble", serves: 6,
      lines: ["4 medium apples", "1/2 cup sugar", "1/2 cup butter", "1 cup flour"],
      kcal: 339.06, carbohydrateG: 49.33, sugarsG: 29.31, fibreG: 3.47, counted: 4),
    // 11354 POTATOES,WHITE,FLESH & SKN,RAW: 69 kcal, F 0.1, C 15.71, Na 16 → 1 kg: 690 kcal,
    //   F 1.0, C 157.1, Na 160.
    // 04025 MAYO,REG: 680 kcal, F 74.85, C 0.57, Na 635; "1 cup" = 220 g → 110 g: 748 kcal,
    //   F 82.34, C 0.63, Na 698.5.
    // 11143 CELERY,RAW: 16 kcal, F 0.17, C 2.97, Na 80; "1 stalk, medium" = 40 g → 80 g:
    //   12.8 kcal, F 0.14, C 2.38, Na 64.
    // A handful of dill: no weight. Total 1450.8 kcal, F 83.47, C 160.10, Na 922.5; per
    // serving (6): 241.8 kcal, F 13.91, C 26.68, Na 153.75.
    Expected(
      name: "Potato salad", serves: 6,
      lines: ["1 kg potatoes", "1/2 cup mayonnaise", "2 stalks celery", "a handful of fresh dill"],
      kcal: 241.8, fatG: 13.91, carbohydrateG: 26.68, sodiumMg: 153.75, counted: 3),
    // 18069 BREAD,WHITE: 265 kcal, P 9.15, F 3.19, Na 491; "1 slice" = 28 g → 112 g:
    //   296.8 kcal, P 10.25, F 3.57, Na 549.92. ("bread" is counted as white bread.)
    // Butter 2 tbsp = 28.4 g: 203.63 kcal, P 0.24, F 23.04, Na 182.61.
    // Total 500.43 kcal, P 10.49, F 26.61, Na 732.53; per serving (2): 250.21 kcal, P 5.24,
    // F 13.30, Na 366.27.
    Expected(
      name: "Buttered toast", serves: 2, lines: ["4 slices bread", "2 tbsp butter"],
      kcal: 250.21, proteinG: 5.24, fatG: 13.30, sodiumMg: 366.27, counted: 2),
    // 20044 RICE,WHITE,LONG-GRAIN,RAW: 365 kcal, P 7.13, F 0.66, Na 5; "1 cup" = 185 g:
    //   675.25 kcal, P 13.19, F 1.22, Na 9.25.
    // 14411 WATER,TAP: 0 kcal, Na 4; 2 cups = 473.18 g: Na 18.93.
    // 01053 CREAM,HVY WHIPPING: 345 kcal, P 2.05, F 37, Na 38; "1 cup, fluid" = 238 g →
    //   200 ml = 201.19 g: 694.1 kcal, P 4.12, F 74.44, Na 76.45.
    // 01146 PARMESAN,SHREDDED: 415 kcal, P 37.86, F 27.34, Na 1696; "1 tbsp" = 5 g → 1 cup
    //   (16 tbsp) = 80 g: 332 kcal, P 30.29, F 21.87, Na 1356.8.
    // Olive oil 2–3 tbsp counts its middle, 2.5 tbsp = 33.75 g: 298.35 kcal, F 33.75,
    //   Na 0.68.
    // Total 1999.70 kcal, P 47.60, F 131.28, Na 1462.11; per serving (4): 499.93 kcal,
    // P 11.90, F 32.82, Na 365.53.
    Expected(
      name: "Creamy parmesan rice", serves: 4,
      lines: [
        "1 cup long-grain white rice", "2 cups water", "200 ml heavy cream",
        "1 cup grated parmesan", "2-3 tbsp olive oil",
      ], kcal: 499.93, proteinG: 11.90, fatG: 32.82, sodiumMg: 365.53, counted: 5),
    // 09037 AVOCADOS,RAW: 160 kcal, F 14.66, fibre 6.7, Na 7; "1 avocado" = 201 g → 402 g:
    //   643.2 kcal, F 58.93, fibre 26.93, Na 28.14.
    // 09160 LIME JUICE,RAW: 25 kcal, F 0.07, Na 2; "lime yields" 44 g: 11 kcal, F 0.03,
    //   Na 0.88.
    // Onion "1 small" = 70 g: 28 kcal, F 0.07, fibre 1.19, Na 2.8.
    // Salt 1/2 tsp = 3.0 g: Na 1162.74. Cilantro to taste: no amount.
    // Total 682.2 kcal, F 59.03, fibre 28.12, Na 1194.56; per serving (4): 170.55 kcal,
    // F 14.76, fibre 7.03, Na 298.64.
    Expected(
      name: "Guacamole", serves: 4,
      lines: [
        "2 avocados", "juice of 1 lime", "1 small onion", "1/2 tsp salt", "cilantro, to taste",
      ],
      kcal: 170.55, fatG: 14.76, fibreG: 7.03, sodiumMg: 298.64, counted: 4),
    // Legumes counted dry, cooked or canned as the line says (one line each, serves 1).
    // 16018 BEANS,BLACK TURTLE,MATURE SEEDS,CND (solids and liquids; SR26's plain canned
    // black beans): 91 kcal, P 6.03, F 0.29, C 16.55, fibre 6.9, Na 384. The can's 15 oz =
    // 425.24 g counts whole, drained or not (see NutritionCalculator.variant): 386.97 kcal,
    // P 25.64, F 1.23, C 70.38, fibre 29.34, Na 1632.92.
    Expected(
      name: "Canned black beans", serves: 1, lines: ["1 (15 oz) can black beans, drained"],
      kcal: 386.97, proteinG: 25.64, fatG: 1.23, carbohydrateG: 70.38, fibreG: 29.34,
      sodiumMg: 1632.92, counted: 1),
    // 16056 CHICKPEAS,MATURE SEEDS,RAW: 364 kcal, P 19.30, F 6.04, C 60.65; "1 cup" = 200 g:
    //   728 kcal, P 38.6, F 12.08, C 121.3.
    Expected(
      name: "Dried chickpeas", serves: 1, lines: ["1 cup dried chickpeas"],
      kcal: 728, proteinG: 38.6, fatG: 12.08, carbohydrateG: 121.3, counted: 1),
    // 16070 LENTILS,MATURE SEEDS,CKD,BLD,WO/SALT: 116 kcal, P 9.02, F 0.38, C 20.13, fibre
    //   7.9; "1 cup" = 198 g → 396 g: 459.36 kcal, P 35.72, F 1.50, C 79.71, fibre 31.28.
    Expected(
      name: "Cooked lentils", serves: 1, lines: ["2 cups cooked lentils"],
      kcal: 459.36, proteinG: 35.72, fatG: 1.50, carbohydrateG: 79.71, fibreG: 31.28,
      counted: 1),
    // 16144 LENTILS,PINK,RAW: 345 kcal, P 24.95, F 2.17, C 59.15 → 200 g: 690 kcal, P 49.9,
    //   F 4.34, C 118.3. (Lentils measured without a word are dry.)
    Expected(
      name: "Red lentils", serves: 1, lines: ["200 g red lentils"],
      kcal: 690, proteinG: 49.9, fatG: 4.34, carbohydrateG: 118.3, counted: 1),
    // 16015 BEANS,BLACK,MATURE SEEDS,CKD,BLD,WO/SALT: 132 kcal, P 8.86, F 0.54, C 23.71,
    //   fibre 8.7; "1 cup" = 172 g: 227.04 kcal, P 15.24, F 0.93, C 40.78, fibre 14.96.
    //   (Beans by volume without a word are cooked: a recipe starting from dry beans says so.)
    Expected(
      name: "Black beans", serves: 1, lines: ["1 cup black beans"],
      kcal: 227.04, proteinG: 15.24, fatG: 0.93, carbohydrateG: 40.78, fibreG: 14.96,
      counted: 1),
  ]

  static func expectClose(
    _ actual: Double?, _ expected: Double?, _ what: String, _ recipe: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let expected else { return }
    guard let actual else {
      Issue.record(
        "\(recipe): \(what) is unknown, expected \(expected)", sourceLocation: sourceLocation)
      return
    }
    let tolerance = max(abs(expected) * 0.05, 0.05)
    #expect(
      abs(actual - expected) <= tolerance,
      "\(recipe): \(what) \(actual), expected \(expected) within 5%",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: handComputed)
  func agreesWithFiguresWorkedOutByHandFromSR26(_ expected: Expected) throws {
    let recipe = Self.recipe(expected.name, serves: expected.serves, expected.lines)
    let nutrition = Self.calculator.nutrition(of: recipe)
    let perServing = try #require(nutrition.perServing)
    #expect(nutrition.servings == expected.serves)
    #expect(
      nutrition.coverage.countedLines == expected.counted,
      "\(expected.name): \(nutrition.lines.map { "\($0.text): \($0.reason ?? "counted")" })")
    Self.expectClose(perServing.energyKcal, expected.kcal, "kcal", expected.name)
    Self.expectClose(perServing.proteinG, expected.proteinG, "protein", expected.name)
    Self.expectClose(perServing.fatG, expected.fatG, "fat", expected.name)
    Self.expectClose(perServing.carbohydrateG, expected.carbohydrateG, "carbs", expected.name)
    Self.expectClose(perServing.sugarsG, expected.sugarsG, "sugars", expected.name)
    Self.expectClose(perServing.fibreG, expected.fibreG, "fibre", expected.name)
    Self.expectClose(perServing.sodiumMg, expected.sodiumMg, "sodium", expected.name)
    // The total is the per-serving figure times the servings.
    Self.expectClose(
      nutrition.total.energyKcal, expected.kcal * expected.serves, "total kcal", expected.name)
  }

  @Test func scalingTheServingsScalesTheTotalButNotTheServing() throws {
    let pancakes = Self.recipe(
      "Pancakes", serves: 4, ["1 cup flour", "2 large eggs", "1 cup milk"])
    let asWritten = Self.calculator.nutrition(of: pancakes)
    let doubled = Self.calculator.nutrition(of: pancakes, servings: 8)
    #expect(doubled.factor == 2)
    #expect(doubled.servings == 8)
    let written = try #require(asWritten.total.energyKcal)
    Self.expectClose(doubled.total.energyKcal, written * 2, "doubled total", "pancakes")
    Self.expectClose(
      doubled.perServing?.energyKcal, asWritten.perServing?.energyKcal, "per serving",
      "pancakes")
    #expect(
      doubled.lines[0].grams.map { abs($0 - 2 * (asWritten.lines[0].grams ?? 0)) < 0.001 } == true)
  }

  @Test func aRecipeThatDoesNotSayItsServingsHasATotalButNoServingUnlessAsked() throws {
    let recipe = Self.recipe("Eggs", serves: nil, ["2 large eggs"])
    let plain = Self.calculator.nutrition(of: recipe)
    #expect(plain.servings == nil)
    #expect(plain.perServing == nil)
    Self.expectClose(plain.total.energyKcal, 143, "kcal", "eggs")
    let split = Self.calculator.nutrition(of: recipe, servings: 2)
    #expect(split.factor == 1)
    Self.expectClose(split.perServing?.energyKcal, 71.5, "kcal per serving", "eggs")
  }

  @Test func everyLeftOutLineSaysWhyInPlainWords() {
    let recipe = Self.recipe(
      "Odds", serves: 2,
      [
        "a pinch of saffron", "zest of 1 lemon", "salt to taste",
        "2 tbsp chopped parsley, for garnish",
        "a handful of spinach", "3 glorps of zibble", "200 g spaghetti",
      ])
    let nutrition = Self.calculator.nutrition(of: recipe)
    let reasons = Dictionary(uniqueKeysWithValues: nutrition.lines.map { ($0.text, $0.reason) })
    #expect(reasons["a pinch of saffron"] == "too little to matter")
    #expect(reasons["zest of 1 lemon"] == "no weight known for zest")
    #expect(reasons["salt to taste"] == "no amount")
    #expect(reasons["2 tbsp chopped parsley, for garnish"] == "optional")
    #expect(reasons["a handful of spinach"] == "no weight known for a handful")
    #expect(reasons["3 glorps of zibble"] == "no food Larder knows")
    #expect(reasons["200 g spaghetti"] == .some(nil))
    #expect(nutrition.lines[0].status == .negligible)
    #expect(nutrition.coverage.countedLines == 1)
    #expect(nutrition.coverage.negligibleLines == 1)
    #expect(nutrition.coverage.notCountedLines == 5)
    // Only the spaghetti was weighed (garnish is not part of the recipe's weight): all of it.
    #expect(nutrition.coverage.weightShare == 1)
    #expect(nutrition.coverage.summary.hasPrefix("1 of 7 lines counted, 100% of the weight"))
    #expect(nutrition.coverage.summary.contains("zest of 1 lemon (no weight known for zest)"))
    #expect(nutrition.coverage.summary.contains("salt to taste (no amount)"))
  }

  @Test func weighedLinesWithoutFiguresLowerTheShareOfTheWeight() {
    let table = NutrientTable(
      entries: ["spaghetti": .init(per100g: Nutrients(energyKcal: 371), source: "test")])
    let calculator = NutritionCalculator(catalog: Self.catalog, table: table)
    let recipe = Self.recipe("Two", serves: 1, ["300 g spaghetti", "100 g butter"])
    let nutrition = calculator.nutrition(of: recipe)
    #expect(nutrition.lines[1].reason == "no nutrient data for butter")
    #expect(nutrition.lines[1].grams == 100)
    #expect(nutrition.coverage.weightShare == 0.75)
    // The table knows only energy: the other nutrients are gaps, named with their lines.
    #expect(nutrition.coverage.gaps.map(\.nutrient).contains(.proteinG))
    #expect(nutrition.total.proteinG == nil)
    #expect(nutrition.total.energyKcal.map { abs($0 - 1113) < 0.001 } == true)
  }

  @Test func aGroupCountsAsItsEverydayKindAndSaysSo() {
    let recipe = Self.recipe("Flour", serves: 1, ["1 cup flour", "4 slices bread"])
    let nutrition = Self.calculator.nutrition(of: recipe)
    #expect(nutrition.lines.map(\.countedAs) == ["all-purpose-flour", "white-bread"])
  }

  @Test func aLegumeOrGrainIsCountedDryCookedOrCannedAsTheLineSaysAndSaysWhich() {
    let cases: [(line: String, variant: NutritionVariant?)] = [
      ("1 (15 oz) can black beans, drained", .canned),
      ("1 cup dried chickpeas", .dry),
      ("2 cups cooked lentils", .cooked),
      ("200 g red lentils", .dry),
      ("1 cup black beans", .cooked),
      ("400 g chickpeas", .cooked),
      ("1 cup chickpeas, rinsed", .canned),
      ("1 (15 oz) chickpeas", .canned),
      ("1 (16 oz) bag dried black beans", .dry),
      ("2 (14 oz) cans lentils", .cooked),  // SR26 has no canned lentils: cooked is in the can
      ("1 cup rice, rinsed", .dry),
      ("3 cups cooked rice", .cooked),
      ("1 cup rice, cooked", .dry),  // measured dry, then cooked
      ("8 oz pasta, cooked al dente", .dry),
      ("1 cup black beans, cooked", .cooked),
      ("1 cup quinoa", .dry),
      ("1 cup tinned kidney beans", .canned),
      ("2 eggs", nil),
    ]
    let recipe = Self.recipe("Legumes", serves: 1, cases.map(\.line))
    let nutrition = Self.calculator.nutrition(of: recipe)
    for (line, expected) in zip(nutrition.lines, cases) {
      #expect(line.status == .counted, "\(line.text): \(line.reason ?? "")")
      #expect(line.variant == expected.variant, "\(line.text)")
    }
    // The variant's own cup: a cup of cooked black beans is 172 g (16015), not 194 g dry.
    #expect(nutrition.lines[4].grams.map { abs($0 - 172) < 2 } == true)
    #expect(
      NutrientTable.bundled.entry(for: "black-beans", variant: .canned)?.source == "sr26:16018")
    #expect(NutrientTable.bundled.entry(for: "black-beans", variant: .dry)?.source == "sr26:16014")
  }

  @Test func saltAndKilojoulesAreWorkedOutAsEULabelsShowThem() throws {
    let figures = Nutrients(energyKcal: 100, sodiumMg: 400)
    #expect(figures.energyKJ.map { abs($0 - 418.4) < 1e-9 } == true)
    #expect(figures.saltG.map { abs($0 - 1) < 1e-12 } == true)
    let json = try JSONEncoder().encode(figures)
    let object = try #require(JSONSerialization.jsonObject(with: json) as? [String: Any])
    #expect(object["energyKJ"] as? Double == 418)
    #expect(object["saltG"] as? Double == 1)
    #expect(object["proteinG"] is NSNull)
  }

  @Test func aTableSkipsRowsThatDoNotRead() {
    let table = NutrientTable(
      nutrientsTSV: """
        # comment
        id\tsource\tkcal\tprotein\tfat\tsaturated\tcarbohydrate\tsugars\tfibre\tsodium
        good\tsr26:1\t100\t1\t2\t\t3\t\t\t5
        bad\tsr26:2\tlots\t1\t2\t3\t4\t5\t6\t7
        negative\tsr26:3\t-1\t1\t2\t3\t4\t5\t6\t7
        short\tsr26:4\t1
        good/cooked\tsr26:5\t50\t1\t2\t\t3\t\t\t5\t0.8
        good/fried\tsr26:6\t50\t1\t2\t\t3\t\t\t5\t0.8
        """,
      portionsTSV: "id\tportion\tgrams\tsource\ngood\teach\t50\tx\ngood\tlarge\tzero\tx\n")
    #expect(table.count == 1)
    #expect(table.variants(of: "good") == [.cooked])
    #expect(table.entry(for: "good", variant: .cooked)?.densityGramsPerMillilitre == 0.8)
    #expect(table.entry(for: "good", variant: .dry)?.source == "sr26:1")
    #expect(table.per100g(of: "good")?.saturatedFatG == nil)
    #expect(table.per100g(of: "good")?.sodiumMg == 5)
    #expect(table.grams(of: "good", portion: "each") == 50)
    #expect(table.grams(of: "good", portion: "large") == nil)
  }

  @Test func theShippedTablesCoverTheLinkedFoods() {
    let table = NutrientTable.bundled
    #expect(table.count > 700)
    #expect(table.entry(for: "egg")?.source == "sr26:01123")
    #expect(table.grams(of: "egg", portion: "large") == 50)
    #expect(table.grams(of: "egg", portion: "each") == 50)
    #expect(table.grams(of: "garlic", portion: "clove") == 3)
  }
}
