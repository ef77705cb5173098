import Foundation
import LarderCore
import Testing

@testable import LarderCLI

/// The planning settings: units, the first day of the week and the time zone.
@Suite struct PlanningConfigTests {
  func resolve(file: String, environment: [String: String] = [:]) throws(ConfigError) -> Config {
    try Config.resolve(
      flags: [:], environment: environment.merging(["HOME": "/nonexistent"]) { a, _ in a },
      configPath: "/etc/larder-test-config", readFile: { _ in file })
  }

  @Test func theDefaultsAreUSUnitsMondayAndTheSystemsTimeZone() throws {
    let config = try resolve(file: "")
    #expect(config.unitSystem == .us)
    #expect(config.firstWeekday == .monday)
    #expect(config.timeZone == nil)
  }

  @Test func theFileAndTheEnvironmentSetThem() throws {
    let config = try resolve(
      file: "units = metric\nweek_start = Sunday\ntime_zone = Europe/Berlin\n",
      environment: ["LARDER_UNITS": "us"])
    #expect(config.unitSystem == .us)
    #expect(config.firstWeekday == .sunday)
    #expect(config.timeZone == TimeZone(identifier: "Europe/Berlin"))
  }

  @Test(arguments: [
    ("units = imperial", "/etc/larder-test-config:1: 'imperial' is not us or metric"),
    ("week_start = someday", "/etc/larder-test-config:1: 'someday' is not a day of the week"),
    ("time_zone = Mars/Olympus", "/etc/larder-test-config:1: 'Mars/Olympus' is not a time zone"),
  ])
  func badValuesNameWhereTheyCameFrom(line: String, message: String) {
    #expect {
      _ = try resolve(file: line)
    } throws: { error in
      (error as? ConfigError)?.message.hasPrefix(message) == true
    }
  }
}
