import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderImport

/// Import and clip reports say what went wrong in plain words; a database's own text (table
/// and constraint names) goes to the log the caller passes, never to the user.
@Suite struct PlainErrorTests {
  struct DatabaseFailure: Error, CustomStringConvertible {
    var description: String { "SQLITE_CONSTRAINT: UNIQUE constraint failed: recipes.seq" }
  }

  @Test func aStoreErrorIsReportedInPlainWordsAndLogged() throws {
    final class FailingStore: ForwardingRecipeStore, @unchecked Sendable {
      // @unchecked: only the test's thread uses it; the base store locks its own state.
      let base: any RecipeStore = InMemoryRecipeStore()
      func importRecipes(
        _ recipes: [Recipe], household: HouseholdID, now: Date
      ) throws -> [ImportOutcome] { throw DatabaseFailure() }
    }
    let logged = Recorder<String>()
    let report = BulkImporter.store(
      try SameRecipeNodesTests.document(SameRecipeNodesTests.extractedGraph), into: FailingStore(),
      now: Fixtures.now,
      log: { logged.append($0) })
    let error = try #require(report.items.first?.error)
    #expect(!error.contains("SQLITE"), "\(error)")
    #expect(!error.contains("constraint"), "\(error)")
    #expect(error.contains("could not be stored"))
    #expect(logged.all.count == 1)
    #expect(logged.all.first?.contains("UNIQUE constraint failed") == true)
  }

  @Test func anImageTheStoreRefusesIsAPlainWarningAndTheDetailIsLogged() throws {
    final class RefusingImages: ImageStore, @unchecked Sendable {
      // @unchecked: stateless.
      func putImage(
        _ data: Data, format: ImageFormat, household: HouseholdID, now: Date
      ) throws -> ImageID { throw DatabaseFailure() }
      func image(id: ImageID, household: HouseholdID) throws -> StoredImage? { nil }
      func deleteImage(id: ImageID, household: HouseholdID) throws {}
    }
    let png =
      Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]) + Data("IHDR".utf8)
    let site = try FixtureHTTPServer { request in
      switch request.path {
      case "/tart":
        return .html(
          """
          <script type="application/ld+json">
          {"@type": "Recipe", "name": "Tomato Tart", "image": "/tart.png",
           "recipeIngredient": ["4 tomatoes"], "recipeInstructions": "Bake."}
          </script>
          """)
      case "/tart.png": return .response(headers: ["Content-Type": "image/png"], body: png)
      default: return .response(status: 404)
      }
    }
    let logged = Recorder<String>()
    let clipper = RecipeClipper(
      fetcher: PageFetcher(
        configuration: FetchConfiguration(
          policy: AddressPolicy(
            allowedEndpoints: [
              SocketEndpoint(address: IPAddress("127.0.0.1")!, port: site.port)
            ]),
          connectTimeout: 2, totalTimeout: 5)),
      log: { logged.append($0) })
    let report = try clipper.clip(
      site.url("/tart").absoluteString, into: InMemoryRecipeStore(), images: RefusingImages(),
      household: .default, now: Fixtures.now)
    let warning = try #require(report.warnings.first { $0.contains("was not kept") })
    #expect(warning.hasSuffix("was not kept: the image store refused it"), "\(warning)")
    #expect(logged.all.contains { $0.contains("UNIQUE constraint failed") }, "\(logged.all)")
  }
}
