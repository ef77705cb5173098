import Foundation
import LarderCore
import Testing

@testable import LarderImport

@Suite struct ZipArchiveTests {
  static func read(
    _ fixture: ZipFixture, limits: ArchiveLimits = ArchiveLimits()
  ) throws -> [String:
    String]
  {
    let archive = try ZipArchive(data: fixture.archive(), name: "test.zip", limits: limits)
    var budget = ArchiveBudget(limits: limits)
    var contents: [String: String] = [:]
    for member in archive.files {
      contents[member.path] = String(
        decoding: try archive.contents(of: member, budget: &budget), as: UTF8.self)
    }
    return contents
  }

  @Test func storedDeflatedAndDataDescriptorMembersAreRead() throws {
    var fixture = ZipFixture()
    fixture.add("a/stored.txt", "plain words", deflate: false)
    fixture.add("a/deflated.txt", String(repeating: "soup ", count: 1000))
    fixture.entries.append(
      ZipFixture.Entry(
        path: "b/descriptor.json", data: Data("{\"x\": 1}".utf8), dataDescriptor: true))
    let contents = try Self.read(fixture)
    #expect(contents["a/stored.txt"] == "plain words")
    #expect(contents["a/deflated.txt"] == String(repeating: "soup ", count: 1000))
    #expect(contents["b/descriptor.json"] == "{\"x\": 1}")
  }

  @Test func macOSClutterFoldersAndHiddenFilesAreLeftOut() throws {
    var fixture = ZipFixture()
    fixture.add("Recipes/", "", deflate: false)
    fixture.add("Recipes/soup.json", "{}")
    fixture.add("__MACOSX/Recipes/._soup.json", "resource fork")
    fixture.add("Recipes/.DS_Store", "finder")
    let archive = try ZipArchive(data: fixture.archive(), name: "test.zip")
    #expect(archive.members.count == 4)
    #expect(archive.files.map(\.path) == ["Recipes/soup.json"])
  }

  @Test func aCorruptedMemberFailsItsCRCCheckNamingIt() throws {
    var fixture = ZipFixture()
    fixture.entries.append(
      ZipFixture.Entry(path: "soup.txt", data: Data("leek".utf8), deflate: false, claimedCRC: 1))
    #expect(
      throws: LarderImportError.unreadable(
        source: "test.zip › soup.txt", reason: "CRC-32 mismatch (corrupt data)")
    ) { try Self.read(fixture) }
  }

  @Test func aTruncatedArchiveIsAnError() throws {
    var fixture = ZipFixture()
    fixture.add("soup.txt", String(repeating: "leek ", count: 100))
    let data = fixture.archive()
    for length in [0, 10, data.count / 2, data.count - 5] {
      #expect(throws: LarderImportError.self) {
        let archive = try ZipArchive(data: data.prefix(length), name: "cut.zip")
        var budget = ArchiveBudget()
        for member in archive.files { _ = try archive.contents(of: member, budget: &budget) }
      }
    }
  }

  @Test func aMemberLargerThanTheLimitIsRefusedNamingIt() throws {
    var fixture = ZipFixture()
    fixture.add("bomb.txt", data: Data(count: 3 << 20))
    let limits = ArchiveLimits(maximumMemberBytes: 1 << 20, maximumRatio: 1_000_000)
    #expect(
      throws: LarderImportError.documentTooLarge(source: "test.zip › bomb.txt", limit: 1 << 20)
    ) {
      try Self.read(fixture, limits: limits)
    }
  }

  @Test func aMemberThatExpandsTooManyTimesIsAZipBomb() throws {
    var fixture = ZipFixture()
    fixture.add("bomb.txt", data: Data(count: 8 << 20))
    #expect(
      throws: LarderImportError.suspiciousCompression(source: "test.zip › bomb.txt", ratio: 1000)
    ) { try Self.read(fixture) }
  }

  @Test func aMemberThatLiesAboutItsSizeIsStoppedAtTheClaim() throws {
    var fixture = ZipFixture()
    fixture.entries.append(
      ZipFixture.Entry(path: "liar.txt", data: Data(count: 4 << 20), claimedSize: 1000))
    #expect(
      throws: LarderImportError.unreadable(
        source: "test.zip › liar.txt",
        reason: "expands beyond the 1000 bytes the archive claims (corrupt or hostile)")
    ) { try Self.read(fixture) }
  }

  @Test func theTotalBudgetCoversEveryMember() throws {
    var fixture = ZipFixture()
    for number in 1...4 { fixture.add("part\(number).txt", data: Data(count: 600_000)) }
    let limits = ArchiveLimits(maximumTotalBytes: 2 << 20, maximumRatio: 1_000_000)
    #expect(throws: LarderImportError.self) { try Self.read(fixture, limits: limits) }
  }

  @Test func encryptedMembersAndZIP64AreRefusedClearly() throws {
    var fixture = ZipFixture()
    fixture.entries.append(
      ZipFixture.Entry(path: "secret.txt", data: Data("x".utf8), deflate: false, encrypted: true))
    #expect(
      throws: LarderImportError.unreadable(
        source: "test.zip › secret.txt", reason: "the member is encrypted")
    ) { try Self.read(fixture) }

    var zip64 = ZipFixture()
    zip64.entries.append(
      ZipFixture.Entry(
        path: "huge.bin", data: Data("x".utf8), deflate: false, claimedSize: Int(UInt32.max)))
    #expect(
      throws: LarderImportError.unreadable(
        source: "test.zip › huge.bin", reason: "ZIP64 members are not supported")
    ) { try ZipArchive(data: zip64.archive(), name: "test.zip") }
  }

  @Test func gzipRoundTripsAndRefusesCorruptData() throws {
    let text = Data(String(repeating: "stock ", count: 500).utf8)
    var budget = ArchiveBudget()
    #expect(try Gzip.decompress(ZipFixture.gzip(text), source: "a.gz", budget: &budget) == text)
    var corrupt = ZipFixture.gzip(text)
    corrupt[corrupt.count - 8] ^= 0xff
    #expect(throws: LarderImportError.self) {
      try Gzip.decompress(corrupt, source: "a.gz", budget: &budget)
    }
    #expect(throws: LarderImportError.unreadable(source: "a.gz", reason: "not a gzip file")) {
      try Gzip.decompress(Data("plain".utf8), source: "a.gz", budget: &budget)
    }
    let truncated = ZipFixture.gzip(text).prefix(20)
    #expect(throws: LarderImportError.self) {
      try Gzip.decompress(truncated, source: "a.gz", budget: &budget)
    }
  }

  @Test func mutatedGzipNeverCrashesTheReader() {
    let seed = [UInt8](ZipFixture.gzip(Data(String(repeating: "broth ", count: 200).utf8)))
    var random = SeededRandom(seed: 1952)
    for _ in 0..<1000 {
      var bytes = seed
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      var budget = ArchiveBudget(limits: ArchiveLimits(maximumMemberBytes: 1 << 20))
      _ = try? Gzip.decompress(Data(bytes), source: "fuzz.gz", budget: &budget)
    }
  }

  @Test func mutatedArchivesNeverCrashTheReader() throws {
    var fixture = ZipFixture()
    fixture.add("a.json", "{\"name\": \"Soup\"}")
    fixture.add("b.txt", "stored text", deflate: false)
    fixture.entries.append(
      ZipFixture.Entry(path: "c.txt", data: Data("descriptor".utf8), dataDescriptor: true))
    let seed = [UInt8](fixture.archive())
    var random = SeededRandom(seed: 2024)
    for _ in 0..<1000 {
      var bytes = seed
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      guard let archive = try? ZipArchive(data: Data(bytes), name: "fuzz.zip") else { continue }
      var budget = ArchiveBudget(limits: ArchiveLimits(maximumMemberBytes: 1 << 20))
      for member in archive.members { _ = try? archive.contents(of: member, budget: &budget) }
    }
  }
}
