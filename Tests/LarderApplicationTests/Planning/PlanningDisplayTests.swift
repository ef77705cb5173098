import Foundation
import LarderApplication
import LarderCore
import Testing

@Suite struct PlanningDisplayTests {
  @Test func aQueryGivesTheTimeZoneAndUnitsBesideARequestsOwnFields() throws {
    let query = try Displayed<PantryListRequest>.decode(query: [
      "location": "Fridge", "tz": "Europe/Berlin", "units": "metric",
    ])
    #expect(query.request.location == .fridge)
    #expect(query.display.timeZone?.identifier == "Europe/Berlin")
    #expect(query.display.units == .metric)
    #expect(try PlanningDisplay.decode(query: [:]) == PlanningDisplay())
  }

  @Test(arguments: [
    (
      ["tz": "Mars/Olympus"],
      "query parameter 'tz': 'Mars/Olympus' is not a time zone such as Europe/Berlin"
    ),
    (["units": "imperial"], "query parameter 'units': 'imperial' is not one of us, metric"),
  ])
  func aBadDisplayValueIsNamed(query: [String: String], message: String) {
    let error = #expect(throws: ApplicationError.self) { try PlanningDisplay.decode(query: query) }
    #expect(error?.description == message)
  }

  @Test func anUnknownParameterIsRefused() {
    let error = #expect(throws: ApplicationError.self) {
      try PlanningDisplay.decode(query: ["tzz": "UTC"])
    }
    #expect(error?.isAboutAField == true)
  }
}
