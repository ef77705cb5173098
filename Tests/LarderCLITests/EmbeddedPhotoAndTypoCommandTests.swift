import Foundation
import LarderTestSupport
import Testing

/// `larder import` keeping the photos inside an export, and `larder search` saying what it
/// searched when it read a typo as the words the library has.
@Suite struct EmbeddedPhotoAndTypoCommandTests {
  static func gourmet(image: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gourmetDoc>
      <recipe id="1"><title>Roast Chicken</title>
        <ingredient-list><ingredient><amount>1</amount><item>chicken</item></ingredient>
        </ingredient-list><instructions>Roast it.</instructions>
        <image format="png">\(image)</image></recipe>
    </gourmetDoc>
    """
  }

  @Test func aGourmetPhotoIsImportedAndServedFromTheStore() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      Self.gourmet(image: TinyImages.png().base64EncodedString()), to: "export.grmt")
    let run = try sandbox.larder("import", "--json", file)
    #expect(run.status == 0, "\(run)")
    let report = try #require(try run.json() as? [String: Any])
    let item = try #require(
      ((report["files"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first)
    #expect(item["warnings"] as? [String] == [])
    let id = try #require(item["id"] as? String)
    let shown = try sandbox.larder("show", id, "--json")
    let recipe = try #require(try shown.json() as? [String: Any])
    let images = try #require(recipe["images"] as? [String])
    #expect(images.count == 1)
    #expect(images.first?.hasPrefix("/images/") == true)
  }

  @Test func aPhotoThatIsNotAnImageIsAWarningAndTheRecipeIsImported() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      Self.gourmet(image: Data("hello".utf8).base64EncodedString()), to: "export.grmt")
    let run = try sandbox.larder("import", file)
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stderrLines.contains(
        "warning: \(file): item 1 (Roast Chicken): <image> of 'Roast Chicken': the bytes are"
          + " not a JPEG, PNG, WebP, GIF or AVIF image; not imported"), "\(run)")
    #expect(run.stdout.contains("1 created"))
  }

  @Test func aMisspeltSearchSaysWhatItSearched() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(Self.gourmet(image: ""), to: "export.grmt")
    #expect(try sandbox.larder("import", file).status == 0)
    let typo = try sandbox.larder("search", "chiken")
    #expect(typo.status == 0, "\(typo)")
    #expect(typo.stdoutLines.first == "Showing results for chicken — you typed chiken")
    #expect(typo.stdout.contains("Roast Chicken"))
    let right = try sandbox.larder("search", "chicken")
    #expect(!right.stdout.contains("Showing results for"))
    let json = try #require(
      try sandbox.larder("search", "chiken", "--json").json() as? [String: Any])
    #expect(json["correctedQuery"] as? String == "chicken")
  }
}
