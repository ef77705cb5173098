import Foundation
import LarderTestSupport
import Testing

/// The shipped nutrient tables are generated; when the open data they come from is beside the
/// repository (`../shared/data`), regenerating them must give the same bytes.
@Suite struct NutrientTableSourceTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Nutrition
    .deletingLastPathComponent()  // LarderCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()
  static let resources = repository.appendingPathComponent("Sources/LarderCore/Resources")

  static var canRegenerate: Bool {
    SharedData.exists("usda-sr26/abbrev.csv") && SharedData.exists("usda-sr26/WEIGHT.txt")
      && SharedData.exists("ingredient-taxonomy/open-tandoor-data")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
  }

  @Test(
    .enabled(
      if: canRegenerate,
      "skipped: ../shared/data (or python3) is not here, so the nutrient tables cannot be regenerated"
    ))
  func theShippedTablesAreUpToDate() throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-nutrients-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let nutrients = scratch.appendingPathComponent("nutrients.tsv")
    let portions = scratch.appendingPathComponent("food-portions.tsv")

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      Self.repository.appendingPathComponent("scripts/build-nutrients.py").path,
      "--data", SharedData.url("").path, "--out", nutrients.path, "--portions-out",
      portions.path, "--quiet",
    ]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "scripts/build-nutrients.py failed")

    for generated in [nutrients, portions] {
      let shipped = Self.resources.appendingPathComponent(generated.lastPathComponent)
      #expect(
        try Data(contentsOf: generated) == Data(contentsOf: shipped),
        "\(shipped.lastPathComponent) is out of date: run `make food-catalog` and commit it")
    }
  }
}
