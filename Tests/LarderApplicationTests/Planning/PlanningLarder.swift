import Foundation
import LarderApplication
import LarderCore
import LarderTestSupport

/// A Larder over in-memory stores for the planning and finder use cases: recipes analysed
/// with the bundled catalog (the finder loads them on its first search), sequential ids, and
/// "now" fixed at `Fixtures.now` (Monday 2026-09-21, 07:13 in Los Angeles) unless given.
struct PlanningLarder {
  let larder: Larder
  let planning: InMemoryPlanningStore
  var recipes: [String: Recipe] = [:]
  let caller = Caller.defaultHousehold

  init(
    recipes: [Recipe] = PlanningLarder.defaultRecipes, planning: Bool = true,
    now: Date = Fixtures.now
  ) throws {
    let analyzer = RecipeAnalyzer(matchFood: { FoodCatalog.bundled.match($0)?.foodID })
    let store = AnalyzingRecipeStore(base: InMemoryRecipeStore(), analyzer: analyzer)
    for recipe in recipes {
      let stored = try store.createRecipe(recipe, household: .default, now: Fixtures.now)
      self.recipes[stored.name] = stored
    }
    self.planning = InMemoryPlanningStore()
    let counter = SequentialIDs()
    larder = Larder(
      recipes: store, planning: planning ? self.planning : nil,
      settings: LarderSettings(timeZone: TimeZone(identifier: "America/Los_Angeles")!),
      clock: { now }, makeID: { counter.next() })
  }

  /// A dinner recipe with the given lines (see ``Fixtures/dinner(_:serves:minutes:_:)``).
  static func recipe(
    _ name: String, serves: Double = 2, minutes: Int = 30, _ lines: [String]
  ) -> Recipe {
    Fixtures.dinner(name, serves: serves, minutes: minutes, lines)
  }

  static let defaultRecipes = Fixtures.plannedRecipes

  func id(_ name: String) -> RecipeID { recipes[name]!.id }

  /// Adds pantry lines, returning their views.
  @discardableResult
  func stock(_ lines: String...) throws -> [PantryItemView] {
    try lines.map { try larder.addPantryItem(.line($0), as: caller) }
  }

  static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }
}

/// A value as the JSON object the API sends.
func jsonObject<T: Encodable>(_ value: T) throws -> [String: Any] {
  try JSONSerialization.jsonObject(with: LarderJSON.encode(value)) as? [String: Any] ?? [:]
}
