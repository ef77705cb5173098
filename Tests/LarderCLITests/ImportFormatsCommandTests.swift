import Foundation
import LarderTestSupport
import Testing

/// `larder import` on other apps' exports (the samples in ../shared/data/formats), hostile
/// input, and `larder export --format` in Cooklang and Markdown.
@Suite struct ImportFormatsCommandTests {
  static let formats = SharedData.url("formats")

  static func sample(_ relativePath: String) -> String {
    formats.appendingPathComponent(relativePath).path
  }

  static var samplesArePresent: Bool {
    FileManager.default.fileExists(atPath: sample("app-exports/mealie-migrations/paprika.zip"))
  }

  /// The summary counts of `import --json`.
  struct Summary: Decodable, Equatable {
    let created: Int
    let updated: Int
    let unchanged: Int
    let failed: Int
  }

  /// Each sample, with how many recipes it holds.
  static let samples: [(path: String, recipes: Int)] = [
    ("app-exports/mealie-migrations/chowdown.zip", 2),
    ("app-exports/mealie-migrations/mealie.zip", 3),
    ("app-exports/mealie-migrations/nextcloud.zip", 3),
    ("app-exports/mealie-migrations/paprika.zip", 5),
    ("app-exports/mealie-migrations/plantoeat.zip", 2),
    ("app-exports/mealie-migrations/tandoor.zip", 1),
    ("app-exports/mealie-migrations/myrecipebox.csv", 10),
    ("app-exports/mealie-migrations/copymethat.zip", 3),
    ("mastercook/gourmet-athenos.mx2", 100),
    ("gourmet-xml/gourmet-test_set.grmt", 2),
    ("mealmaster/gourmet-mealmaster.mmf", 5),
    ("mealmaster/gourmet-mealmaster_2_col.mmf", 1),
    ("cooklang/tandoor", 3),
    ("schemaorg-jsonld/mealie", 12),
  ]

  @Test(
    .enabled(if: samplesArePresent, "skipped: the samples in ../shared/data/formats are not here"),
    arguments: samples.map(\.path))
  func eachSampleImportsEveryRecipeAndAgainChangesNothing(_ path: String) throws {
    let expected = try #require(Self.samples.first { $0.path == path }).recipes
    let sandbox = try Sandbox()
    let first = try sandbox.larder("import", "--json", Self.sample(path))
    #expect(first.status == 0, "\(first)")
    #expect(
      try first.decode(Summary.self)
        == Summary(created: expected, updated: 0, unchanged: 0, failed: 0), "\(first)")
    let again = try sandbox.larder("import", "--json", Self.sample(path))
    #expect(
      try again.decode(Summary.self)
        == Summary(created: 0, updated: 0, unchanged: expected, failed: 0), "\(again)")
    #expect(try sandbox.listedRecipes().total == expected)
  }

  @Test(
    .enabled(if: samplesArePresent, "skipped: the samples in ../shared/data/formats are not here"))
  func aTextReportNamesTheArchiveMemberOfEachProblem() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder(
      "import", Self.sample("app-exports/mealie-migrations/chowdown.zip"))
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stdout == "Imported 2 files: 2 created, 0 updated, 0 unchanged, 0 failed.\n", "\(run)")
    #expect(
      run.stderr.contains(
        "warning: \(Self.sample("app-exports/mealie-migrations/chowdown.zip")) › "
          + "chowdown-gh-pages/_recipes/roasted-okra.md: item 1 (Roasted Okra): field 'image'"),
      "\(run)")
  }

  @Test func aZipBombFailsAloneNamingTheMemberAndExitsOne() throws {
    let sandbox = try Sandbox()
    let archive = sandbox.path("bomb.zip")
    // One deflated member that claims to expand to 3 GiB: the claim alone refuses it, before
    // anything is inflated.
    var data = Data()
    func le16(_ value: Int) {
      data.append(contentsOf: [UInt8(value & 0xff), UInt8(value >> 8 & 0xff)])
    }
    func le32(_ value: Int) {
      for shift in [0, 8, 16, 24] { data.append(UInt8(value >> shift & 0xff)) }
    }
    let name = Array("bomb.cook".utf8)
    le32(0x0403_4b50); le16(20); le16(0); le16(8); le16(0); le16(0); le32(0); le32(10)
    le32(3 << 30); le16(name.count); le16(0); data.append(contentsOf: name)
    data.append(contentsOf: [UInt8](repeating: 0, count: 10))
    let central = data.count
    le32(0x0201_4b50); le16(20); le16(20); le16(0); le16(8); le16(0); le16(0); le32(0); le32(10)
    le32(3 << 30); le16(name.count); le16(0); le16(0); le16(0); le16(0); le32(0); le32(0)
    data.append(contentsOf: name)
    let centralSize = data.count - central
    le32(0x0605_4b50); le16(0); le16(0); le16(1); le16(1); le32(centralSize); le32(central); le16(0)
    try data.write(to: URL(fileURLWithPath: archive))
    try sandbox.write("---\ntitle: Leek Soup\n---\nBoil @leeks{2}.\n", to: "soup.cook")

    let run = try sandbox.larder("import", archive, sandbox.path("soup.cook"))
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("error: \(archive) › bomb.cook: refused"), "\(run)")
    #expect(run.stderr.contains("larger than the limit of 64 MiB"), "\(run)")
    #expect(run.stdout == "Imported 2 files: 1 created, 0 updated, 0 unchanged, 1 failed.\n")
    #expect(try sandbox.listedRecipes().names == ["Leek Soup"])
  }

  @Test func jsonReportListsSkippedFilesAndTheSourceOfEveryItem() throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.dal, to: "box/dal.cook")
    try sandbox.write("Shopping: leeks", to: "box/notes.txt")
    let run = try sandbox.larder("import", "--json", sandbox.path("box"))
    #expect(run.status == 0, "\(run)")
    let report = try #require(try run.json() as? [String: Any])
    #expect(report["created"] as? Int == 1)
    #expect(report["skipped"] as? Int == 1)
    let files = try #require(report["files"] as? [[String: Any]])
    #expect(
      files.map { $0["path"] as? String } == [
        sandbox.path("box/dal.cook"), sandbox.path("box/notes.txt"),
      ])
    #expect(files[0]["format"] as? String == "Cooklang")
    #expect(
      files[1]["skipped"] as? String == "a text file that is neither MealMaster nor MasterCook")
    let item = try #require((files[0]["items"] as? [[String: Any]])?.first)
    #expect(item["source"] as? String == "\(sandbox.path("box/dal.cook")) › item 1")
    #expect(item["name"] as? String == "Weeknight Dal")
  }

  @Test func invalidUTF8IsReportedWithTheLineAndByte() throws {
    let sandbox = try Sandbox()
    let file = sandbox.path("bad.cook")
    try Data("Boil @water.\nAdd @salt\u{0}".utf8 + [0xFF]).write(to: URL(fileURLWithPath: file))
    let run = try sandbox.larder("import", file)
    #expect(run.status == 1, "\(run)")
    #expect(
      run.stderr.contains("error: \(file): field 'encoding': line 2, byte 24: not valid UTF-8"),
      "\(run)")
  }

  @Test func aHugeFileIsRefusedQuicklyBySize() throws {
    let sandbox = try Sandbox()
    let file = sandbox.path("huge.mmf")
    #expect(FileManager.default.createFile(atPath: file, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    let run = try sandbox.larder("import", file, timeout: .seconds(60))
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("larger than the limit of 64 MiB"), "\(run)")
  }

  static let dal = """
    ---
    title: Weeknight Dal
    servings: 4
    tags:
      - lentils
    ---
    = Dal
    Rinse @red lentils{200%g} and simmer in @water{800%ml} for ~{20%minutes}.

    Season with @salt.
    """

  @Test func exportingAsCooklangAndImportingBackGivesTheSameRecipes() throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.dal, to: "in/dal.cook")
    try sandbox.write(
      "MMMMM----- Recipe via Meal-Master (tm) v8.02\n\n      Title: Toast\n\n"
        + "      1    Slice bread\n\n  Toast it.\nMMMMM\n", to: "in/toast.mmf")
    #expect(try sandbox.larder("import", sandbox.path("in")).status == 0)
    let export = try sandbox.larder("export", "--format", "cooklang", "--dir", sandbox.path("out"))
    #expect(export.status == 0, "\(export)")
    #expect(sandbox.exists("out/weeknight-dal.cook"))
    let written = try String(
      contentsOfFile: sandbox.path("out/weeknight-dal.cook"), encoding: .utf8)
    #expect(written.contains("@red lentils{200%g}"), "\(written)")

    let other = try Sandbox()
    let run = try other.larder("import", "--json", sandbox.path("out"))
    #expect(
      try run.decode(Summary.self) == Summary(created: 2, updated: 0, unchanged: 0, failed: 0))
    #expect(try other.listedRecipes().names == ["Toast", "Weeknight Dal"])
    let shown = try other.larder("show", try #require(other.listedRecipes().items.last).id)
    #expect(shown.stdout.contains("200 g red lentils"), "\(shown)")
    #expect(
      shown.stdout.contains("Rinse red lentils and simmer in water for 20 minutes."), "\(shown)")
  }

  @Test func severalRecipesInOneCooklangStreamAreRefusedWithAHint() throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.dal, to: "dal.cook")
    try sandbox.write(
      Self.dal.replacingOccurrences(of: "Weeknight Dal", with: "Dal II"), to: "dal2.cook")
    #expect(
      try sandbox.larder("import", sandbox.path("dal.cook"), sandbox.path("dal2.cook")).status == 0)
    let run = try sandbox.larder("export", "--format", "cooklang")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("use --dir FOLDER"), "\(run)")
  }

  @Test func markdownExportListsIngredientsAndNumbersSteps() throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.dal, to: "dal.cook")
    #expect(try sandbox.larder("import", sandbox.path("dal.cook")).status == 0)
    let run = try sandbox.larder("export", "--format", "markdown")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasPrefix("# Weeknight Dal\n"), "\(run)")
    #expect(run.stdout.contains("\n- 200 g red lentils\n- 800 ml water\n- salt\n"), "\(run)")
    #expect(
      run.stdout.contains(
        "\n1. Rinse red lentils and simmer in water for 20 minutes.\n2. Season with salt.\n"),
      "\(run)")
  }

  @Test func anUnknownExportFormatIsAUsageError() throws {
    let sandbox = try Sandbox()
    let run = try sandbox.larder("export", "--format", "pdf")
    #expect(run.status != 0, "\(run)")
    #expect(run.stderr.contains("'pdf' is not jsonld, cooklang, markdown"), "\(run)")
  }
}
