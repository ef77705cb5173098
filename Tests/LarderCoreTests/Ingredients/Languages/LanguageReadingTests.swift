import Foundation
import LarderCore
import Testing

/// Ingredient lines in other languages: amounts, units and foods read by each language's
/// rules, the recipe's language told from its words or given, and English left as it was.
@Suite struct LanguageReadingTests {
  let parser = IngredientParser()
  let catalog = FoodCatalog.bundled

  var analyzer: RecipeAnalyzer {
    let catalog = self.catalog
    return RecipeAnalyzer(matchFood: { catalog.match($0)?.foodID })
  }

  struct Expected: CustomStringConvertible {
    var line: String
    var language: RecipeLanguage
    var quantity: Double?
    var quantityMax: Double? = nil
    var unit: String?
    var food: String?
    var description: String { "\(language.rawValue): \(line)" }
  }

  static let lines: [Expected] = [
    Expected(
      line: "2,5 EL Olivenöl", language: .german, quantity: 2.5, unit: "tbsp", food: "olive-oil"),
    Expected(line: "1 Prise Salz", language: .german, quantity: 1, unit: "pinch", food: "salt"),
    Expected(
      line: "3 Knoblauchzehen, gehackt", language: .german, quantity: 3, unit: "clove",
      food: "garlic"),
    Expected(
      line: "Basilikum 1 Bund", language: .german, quantity: 1, unit: "bunch", food: "basil"),
    Expected(line: "1 Pfund Möhren", language: .german, quantity: 500, unit: "g", food: "carrot"),
    Expected(
      line: "2 c. à s. d'huile d'olive", language: .french, quantity: 2, unit: "tbsp",
      food: "olive-oil"),
    Expected(
      line: "une pincée de sel", language: .french, quantity: 1, unit: "pinch", food: "salt"),
    Expected(
      line: "2 à 3 gousses d'ail", language: .french, quantity: 2, quantityMax: 3, unit: "clove",
      food: "garlic"),
    Expected(
      line: "1/2 cucharadita de sal", language: .spanish, quantity: 0.5, unit: "tsp", food: "salt"),
    Expected(
      line: "dos zanahorias, en rodajas", language: .spanish, quantity: 2, unit: nil, food: "carrot"
    ),
    Expected(
      line: "100 gr di zucchero", language: .italian, quantity: 100, unit: "g", food: "sugar"),
    // "Farine", "farina", "farinha" alone are flour, not the breakfast cereal farina.
    Expected(line: "250 g de farine", language: .french, quantity: 250, unit: "g", food: "flour"),
    Expected(line: "300 g di farina", language: .italian, quantity: 300, unit: "g", food: "flour"),
    Expected(
      line: "2 xícaras de farinha", language: .portuguese, quantity: 2, unit: "cup", food: "flour"),
    Expected(
      line: "100 g kaszy manny", language: .polish, quantity: 100, unit: "g", food: "semolina"),
    Expected(line: "basilico q.b.", language: .italian, quantity: nil, unit: nil, food: "basil"),
    Expected(line: "2 theelepels tijm", language: .dutch, quantity: 2, unit: "tsp", food: "thyme"),
    Expected(
      line: "1 el olijfolie", language: .dutch, quantity: 1, unit: "tbsp", food: "olive-oil"),
    Expected(
      line: "1 unidade de limão", language: .portuguese, quantity: 1, unit: nil, food: "lemon"),
    Expected(
      line: "2 colheres (sopa) de azeite", language: .portuguese, quantity: 2, unit: "tbsp",
      food: "olive-oil"),
    Expected(
      line: "2 dl vetemjöl", language: .swedish, quantity: 2, unit: "dl", food: "all-purpose-flour"),
    Expected(line: "1 krm salt", language: .swedish, quantity: 1, unit: "ml", food: "salt"),
    Expected(
      line: "2 spsk olivenolie", language: .danish, quantity: 2, unit: "tbsp", food: "olive-oil"),
    Expected(line: "3 gulerødder", language: .danish, quantity: 3, unit: nil, food: "carrot"),
    Expected(line: "½ ts salt", language: .norwegian, quantity: 0.5, unit: "tsp", food: "salt"),
    Expected(line: "2 egg", language: .norwegian, quantity: 2, unit: nil, food: "egg"),
    Expected(line: "20 dag mąki", language: .polish, quantity: 200, unit: "g", food: "flour"),
    Expected(line: "szczypta soli", language: .polish, quantity: 1, unit: "pinch", food: "salt"),
    Expected(
      line: "2 ząbki czosnku", language: .polish, quantity: 2, unit: "clove", food: "garlic"),
    Expected(line: "500 г муки", language: .russian, quantity: 500, unit: "g", food: "flour"),
    Expected(
      line: "2 ст. л. оливкового масла", language: .russian, quantity: 2, unit: "tbsp",
      food: "olive-oil"),
    Expected(
      line: "Масло сливочное — 50 г", language: .russian, quantity: 50, unit: "g", food: "butter"),
    Expected(line: "1 ч.л. соли", language: .russian, quantity: 1, unit: "tsp", food: "salt"),
    Expected(
      line: "3 зубчика чеснока", language: .russian, quantity: 3, unit: "clove", food: "garlic"),
    Expected(line: "Яйца — 3 шт.", language: .russian, quantity: 3, unit: nil, food: "egg"),
    Expected(
      line: "1,5 стакана молока", language: .russian, quantity: 1.5, unit: "cup", food: "milk"),
    Expected(
      line: "2-3 помидора", language: .russian, quantity: 2, quantityMax: 3, unit: nil,
      food: "tomato"),
    Expected(line: "щепотка соли", language: .russian, quantity: 1, unit: "pinch", food: "salt"),
    Expected(
      line: "Лист лавровый — 2 шт.", language: .russian, quantity: 2, unit: nil, food: "bay-leaf"),
    Expected(
      line: "Лимонный сок — 2 ст. л.", language: .russian, quantity: 2, unit: "tbsp",
      food: "lemon-juice"),
    Expected(
      line: "1 ч. л. черного перца", language: .russian, quantity: 1, unit: "tsp",
      food: "black-pepper"),
    // Closing amounts in the other languages: a range whole, not a number ending the name.
    Expected(
      line: "Eier 2-3", language: .german, quantity: 2, quantityMax: 3, unit: nil, food: "egg"),
    Expected(
      line: "Farina tipo 00 - 500 g", language: .italian, quantity: 500, unit: "g",
      food: "flour"),
    Expected(line: "Pfund Mehl", language: .german, quantity: 500, unit: "g", food: "flour"),
  ]

  @Test(arguments: lines) func readsALineInItsLanguage(_ expected: Expected) {
    let facts = analyzer.facts(for: expected.line, language: expected.language)
    #expect(facts.quantity == expected.quantity)
    #expect(facts.quantityMax == expected.quantityMax)
    #expect(facts.unit == expected.unit)
    #expect(facts.foodID == expected.food)
  }

  @Test func aClosingAmountKeepsTheNameAndTheNote() {
    let sugar = parser.parse("Zucker 100 g (fein)", language: .german)
    #expect(sugar.quantity == 100)
    #expect(sugar.name == "Zucker")
    #expect(sugar.comment == "fein")
    let flour = parser.parse("Mehl Type 405 – 500 g", language: .german)
    #expect(flour.quantity == 500)
    #expect(flour.quantityMax == nil)
    #expect(flour.name == "Mehl Type 405")
    let salt = parser.parse("Salz – nach Belieben", language: .german)
    #expect(salt.name == "Salz")
    #expect(salt.comment == "nach Belieben")
    #expect(salt.isOptional)
    let garlic = parser.parse("Чеснок — 2-3 зубчика", language: .russian)
    #expect(garlic.name == "Чеснок")
    #expect(garlic.quantity == 2)
    #expect(garlic.quantityMax == 3)
    #expect(garlic.unit == "clove")
    #expect(
      analyzer.facts(for: "Филе тилапии — 400 г", language: .russian).foodID != "phyllo-dough")
  }

  @Test func englishLinesReadAsBefore() {
    for line in ["2 cups plain flour, sifted", "1 (14 oz) can diced tomatoes", "salt to taste"] {
      #expect(parser.parse(line, language: .english) == parser.parse(line))
    }
  }

  @Test func optionalPhrasesAndAlternatives() {
    let taste = parser.parse("Salz und Pfeffer nach Belieben", language: .german)
    #expect(taste.isOptional)
    // A pair the catalog knows as one food, as in English; else the first of the two.
    #expect(
      analyzer.facts(for: "Salz und Pfeffer nach Belieben", language: .german).foodID
        == "salt-and-pepper")
    #expect(analyzer.facts(for: "1 TL Salz und Zucker", language: .german).foodID == "salt")
    let choice = analyzer.facts(for: "200 g Basilikum oder Petersilie", language: .german)
    #expect(choice.foodID == "basil")
    #expect(choice.alternativeFoodIDs == ["parsley"])
  }

  @Test func sectionHeadersAreNotFoods() {
    let header = parser.parse("Für den Teig:", language: .german)
    #expect(header.isSectionHeader)
    #expect(header.name == nil)
    // Without a colon too, but a purpose or an amount is not a heading.
    #expect(parser.parse("Pour la garniture", language: .french).isSectionHeader)
    #expect(parser.parse("Na ciasto", language: .polish).isSectionHeader)
    #expect(parser.parse("Для теста:", language: .russian).isSectionHeader)
    #expect(parser.parse("Для соуса", language: .russian).isSectionHeader)
    #expect(!parser.parse("Pour servir", language: .french).isSectionHeader)
    #expect(!parser.parse("für 4 Personen", language: .german).isSectionHeader)
  }

  @Test func aFruitsJuiceOrZestTakesItsNumber() {
    let juice = analyzer.facts(for: "El zumo de 1 limón", language: .spanish)
    #expect(juice.quantity == 1)
    #expect(juice.foodID == "lemon-juice")
    let zest = analyzer.facts(for: "abgeriebene Zitronenschale", language: .german)
    #expect(zest.foodID == "lemon-zest")
    let mixed = analyzer.facts(for: "1 e 1/2 xícara de leite", language: .portuguese)
    #expect(mixed.quantity == 1.5)
    #expect(mixed.unit == "cup")
    #expect(mixed.foodID == "milk")
  }

  @Test func aLineScalesWhereItsAmountIs() {
    let spoon = parser.parse("2 EL Olivenöl", language: .german)
    #expect(
      spoon.text(scaledBy: 2, shownIn: nil, density: nil, language: .german) == "4 EL Olivenöl")
    let trailing = parser.parse("Zucker 100 g", language: .german)
    #expect(trailing.text(scaledBy: 1.5, shownIn: nil, density: nil) == "Zucker 150 g")
    let comma = parser.parse("  2,5 dl mjölk", language: .swedish)
    #expect(comma.text(scaledBy: 2, shownIn: nil, density: nil) == "  5 dl mjölk")
  }

  @Test func theKindIsChosenOverItsFamily() {
    // "formaggio" (cheese) comes first, as Italian puts the head noun first, but the line
    // names a cheese: gorgonzola.
    #expect(
      analyzer.facts(for: "150 g di formaggio gorgonzola", language: .italian).foodID
        == "gorgonzola")
    #expect(
      analyzer.facts(for: "1 paquete de pasta espaguetis", language: .spanish).foodID
        == "spaghetti")
  }

  @Test func aFoodTheListLacksIsFoundByItsOwnName() {
    // "guanciale" has no Italian entry of its own; the catalog knows it by that name.
    #expect(
      analyzer.facts(for: "150 g di guanciale a listarelle", language: .italian).foodID
        == "guanciale")
  }

  @Test func aRecipesLanguageIsToldFromItsWords() {
    #expect(
      LanguageDetector.detect(
        "Die Zwiebeln schälen und fein hacken. 2 EL Butter in einer Pfanne erhitzen, dann die Zwiebeln mit etwas Salz glasig dünsten."
      ) == .german)
    #expect(
      LanguageDetector.detect(
        "Faire fondre le beurre dans une casserole, ajouter la farine et le lait, puis une pincée de sel."
      ) == .french)
    #expect(
      LanguageDetector.detect(
        "Pokrój cebulę i czosnek, podsmaż na maśle. Dodaj łyżkę mąki i szczyptę soli, wymieszaj."
      ) == .polish)
    #expect(
      LanguageDetector.detect(
        "Лук мелко нарезать и обжарить на сливочном масле. Добавить 2 ст. л. муки и щепотку соли, перемешать."
      ) == .russian)
    // A Russian title does not make an English recipe Russian.
    #expect(
      LanguageDetector.detect(
        "Бабушкин борщ со сметаной. Cut the beets, add the stock and simmer for 40 minutes, then stir in the cream."
      ) == .english)
    #expect(
      LanguageDetector.detect(
        "Melt the butter in a pan, add the flour and the milk, then stir in a pinch of salt until smooth."
      ) == .english)
    // A few foreign dish names do not make an English recipe foreign.
    #expect(
      LanguageDetector.detect(
        "Serve the crème brûlée with a spoon of crème fraîche and the pâte sucrée on the side."
      ) == .english)
    #expect(LanguageDetector.detect("Tarte") == nil)
  }

  @Test func theRecipesLanguageDecidesHowItsLinesAreRead() {
    var recipe = Recipe(
      name: "Kartoffelsuppe",
      ingredientSections: [
        IngredientSection(
          lines: ["500 g Kartoffeln", "1 Zwiebel", "2 EL Butter", "1 Prise Salz"]
            .map { IngredientLine(text: $0) })
      ],
      instructionSections: [
        InstructionSection(steps: [
          InstructionStep(text: "Die Kartoffeln schälen und mit der Zwiebel in Butter andünsten.")
        ])
      ])
    #expect(LanguageDetector.language(of: recipe) == .german)
    let read = analyzer.analyze(recipe)
    #expect(read.ingredientLines.first?.facts?.unit == "g")
    #expect(read.ingredientLines.last?.facts?.unit == "pinch")
    #expect(read.ingredientLines.last?.facts?.foodID == "salt")
    // The user's choice wins over the words.
    recipe.language = .english
    #expect(LanguageDetector.language(of: recipe) == .english)
    #expect(analyzer.analyze(recipe).ingredientLines[2].facts?.unit != "tbsp")
  }

  /// Told languages are remembered by the recipe's text, never by its id: the same recipe
  /// rewritten in another language (same id, same dates) is told again.
  @Test func aRecipeRewrittenInAnotherLanguageIsToldAgain() {
    var recipe = Recipe(
      id: RecipeID(rawValue: "soup"), name: "Kartoffelsuppe",
      ingredientSections: [
        IngredientSection(
          lines: ["500 g Kartoffeln", "1 Zwiebel", "2 EL Butter", "1 Prise Salz und Pfeffer"]
            .map { IngredientLine(text: $0) })
      ])
    #expect(LanguageDetector.language(of: recipe) == .german)
    #expect(LanguageDetector.language(of: recipe) == .german)
    recipe.name = "Potato soup"
    recipe.ingredientSections = [
      IngredientSection(
        lines: ["1 lb potatoes, chopped", "1 onion", "2 tablespoons butter", "salt to taste"]
          .map { IngredientLine(text: $0) })
    ]
    #expect(LanguageDetector.language(of: recipe) == .english)
    recipe.ingredientSections[0].lines = [
      "500 g Kartoffeln", "1 Zwiebel", "2 EL Butter", "1 Prise Salz und Pfeffer",
    ]
    .map { IngredientLine(text: $0) }
    recipe.name = "Kartoffelsuppe"
    #expect(LanguageDetector.language(of: recipe) == .german)
  }

  @Test func aRecipesLanguageIsKeptInItsJSONAndAWrongOneRefused() throws {
    var recipe = Recipe(name: "Gazpacho")
    recipe.language = .spanish
    let data = try LarderJSON.encode(recipe)
    #expect(String(decoding: data, as: UTF8.self).contains(#""language":"es""#))
    #expect(try LarderJSON.decode(Recipe.self, from: data).language == .spanish)
    #expect(throws: (any Error).self) {
      try LarderJSON.decode(Recipe.self, from: Data(#"{"name": "X", "language": "xx"}"#.utf8))
    }
    #expect(RecipeLanguage(code: "de-AT") == .german)
    #expect(RecipeLanguage(code: "pt_BR") == .portuguese)
    #expect(RecipeLanguage(code: "no") == .norwegian)
    #expect(RecipeLanguage(code: "Deutsch") == .german)
    #expect(RecipeLanguage(code: "tlh") == nil)
  }

  @Test func aNameOneSlipFromAKnownOneIsReadAsIt() {
    let names = FoodNames.bundled
    // A letter too many, too few, or wrong; and inside a compound's line.
    #expect(names.nearMatch("hønsebouillion", language: .danish) == "chicken-stock")
    #expect(names.nearMatch("Mozarella", language: .german) == "mozzarella")
    #expect(names.nearMatch("Parmasan", language: .danish) == "parmesan")
    #expect(analyzer.facts(for: "200 g Emmenthaler", language: .danish).foodID == "emmental")
    #expect(analyzer.facts(for: "2 EL Majonnaise", language: .german).foodID == "mayonnaise")
    // Short words are too often other words; a known name is not "corrected"; English lines
    // are read as before.
    #expect(names.nearMatch("kleine", language: .german) == nil)
    #expect(names.nearMatch("Trauben", language: .german) == nil)
    #expect(analyzer.facts(for: "2 kleine Zwiebeln", language: .german).foodID == "onion")
    #expect(analyzer.facts(for: "20 g Parmasan", language: .english).foodID == nil)
    // A language's own unit words are never read as slips from a food's name.
    for (word, language) in [
      ("scatola", RecipeLanguage.italian), ("lonchas", .spanish), ("copinho", .portuguese),
      ("plakken", .dutch), ("Büschel", .german), ("packungen", .german),
    ] {
      #expect(names.nearMatch(word, language: language) == nil, "\(word)")
    }
    // Nor is a long word of nonsense read at all (its cost grows with its length squared).
    #expect(names.nearMatch(String(repeating: "mozzarella", count: 50), language: .german) == nil)
  }

  @Test func aLineWhoseFirstChoiceIsUnknownIsReadAsAChoiceItKnows() {
    let facts = analyzer.facts(for: "1 dl hedvin/portvin/sherry", language: .danish)
    #expect(facts.foodID == "port")
    #expect(facts.alternativeFoodIDs == ["sherry"])
  }

  @Test func compoundsAndCaseEndingsMeetTheirFood() {
    let names = FoodNames.bundled
    #expect(names.match("Bio-Knoblauch", language: .german) == "garlic")
    #expect(names.match("cytryny", language: .polish) == "lemon")
    #expect(names.match("моркови", language: .russian) == "carrot")
    #expect(names.match("оливкового масла", language: .russian) == "olive-oil")
    #expect(names.match("sitroner", language: .danish) == "lemon")  // from Norwegian
    #expect(names.match("zzzz", language: .german) == nil)
  }

  @Test func randomLinesNeverCrashAndKeepTheirInput() {
    var generator = SeededRandom(seed: 16)
    let pieces = [
      "1", "2,5", "½", "1/2", "-", "–", "(", ")", ",", "EL", "c. à s.", "de", "di", "łyżka",
      "msk", "Salz", "huile", "d'", "q.b.", "nach", "Belieben", "oder", "ou", ":", "dag", " ",
      "1½", "€", "😀", "ß", "ø", "ст. л.", "—", "муки", "по вкусу", "шт.",
    ]
    for _ in 0..<3_000 {
      var line = ""
      for _ in 0..<Int(generator.next() % 9) {
        line += pieces[Int(generator.next() % UInt64(pieces.count))]
        if generator.next() % 2 == 0 { line += " " }
      }
      for language in RecipeLanguage.allCases where language != .english {
        let parsed = parser.parse(line, language: language)
        #expect(parsed.input == line)
      }
    }
  }
}
