import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport
import Testing

/// A recipe from pasted text: stored, or read for a preview, with the same rules everywhere.
@Suite struct PastedTextTests {
  static let soup = """
    Carrot Soup
    Serves 4

    Ingredients
    500 g carrots
    1 onion

    Method
    1. Chop everything.
    2. Simmer for 20 minutes.
    """

  let store = InMemoryRecipeStore()
  var larder: Larder { Larder(recipes: store, clock: { Fixtures.now }) }

  @Test func savingStoresTheRecipe() throws {
    let pasted = try larder.importText(PasteRequest(text: Self.soup), as: .defaultHousehold)
    #expect(pasted.isSaved)
    #expect(pasted.recipe.name == "Carrot Soup")
    #expect(try store.recipe(id: pasted.recipe.id, household: .default)?.name == "Carrot Soup")
  }

  @Test func aPreviewStoresNothingAndMatchesItsLines() throws {
    let pasted = try larder.importText(
      PasteRequest(text: Self.soup, save: false), as: .defaultHousehold)
    #expect(!pasted.isSaved)
    #expect(try store.recipeCount(household: .default) == 0)
    #expect(pasted.recipe.ingredientLines.first?.facts?.foodID == "carrot")
  }

  @Test func aPreviewIsEncodedWithoutWhatOnlyStoringGives() throws {
    let preview = try larder.importText(
      PasteRequest(text: Self.soup, save: false), as: .defaultHousehold)
    let object = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(preview)) as? [String: Any])
    let recipe = try #require(object["recipe"] as? [String: Any])
    for key in ["id", "householdID", "createdAt", "updatedAt"] {
      #expect(recipe[key] == nil, "\(key)")
    }
    #expect(recipe["name"] as? String == "Carrot Soup")
    #expect(object["warnings"] is [String])

    let saved = try larder.importText(PasteRequest(text: Self.soup), as: .defaultHousehold)
    let stored = try #require(
      try JSONSerialization.jsonObject(with: LarderJSON.encode(saved)) as? [String: Any])
    #expect((stored["recipe"] as? [String: Any])?["id"] as? String == saved.recipe.id.rawValue)
  }

  @Test(arguments: [("   ", "is empty"), ("Ingredients\nMethod", "has no title")])
  func textTheReaderRefusesNamesTheTextField(text: String, reason: String) {
    do {
      _ = try larder.importText(PasteRequest(text: text), as: .defaultHousehold)
      Issue.record("'\(text)' was accepted")
    } catch let error as ApplicationError {
      guard case .refusedValue(let field, _, let why) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(field.name == "text")
      #expect(why.contains(reason), "\(why)")
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func theRequestReadsJSONAndRefusesOtherFields() throws {
    let request = try PasteRequest.decode(json: Data(#"{"text": "Toast", "save": false}"#.utf8))
    #expect(request == PasteRequest(text: "Toast", save: false))
    #expect(try PasteRequest.decode(json: Data(#"{"text": "Toast"}"#.utf8)).save)
    #expect(throws: ApplicationError.missingValue(Field("text", location: .body))) {
      try PasteRequest.decode(json: Data("{}".utf8))
    }
    #expect(
      throws: ApplicationError.unknownField(
        Field("sav", location: .body), allowed: PasteRequest.fieldNames)
    ) {
      try PasteRequest.decode(json: Data(#"{"text": "Toast", "sav": true}"#.utf8))
    }
  }

  @Test func readingAloneNeedsNoStore() throws {
    let pasted = try Larder.readPastedText(Self.soup)
    #expect(pasted.recipe.name == "Carrot Soup")
    #expect(pasted.recipe.ingredientLines.count == 2)
  }

  @Test func aRecipeReadAloneIsStoredLaterInTheCallersHousehold() throws {
    let pasted = try Larder.readPastedText(Self.soup)
    let other = Caller(household: HouseholdID(rawValue: "other"))
    let stored = try larder.addPastedRecipe(pasted, as: other)
    #expect(stored.isSaved)
    #expect(stored.recipe.id != .unassigned)
    #expect(stored.recipe.createdAt == Fixtures.now)
    #expect(stored.warnings == pasted.warnings)
    #expect(
      try store.recipe(id: stored.recipe.id, household: other.household)?.name == "Carrot Soup")
    #expect(try store.recipeCount(household: .default) == 0)
  }
}
