import Foundation
import Testing

/// `larder import --max-file-size`: a user's own export over the 64 MiB default is refused with
/// a message that says how to raise the limit, and imports once it is raised.
@Suite struct ImportLimitCommandTests {
  /// A JSON-LD file of one recipe padded with spaces to just over 64 MiB, as a large export of
  /// a user's own would be.
  static func writeJustOverTheDefault(in sandbox: Sandbox) throws -> String {
    let recipe = try JSONDocument.text(
      JSONDocument.recipe("Big Batch Soup", ingredients: ["4 parsnips", "2 pears"]))
    var data = Data(recipe.utf8)
    data.append(Data(repeating: UInt8(ascii: " "), count: (64 << 20) + 1 - data.count + 10))
    let file = sandbox.path("export.json")
    try data.write(to: URL(fileURLWithPath: file))
    return file
  }

  @Test func aFileJustOverTheDefaultIsRefusedNamingTheFlagAndImportsWithIt() throws {
    let sandbox = try Sandbox()
    let file = try Self.writeJustOverTheDefault(in: sandbox)
    let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int

    let refused = try sandbox.larder("import", file)
    #expect(refused.status == 1, "\(refused)")
    #expect(
      refused.stderr.contains(
        "error: \(file): refused: the file is \(size ?? 0) bytes, larger than the limit of "
          + "64 MiB for one file"), "\(refused)")
    #expect(refused.stderr.contains("--max-file-size"), "\(refused)")

    // Reading 64 MiB takes a while in a debug build on a busy machine.
    let imported = try sandbox.larder(
      "import", "--max-file-size", "70MB", file, timeout: .seconds(300))
    #expect(imported.status == 0, "\(imported)")
    #expect(imported.stdout == "Imported 1 file: 1 created, 0 updated, 0 unchanged, 0 failed.\n")
    #expect(try sandbox.listedRecipes().names == ["Big Batch Soup"])
  }

  @Test func theConfigKeySetsTheLimitTooAndABadValueIsAUsageError() throws {
    let sandbox = try Sandbox()
    let recipe = try JSONDocument.text(
      JSONDocument.recipe("Small Soup", ingredients: ["4 parsnips", "2 pears"]))
    let file = try sandbox.write(recipe + String(repeating: " ", count: 2048), to: "small.json")
    let refused = try sandbox.larder(
      "import", file, environment: ["LARDER_MAX_FILE_SIZE": "1KiB"])
    #expect(refused.status == 1, "\(refused)")
    #expect(refused.stderr.contains("larger than the limit of 1 KiB for one file"), "\(refused)")
    #expect(refused.stderr.contains("--max-file-size or the max_file_size setting"), "\(refused)")

    let bad = try sandbox.larder("import", "--max-file-size", "lots", file)
    #expect(bad.status == 2, "\(bad)")
    #expect(bad.stderr.contains("option --max-file-size: 'lots' is not a size"), "\(bad)")
  }
}
