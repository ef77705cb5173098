import Foundation
import LarderCore
import LarderImport

/// A web page to clip a recipe from, as `POST /api/v1/import/url` takes it.
public struct ClipRequest: RequestFields, Equatable {
  /// The page's address, http or https.
  public var url: String

  /// Every field the request has.
  public static let fieldNames = ["url"]

  /// Makes a request.
  public init(url: String) {
    self.url = url
  }

  private enum CodingKeys: String, CodingKey { case url }

  /// Reads the request; `url` is required.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(url: try container.decode(String.self, forKey: .url))
  }
}

/// A recipe clipped from a web page.
public struct ClippedRecipe: Encodable, Sendable, Equatable {
  /// The recipe as stored.
  public var recipe: Recipe
  /// Whether it was created, updated (clipped before) or unchanged.
  public var outcome: ImportOutcome
  /// The stored copy of the page's main image, when one was kept.
  public var imageID: ImageID?
  /// What was not perfect (an image that could not be fetched), each naming what it is about.
  public var warnings: [String]

  /// Whether the recipe is new.
  public var isCreated: Bool { outcome.isCreated }

  private enum CodingKeys: String, CodingKey { case recipe, outcome, imageID, warnings }

  /// `{"recipe": {...}, "outcome": "created", "imageID": "...", "warnings": [...]}`, without
  /// `imageID` when no image was kept.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(recipe, forKey: .recipe)
    try container.encode(outcome.label, forKey: .outcome)
    try container.encodeIfPresent(imageID?.rawValue, forKey: .imageID)
    try container.encode(warnings, forKey: .warnings)
  }
}

extension Larder {
  /// Fetches the page under the clipper's address policy, reads its recipe, keeps its main
  /// image and imports it, so clipping the same URL again updates the recipe.
  ///
  /// - Throws: ``ApplicationError/importFailed(_:)`` naming the URL (a bad URL, a refused
  ///   address, too large, timed out, an HTTP error, no recipe).
  public func clip(_ request: ClipRequest, as caller: Caller) throws -> ClippedRecipe {
    try caller.require(.change)
    try request.validate()
    let store = importStore(for: caller)
    let report = try ApplicationError.translating {
      try clipper.clip(
        request.url, into: store, images: images, household: caller.household, now: clock())
    }
    return ClippedRecipe(
      recipe: try shown(report.recipe, to: caller), outcome: report.outcome,
      imageID: report.imageID,
      warnings: report.warnings)
  }

  /// Clips each URL in turn, reporting each one as a file of one recipe, in the shape file
  /// imports use; a URL that fails is reported and the others are still clipped.
  public func clip(
    urls: [String], progress: (_ number: Int, _ url: String) -> Void = { _, _ in },
    as caller: Caller
  ) -> ImportReport {
    var report = ImportReport(clips: ())
    let store = importStore(for: caller)
    for (number, url) in urls.enumerated() {
      progress(number + 1, url)
      report.add(
        url: url,
        Result {
          try clipper.clip(
            url, into: store, images: images, household: caller.household, now: clock())
        })
    }
    return report
  }
}
