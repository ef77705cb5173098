import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

/// The shipped catalog is generated; when the open data it comes from is beside the
/// repository (`../shared/data`), regenerating it must give the same bytes.
@Suite struct FoodCatalogSourceTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Foods
    .deletingLastPathComponent()  // LarderCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()
  static let sharedData = SharedData.url("")
  static let resources = repository.appendingPathComponent("Sources/LarderCore/Resources")

  static var canRegenerate: Bool {
    let files = FileManager.default
    return SharedData.exists("usda-sr26/WEIGHT.txt") && SharedData.exists("ingredient-taxonomy")
      && files.isExecutableFile(atPath: "/usr/bin/python3")
  }

  @Test(
    .enabled(
      if: canRegenerate,
      "skipped: ../shared/data (or python3) is not here, so foods.tsv cannot be regenerated"))
  func theShippedCatalogIsUpToDate() throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-food-catalog-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let output = scratch.appendingPathComponent("foods.tsv")
    let sources = scratch.appendingPathComponent("FOODS-SOURCES.md")

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      Self.repository.appendingPathComponent("scripts/build-food-catalog.py").path,
      "--data", Self.sharedData.path, "--out", output.path, "--sources", sources.path, "--quiet",
    ]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "scripts/build-food-catalog.py failed")

    for (generated, shipped) in [
      (output, Self.resources.appendingPathComponent("foods.tsv")),
      (sources, Self.resources.appendingPathComponent("FOODS-SOURCES.md")),
    ] {
      let fresh = try Data(contentsOf: generated)
      let current = try Data(contentsOf: shipped)
      #expect(
        fresh == current,
        "\(shipped.lastPathComponent) is out of date: run `make food-catalog` and commit it")
    }
  }

  @Test func theShippedCatalogIsSmall() throws {
    let size =
      try FileManager.default.attributesOfItem(
        atPath: Self.resources.appendingPathComponent("foods.tsv").path)[.size] as? Int
    #expect((size ?? 0) < 1_500_000)
  }
}
