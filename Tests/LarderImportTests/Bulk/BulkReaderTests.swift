import Foundation
import LarderCore
import Testing

@testable import LarderImport

/// Bulk import reading the real exports of other apps, and hostile input.
@Suite struct BulkReaderTests {
  static func documents(
    _ path: String, reader: BulkReader = BulkReader(), limits: ArchiveLimits = ArchiveLimits()
  ) throws -> [ImportDocument] {
    var budget = ArchiveBudget(limits: limits)
    var found: [ImportDocument] = []
    for file in try reader.files(at: path) {
      reader.readFile(file, explicit: file == path, budget: &budget) { found.append($0) }
    }
    return found
  }

  static func recipes(_ documents: [ImportDocument]) throws -> [Recipe] {
    try documents.filter { $0.status == .read }.flatMap(\.items).map { try $0.result.get() }
  }

  static let exports = "app-exports/mealie-migrations"

  @Test(
    .enabled(
      if: BulkSamples.arePresent,
      "skipped: the app-export samples in ../shared/data/formats are not here"))
  func paprikaExportsAreGzippedJSONInAZipWithMacOSClutterLeftOut() throws {
    let documents = try Self.documents(BulkSamples.path("\(Self.exports)/paprika.zip"))
    #expect(documents.allSatisfy { $0.format == .paprika && $0.status == .read })
    let recipes = try Self.recipes(documents)
    #expect(recipes.count == 5)
    #expect(
      Set(recipes.map(\.name)) == [
        "Zucchinipuffer", "Zucchini Rolls with Goat Cheese and Mint",
        "Zweimal gebratenes Hähnchen mit Gemüse und Nudeln",
        "Zwiebelrostbraten mit selbstgemachten Spätzle", "Zucchini-Kartoffel-Frittata",
      ])
    let puffer = try #require(recipes.first { $0.name == "Zucchinipuffer" })
    #expect(puffer.ingredientLines.first?.text == "400 g Zucchini")
    #expect(puffer.ingredientLines.count == 9)
    #expect(puffer.yield?.servings == 4)
    #expect(puffer.courses.contains("Vegetarisch"))
    #expect(puffer.sourceURL == "http://www.chefkoch.de/rezepte/317951113441309/Zucchini.html")
    #expect(documents.first?.source.description.contains(" › My Recipes/") == true)
  }

  @Test(
    .enabled(
      if: BulkSamples.arePresent,
      "skipped: the app-export samples in ../shared/data/formats are not here"))
  func nextcloudExportsAreSchemaOrgInFolders() throws {
    let documents = try Self.documents(BulkSamples.path("\(Self.exports)/nextcloud.zip"))
    #expect(documents.map(\.format) == [.nextcloud, .nextcloud, .nextcloud])
    let recipes = try Self.recipes(documents)
    #expect(
      recipes.map(\.name) == ["Air Fryer Shrimp", "Chicken Parmigiana", "Skillet Shepherd's Pie"])
    let parmigiana = recipes[1]
    #expect(parmigiana.ingredientLines.count == 6)
    #expect(parmigiana.steps.count == 3)
    #expect(parmigiana.cookTime == RecipeDuration(minutes: 60))
    #expect(parmigiana.yield?.servings == 2)
  }

  @Test(
    .enabled(
      if: BulkSamples.arePresent,
      "skipped: the app-export samples in ../shared/data/formats are not here"))
  func mealieExportsAreRead() throws {
    let documents = try Self.documents(BulkSamples.path("\(Self.exports)/mealie.zip"))
    #expect(documents.allSatisfy { $0.format == .mealie })
    let recipes = try Self.recipes(documents)
    #expect(recipes.count == 3)
    let cookies = try #require(recipes.first { $0.name == "Levain Chocolate Chip Cookies" })
    #expect(cookies.ingredientLines.count == 12)
    #expect(cookies.ingredientLines[0].text == "1.5 cups (230g) cake flour")
    #expect(
      cookies.steps.first?.text.hasPrefix("In a medium saucepan, melt unsalted butter") == true)
    #expect(cookies.courses == ["Dessert", "Cookies"])
    #expect(
      cookies.sourceURL == "https://www.joshuaweissman.com/post/levian-chocolate-chip-cookies")
  }

  @Test(
    .enabled(
      if: BulkSamples.arePresent,
      "skipped: the app-export samples in ../shared/data/formats are not here"))
  func tandoorExportsAreZipsInsideAZip() throws {
    let documents = try Self.documents(BulkSamples.path("\(Self.exports)/tandoor.zip"))
    #expect(documents.count == 1)
    #expect(documents.first?.source.members == ["1.zip", "recipe.json"])
    #expect(documents.first?.format == .tandoor)
    let chili = try #require(try Self.recipes(documents).first)
    #expect(chili.name == "“Texas Red” Chili")
    #expect(chili.ingredientLines.first?.text == "2 oz New Mexico chile, dry (57 g)")
    #expect(chili.keywords.contains("Southwest"))
    #expect(chili.steps.first?.text.hasPrefix("Peheat the oven to 350°F") == true)
    #expect(chili.cookTime == RecipeDuration(minutes: 2))
  }

  @Test(
    .enabled(
      if: BulkSamples.arePresent,
      "skipped: the app-export samples in ../shared/data/formats are not here"))
  func chowdownExportsAreMarkdownWithFrontMatter() throws {
    let documents = try Self.documents(BulkSamples.path("\(Self.exports)/chowdown.zip"))
    let recipes = try Self.recipes(documents)
    #expect(recipes.map(\.name) == ["Roasted Brussels Sprouts", "Roasted Okra"])
    #expect(recipes[0].ingredientLines.count == 6)
    #expect(recipes[0].steps.count == 5)
    #expect(recipes[0].keywords == ["sides", "vegetables"])
  }

  @Test(
    .enabled(
      if: BulkSamples.arePresent,
      "skipped: the app-export samples in ../shared/data/formats are not here"))
  func planToEatExportsAreACSVInAZip() throws {
    let documents = try Self.documents(BulkSamples.path("\(Self.exports)/plantoeat.zip"))
    #expect(documents.map(\.format) == [.planToEat])
    let recipes = try Self.recipes(documents)
    #expect(recipes.map(\.name) == ["Test Recipe", "Test Recipe2"])
    #expect(recipes[0].ingredientSections.map(\.title) == ["Heading", "Heading2"])
    #expect(recipes[0].sourceURL == "https://eatwithclarity.com/sushi-bowl-with-sesame-tofu/")
  }

  @Test(
    .enabled(
      if: BulkSamples.arePresent,
      "skipped: the app-export samples in ../shared/data/formats are not here"))
  func theOtherSampleFilesAreRecognisedByExtension() throws {
    let csv = try Self.documents(BulkSamples.path("\(Self.exports)/myrecipebox.csv"))
    #expect(csv.map(\.format) == [.myRecipeBox])
    #expect(try Self.recipes(csv).count == 10)
    let mealMaster = try Self.documents(BulkSamples.path("mealmaster"))
    #expect(mealMaster.map(\.format) == [.mealMaster, .mealMaster])
    #expect(try Self.recipes(mealMaster).count == 6)
    let cooklang = try Self.documents(BulkSamples.path("cooklang/tandoor"))
    #expect(cooklang.map(\.format) == [.cooklang, .cooklang, .cooklang])
    #expect(try Self.recipes(cooklang).map(\.name).first == "American Pancakes")
    let jsonLD = try Self.documents(BulkSamples.path("schemaorg-jsonld/mealie"))
    #expect(jsonLD.count == 12)
    #expect(try Self.recipes(jsonLD).count == 12)
  }

  @Test(
    .enabled(
      if: BulkSamples.arePresent,
      "skipped: the app-export samples in ../shared/data/formats are not here"))
  func copyMeThatAndMasterCookAreReadByTheLibxml2Readers() throws {
    let documents = try Self.documents(BulkSamples.path("\(Self.exports)/copymethat.zip"))
    #expect(documents.map(\.format) == [.copyMeThat])
    #expect(try Self.recipes(documents).count == 3)
    let masterCook = try Self.documents(BulkSamples.path("mastercook/gourmet-athenos.mx2"))
    #expect(masterCook.map(\.format) == [.masterCook])
    #expect(try Self.recipes(masterCook).count == 100)
  }

  // MARK: - Hostile input

  static func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-bulk-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aOneGigabyteLineIsRefusedBySizeWithoutBeingRead() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("huge.cook")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 1 << 30)  // sparse: one line of a billion NULs, no disk used
    try handle.close()
    let documents = try Self.documents(file.path)
    #expect(
      documents.first?.status
        == .failed(
          "refused: the file is 1073741824 bytes, larger than the limit of 64 MiB for one file"
            + " (a guard against hostile files); for a file you trust, raise it with"
            + " --max-file-size or the max_file_size setting"))
  }

  @Test func aZipBombIsRefusedNamingTheMemberAndTheOthersAreRead() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    var fixture = ZipFixture()
    fixture.add("a-soup.cook", "---\ntitle: Soup\n---\nBoil @leeks{2}.")
    fixture.add("bomb.cook", data: Data(count: 20 << 20))
    fixture.add("c-stew.cook", "---\ntitle: Stew\n---\nSimmer @beans{1%can}.")
    let file = folder.appendingPathComponent("export.zip")
    try fixture.archive().write(to: file)
    let documents = try Self.documents(file.path)
    #expect(documents.count == 3)
    #expect(try Self.recipes(documents).map(\.name) == ["Soup", "Stew"])
    let bomb = try #require(documents.first { $0.source.members == ["bomb.cook"] })
    guard case .failed(let reason) = bomb.status else {
      Issue.record("the bomb was not refused: \(bomb.status)")
      return
    }
    #expect(
      reason == "refused: expands more than 1000 times its compressed size (zip bomb protection)")
    #expect(bomb.source.description == "\(file.path) › bomb.cook")
  }

  @Test func archivesNestedTooDeepAreRefused() throws {
    var inner = ZipFixture()
    inner.add("soup.cook", "Boil @leeks.")
    var data = inner.archive()
    for depth in 0..<5 {
      var outer = ZipFixture()
      outer.add("level\(depth).zip", data: data)
      data = outer.archive()
    }
    var budget = ArchiveBudget()
    var documents: [ImportDocument] = []
    BulkReader().read(
      data, source: ImportSource(file: "deep.zip"), explicit: true, budget: &budget
    ) { documents.append($0) }
    #expect(documents.count == 1)
    #expect(documents.first?.status == .failed("archives nested more than 3 deep; refused"))
  }

  @Test func gzipInsideGzipCountsAsNesting() throws {
    // 6,400 layers once took the process from 45 MB to 569 MB, every layer unpacked and kept;
    // now the fourth is refused, and only three layers are ever unpacked.
    var data = Data("Boil @leeks{2}.".utf8)
    for _ in 0..<2_000 { data = ZipFixture.gzip(data) }
    var budget = ArchiveBudget()
    var documents: [ImportDocument] = []
    BulkReader().read(
      data, source: ImportSource(file: "layers.cook.gz"), explicit: true, budget: &budget
    ) { documents.append($0) }
    #expect(documents.count == 1)
    #expect(documents.first?.status == .failed("archives nested more than 3 deep; refused"))
    #expect(budget.expandedBytes < 3 * data.count)
    // Three layers are still read.
    var three = Data("Boil @leeks{2}.".utf8)
    for _ in 0..<3 { three = ZipFixture.gzip(three) }
    var fresh = ArchiveBudget()
    var read: [ImportDocument] = []
    BulkReader().read(
      three, source: ImportSource(file: "soup.cook.gz"), explicit: true, budget: &fresh
    ) { read.append($0) }
    #expect(read.count == 1)
    #expect(read.first?.format == .cooklang, "\(String(describing: read.first?.status))")
  }

  @Test func invalidUTF8AndDeepJSONAreClearErrors() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cook = folder.appendingPathComponent("bad.cook")
    try Data([0x40, 0x65, 0x67, 0x67, 0xFF, 0x0A]).write(to: cook)
    let deep = folder.appendingPathComponent("deep.json")
    try Data(String(repeating: "{\"a\":", count: 200_000).utf8).write(to: deep)
    let documents = try Self.documents(folder.path)
    #expect(
      documents.map(\.status) == [
        .failed("field 'encoding': line 1, byte 5: not valid UTF-8 (save the file as UTF-8)"),
        .failed("not valid JSON: nested more than 512 levels deep; refused"),
      ])
  }

  @Test func anArchiveWithoutRecipeFilesFailsWhenNamedAndIsSkippedInsideAnother() throws {
    // Found by fuzzing (fuzz/corpus/bulk/crash-empty-zip): an empty zip reported nothing at
    // all, so importing it said neither that it failed nor that it was skipped.
    var photos = ZipFixture()
    photos.add("images/", "")
    photos.add("images/soup.jpg", "JFIF")
    var outer = ZipFixture()
    outer.add("photos.zip", data: photos.archive())
    outer.add("empty.zip", data: ZipFixture().archive())
    outer.add("soup.cook", "Boil @leeks.")
    func statuses(_ data: Data, _ name: String) -> [String: ImportDocument.Status] {
      var budget = ArchiveBudget()
      var found: [String: ImportDocument.Status] = [:]
      BulkReader().read(data, source: ImportSource(file: name), explicit: true, budget: &budget) {
        found[$0.source.name] = $0.status
      }
      return found
    }
    #expect(
      statuses(ZipFixture().archive(), "empty.zip") == ["empty.zip": .failed("an empty archive")])
    #expect(
      statuses(outer.archive(), "export.zip") == [
        "photos.zip": .skipped("an archive holding no recipe files (only folders and photos)"),
        "empty.zip": .skipped("an empty archive"), "soup.cook": .read,
      ])
  }

  @Test func filesThatAreNotRecipesAreSkippedInFoldersButFailWhenNamed() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let readme = folder.appendingPathComponent("README.txt")
    try Data("hello".utf8).write(to: readme)
    let documents = try Self.documents(folder.path)
    #expect(
      documents.map(\.status) == [.skipped("a text file that is neither MealMaster nor MasterCook")]
    )
    var budget = ArchiveBudget()
    var named: [ImportDocument] = []
    BulkReader().readFile(readme.path, budget: &budget) { named.append($0) }
    #expect(
      named.map(\.status) == [.failed("a text file that is neither MealMaster nor MasterCook")])
  }
}
