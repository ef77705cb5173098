import Foundation
import LarderCore

/// What clipping a URL did: the recipe as stored, how the import went, and what was not
/// perfect (an image that could not be fetched, fields that were ignored).
public struct ClipReport: Sendable {
  /// The URL that was clipped.
  public var url: URL
  /// The recipe as stored.
  public var recipe: Recipe
  /// Whether it was created, updated or unchanged.
  public var outcome: ImportOutcome
  /// The stored copy of the main image, when one was fetched.
  public var imageID: ImageID?
  /// Things the user may want to know, each naming what it is about.
  public var warnings: [String]
}

/// Clips a recipe from a web page: fetches the page, reads its recipe, keeps a local copy of
/// its main image, and imports it so that clipping the same URL again updates the recipe.
public struct RecipeClipper: Sendable {
  /// Fetches the page and the image, under one address policy.
  public var fetcher: PageFetcher
  /// Finds recipes in the page.
  public var reader: any RecipePageReading
  /// Where the details of an image the store refused go (a database's own words, which a
  /// clip's warnings do not show).
  public var log: @Sendable (String) -> Void
  /// Seconds one clip may take, its page and its image together (and one image kept on its
  /// own, ``keepImage(_:in:household:now:deadline:)``): each fetch gets only the time left, so
  /// a server that accepts and never answers holds a clip no longer than this.
  public var deadlineSeconds: Double

  /// The default ``deadlineSeconds``: 45 s.
  public static let defaultDeadlineSeconds: Double = 45

  /// Makes a clipper; the default reader is the libxml2 ``RecipePageExtractor``.
  public init(
    fetcher: PageFetcher = PageFetcher(), reader: any RecipePageReading = RecipePageExtractor(),
    deadlineSeconds: Double = RecipeClipper.defaultDeadlineSeconds,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.fetcher = fetcher
    self.reader = reader
    self.deadlineSeconds = deadlineSeconds
    self.log = log
  }

  /// Clips `urlText` into `store`, keeping the main image in `images` when there is one.
  ///
  /// The recipe's ``Recipe/sourceURL`` is the URL as asked for, so clipping it again is
  /// recognised as the same recipe. Its first image becomes the local `/images/{id}` copy,
  /// followed by the page's original image URLs (made absolute). An image that cannot be
  /// fetched or stored is a warning, not a failure, unless the clip's deadline
  /// (``deadlineSeconds``) passed meanwhile: then the clip fails and nothing is stored.
  ///
  /// - Throws: ``LarderImportError`` naming the URL (bad URL, refused address, too large,
  ///   timed out, HTTP error, no recipe), or the store's error. A clip past its deadline is
  ///   `timedOut` naming the URL that was being fetched and ``deadlineSeconds``.
  public func clip(
    _ urlText: String, into store: any RecipeStore, images: (any ImageStore)?,
    household: HouseholdID, now: Date
  ) throws -> ClipReport {
    let deadline = FetchDeadline(seconds: deadlineSeconds)
    let url = try PageFetcher.validatedURL(urlText)
    let page = try fetcher.fetch(url, deadline: deadline)
    var (recipe, warnings) = try readRecipe(from: page)
    recipe.sourceURL = url.absoluteString
    recipe.images = recipe.images.compactMap {
      URL(string: $0, relativeTo: page.finalURL)?.absoluteURL.absoluteString
    }
    var imageID: ImageID?
    if let main = recipe.images.first {
      if let images {
        do {
          let id = try keepImage(
            main, in: images, household: household, now: now, deadline: deadline)
          imageID = id
          recipe.images.insert(id.path, at: 0)
        } catch let error as LarderImportError
          where deadline.hasPassed || Self.ranOut(error, deadline)
        {
          throw error
        } catch {
          warnings.append("image \(main) was not kept: \(Self.reason(for: error))")
          log("clip: \(url.absoluteString): image \(main) was not kept: \(error)")
        }
      } else {
        warnings.append("image \(main) was not kept: this Larder has no image storage")
      }
    }
    guard let outcome = try store.importRecipes([recipe], household: household, now: now).first,
      let stored = try store.recipe(id: outcome.recipeID, household: household)
    else {
      throw LarderImportError.unreadable(
        source: url.absoluteString, reason: "the store did not keep the recipe")
    }
    // An update never empties what the earlier clip stored; say what it kept.
    if outcome != .created(outcome.recipeID),
      let warning = RecipeField.keptWarning(
        ((try? recipe.validated()) ?? recipe).replacing(stored).kept)
    {
      warnings.append(warning)
    }
    return ClipReport(
      url: url, recipe: stored, outcome: outcome, imageID: imageID, warnings: warnings)
  }

  /// The page's first readable recipe and its warnings.
  private func readRecipe(from page: FetchedResource) throws -> (Recipe, [String]) {
    let source = page.requestedURL.absoluteString
    let items: [FoundRecipe]
    do {
      switch page.mediaType {
      case "application/ld+json", "application/json":
        items = try SchemaOrg.readRecipes(from: page.body)
      case nil, "text/html", "application/xhtml+xml", "text/plain", "application/xml",
        "text/xml":
        items = try reader.recipes(inHTML: page.body, pageURL: page.finalURL, charset: page.charset)
      case let other?:
        throw LarderImportError.notAPage(url: source, contentType: other)
      }
    } catch LarderCoreError.noRecipeFound {
      throw LarderImportError.noRecipe(source: source)
    } catch let error as LarderCoreError {
      throw LarderImportError.unreadable(source: source, reason: error.description)
    }
    var warnings: [String] = []
    for item in items {
      switch item.result {
      case .success(let recipe):
        warnings += item.warnings
        let others = items.count - 1
        if others > 0 {
          warnings.append(
            "the page holds \(items.count) recipes; clipped the first readable one, "
              + "'\(recipe.name)'")
        }
        return (recipe, warnings)
      case .failure:
        continue
      }
    }
    if case .failure(let error) = items.first?.result {
      throw LarderImportError.unreadable(source: source, reason: error.description)
    }
    throw LarderImportError.noRecipe(source: source)
  }

  /// Why an image was not kept, in words for the user: a fetch's or the image check's own
  /// reason, else (the store's error, which may be SQLite's text) a plain one.
  static func reason(for error: any Error) -> String {
    switch error {
    case let error as LarderImportError: return error.description
    case let error as LarderCoreError: return error.description
    default: return "the image store refused it"
    }
  }

  /// Whether `error` is a fetch that gave up at the clip's own deadline: libcurl keeps time on
  /// its own clock and may stop a moment before `hasPassed` says the deadline is over, which
  /// once turned such a clip into a stored recipe with a warning.
  static func ranOut(_ error: LarderImportError, _ deadline: FetchDeadline) -> Bool {
    if case .timedOut(_, let seconds) = error { return seconds == deadline.seconds }
    return false
  }

  /// Fetches the image at `text` under the fetcher's address policy (never loopback or a
  /// private network unless allowed), at most ``ImageFormat/maximumBytes``, and stores it if
  /// its bytes are an image Larder serves; returns its ID. The fetch ends by `deadline`, by
  /// default ``deadlineSeconds`` from now.
  ///
  /// - Throws: ``LarderImportError`` for a URL that cannot be fetched, the image check's
  ///   ``LarderCoreError/invalidImage(reason:)``, or the store's error.
  public func keepImage(
    _ text: String, in images: any ImageStore, household: HouseholdID, now: Date,
    deadline: FetchDeadline? = nil
  ) throws -> ImageID {
    let url = try PageFetcher.validatedURL(text)
    let fetched = try fetcher.fetch(
      url, accept: PageFetcher.acceptImages, maximumBytes: ImageFormat.maximumBytes,
      deadline: deadline ?? FetchDeadline(seconds: deadlineSeconds))
    // Web servers often mislabel images, so the bytes decide; a declared SVG is still refused
    // by name.
    let declared = fetched.mediaType.flatMap { $0.contains("svg") ? $0 : nil }
    return try images.putImage(
      fetched.body, declaredType: declared, household: household, now: now)
  }
}
