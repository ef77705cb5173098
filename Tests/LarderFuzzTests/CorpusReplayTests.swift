import Foundation
import LarderFuzzTargets
import Testing

/// Replays the checked-in corpus (`fuzz/corpus/<target>/`: seeds, and the minimized inputs
/// that once crashed or broke an invariant) through the same bodies libFuzzer runs, so a fixed
/// failure stays fixed without a fuzzing toolchain.
@Suite struct CorpusReplayTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // LarderFuzzTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // repository
    .appendingPathComponent("fuzz/corpus")

  static func inputs(of target: String) throws -> [URL] {
    let folder = corpus.appendingPathComponent(target)
    return try FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]
    ).sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  @Test("every corpus input passes its target", arguments: FuzzTarget.all.map(\.name))
  func corpusPasses(target name: String) throws {
    let target = try #require(FuzzTarget.named(name))
    let inputs = try Self.inputs(of: name)
    #expect(!inputs.isEmpty, "fuzz/corpus/\(name) holds no seed")
    for input in inputs {
      let data = try Data(contentsOf: input)
      #expect(throws: Never.self, "fuzz/corpus/\(name)/\(input.lastPathComponent)") {
        try target.run(data)
      }
    }
  }

  @Test func everyCorpusFolderNamesATarget() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
      .filter { !$0.hasPrefix(".") }
    #expect(Set(folders) == Set(FuzzTarget.all.map(\.name)))
  }

  @Test func targetNamesAreUnique() {
    let names = FuzzTarget.all.map(\.name)
    #expect(Set(names).count == names.count)
  }
}
