import Foundation
import LarderCore
import Testing

@Suite struct SchemaOrgDocumentTests {
  @Test func readsASingleRecipeObject() throws {
    let recipe = try JSONLD.onlyRecipe(
      in: #"""
        {
          "@context": "https://schema.org",
          "@type": "Recipe",
          "@id": "https://kitchen.example/lemon-drizzle#recipe",
          "name": "Lemon Drizzle Cake",
          "url": "https://kitchen.example/lemon-drizzle",
          "description": "A tender sponge soaked in sharp lemon syrup.",
          "author": {"@type": "Person", "name": "Mara Quill"},
          "image": "https://kitchen.example/img/lemon.jpg",
          "recipeYield": "10 slices",
          "prepTime": "PT20M",
          "cookTime": "PT45M",
          "totalTime": "PT1H5M",
          "recipeIngredient": [
            "225 g unsalted butter, softened",
            "225 g caster sugar",
            "4 eggs",
            "275 g self-raising flour",
            "1 lemon, zested"
          ],
          "recipeInstructions": [
            {"@type": "HowToStep", "text": "Heat the oven to 180°C."},
            {"@type": "HowToStep", "text": "Beat the butter and sugar until pale, then the eggs."},
            {"@type": "HowToStep", "text": "Fold in the flour and zest; bake for 45 minutes."}
          ],
          "recipeCategory": "Dessert",
          "recipeCuisine": "British",
          "keywords": "cake, lemon, baking",
          "suitableForDiet": "https://schema.org/VegetarianDiet"
        }
        """#)
    #expect(recipe.name == "Lemon Drizzle Cake")
    #expect(recipe.sourceID == "https://kitchen.example/lemon-drizzle#recipe")
    #expect(recipe.sourceURL == "https://kitchen.example/lemon-drizzle")
    #expect(recipe.identityKey == "url:https://kitchen.example/lemon-drizzle")
    #expect(recipe.description == "A tender sponge soaked in sharp lemon syrup.")
    #expect(recipe.author == "Mara Quill")
    #expect(recipe.images == ["https://kitchen.example/img/lemon.jpg"])
    #expect(recipe.yield == RecipeYield(servings: 10, text: "10 slices"))
    #expect(recipe.prepTime == RecipeDuration(minutes: 20))
    #expect(recipe.cookTime == RecipeDuration(minutes: 45))
    #expect(recipe.totalTime == RecipeDuration(minutes: 65))
    #expect(recipe.ingredientSections.count == 1)
    #expect(recipe.ingredientSections[0].title == nil)
    #expect(
      recipe.ingredientLines.map(\.text) == [
        "225 g unsalted butter, softened", "225 g caster sugar", "4 eggs",
        "275 g self-raising flour", "1 lemon, zested",
      ])
    #expect(
      recipe.steps == [
        InstructionStep(text: "Heat the oven to 180°C."),
        InstructionStep(text: "Beat the butter and sugar until pale, then the eggs."),
        InstructionStep(text: "Fold in the flour and zest; bake for 45 minutes."),
      ])
    #expect(recipe.courses == ["Dessert"])
    #expect(recipe.cuisines == ["British"])
    #expect(recipe.keywords == ["cake", "lemon", "baking"])
    #expect(recipe.diets == [.vegetarian])
    #expect(recipe.nutrition == nil)
    #expect(recipe.sourceRating == nil)
    // What the user owns is never taken from a page.
    #expect(recipe.rating == nil)
    #expect(!recipe.isFavorite)
    #expect(recipe.id == .unassigned)
  }

  @Test func readsTheRecipeOutOfAnArray() throws {
    let items = try JSONLD.items(
      in: #"""
        [
          {"@context": "https://schema.org", "@type": "WebSite", "name": "Example Kitchen",
           "url": "https://kitchen.example/"},
          {"@context": "https://schema.org", "@type": "Recipe", "name": "Oat Biscuits",
           "recipeIngredient": ["100 g oats", "50 g butter"]},
          {"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": []}
        ]
        """#)
    #expect(items.count == 1)
    #expect(items.first?.index == 0)
    #expect(items.first?.name == "Oat Biscuits")
    let recipe = try #require(try items.first?.result.get())
    #expect(recipe.ingredientLines.map(\.text) == ["100 g oats", "50 g butter"])
  }

  @Test func readsTheRecipeOutOfAGraph() throws {
    let recipe = try JSONLD.onlyRecipe(
      in: #"""
        {
          "@context": "https://schema.org",
          "@graph": [
            {"@type": "WebPage", "@id": "https://kitchen.example/chilli/",
             "name": "Three-bean chilli | Example Kitchen",
             "breadcrumb": {"@id": "https://kitchen.example/chilli/#breadcrumb"}},
            {"@type": "Person", "@id": "https://kitchen.example/#/person/1", "name": "Mara Quill"},
            {"@type": "Recipe", "@id": "https://kitchen.example/chilli/#recipe",
             "name": "Three-Bean Chilli", "author": {"@id": "https://kitchen.example/#/person/1",
             "name": "Mara Quill"}, "cookTime": "PT40M",
             "mainEntityOfPage": "https://kitchen.example/chilli/"}
          ]
        }
        """#)
    #expect(recipe.name == "Three-Bean Chilli")
    #expect(recipe.sourceID == "https://kitchen.example/chilli/#recipe")
    #expect(recipe.author == "Mara Quill")
    #expect(recipe.cookTime == RecipeDuration(minutes: 40))
  }

  @Test(arguments: [
    #""@type": ["Recipe", "NewsArticle"]"#,
    #""@type": ["NewsArticle", "Recipe"]"#,
    #""@type": "http://schema.org/Recipe""#,
    #""@type": "https://schema.org/Recipe""#,
    #""@type": "schema:Recipe""#,
  ])
  func recognisesTheRecipeTypeWrittenInAnyForm(type: String) throws {
    let recipe = try JSONLD.onlyRecipe(
      in: #"{"@context": "https://schema.org", \#(type), "name": "Pea Soup"}"#)
    #expect(recipe.name == "Pea Soup")
  }

  @Test func findsARecipeNestedAsTheMainEntity() throws {
    let recipe = try JSONLD.onlyRecipe(
      in: #"""
        {
          "@context": "https://schema.org",
          "@type": "WebPage",
          "name": "Miso soup - Example Kitchen",
          "mainEntity": {
            "@type": "Recipe",
            "name": "Miso Soup",
            "recipeIngredient": ["1 litre dashi", "3 tbsp white miso"]
          }
        }
        """#)
    #expect(recipe.name == "Miso Soup")
    #expect(recipe.ingredientLines.count == 2)
  }

  @Test func findsRecipesInAnItemList() throws {
    let items = try JSONLD.items(
      in: #"""
        {"@context": "https://schema.org", "@type": "ItemList", "itemListElement": [
          {"@type": "ListItem", "position": 1, "item": {"@type": "Recipe", "name": "Scones"}},
          {"@type": "ListItem", "position": 2, "item": {"@type": "Recipe", "name": "Crumpets"}}
        ]}
        """#)
    #expect(items.map(\.name) == ["Scones", "Crumpets"])
    #expect(items.map(\.index) == [0, 1])
  }

  @Test func readsEachRecipeOnItsOwnSoOneFailureSparesTheOthers() throws {
    let items = try JSONLD.items(
      in: #"""
        {"@context": "https://schema.org", "@graph": [
          {"@type": "Recipe", "description": "Someone forgot the title.",
           "recipeIngredient": ["1 egg"]},
          {"@type": "Recipe", "name": "Flatbreads", "recipeIngredient": ["250 g flour"]}
        ]}
        """#)
    try #require(items.count == 2)
    #expect(items[0].index == 0)
    #expect(items[0].name == nil)
    #expect(throws: LarderCoreError.missingField(field: "name")) { try items[0].result.get() }
    #expect(items[1].index == 1)
    #expect(try items[1].result.get().name == "Flatbreads")
  }

  @Test(arguments: [
    #""name": "   ""#, #""name": "<b></b>""#, #""name": null"#, #""name": []"#, #""url": "x""#,
  ])
  func refusesARecipeWithoutAUsableName(property: String) throws {
    let items = try JSONLD.items(in: #"{"@type": "Recipe", \#(property)}"#)
    try #require(items.count == 1)
    #expect(throws: LarderCoreError.missingField(field: "name")) { try items[0].result.get() }
  }

  @Test(
    arguments: [
      ("https://kitchen.example/soup#recipe", "https://kitchen.example/soup#recipe"),
      (
        "urn:uuid:0b6e6c3a-2f0e-4a8e-9a51-3c1f2d9e7b10",
        "urn:uuid:0b6e6c3a-2f0e-4a8e-9a51-3c1f2d9e7b10"
      ),
      ("#recipe", nil),
      ("_:b0", nil),
      ("recipe-42", nil),
    ] as [(String, String?)])
  func keepsOnlyIdentifiersThatMeanSomethingOutsideTheDocument(
    id: String, sourceID: String?
  )
    throws
  {
    let recipe = try JSONLD.onlyRecipe(in: #"{"@type": "Recipe", "@id": "\#(id)", "name": "Soup"}"#)
    #expect(recipe.sourceID == sourceID)
    #expect(recipe.identityKey.hasPrefix(sourceID == nil ? "content:" : "id:"))
  }

  @Test func fallsBackToTheHeadlineForTheName() throws {
    let recipe = try JSONLD.onlyRecipe(in: #"{"@type": "Recipe", "headline": "Pea Soup"}"#)
    #expect(recipe.name == "Pea Soup")
  }

  @Test(arguments: ["<html><body>not json</body></html>", "", "{\"@type\": \"Recipe\",", "[1, 2"])
  func saysWhenTheDocumentIsNotJSON(document: String) {
    let error = #expect(throws: LarderCoreError.self) { try JSONLD.items(in: document) }
    #expect(error?.isInvalidJSON == true)
  }

  @Test func saysWhenTheDocumentIsNotUTF8() {
    var bytes = Array(#"{"@type": "Recipe", "name": "Cr"#.utf8)
    bytes += [0xC3, 0x28, 0xFF]
    bytes += Array(#"me"}"#.utf8)
    #expect(throws: LarderCoreError.invalidJSON(detail: "the file is not UTF-8 text")) {
      try SchemaOrg.readRecipes(from: Data(bytes))
    }
  }

  @Test(arguments: [
    #"{"@context": "https://schema.org", "@type": "WebPage", "name": "About us"}"#,
    #"[{"@type": "Organization", "name": "Example Kitchen"}, {"@type": "Person"}]"#,
    #"{"@graph": []}"#,
    "[]",
    #""Recipe""#,
    "42",
  ])
  func saysWhenTheDocumentHoldsNoRecipe(document: String) {
    #expect(throws: LarderCoreError.noRecipeFound) { try JSONLD.items(in: document) }
  }

  @Test func rejectsTenThousandNestedArraysWithoutCrashing() {
    let document = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let error = #expect(throws: LarderCoreError.self) { try JSONLD.items(in: document) }
    #expect(error?.isInvalidJSON == true)
  }

  @Test func rejectsTenThousandNestedObjectsWithoutCrashing() {
    let document =
      String(repeating: #"{"mainEntity": "#, count: 10_000) + #"{"@type": "Recipe", "name": "x"}"#
      + String(repeating: "}", count: 10_000)
    let error = #expect(throws: LarderCoreError.self) { try JSONLD.items(in: document) }
    #expect(error?.isInvalidJSON == true)
  }

  @Test func looksOnlySoDeepForRecipes() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: "[", count: depth) + #"{"@type": "Recipe", "name": "Deep"}"#
        + String(repeating: "]", count: depth)
    }
    #expect(try JSONLD.items(in: nested(10)).map(\.name) == ["Deep"])
    #expect(throws: LarderCoreError.noRecipeFound) { try JSONLD.items(in: nested(400)) }
  }

  @Test func readsDeeplyNestedValuesInsideARecipeWithoutCrashing() throws {
    let deep = String(repeating: "[", count: 400) + #""soup""# + String(repeating: "]", count: 400)
    let recipe = try JSONLD.recipe(
      with: #""keywords": \#(deep), "recipeInstructions": \#(deep), "author": \#(deep)"#)
    #expect(recipe.keywords == ["soup"])
    #expect(recipe.author == "soup")
  }
}

@Suite struct SchemaOrgFieldTests {
  @Test func readsHowToSectionsAsTitledGroupsOfSteps() throws {
    let recipe = try JSONLD.recipe(
      with: #"""
        "recipeInstructions": [
          {"@type": "HowToSection", "name": "Make the dough", "itemListElement": [
            {"@type": "HowToStep", "text": "Mix the flour, yeast and water."},
            {"@type": "HowToStep", "name": "Knead", "text": "Knead for 10 minutes."}
          ]},
          {"@type": "HowToSection", "name": "Bake", "itemListElement": [
            {"@type": "HowToStep", "name": "Form the loaf", "text": "Shape into a round."},
            {"@type": "HowToStep", "text": "Bake for 40 minutes at 220°C."}
          ]}
        ]
        """#)
    #expect(
      recipe.instructionSections == [
        InstructionSection(
          title: "Make the dough",
          steps: [
            InstructionStep(text: "Mix the flour, yeast and water."),
            // The name only repeats the start of the text, so it is dropped.
            InstructionStep(text: "Knead for 10 minutes."),
          ]),
        InstructionSection(
          title: "Bake",
          steps: [
            InstructionStep(text: "Shape into a round.", name: "Form the loaf"),
            InstructionStep(text: "Bake for 40 minutes at 220°C."),
          ]),
      ])
  }

  @Test func keepsLooseStepsBeforeASectionUntitled() throws {
    let recipe = try JSONLD.recipe(
      with: #"""
        "recipeInstructions": [
          {"@type": "HowToStep", "text": "Heat the oven."},
          {"@type": "HowToSection", "name": "Topping", "itemListElement": [
            {"@type": "HowToStep", "text": "Scatter the crumble over the fruit."}
          ]}
        ]
        """#)
    #expect(recipe.instructionSections.map(\.title) == [nil, "Topping"])
    #expect(recipe.steps.map(\.text) == ["Heat the oven.", "Scatter the crumble over the fruit."])
  }

  @Test func splitsOneInstructionStringIntoNumberedSteps() throws {
    let text = [
      #"1. Bring a pan of salted water to the boil.\n2. Cook the pasta for 10 minutes.\n\n"#,
      #"3) Drain and toss with the sauce.\r\nStep 4: Serve at once.\n12. Wash up."#,
    ].joined()
    let recipe = try JSONLD.recipe(with: #""recipeInstructions": "\#(text)""#)
    #expect(
      recipe.steps.map(\.text) == [
        "Bring a pan of salted water to the boil.", "Cook the pasta for 10 minutes.",
        "Drain and toss with the sauce.", "Serve at once.", "Wash up.",
      ])
  }

  @Test func keepsNumbersThatAreNotStepNumbers() throws {
    let recipe = try JSONLD.recipe(
      with: #"""
        "recipeInstructions": ["1.5 kg of potatoes go in first.", "350 degrees. Bake.",
          "Step up the heat."]
        """#)
    #expect(
      recipe.steps.map(\.text) == [
        "1.5 kg of potatoes go in first.", "350 degrees. Bake.", "Step up the heat.",
      ])
  }

  @Test func readsInstructionsGivenAsAnArrayOfStrings() throws {
    let recipe = try JSONLD.recipe(
      with: #""recipeInstructions": ["Whisk the eggs.", "  ", "Pour into the hot pan."]"#)
    #expect(recipe.steps.map(\.text) == ["Whisk the eggs.", "Pour into the hot pan."])
    #expect(recipe.instructionSections.count == 1)
  }

  @Test func readsInstructionsGivenAsAnHTMLList() throws {
    let recipe = try JSONLD.recipe(
      with: #""recipeInstructions": "<ol><li>Mix &amp; rest.</li><li>Bake.</li></ol>""#)
    #expect(recipe.steps.map(\.text) == ["Mix & rest.", "Bake."])
  }

  @Test(arguments: [
    (#""image": "https://x.example/a.jpg""#, ["https://x.example/a.jpg"]),
    (
      #""image": {"@type": "ImageObject", "url": "https://x.example/a.jpg", "width": 1200}"#,
      ["https://x.example/a.jpg"]
    ),
    (
      #""image": [{"@type": "ImageObject", "url": "https://x.example/a.jpg"},"#
        + #" {"@type": "ImageObject", "contentUrl": "https://x.example/b.jpg"}]"#,
      ["https://x.example/a.jpg", "https://x.example/b.jpg"]
    ),
    (
      #""image": ["https://x.example/a.jpg", "https://x.example/b.jpg","#
        + #" "https://x.example/a.jpg"]"#,
      ["https://x.example/a.jpg", "https://x.example/b.jpg"]
    ),
    (#""thumbnailUrl": "https://x.example/t.jpg""#, ["https://x.example/t.jpg"]),
    (#""image": """#, []),
  ])
  func readsImagesAsStringsObjectsAndArrays(property: String, images: [String]) throws {
    #expect(try JSONLD.recipe(with: property).images == images)
  }

  @Test(arguments: [
    (#""author": "Ana Ruiz""#, "Ana Ruiz"),
    (
      #""author": {"@type": "Person", "name": "Ana Ruiz", "url": "https://x.example/ana"}"#,
      "Ana Ruiz"
    ),
    (#""author": {"@type": "Organization", "name": "Example Kitchen"}"#, "Example Kitchen"),
    (
      #""author": [{"@type": "Person", "name": "Ana Ruiz"},"#
        + #" {"@type": "Person", "name": "Ben Ode"}]"#,
      "Ana Ruiz, Ben Ode"
    ),
    (#""author": ["Ana Ruiz", "Ben Ode"]"#, "Ana Ruiz, Ben Ode"),
  ])
  func readsAuthorsAsStringsObjectsAndArrays(property: String, author: String) throws {
    #expect(try JSONLD.recipe(with: property).author == author)
  }

  @Test func leavesTheAuthorEmptyWhenNoneIsNamed() throws {
    #expect(try JSONLD.recipe(with: #""author": {"@type": "Person"}"#).author == nil)
  }

  @Test(arguments: [
    (#""recipeYield": 4"#, RecipeYield(servings: 4, text: nil)),
    (#""recipeYield": "4""#, RecipeYield(servings: 4, text: nil)),
    (#""recipeYield": ["6", "6 servings"]"#, RecipeYield(servings: 6, text: "6 servings")),
    (#""recipeYield": "Makes 24 cookies""#, RecipeYield(servings: 24, text: "Makes 24 cookies")),
    (#""recipeYield": "Serves 4-6""#, RecipeYield(servings: 4, text: "Serves 4-6")),
    (#""yield": "1 loaf""#, RecipeYield(servings: 1, text: "1 loaf")),
  ])
  func readsEveryYieldShape(property: String, yield: RecipeYield) throws {
    #expect(try JSONLD.recipe(with: property).yield == yield)
  }

  @Test(arguments: [
    (#""keywords": "weeknight, vegetarian,  quick ""#, ["weeknight", "vegetarian", "quick"]),
    (#""keywords": ["weeknight", "quick"]"#, ["weeknight", "quick"]),
    (
      #""keywords": ["weeknight, quick", "Weeknight", "one-pot"]"#,
      ["weeknight", "quick", "one-pot"]
    ),
    (#""keywords": """#, []),
  ])
  func readsKeywordsAsAStringOrAnArray(property: String, keywords: [String]) throws {
    #expect(try JSONLD.recipe(with: property).keywords == keywords)
  }

  @Test func readsCoursesCuisinesAndDiets() throws {
    let recipe = try JSONLD.recipe(
      with: #"""
        "recipeCategory": ["Main course", "Dinner"], "recipeCuisine": "Thai, Vietnamese",
        "suitableForDiet": ["https://schema.org/VeganDiet", "http://schema.org/GlutenFreeDiet",
          "Nut free"]
        """#)
    #expect(recipe.courses == ["Main course", "Dinner"])
    #expect(recipe.cuisines == ["Thai", "Vietnamese"])
    #expect(recipe.diets == [.glutenFree, .nutFree, .vegan])
  }

  @Test func readsNutrition() throws {
    let recipe = try JSONLD.recipe(
      with: #"""
        "nutrition": {"@type": "NutritionInformation", "calories": "320 kcal",
          "fatContent": "12 g", "proteinContent": "18&nbsp;g", "servingSize": "1 bowl",
          "sodiumContent": 450, "unknownContent": "3 g"}
        """#)
    var expected = Nutrition()
    expected.calories = "320 kcal"
    expected.fatContent = "12 g"
    expected.proteinContent = "18 g"
    expected.servingSize = "1 bowl"
    expected.sodiumContent = "450"
    #expect(recipe.nutrition == expected)
  }

  @Test func leavesEmptyNutritionOut() throws {
    let recipe = try JSONLD.recipe(
      with: #""nutrition": {"@type": "NutritionInformation", "calories": ""}"#)
    #expect(recipe.nutrition == nil)
  }

  @Test(arguments: [
    (
      #"{"@type": "AggregateRating", "ratingValue": "4.6", "ratingCount": "212","#
        + #" "bestRating": "5"}"#,
      AggregateRating(value: 4.6, count: 212, best: 5)
    ),
    (#"{"ratingValue": 4.2, "reviewCount": 37}"#, AggregateRating(value: 4.2, count: 37)),
    (#"{"ratingValue": "4,5", "bestRating": 10}"#, AggregateRating(value: 4.5, best: 10)),
    (#"{"ratingValue": "3", "bestRating": "0"}"#, AggregateRating(value: 3, best: 5)),
  ])
  func readsRatingsWrittenAsNumbersOrStrings(rating: String, expected: AggregateRating) throws {
    #expect(try JSONLD.recipe(with: #""aggregateRating": \#(rating)"#).sourceRating == expected)
  }

  @Test(arguments: [
    #"{"ratingValue": "great"}"#, #"{"ratingValue": -1}"#, #"{"ratingCount": 3}"#, #""5""#,
  ])
  func ignoresRatingsWithoutAUsableValue(rating: String) throws {
    #expect(try JSONLD.recipe(with: #""aggregateRating": \#(rating)"#).sourceRating == nil)
  }

  @Test func decodesHTMLEntitiesAndStripsTags() throws {
    let recipe = try JSONLD.onlyRecipe(
      in: #"""
        {"@type": "Recipe",
         "name": "Mac &amp; Cheese &#8211; the &quot;proper&quot; way",
         "description": "<p>Rich &amp; <em>very</em> creamy.</p>",
         "recipeIngredient": ["200 g macaroni&nbsp;pasta", "&frac12; tsp English mustard",
           "Cr&egrave;me fra&icirc;che &#x2013; 2 tbsp"],
         "recipeInstructions": [
           {"@type": "HowToStep",
            "text": "<p>Stir in the <strong>cheddar</strong> &amp; serve.</p>"}
         ]}
        """#)
    #expect(recipe.name == #"Mac & Cheese – the "proper" way"#)
    #expect(recipe.description == "Rich & very creamy.")
    #expect(
      recipe.ingredientLines.map(\.text) == [
        "200 g macaroni pasta", "½ tsp English mustard", "Crème fraîche – 2 tbsp",
      ])
    #expect(recipe.steps.map(\.text) == ["Stir in the cheddar & serve."])
  }

  @Test func splitsIngredientsAtSectionHeaders() throws {
    let recipe = try JSONLD.recipe(
      with: #"""
        "recipeIngredient": ["For the cake:", "200 g self-raising flour", "2 eggs",
          "For the glaze:", "100 g icing sugar", "Juice of ½ lemon", "Pinch of salt"]
        """#)
    #expect(
      recipe.ingredientSections == [
        IngredientSection(
          title: "For the cake",
          lines: [
            IngredientLine(text: "200 g self-raising flour"), IngredientLine(text: "2 eggs"),
          ]),
        IngredientSection(
          title: "For the glaze",
          lines: [
            IngredientLine(text: "100 g icing sugar"), IngredientLine(text: "Juice of ½ lemon"),
            IngredientLine(text: "Pinch of salt"),
          ]),
      ])
  }

  @Test func splitsIngredientsAtHeadingsWithoutAColon() throws {
    let recipe = try JSONLD.recipe(
      with: #"""
        "recipeIngredient": ["For the streusel", "50 g butter", "For the best results use cold butter, cubed",
          "Für den Teig", "200 g Mehl", "For 4 people", "Pour la garniture", "1 citron"]
        """#)
    #expect(
      recipe.ingredientSections.map(\.title) == [
        "For the streusel", "Für den Teig", "Pour la garniture",
      ])
    #expect(
      recipe.ingredientSections.map { $0.lines.map(\.text) } == [
        ["50 g butter", "For the best results use cold butter, cubed"],
        ["200 g Mehl", "For 4 people"], ["1 citron"],
      ])
  }

  @Test func readsIngredientGroupsWrittenAsObjects() throws {
    let recipe = try JSONLD.recipe(
      with: #"""
        "recipeIngredient": [
          {"@type": "HowToSection", "name": "Streusel:", "itemListElement": ["50 g butter",
            "75 g flour"]},
          {"name": "Filling", "recipeIngredient": ["4 apples"]}]
        """#)
    #expect(recipe.ingredientSections.map(\.title) == ["Streusel", "Filling"])
    #expect(recipe.ingredientLines.map(\.text) == ["50 g butter", "75 g flour", "4 apples"])
  }

  @Test func keepsLinesBeforeTheFirstHeaderUntitledAndDropsEmptySections() throws {
    let recipe = try JSONLD.recipe(
      with: #"""
        "recipeIngredient": ["1 onion", "Sauce:", "To serve:", "Crusty bread",
          "2 tbsp oil: olive or rapeseed"]
        """#)
    #expect(recipe.ingredientSections.map(\.title) == [nil, "To serve"])
    #expect(
      recipe.ingredientLines.map(\.text) == [
        "1 onion", "Crusty bread", "2 tbsp oil: olive or rapeseed",
      ])
  }

  @Test func splitsAnIngredientStringIntoLines() throws {
    let recipe = try JSONLD.recipe(with: #""recipeIngredient": "200 g flour\n2 eggs<br>milk""#)
    #expect(recipe.ingredientLines.map(\.text) == ["200 g flour", "2 eggs", "milk"])
  }

  @Test func readsTimesGivenAsMinutesOrFreeText() throws {
    let recipe = try JSONLD.recipe(
      with: #""prepTime": 15, "cookTime": "1 hr 10 mins", "totalTime": "PT""#)
    #expect(recipe.prepTime == RecipeDuration(minutes: 15))
    #expect(recipe.cookTime == RecipeDuration(minutes: 70))
    #expect(recipe.totalTime == RecipeDuration(seconds: 0))
    #expect(recipe.effectiveTotalTime == RecipeDuration(minutes: 85))
  }

  @Test func turnsABadDurationIntoAWarning() throws {
    let items = try JSONLD.items(
      in: #"""
        {"@type": "Recipe", "name": "Overnight Oats", "prepTime": "PT5M",
         "cookTime": "overnight", "totalTime": ""}
        """#)
    try #require(items.count == 1)
    let recipe = try items[0].result.get()
    #expect(recipe.prepTime == RecipeDuration(minutes: 5))
    #expect(recipe.cookTime == nil)
    #expect(recipe.totalTime == nil)
    #expect(items[0].warnings == ["field 'cookTime': 'overnight' is not a duration; left empty"])
  }

  @Test func readsOnlyAbsoluteSourcePages() throws {
    #expect(try JSONLD.recipe(with: #""url": "/recipes/soup""#).sourceURL == nil)
    #expect(
      try JSONLD.recipe(with: #""url": "https://x.example/soup""#).sourceURL
        == "https://x.example/soup")
  }

  @Test func readsTheUsersOwnFieldsFromTheLarderKey() throws {
    let items = try JSONLD.items(
      in: #"""
        {"@type": "Recipe", "name": "Soup",
         "larder": {"rating": 4, "isFavorite": true, "notes": " More pepper. "}}
        """#)
    let recipe = try #require(try items.first?.result.get())
    #expect(recipe.rating == 4)
    #expect(recipe.isFavorite)
    #expect(recipe.notes == "More pepper.")
    #expect(items.first?.warnings == [])
  }

  @Test func warnsAboutARatingOutOfRangeInTheLarderKey() throws {
    let items = try JSONLD.items(
      in: #"{"@type": "Recipe", "name": "Soup", "larder": {"rating": 9}}"#)
    #expect(try items.first?.result.get().rating == nil)
    #expect(
      items.first?.warnings == ["field 'larder.rating': '9.0' is not from 1 to 5; left empty"])
  }
}
