import Foundation
import LarderCore
import Testing

@testable import LarderImport

/// One import file may expand to a stated budget in all, across every archive member and gzip
/// layer; past it the member that would exceed it is refused by name, nothing more of the file
/// is read, and what was read before stays.
@Suite struct ImportBudgetTests {
  /// Members of 1 MiB at most, 2 MiB in all, no ratio check: small enough for a test.
  static let small = ArchiveLimits(
    maximumMemberBytes: 1 << 20, maximumTotalBytes: 2 << 20, maximumRatio: 1_000_000)

  static func read(_ data: Data, name: String, limits: ArchiveLimits = small) -> [ImportDocument] {
    var budget = ArchiveBudget(limits: limits)
    var documents: [ImportDocument] = []
    BulkReader(limits: limits).read(
      data, source: ImportSource(file: name), explicit: true, budget: &budget
    ) { documents.append($0) }
    return documents
  }

  static let budgetReason =
    "refused: expanding it would pass the budget of 2 MiB of decompressed data for one import"
    + " file (all its archive members and gzip layers together); nothing after it in the file"
    + " was read"

  @Test func aZipBombPastTheBudgetIsRefusedByNameAndWhatCameBeforeIsKept() throws {
    var fixture = ZipFixture()
    fixture.add("a-soup.cook", "---\ntitle: Soup\n---\nBoil @leeks{2}.")
    // Each member is within the 1 MiB member limit; the third takes the file past 2 MiB.
    for number in 1...3 { fixture.add("pad\(number).txt", data: Data(count: 900_000)) }
    fixture.add("z-stew.cook", "---\ntitle: Stew\n---\nSimmer @beans{1%can}.")
    let documents = Self.read(fixture.archive(), name: "export.zip")

    #expect(documents.map(\.source.description).last == "export.zip › pad3.txt")
    #expect(documents.last?.status == .failed(Self.budgetReason))
    #expect(
      LarderImportError.importBudgetExceeded(source: "export.zip › pad3.txt", budget: 2 << 20)
        .description.hasPrefix("export.zip › pad3.txt: refused: expanding it would pass"))
    let read = documents.filter { $0.status == .read }.flatMap(\.items)
    #expect(try read.map { try $0.result.get().name } == ["Soup"], "the soup before is kept")
    #expect(!documents.contains { $0.source.members == ["z-stew.cook"] }, "nothing after")
  }

  @Test func aGzipBombPastTheBudgetIsRefusedNamingTheFileAndTheBudget() throws {
    // 1.5 MiB per layer is within the member limit; two layers of it are past 2 MiB.
    var limits = Self.small
    limits.maximumMemberBytes = 3 << 20
    let inner = ZipFixture.gzip(Data(count: 1_500_000))
    var fixture = ZipFixture()
    fixture.add("one.txt.gz", data: inner, deflate: false)
    fixture.add("two.txt.gz", data: inner, deflate: false)
    let documents = Self.read(fixture.archive(), name: "layers.zip", limits: limits)
    #expect(documents.count == 2)
    #expect(documents.last?.source.description == "layers.zip › two.txt.gz")
    #expect(documents.last?.status == .failed(Self.budgetReason))
  }

  @Test func oneLayerOverTheMemberLimitNamesThatLimitNotTheBudget() throws {
    let bomb = ZipFixture.gzip(Data(count: 1_500_000))
    let documents = Self.read(bomb, name: "bomb.cook.gz")
    #expect(
      documents.first?.status
        == .failed("refused: larger than the limit of 1 MiB (a guard against hostile files)"))
  }

  @Test func theBudgetFollowsTheFileLimit() {
    #expect(ArchiveLimits(allowingFilesUpTo: 64 << 20) == ArchiveLimits())
    #expect(ArchiveLimits.budget(forFileBytes: 64 << 20) == 512 << 20)
    #expect(ArchiveLimits.budget(forFileBytes: 200_000_000) == 800_000_000)
    let reader = BulkReader(allowingFilesUpTo: 1 << 30)
    #expect(reader.maximumFileBytes == 1 << 30)
    #expect(reader.maximumArchiveBytes == 1 << 30)
    #expect(reader.limits.maximumMemberBytes == 1 << 30)
    #expect(BulkReader(allowingFilesUpTo: 64 << 20).maximumArchiveBytes == 512 << 20)
  }

  @Test func aFileOverTheLimitNamesTheSettingAndARaisedLimitReadsIt() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-budget-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("soup.cook")
    let text =
      "---\ntitle: Soup\n---\nBoil @leeks{2}.\n" + String(repeating: "-- note\n", count: 400)
    try Data(text.utf8).write(to: file)

    func status(allowing bytes: Int) -> ImportDocument.Status? {
      let reader = BulkReader(allowingFilesUpTo: bytes)
      var budget = ArchiveBudget(limits: reader.limits)
      var documents: [ImportDocument] = []
      reader.readFile(file.path, budget: &budget) { documents.append($0) }
      return documents.first?.status
    }
    #expect(
      status(allowing: 2048)
        == .failed(
          "refused: the file is \(text.utf8.count) bytes, larger than the limit of 2 KiB for one"
            + " file (a guard against hostile files); for a file you trust, raise it with"
            + " --max-file-size or the max_file_size setting"))
    #expect(status(allowing: 8192) == .read)
  }
}
