import Foundation
import LarderCore

extension Larder {
  /// The recipe's main image as Larder serves it (at `/recipes/{id}/image`, see
  /// ``ShownImage``), so no page makes the viewer's browser fetch another host.
  ///
  /// A stored copy is returned as is. A remote image (imported from another app's export, or
  /// clipped before copies were kept) is fetched once, exactly as clipping fetches images:
  /// under the clipper's address policy (public addresses only unless `clip_allow_private`),
  /// at most ``ImageFormat/maximumBytes``, and only bytes that are a JPEG, PNG, WebP, GIF or
  /// AVIF image. The copy is stored and put first in the recipe's images (the date the recipe
  /// last changed stays: nobody edited it), so its pages show the copy from then on. Only a
  /// stored recipe's own main image is ever fetched, so this fetches no URL a caller names.
  ///
  /// A fetch that failed is not tried again for ``RemoteImageFailures/retryInterval``: the
  /// same error is thrown at once, and the card shows its placeholder.
  ///
  /// - Throws: ``ApplicationError/notFound(_:id:)`` for no such recipe,
  ///   ``ApplicationError/nothingMatches(_:)`` when it has no image (or keeps none),
  ///   ``ApplicationError/importFailed(_:)`` when the image cannot be fetched and
  ///   ``ApplicationError/invalidImage(reason:)`` when it is no image Larder serves.
  public func recipeImage(_ id: RecipeID, as caller: Caller) throws -> StoredImage {
    let main: String
    switch try mainImage(of: id, as: caller) {
    case .kept(let image): return image
    case .remote(let url): main = url
    }
    guard let images else {
      throw ApplicationError.nothingMatches("recipe '\(id)' has no image this Larder can show")
    }
    let kept: ImageID
    do {
      kept = try ApplicationError.translating {
        try clipper.keepImage(main, in: images, household: caller.household, now: clock())
      }
    } catch let error as ApplicationError {
      remoteImageFailures.record(error, for: main, now: clock())
      log("recipe \(id): its image \(main) was not kept: \(error)")
      throw error
    }
    var current = try storedRecipe(id, as: caller)
    if current.images.first == main {
      current.images.insert(kept.path, at: 0)
      _ = try ApplicationError.translating {
        try recipes.updateRecipe(current, household: caller.household, now: current.updatedAt)
      }
    }
    return try image(kept, as: caller)
  }

  /// The recipe's main image as ``recipeImage(_:as:)`` answers it when that needs no fetch (a
  /// stored copy, or the error: no such recipe, no image, a fetch that failed lately); nil
  /// when answering means fetching a remote image first, which a server does off its threads.
  public func recipeImageWithoutFetching(_ id: RecipeID, as caller: Caller) throws -> StoredImage? {
    if case .kept(let image) = try mainImage(of: id, as: caller) { return image }
    return nil
  }

  /// Where a recipe's main image comes from.
  private enum MainImage {
    /// A copy Larder keeps.
    case kept(StoredImage)
    /// A remote image to fetch, not failed lately.
    case remote(url: String)
  }

  /// The recipe's main image, or the error ``recipeImage(_:as:)`` throws without fetching.
  private func mainImage(of id: RecipeID, as caller: Caller) throws -> MainImage {
    let recipe = try storedRecipe(id, as: caller)
    guard let main = recipe.images.first else {
      throw ApplicationError.nothingMatches("recipe '\(id)' has no image")
    }
    if let stored = ImageID(path: main) { return .kept(try image(stored, as: caller)) }
    guard ShownImage.isRemote(main), images != nil else {
      throw ApplicationError.nothingMatches(
        "recipe '\(id)' has no image this Larder can show (its image is '\(main)')")
    }
    if let earlier = remoteImageFailures.failure(for: main, now: clock()) { throw earlier }
    return .remote(url: main)
  }
}

/// Remote images that could not be kept, remembered for a while so that showing a page again
/// does not fetch them again at once (and a dead host does not hold a server thread on every
/// view).
///
/// `@unchecked Sendable`: `failures` is read and written only while holding `lock`.
final class RemoteImageFailures: @unchecked Sendable {
  /// How long a failed image is not tried again: an hour.
  static let retryInterval: TimeInterval = 3600
  /// How many failures are remembered; past it the oldest are forgotten.
  static let capacity = 1024

  private let lock = NSLock()
  private var failures: [String: (error: ApplicationError, at: Date)] = [:]

  /// The error fetching `url` failed with less than ``retryInterval`` ago, if it did.
  func failure(for url: String, now: Date) -> ApplicationError? {
    lock.withLock {
      guard let failure = failures[url] else { return nil }
      guard now.timeIntervalSince(failure.at) < Self.retryInterval else {
        failures[url] = nil
        return nil
      }
      return failure.error
    }
  }

  /// Remembers that fetching `url` failed with `error`.
  func record(_ error: ApplicationError, for url: String, now: Date) {
    lock.withLock {
      if failures.count >= Self.capacity {
        let oldest = failures.sorted { $0.value.at < $1.value.at }.prefix(Self.capacity / 4)
        for (url, _) in oldest { failures[url] = nil }
      }
      failures[url] = (error, now)
    }
  }
}
