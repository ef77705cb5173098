import Foundation
import Testing

/// `larder foods`, run as the built binary: your own foods and names reach every command.
@Suite struct FoodsCommandTests {
  static var sudachiDressing: [String: Any] {
    JSONDocument.recipe(
      "Sudachi Dressing", ingredients: ["3 sudachis, juiced", "2 tbsp olive oil", "1 tsp honey"])
  }

  @Test func anAddedFoodIsMatchedInRecipesAndFoundByTheFinder() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeJSON(Self.sudachiDressing, to: "dressing.json")
    #expect(try sandbox.larder("import", file).status == 0)

    let before = try sandbox.larder("foods", "match", "3 sudachis, juiced")
    #expect(before.status == 1, "\(before)")
    #expect(before.stdout.contains("matches no food"))

    let added = try sandbox.larder(
      "foods", "add", "sudachi", "--plural", "sudachis", "--parent", "citrus", "--aisle",
      "produce", "--synonym", "sudachi lime")
    #expect(added.status == 0, "\(added)")
    #expect(added.stderr.contains("Added sudachi (sudachi)."))
    #expect(added.stderr.contains("1 recipe changed."))

    let after = try sandbox.larder("foods", "match", "3 sudachis, juiced")
    #expect(after.status == 0, "\(after)")
    #expect(after.stdout.contains("→ sudachi (sudachi)"))

    let show = try sandbox.larder("foods", "show", "sudachi lime")
    #expect(show.stdout.contains("a kind of: citrus → fruit"), "\(show)")

    let cook = try sandbox.larder(
      "--json", "cook", "--have", "sudachi, olive oil, honey", "--missing", "0")
    let answer = try #require(try cook.json() as? [String: Any])
    let names = (answer["items"] as? [[String: Any]] ?? []).compactMap {
      ($0["recipe"] as? [String: Any])?["name"] as? String
    }
    #expect(names.contains("Sudachi Dressing"), "\(cook)")
  }

  @Test func aSynonymRenamesAndRemovingItRestoresTheCatalogsMeaning() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.larder("foods", "synonym", "courgette", "cucumber").status == 0)
    let mine = try sandbox.larder("--json", "foods", "mine")
    let user = try #require(try mine.json() as? [String: Any])
    #expect((user["synonyms"] as? [[String: Any]])?.first?["foodID"] as? String == "cucumber")
    #expect(try sandbox.larder("foods", "match", "2 courgettes").stdout.contains("(cucumber)"))

    #expect(try sandbox.larder("foods", "remove", "Courgette").status == 0)
    #expect(try sandbox.larder("foods", "match", "2 courgettes").stdout.contains("(zucchini)"))
  }

  @Test func thePantryReadsLinesWithTheHouseholdsFoods() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.larder("foods", "add", "sudachi", "--parent", "citrus").status == 0)
    #expect(try sandbox.larder("pantry", "add", "3 sudachis").status == 0)
    let json = try #require(try sandbox.larder("--json", "pantry").json() as? [[String: Any]])
    #expect(json.first?["foodID"] as? String == "sudachi", "\(json)")
  }

  @Test func parsingUsesTheHouseholdsFoods() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.larder("foods", "add", "sudachi", "--parent", "citrus").status == 0)
    let run = try sandbox.larder("ingredients", "parse", stdin: Data("2 sudachi\n".utf8))
    let object = try #require(try run.json() as? [String: Any])
    #expect((object["food"] as? [String: Any])?["id"] as? String == "sudachi", "\(run)")
  }

  @Test func mistakesAreNamedAndNothingIsSaved() throws {
    let sandbox = try Sandbox()
    // A bad option value is a usage error (2), named as the option, as for every command.
    let parent = try sandbox.larder("foods", "add", "sudachi", "--parent", "unobtainium")
    #expect(parent.status == 2)
    #expect(parent.stderr.contains("option --parent"), "\(parent)")
    #expect(parent.stderr.contains("unobtainium"))

    let existing = try sandbox.larder("foods", "add", "tomato")
    #expect(existing.status == 2)
    #expect(existing.stderr.contains("already has this food"), "\(existing)")

    let aisle = try sandbox.larder("foods", "add", "sudachi", "--aisle", "garden")
    #expect(aisle.status == 2)
    #expect(aisle.stderr.contains("garden"))

    let missing = try sandbox.larder("foods", "remove", "nothing-here")
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("'nothing-here'"))

    let mine = try sandbox.larder("foods", "mine")
    #expect(mine.stdout.contains("You have added no foods or names yet."), "\(mine)")
  }

  @Test func searchFindsFoodsByPartOfAName() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("foods", "search", "chick", "-n", "3")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdoutLines.count == 3)
    #expect(run.stdoutLines.allSatisfy { $0.lowercased().contains("chick") })
  }
}

/// `larder foods search/show/match` answer as the API's food lookups do, without creating a
/// database.
@Suite struct FoodLookupCommandTests {
  @Test func searchPrintsTheAPIsSuggestions() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("--json", "foods", "search", "aubergine", "-n", "2")
    #expect(run.status == 0, "\(run)")
    // GET /api/v1/foods?q=aubergine&limit=2 answers {"query", "items": [{id, name, aisle,
    // matched}]}.
    let object = try #require(try run.json() as? [String: Any], "\(run)")
    #expect(object["query"] as? String == "aubergine")
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.count <= 2)
    #expect(items.first?["id"] as? String == "eggplant", "\(items)")
    #expect((items.first?["matched"] as? String)?.lowercased() == "aubergine", "\(items)")
    #expect(!sandbox.exists(sandbox.database), "looking foods up creates no database")
  }

  @Test func matchPrintsTheFoodAsTheAPIShapesIt() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("--json", "foods", "match", "2 cloves garlic, minced")
    #expect(run.status == 0, "\(run)")
    let object = try #require(try run.json() as? [String: Any], "\(run)")
    #expect(object["input"] as? String == "2 cloves garlic, minced")
    #expect(object["name"] as? String == "garlic")
    // The food as ingredients/parse writes it: id, name and how, nothing else.
    let food = try #require(object["food"] as? [String: Any], "\(run)")
    #expect(Set(food.keys) == ["id", "name", "how"], "\(food)")
    #expect(food["id"] as? String == "garlic")
    // A line in another language is read in it: told from the line, or as given.
    let german = try sandbox.larder("--json", "foods", "match", "2 l Milch")
    #expect(german.status == 0, "\(german)")
    let milk = try #require(try german.json() as? [String: Any], "\(german)")
    #expect((milk["food"] as? [String: Any])?["id"] as? String == "milk", "\(german)")
    let french = try sandbox.larder(
      "--json", "foods", "match", "--language", "fr", "500 g de farine")
    let flour = try #require(try french.json() as? [String: Any], "\(french)")
    #expect((flour["food"] as? [String: Any])?["id"] as? String == "flour", "\(french)")
    let unknown = try sandbox.larder("foods", "match", "--language", "xx", "2 l Milch")
    #expect(unknown.status == 2, "\(unknown)")
    #expect(unknown.stderr.contains("language"), "\(unknown)")
    let none = try sandbox.larder("--json", "foods", "match", "3 sudachis")
    #expect(none.status == 1)
    let empty = try #require(try none.json() as? [String: Any], "\(none)")
    #expect(empty["food"] is NSNull, "\(none)")
  }
}
