import Foundation
import LarderCore
import Testing

/// Reading pasted text: layouts people paste, each checked field by field.
@Suite struct PastedTextLayoutTests {
  static let reader = PastedRecipeReader()

  /// The ingredient sections as (title, lines), to compare in one expectation.
  static func sections(_ recipe: Recipe) -> [Section] {
    recipe.ingredientSections.map { Section(title: $0.title, lines: $0.lines.map(\.text)) }
  }

  /// The instruction sections as (title, steps).
  static func methods(_ recipe: Recipe) -> [Section] {
    recipe.instructionSections.map { Section(title: $0.title, lines: $0.steps.map(\.text)) }
  }

  struct Section: Equatable, CustomStringConvertible {
    var title: String?
    var lines: [String]
    var description: String { "\(title ?? "(untitled)"): \(lines)" }
  }

  @Test func aBlogStyleRecipeWithHeadingsBulletsAndNumberedSteps() throws {
    let text = """
      Lentil and Spinach Soup

      A thick, warming soup for a weeknight. It keeps well for lunch the next day.

      Serves 4
      Prep time: 15 min
      Cook time: 40 min

      Ingredients
      • 2 tbsp olive oil
      • 1 onion, finely chopped
      • 2 garlic cloves, crushed
      • 250 g red lentils, rinsed
      • 1.2 litres vegetable stock
      • 100 g baby spinach
      • Salt and pepper, to taste

      Method
      1. Heat the oil in a large pan and soften the onion for 8 minutes.
      2. Add the garlic and cook for 1 minute more.
      3. Stir in the lentils and stock, bring to the boil and simmer for 25 minutes.
      4. Stir in the spinach until wilted, then season to taste.

      Notes
      Freezes well for up to 3 months.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Lentil and Spinach Soup")
    #expect(
      recipe.description
        == "A thick, warming soup for a weeknight. It keeps well for lunch the next day.")
    #expect(recipe.yield == RecipeYield(servings: 4))
    #expect(recipe.prepTime == RecipeDuration(minutes: 15))
    #expect(recipe.cookTime == RecipeDuration(minutes: 40))
    #expect(recipe.totalTime == nil)
    #expect(
      Self.sections(recipe) == [
        Section(
          title: nil,
          lines: [
            "2 tbsp olive oil", "1 onion, finely chopped", "2 garlic cloves, crushed",
            "250 g red lentils, rinsed", "1.2 litres vegetable stock", "100 g baby spinach",
            "Salt and pepper, to taste",
          ])
      ])
    #expect(
      Self.methods(recipe) == [
        Section(
          title: nil,
          lines: [
            "Heat the oil in a large pan and soften the onion for 8 minutes.",
            "Add the garlic and cook for 1 minute more.",
            "Stir in the lentils and stock, bring to the boil and simmer for 25 minutes.",
            "Stir in the spinach until wilted, then season to taste.",
          ])
      ])
    #expect(recipe.notes == "Freezes well for up to 3 months.")
    #expect(result.warnings.isEmpty)
  }

  @Test func markdownWithSubsectionsInBothLists() throws {
    let text = """
      # Chicken Satay

      **Makes 12 skewers**

      ## Ingredients

      ### For the chicken
      - 500 g chicken thighs, cut into strips
      - 2 tbsp soy sauce
      - 1 tsp ground turmeric

      ### For the peanut sauce
      - 4 tbsp crunchy peanut butter
      - 150 ml coconut milk
      - 1 lime, juiced

      ## Method

      ### Chicken
      1. Mix the chicken with the soy sauce and turmeric and leave for 30 minutes.
      2. Thread onto skewers and grill for 10 minutes, turning once.

      ### Sauce
      1. Warm the peanut butter and coconut milk together, stirring until smooth.
      2. Add the lime juice.

      ## Tips
      - Soak wooden skewers in water first so they do not burn.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Chicken Satay")
    #expect(recipe.yield == RecipeYield(servings: 12, text: "12 skewers"))
    #expect(
      Self.sections(recipe) == [
        Section(
          title: "For the chicken",
          lines: [
            "500 g chicken thighs, cut into strips", "2 tbsp soy sauce", "1 tsp ground turmeric",
          ]),
        Section(
          title: "For the peanut sauce",
          lines: ["4 tbsp crunchy peanut butter", "150 ml coconut milk", "1 lime, juiced"]),
      ])
    #expect(
      Self.methods(recipe) == [
        Section(
          title: "Chicken",
          lines: [
            "Mix the chicken with the soy sauce and turmeric and leave for 30 minutes.",
            "Thread onto skewers and grill for 10 minutes, turning once.",
          ]),
        Section(
          title: "Sauce",
          lines: [
            "Warm the peanut butter and coconut milk together, stirring until smooth.",
            "Add the lime juice.",
          ]),
      ])
    #expect(recipe.notes == "- Soak wooden skewers in water first so they do not burn.")
    #expect(result.warnings.isEmpty)
  }

  @Test func noHeadingsAtAllIsReadByLineShape() throws {
    let text = """
      Weeknight Fried Rice

      This is what happens to leftover rice in our house.

      2 tbsp vegetable oil
      3 eggs, beaten
      400 g cooked rice, cold
      150 g frozen peas
      3 spring onions, sliced
      2 tbsp soy sauce

      Heat half the oil in a wok and scramble the eggs, then tip them out.

      Add the rest of the oil and fry the rice for 3 minutes, breaking up any clumps.

      Add the peas and spring onions, return the eggs and season with the soy sauce.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Weeknight Fried Rice")
    #expect(recipe.description == "This is what happens to leftover rice in our house.")
    #expect(
      Self.sections(recipe) == [
        Section(
          title: nil,
          lines: [
            "2 tbsp vegetable oil", "3 eggs, beaten", "400 g cooked rice, cold",
            "150 g frozen peas", "3 spring onions, sliced", "2 tbsp soy sauce",
          ])
      ])
    #expect(recipe.steps.count == 3)
    #expect(recipe.steps.first?.text.hasPrefix("Heat half the oil") == true)
    #expect(
      recipe.steps.last?.text
        == "Add the peas and spring onions, return the eggs and season with the soy sauce.")
    #expect(recipe.notes == nil)
    #expect(result.warnings.isEmpty)
  }

  @Test func sectionHeadersEndingInAColonMakeSections() throws {
    let text = """
      Cinnamon Rolls
      Makes 12 rolls
      Prep: 30 min | Cook: 25 min | Total: 2 hr 30 min

      Ingredients:
      For the dough:
      500 g strong white flour
      7 g fast-action yeast
      250 ml warm milk
      For the filling:
      75 g soft butter
      100 g light brown sugar
      2 tsp ground cinnamon

      Directions:
      Make the dough:
      Mix the flour, yeast and milk and knead for 10 minutes.
      Leave to rise for 1 hour.
      Fill and bake:
      Roll out, spread with the butter, sugar and cinnamon, and roll up.
      Cut into 12 and bake for 25 minutes.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Cinnamon Rolls")
    #expect(recipe.yield == RecipeYield(servings: 12, text: "12 rolls"))
    #expect(recipe.prepTime == RecipeDuration(minutes: 30))
    #expect(recipe.cookTime == RecipeDuration(minutes: 25))
    #expect(recipe.totalTime == RecipeDuration(minutes: 150))
    #expect(
      Self.sections(recipe) == [
        Section(
          title: "For the dough",
          lines: ["500 g strong white flour", "7 g fast-action yeast", "250 ml warm milk"]),
        Section(
          title: "For the filling",
          lines: ["75 g soft butter", "100 g light brown sugar", "2 tsp ground cinnamon"]),
      ])
    #expect(
      Self.methods(recipe) == [
        Section(
          title: "Make the dough",
          lines: [
            "Mix the flour, yeast and milk and knead for 10 minutes.",
            "Leave to rise for 1 hour.",
          ]),
        Section(
          title: "Fill and bake",
          lines: [
            "Roll out, spread with the butter, sugar and cinnamon, and roll up.",
            "Cut into 12 and bake for 25 minutes.",
          ]),
      ])
    #expect(result.warnings.isEmpty)
  }

  @Test func windowsLineEndingsTabsAndNonBreakingSpaces() throws {
    let text =
      "Garlic\u{00A0}Butter Prawns\r\n\r\nServes\t2\r\nPrep: 5 min\tCook: 6 min\r\n\r\n"
      + "INGREDIENTS\r\n30\u{00A0}g butter\r\n3\tgarlic cloves, sliced\r\n"
      + "200\u{202F}g raw king prawns\r\n\r\nMETHOD\r\n"
      + "Melt the butter and fry the garlic for 1 minute.\r\n"
      + "Add the prawns and cook until pink, about 4 minutes.\r\n"
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Garlic Butter Prawns")
    #expect(recipe.yield == RecipeYield(servings: 2))
    #expect(recipe.prepTime == RecipeDuration(minutes: 5))
    #expect(recipe.cookTime == RecipeDuration(minutes: 6))
    #expect(
      Self.sections(recipe) == [
        Section(
          title: nil,
          lines: ["30 g butter", "3 garlic cloves, sliced", "200 g raw king prawns"])
      ])
    #expect(
      recipe.steps.map(\.text) == [
        "Melt the butter and fry the garlic for 1 minute.",
        "Add the prawns and cook until pink, about 4 minutes.",
      ])
    #expect(result.warnings.isEmpty)
  }

  @Test func checkboxAndEmojiBulletsAreRemoved() throws {
    let text = """
      🥕 Carrot Cake Overnight Oats 🥕

      Yield: 2 jars

      What you'll need:
      ▢ 100 g rolled oats
      ☐ 1 carrot, finely grated
      ✅ 200 ml milk
      🍯 1 tbsp honey
      👉 1/2 tsp mixed spice

      Steps:
      ➤ Stir everything together in a bowl.
      ➤ Divide between two jars and chill overnight.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "🥕 Carrot Cake Overnight Oats 🥕")
    #expect(recipe.yield == RecipeYield(servings: 2, text: "2 jars"))
    #expect(
      recipe.ingredientLines.map(\.text) == [
        "100 g rolled oats", "1 carrot, finely grated", "200 ml milk", "1 tbsp honey",
        "1/2 tsp mixed spice",
      ])
    #expect(
      recipe.steps.map(\.text) == [
        "Stir everything together in a bowl.", "Divide between two jars and chill overnight.",
      ])
    #expect(result.warnings.isEmpty)
  }

  @Test func aGermanRecipe() throws {
    let text = """
      Apfelkuchen vom Blech

      Für 12 Personen
      Zubereitungszeit: 30 Min.
      Backzeit: 1 Std.

      Zutaten
      Für den Teig:
      250 g Mehl
      125 g Butter
      1 Ei
      Für den Belag:
      1 kg Äpfel
      2 EL Zucker

      Zubereitung
      Mehl, Butter und Ei zu einem glatten Teig verkneten und 30 Minuten kühlen.
      Den Teig auf einem Blech ausrollen, mit den Äpfeln belegen und mit Zucker bestreuen.
      Im Ofen bei 180 °C etwa eine Stunde backen.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Apfelkuchen vom Blech")
    #expect(recipe.yield?.servings == 12)
    #expect(recipe.prepTime == RecipeDuration(minutes: 30))
    #expect(recipe.cookTime == RecipeDuration(minutes: 60))
    #expect(
      Self.sections(recipe) == [
        Section(title: "Für den Teig", lines: ["250 g Mehl", "125 g Butter", "1 Ei"]),
        Section(title: "Für den Belag", lines: ["1 kg Äpfel", "2 EL Zucker"]),
      ])
    #expect(recipe.steps.count == 3)
    #expect(recipe.steps[2].text == "Im Ofen bei 180 °C etwa eine Stunde backen.")
    #expect(result.warnings.isEmpty)
  }

  @Test func aFrenchRecipeWithASpaceBeforeTheColon() throws {
    let text = """
      Gratin dauphinois

      Pour 6 personnes
      Temps de préparation : 20 min
      Temps de cuisson : 1 h 15

      Ingrédients :
      - 1,5 kg de pommes de terre
      - 50 cl de crème fraîche
      - 2 gousses d'ail

      Préparation :
      1. Éplucher et couper les pommes de terre en fines rondelles.
      2. Frotter le plat avec l'ail, puis disposer les pommes de terre.
      3. Verser la crème et cuire 1 h 15 à 160 °C.

      Remarques :
      On peut le préparer la veille.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Gratin dauphinois")
    #expect(recipe.yield?.servings == 6)
    #expect(recipe.prepTime == RecipeDuration(minutes: 20))
    #expect(recipe.cookTime == RecipeDuration(minutes: 75))
    #expect(
      recipe.ingredientLines.map(\.text) == [
        "1,5 kg de pommes de terre", "50 cl de crème fraîche", "2 gousses d'ail",
      ])
    #expect(
      recipe.steps.map(\.text) == [
        "Éplucher et couper les pommes de terre en fines rondelles.",
        "Frotter le plat avec l'ail, puis disposer les pommes de terre.",
        "Verser la crème et cuire 1 h 15 à 160 °C.",
      ])
    #expect(recipe.notes == "On peut le préparer la veille.")
    #expect(result.warnings.isEmpty)
  }

  @Test func aSpanishRecipe() throws {
    let text = """
      Tortilla de patatas
      Para 4 personas
      Tiempo de preparación: 15 minutos
      Tiempo de cocción: 30 minutos

      INGREDIENTES
      * 5 huevos
      * 600 g de patatas
      * 1 cebolla
      * 150 ml de aceite de oliva

      PREPARACIÓN
      Pelar y cortar las patatas y la cebolla en láminas finas.
      Freírlas a fuego lento en el aceite durante 20 minutos.
      Batir los huevos, mezclar con las patatas y cuajar la tortilla por ambos lados.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Tortilla de patatas")
    #expect(recipe.yield?.servings == 4)
    #expect(recipe.prepTime == RecipeDuration(minutes: 15))
    #expect(recipe.cookTime == RecipeDuration(minutes: 30))
    #expect(
      recipe.ingredientLines.map(\.text) == [
        "5 huevos", "600 g de patatas", "1 cebolla", "150 ml de aceite de oliva",
      ])
    #expect(recipe.steps.count == 3)
    #expect(recipe.steps[0].text == "Pelar y cortar las patatas y la cebolla en láminas finas.")
    #expect(result.warnings.isEmpty)
  }

  @Test func anItalianRecipe() throws {
    let text = """
      Risotto ai funghi

      Per 4 persone
      Tempo di cottura: 25 minuti

      Ingredienti:
      320 g di riso Carnaroli
      300 g di funghi misti
      1 litro di brodo vegetale
      50 g di parmigiano grattugiato

      Preparazione:
      Rosolare i funghi in padella con un filo d'olio.
      Tostare il riso, poi aggiungere il brodo poco alla volta per 18 minuti.
      Unire i funghi e mantecare con il parmigiano.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Risotto ai funghi")
    #expect(recipe.yield?.servings == 4)
    #expect(recipe.cookTime == RecipeDuration(minutes: 25))
    #expect(recipe.ingredientLines.count == 4)
    #expect(recipe.ingredientLines.first?.text == "320 g di riso Carnaroli")
    #expect(recipe.steps.count == 3)
    #expect(recipe.steps[2].text == "Unire i funghi e mantecare con il parmigiano.")
    #expect(result.warnings.isEmpty)
  }

  @Test func labelledTitleStepNumbersAndASourceURL() throws {
    let text = """
      Title: Soda Bread
      Source: https://example.com/recipes/soda-bread?utm_source=mail
      Yield: 1 loaf
      Total time: 55 minutes

      Ingredients
      450 g plain wholemeal flour
      1 tsp bicarbonate of soda
      1 tsp salt
      400 ml buttermilk

      Instructions
      Step 1: Heat the oven to 200C and dust a baking tray with flour.
      Step 2: Mix the dry ingredients, then stir in the buttermilk to a soft dough.
      Step 3: Shape into a round, cut a deep cross on top and bake for 40 minutes.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Soda Bread")
    #expect(recipe.sourceURL == "https://example.com/recipes/soda-bread?utm_source=mail")
    #expect(recipe.yield == RecipeYield(servings: 1, text: "1 loaf"))
    #expect(recipe.totalTime == RecipeDuration(minutes: 55))
    #expect(recipe.ingredientLines.count == 4)
    #expect(
      recipe.steps.map(\.text) == [
        "Heat the oven to 200C and dust a baking tray with flour.",
        "Mix the dry ingredients, then stir in the buttermilk to a soft dough.",
        "Shape into a round, cut a deep cross on top and bake for 40 minutes.",
      ])
    #expect(result.warnings.isEmpty)
  }

  @Test func oneLongParagraphOfMethodStaysOneStep() throws {
    let method =
      "Heat the oven to 190C and line a muffin tin with 12 cases. Mash the bananas in a bowl, "
      + "then beat in the egg, melted butter and sugar. Fold in the flour and baking powder "
      + "until just combined; do not overmix. Divide between the cases and bake for 20 minutes "
      + "until risen and golden."
    let text = """
      Banana Muffins
      Makes 12 muffins

      Ingredients
      3 ripe bananas
      1 egg
      80 g melted butter
      100 g caster sugar
      200 g self-raising flour
      1 tsp baking powder

      Directions
      \(method)
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Banana Muffins")
    #expect(recipe.yield == RecipeYield(servings: 12, text: "12 muffins"))
    #expect(recipe.ingredientLines.count == 6)
    #expect(recipe.steps.map(\.text) == [method])
    #expect(result.warnings.isEmpty)
  }

  @Test func aWrappedEmailParagraphIsJoinedBackIntoItsSteps() throws {
    let text = """
      Mum's Shortbread

      Ingredients:
      - 225 g butter, softened
      - 110 g caster sugar
      - 330 g plain flour

      Method:
      Cream the butter and sugar together until pale, then work in
      the flour to make a smooth dough. Press into a 20 x 30 cm tin
      and prick all over with a fork.

      Bake at 160C for 35 to 40 minutes until pale golden, then mark
      into fingers while still warm.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Mum's Shortbread")
    #expect(
      recipe.steps.map(\.text) == [
        "Cream the butter and sugar together until pale, then work in the flour to make a "
          + "smooth dough. Press into a 20 x 30 cm tin and prick all over with a fork.",
        "Bake at 160C for 35 to 40 minutes until pale golden, then mark into fingers while "
          + "still warm.",
      ])
    #expect(result.warnings.isEmpty)
  }

  @Test func capitalHeadingsARangeOfServingsAndTipsAtTheEnd() throws {
    let text = """
      BEEF AND ALE STEW

      SERVES 4-6
      TOTAL TIME: 3 hrs 20 mins

      INGREDIENTS
      1 kg braising beef, diced
      2 tbsp plain flour
      500 ml brown ale
      3 carrots, chopped

      METHOD
      Toss the beef in the flour and brown it in batches.

      Add the ale and carrots, cover and simmer gently for 3 hours.

      TIPS
      Even better the next day.
      Serve with mash.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "BEEF AND ALE STEW")
    #expect(recipe.yield == RecipeYield(servings: 4, text: "4-6 servings"))
    #expect(recipe.totalTime == RecipeDuration(minutes: 200))
    #expect(recipe.ingredientLines.count == 4)
    #expect(
      recipe.steps.map(\.text) == [
        "Toss the beef in the flour and brown it in batches.",
        "Add the ale and carrots, cover and simmer gently for 3 hours.",
      ])
    #expect(recipe.notes == "Even better the next day.\nServe with mash.")
    #expect(result.warnings.isEmpty)
  }

  @Test func aCompactNoteWithoutBlankLines() throws {
    let text = """
      Cheese on Toast
      2 slices bread
      50 g cheddar, grated
      Butter
      Toast the bread on one side under the grill.
      Turn over, butter, top with the cheese and grill until bubbling.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Cheese on Toast")
    #expect(
      recipe.ingredientLines.map(\.text) == ["2 slices bread", "50 g cheddar, grated", "Butter"])
    #expect(
      recipe.steps.map(\.text) == [
        "Toast the bread on one side under the grill.",
        "Turn over, butter, top with the cheese and grill until bubbling.",
      ])
    #expect(result.warnings.isEmpty)
  }

  @Test func oneLineOfFactsSeparatedByBars() throws {
    let text = """
      Quick Hummus
      Serves 6 | Prep 10 min | Cook 0 min

      400 g tin chickpeas, drained
      2 tbsp tahini
      1 lemon, juiced
      1 garlic clove

      Blend everything with 3 tbsp cold water until smooth.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Quick Hummus")
    #expect(recipe.yield == RecipeYield(servings: 6))
    #expect(recipe.prepTime == RecipeDuration(minutes: 10))
    #expect(recipe.cookTime == RecipeDuration(minutes: 0))
    #expect(recipe.ingredientLines.count == 4)
    #expect(recipe.steps.map(\.text) == ["Blend everything with 3 tbsp cold water until smooth."])
    #expect(result.warnings.isEmpty)
  }

  @Test func aHeadingWithYieldAndStepNumbersOnTheirOwnLines() throws {
    let text = """
      Pancakes

      Ingredients (serves 4)
      200 g plain flour
      2 eggs
      300 ml milk

      Instructions
      Step 1
      Whisk the flour, eggs and milk into a smooth batter.
      Step 2
      Fry ladlefuls in a hot oiled pan,
      about 1 minute a side.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Pancakes")
    #expect(recipe.yield == RecipeYield(servings: 4))
    #expect(recipe.ingredientLines.map(\.text) == ["200 g plain flour", "2 eggs", "300 ml milk"])
    #expect(
      recipe.steps.map(\.text) == [
        "Whisk the flour, eggs and milk into a smooth batter.",
        "Fry ladlefuls in a hot oiled pan, about 1 minute a side.",
      ])
    #expect(result.warnings.isEmpty)
  }

  @Test func stepsUnderTheIngredientsHeadingAreReadAsStepsWithAWarning() throws {
    let text = """
      Green Smoothie

      Ingredients
      1 banana
      100 g spinach
      250 ml almond milk

      Blend everything until smooth and drink straight away.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.ingredientLines.count == 3)
    #expect(recipe.steps.map(\.text) == ["Blend everything until smooth and drink straight away."])
    #expect(
      result.warnings == [
        "line 8: read as the first step, though no 'Method' heading comes before it: "
          + "'Blend everything until smooth and drink straight away.'"
      ])
  }

  @Test func aRecipeInTwoPartsWithoutHeadingsAndATrailingNoteAndURL() throws {
    let text = """
      Two-Part Tacos
      When we have friends over, this is what I make. It takes about an hour.

      500 g beef mince
      1 tbsp chilli powder
      8 taco shells

      Brown the mince, add the chilli powder and 100 ml water and simmer 10 minutes.

      Salsa
      4 tomatoes, diced
      1 red onion, diced
      Juice of 1 lime

      Mix the salsa ingredients and season.
      Note: the salsa is best made just before serving.
      https://example.org/tacos
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Two-Part Tacos")
    #expect(
      recipe.description
        == "When we have friends over, this is what I make. It takes about an hour.")
    #expect(
      Self.sections(recipe) == [
        Section(title: nil, lines: ["500 g beef mince", "1 tbsp chilli powder", "8 taco shells"]),
        Section(
          title: "Salsa", lines: ["4 tomatoes, diced", "1 red onion, diced", "Juice of 1 lime"]),
      ])
    #expect(
      recipe.steps.map(\.text) == [
        "Brown the mince, add the chilli powder and 100 ml water and simmer 10 minutes.",
        "Mix the salsa ingredients and season.",
      ])
    #expect(recipe.notes == "the salsa is best made just before serving.")
    #expect(recipe.sourceURL == "https://example.org/tacos")
    #expect(
      result.warnings == [
        "line 10: more ingredients after the steps; read as ingredients: 'Salsa'"
      ])
  }

  @Test func headingsNamingTheirPartAndAYieldAfterTheMethod() throws {
    let text = """
      Focaccia
      Ingredients for the dough
      500 g strong flour
      7 g yeast
      Salt
      Olive oil, for drizzling
      Method for the dough
      Mix, knead, prove for 1 hour
      Bake at 220C for 20 minutes
      Serves 8
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.yield == RecipeYield(servings: 8))
    #expect(
      Self.sections(recipe) == [
        Section(
          title: "For the dough",
          lines: ["500 g strong flour", "7 g yeast", "Salt", "Olive oil, for drizzling"])
      ])
    #expect(
      Self.methods(recipe) == [
        Section(
          title: "For the dough",
          lines: ["Mix, knead, prove for 1 hour", "Bake at 220C for 20 minutes"])
      ])
    #expect(result.warnings.isEmpty)
  }

  @Test func aRecipeCardCopiedWithItsButtonsAndRating() throws {
    let text = """
      Easy Banana Bread
      4.8 from 126 votes
      Print Recipe Pin Recipe
      Moist and simple, made in one bowl.
      Prep Time10 minutes
      Cook Time1 hour
      Total Time1 hour 10 minutes
      Course: Breakfast
      Cuisine: American
      Keyword: banana bread, quick bread
      Servings: 10 slices
      Author: Sam

      Ingredients
      US Customary - Metric
      1x2x3x
      ▢ 3 ripe bananas, mashed
      ▢ 75 g melted butter
      ▢ 150 g sugar
      ▢ 190 g plain flour

      Instructions
      Preheat the oven to 175C and grease a loaf tin.
      Mix everything in one bowl and pour into the tin.
      Bake for 1 hour, until a skewer comes out clean.

      Nutrition
      Calories: 250kcal | Carbohydrates: 40g
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(recipe.name == "Easy Banana Bread")
    #expect(recipe.description == "Moist and simple, made in one bowl.")
    #expect(recipe.prepTime == RecipeDuration(minutes: 10))
    #expect(recipe.cookTime == RecipeDuration(minutes: 60))
    #expect(recipe.totalTime == RecipeDuration(minutes: 70))
    #expect(recipe.yield == RecipeYield(servings: 10, text: "10 slices"))
    #expect(recipe.courses == ["Breakfast"])
    #expect(recipe.cuisines == ["American"])
    #expect(recipe.keywords == ["banana bread", "quick bread"])
    #expect(recipe.author == "Sam")
    #expect(
      recipe.ingredientLines.map(\.text) == [
        "3 ripe bananas, mashed", "75 g melted butter", "150 g sugar", "190 g plain flour",
      ])
    #expect(recipe.steps.count == 3)
    #expect(recipe.notes == "Nutrition:\nCalories: 250kcal | Carbohydrates: 40g")
    #expect(result.warnings.isEmpty)
  }

  @Test func groupNamesWithoutColonsMakeSectionsInBothLists() throws {
    let text = """
      Lemon Drizzle

      INGREDIENTS
      Cake
      225 g butter
      225 g caster sugar

      Drizzle
      1 lemon, juiced
      85 g caster sugar

      METHOD
      Cake
      Beat the butter and sugar, bake 45 minutes.

      Drizzle
      Mix the lemon juice and sugar and pour over the warm cake.
      """
    let result = try Self.reader.read(text)
    let recipe = result.recipe
    #expect(
      Self.sections(recipe) == [
        Section(title: "Cake", lines: ["225 g butter", "225 g caster sugar"]),
        Section(title: "Drizzle", lines: ["1 lemon, juiced", "85 g caster sugar"]),
      ])
    #expect(
      Self.methods(recipe) == [
        Section(title: "Cake", lines: ["Beat the butter and sugar, bake 45 minutes."]),
        Section(
          title: "Drizzle",
          lines: ["Mix the lemon juice and sugar and pour over the warm cake."]),
      ])
    #expect(result.warnings.isEmpty)
  }

  @Test func aTitleAloneIsARecipeWithWarnings() throws {
    let result = try Self.reader.read("  Grandma's Trifle  \n\n")
    #expect(result.recipe.name == "Grandma's Trifle")
    #expect(result.recipe.ingredientSections.isEmpty)
    #expect(result.recipe.instructionSections.isEmpty)
    #expect(
      result.warnings == [
        "no ingredients found; put them under an 'Ingredients' heading",
        "no steps found; put them under a 'Method' heading",
      ])
  }

  @Test func aBoldMarkdownTitleLabel() throws {
    let result = try Self.reader.read("**Title:** Pancakes\n**Serves:** 4\n")
    #expect(result.recipe.name == "Pancakes")
    #expect(result.recipe.yield == RecipeYield(servings: 4))
  }

  @Test func aHeadingWordWithTextAfterItsColonIsAStepNotATime() throws {
    let text = """
      Rührkuchen
      Zutaten: 200 g Mehl
      Zubereitung: Alles verrühren und 50 Minuten backen.
      Préparation : 10 min
      """
    let result = try Self.reader.read(text)
    #expect(result.recipe.ingredientLines.map(\.text) == ["200 g Mehl"])
    #expect(result.recipe.steps.map(\.text) == ["Alles verrühren und 50 Minuten backen."])
    #expect(result.recipe.prepTime == RecipeDuration(minutes: 10))
    #expect(result.warnings.isEmpty)
  }

  @Test func amountsWrittenAfterTheFoodWithoutHeadings() throws {
    let text = """
      Yorkshire Puddings

      Plain flour 140g
      Eggs 4
      Milk 200ml

      Heat the oil in a muffin tin until smoking.
      Whisk the batter, pour it in and bake for 20 minutes without opening the oven.
      """
    let result = try Self.reader.read(text)
    #expect(result.recipe.description == nil)
    #expect(
      result.recipe.ingredientLines.map(\.text) == ["Plain flour 140g", "Eggs 4", "Milk 200ml"])
    #expect(result.recipe.steps.count == 2)
    #expect(result.warnings.isEmpty)
  }

  @Test func aTimeThatCannotBeReadIsNamedInAWarning() throws {
    let text = """
      Overnight Bread
      Prep time: a while
      Ingredients
      500 g flour
      Method
      Mix and leave.
      """
    let result = try Self.reader.read(text)
    #expect(result.recipe.prepTime == nil)
    #expect(result.warnings == ["line 2: no time in 'a while': 'Prep time: a while'"])
  }
}

/// Text the reader must refuse or survive.
@Suite struct PastedTextAdversarialTests {
  static let reader = PastedRecipeReader()

  static func textError(_ text: String) -> LarderCoreError? {
    do {
      _ = try reader.read(text)
      return nil
    } catch let error as LarderCoreError {
      return error
    } catch {
      return nil
    }
  }

  @Test(arguments: ["", "   ", "\n\n\t\r\n", "\u{00A0}\u{200B}\u{FEFF}", "-----\n***\n"])
  func blankTextIsRefusedAsEmpty(text: String) throws {
    let error = try #require(Self.textError(text))
    #expect(error.field == "text")
    #expect(error.description.contains("is empty"))
  }

  @Test func onlyHeadingsHaveNoTitle() throws {
    let error = try #require(Self.textError("Ingredients\n\nMethod\n\nNotes\n"))
    #expect(
      error.description
        == "field 'text': has no title (line 1 is 'Ingredients'); put the recipe's name on the "
        + "first line")
  }

  @Test func ingredientsWithoutATitleAreRefused() throws {
    let error = try #require(Self.textError("200 g flour\n2 eggs\nMix and bake."))
    #expect(error.description.contains("has no title (line 1 is '200 g flour')"))
  }

  @Test func textOverOneMebibyteIsRefusedWithItsSize() throws {
    let text = "Big\n" + String(repeating: "x", count: PastedRecipeReader.maximumBytes)
    let error = try #require(Self.textError(text))
    #expect(
      error.description
        == "field 'text': is \(PastedRecipeReader.maximumBytes + 4) bytes; pasted text may be "
        + "at most 1048576 bytes (1 MiB)")
  }

  @Test func tenThousandLinesAreReadIntoOneRecipe() throws {
    var lines = ["Party Punch for a Crowd", "", "Ingredients"]
    for number in 1...5_000 { lines.append("\(number) g fruit number \(number)") }
    lines += ["", "Method"]
    for number in 1...4_995 { lines.append("Stir batch \(number) and pour it into the bowl.") }
    #expect(lines.count == 10_000)
    let result = try Self.reader.read(lines.joined(separator: "\n"))
    #expect(result.recipe.name == "Party Punch for a Crowd")
    #expect(result.recipe.ingredientLines.count == 5_000)
    #expect(result.recipe.steps.count == 4_995)
    #expect(result.warnings.isEmpty)
  }

  @Test func ingredientsPastTheParsersBudgetAreStillIngredients() throws {
    let count = PastedRecipeReader.maximumParserLines + 1_000
    var lines = ["Bulk Trail Mix", ""]
    for number in 1...count { lines.append("\(number) g nut number \(number)") }
    lines += ["", "Mix everything in a very large tub."]
    let result = try Self.reader.read(lines.joined(separator: "\n"))
    #expect(result.recipe.ingredientLines.count == count)
    #expect(result.recipe.ingredientLines.last?.text == "\(count) g nut number \(count)")
    #expect(result.recipe.steps.map(\.text) == ["Mix everything in a very large tub."])
    #expect(result.warnings.isEmpty)
  }

  @Test func tenThousandLinesWithoutHeadingsCapTheWarnings() throws {
    var lines = ["Odd Notes"]
    for number in 1...9_999 {
      lines.append(number.isMultiple(of: 2) ? "" : "Prep time: soon \(number)")
    }
    let result = try Self.reader.read(lines.joined(separator: "\n"))
    #expect(result.recipe.name == "Odd Notes")
    #expect(result.warnings.count == PastedRecipeReader.maximumWarnings + 3)
    #expect(result.warnings.contains("4950 more lines were unclear; only the first are listed"))
  }

  @Test func oneHalfMegabyteLineIsAStep() throws {
    let sentence = "Stir the pot slowly and keep stirring. "
    let long = String(repeating: sentence, count: 500_000 / sentence.utf8.count)
    let result = try Self.reader.read("Endless Risotto\n\nMethod\n" + long)
    #expect(result.recipe.steps.count == 1)
    #expect(result.recipe.steps[0].text == long.trimmingCharacters(in: .whitespaces))
  }

  @Test func oneHalfMegabyteLineAloneHasNoTitle() throws {
    let error = try #require(Self.textError(String(repeating: "a", count: 500_000)))
    #expect(error.description.contains("has no title (line 1 is 'aaaa"))
  }

  @Test func binaryJunkNeverCrashes() throws {
    var random = SeededRandom(seed: 7)
    let bytes = (0..<50_000).map { _ in UInt8.random(in: 0...255, using: &random) }
    let text = String(decoding: bytes, as: UTF8.self)
    do {
      let result = try Self.reader.read(text)
      #expect(!result.recipe.name.isEmpty)
    } catch let error as LarderCoreError {
      #expect(error.field == "text")
    }
  }

  @Test func controlCharactersAreSkippedWithAWarning() throws {
    let junk = String(repeating: "\u{01}\u{02}\u{FFFD}", count: 10)
    let result = try Self.reader.read("Toffee\n\(junk)\nIngredients\n100 g sugar")
    #expect(result.recipe.name == "Toffee")
    #expect(result.recipe.ingredientLines.map(\.text) == ["100 g sugar"])
    #expect(result.warnings.first == "line 2: skipped: it is not readable text: ''")
  }
}

/// Random text built from recipe-like pieces never crashes the reader.
@Suite struct PastedTextFuzzTests {
  static let pieces = [
    "Ingredients", "Method", "Notes:", "For the sauce:", "Serves 4", "Prep: 10 min", "1.", "2)",
    "Step 3", "•", "- ", "▢", "🥕", "200 g flour", "2 eggs", "Mix well.", "\r\n", "\n", "\n\n",
    "\t", "\u{00A0}", ":", "(", ")", "https://example.com/x", "Title:", "½", "Bake 20 minutes",
    "ZUTATEN", "Zubereitung", "\u{0}", "\u{FFFD}", "#", "**", "x", " ", "Yield:", "Cook: 1:20",
    "for", "4-6", "a", "Tip:", "é", "\u{200B}", "1️⃣", "Für 4 Personen",
  ]

  /// Scalars from the ranges pasted text draws on: ASCII, Latin, punctuation and spaces,
  /// fractions, symbols and emoji, controls and lone combining marks.
  static func randomScalar(_ random: inout SeededRandom) -> Character {
    let ranges: [ClosedRange<UInt32>] = [
      0x00...0x7F, 0x80...0x24F, 0x2000...0x206F, 0x2150...0x218F, 0x2190...0x27BF,
      0x1F300...0x1F6FF, 0x0300...0x036F, 0xFE00...0xFE0F, 0xFFF0...0xFFFD,
    ]
    let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
    let value = UInt32.random(in: range, using: &random)
    return Character(Unicode.Scalar(value) ?? "?")
  }

  static func randomText(_ random: inout SeededRandom) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...60, using: &random) {
      if Int.random(in: 0..<4, using: &random) == 0 {
        for _ in 0..<Int.random(in: 1...6, using: &random) {
          text.append(randomScalar(&random))
        }
      } else {
        text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      if Bool.random(using: &random) { text += " " }
    }
    return text
  }

  @Test(arguments: 0..<8)
  func randomPastesNeverCrash(seed: Int) {
    var random = SeededRandom(seed: UInt64(seed) &* 7919)
    let reader = PastedRecipeReader()
    for _ in 0..<250 {
      let text = Self.randomText(&random)
      do {
        let result = try reader.read(text)
        #expect(!result.recipe.name.isEmpty)
        #expect(result.warnings.count <= PastedRecipeReader.maximumWarnings + 3)
      } catch let error as LarderCoreError {
        #expect(error.field == "text", "\(error) for \(text.debugDescription)")
      } catch {
        Issue.record("unexpected \(error) for \(text.debugDescription)")
      }
    }
  }
}
