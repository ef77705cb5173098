import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// What a public share link opens (`/s/{token}`), readable signed out and never indexed:
///
/// - a link to one recipe: the recipe, its image at `/s/{token}/image`, and a button to save a
///   copy (`POST /s/{token}/save`) for a signed-in reader;
/// - a link to a collection: the recipes with the tag now, as cards opening
///   `/s/{token}/recipes/{id}` (only recipes in the collection; any other id is 404), each
///   with its image at `/s/{token}/recipes/{id}/image` and its own save button
///   (`POST /s/{token}/recipes/{id}/save`).
///
/// Every answer under `/s/`, errors too, carries `X-Robots-Tag` (``LarderApp`` adds it, see
/// ``isSharePath(_:)``), and every page a `robots` meta tag.
struct SharePages: Sendable {
  let larder: Larder

  /// A shared picture is checked with the server each time it is shown (a 304 when the
  /// browser has it), so revoking the link stops it at once.
  static let imageCaching = "private, no-cache"

  /// Whether a path is a share link's, whose every answer is marked unindexed.
  static func isSharePath(_ path: String) -> Bool { path.hasPrefix("/s/") }

  func register(in router: inout PublicRouter) {
    router.get("/s/:token") { request, caller in
      let token = request.pathParameters["token"] ?? ""
      switch try larder.openShareLink(token: token) {
      case .recipe(let shared):
        return recipePage(
          shared.recipe, base: "/s/\(token)", banner: "A recipe shared from Larder.",
          caller: caller, request: request)
      case .collection(let collection):
        return collectionPage(collection, token: token)
      }
    }
    router.get("/s/:token/image") { request, _ in
      ImageAPI.response(
        for: try larder.sharedImage(token: request.pathParameters["token"] ?? ""),
        request: request, cacheControl: Self.imageCaching)
    }
    router.post("/s/:token/save") { request, caller in
      try save(request, caller: caller, recipe: nil)
    }
    router.get("/s/:token/recipes/:id") { request, caller in
      let token = request.pathParameters["token"] ?? ""
      let id = RecipeID(rawValue: request.pathParameters["id"] ?? "")
      let shared = try larder.sharedRecipe(token: token, recipe: id)
      guard case .collection(let tag) = shared.link.subject else {
        throw ApplicationError.notFound(.recipe, id: id.rawValue)
      }
      return recipePage(
        shared.recipe, base: "/s/\(token)/recipes/\(shared.recipe.id.rawValue)",
        banner: """
          From the collection <a href="/s/\(token)">\(tag)</a>, shared from Larder.
          """, caller: caller, request: request)
    }
    router.get("/s/:token/recipes/:id/image") { request, _ in
      ImageAPI.response(
        for: try larder.sharedImage(
          token: request.pathParameters["token"] ?? "",
          recipe: RecipeID(rawValue: request.pathParameters["id"] ?? "")),
        request: request, cacheControl: Self.imageCaching)
    }
    router.post("/s/:token/recipes/:id/save") { request, caller in
      try save(
        request, caller: caller, recipe: RecipeID(rawValue: request.pathParameters["id"] ?? ""))
    }
  }

  /// A shared recipe's page; `base` is its path under the link (its image and save button
  /// hang off it). Its structured data names the image the page shows and no source: the
  /// page links to none.
  private func recipePage(
    _ recipe: Recipe, base: String, banner: HTML, caller: Caller?, request: HTTPRequest
  ) -> HTTPResponse {
    // Only an image this Larder keeps is shown, and only through the link; the recipe's own
    // image addresses need a session.
    let image = Self.hasStoredImage(recipe.images.first) ? base + "/image" : nil
    var shown = recipe
    shown.images = []
    var response = HTTPResponse.html(
      PageLayout.page(
        title: shown.name, indexed: false,
        head: RecipeStructuredData.script(
          for: shown, image: image, source: nil, request: request),
        body: """
          <div class="shared-banner"><p>\(banner)</p>\(saveForm(base, caller))</div>
          \(Pages.recipe(shown, actions: false, image: image))
          """))
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  private func collectionPage(_ collection: SharedCollection, token: String) -> HTTPResponse {
    let cards = collection.recipes.map { summary -> HTML in
      var card = RecipeCardModel(summary)
      let base = "/s/\(token)/recipes/\(summary.id.rawValue)"
      card.link = base
      card.image = Self.hasStoredImage(summary.image) ? base + "/image" : nil
      return Components.recipeCard(card)
    }
    let count = collection.recipes.count
    let results: HTML =
      cards.isEmpty
      ? "<p class=\"empty\">No recipes are in this collection at the moment.</p>"
      : """
      <ul class="cards" id="shared-recipes" aria-label="Recipes">
      \(cards, separator: "\n")
      </ul>
      """
    var response = HTTPResponse.html(
      PageLayout.page(
        title: collection.name, indexed: false,
        body: """
          <section class="library shared-collection">
          <div class="shared-banner"><p>A collection shared from Larder.</p></div>
          <div class="library-head"><h1>\(collection.name)</h1>\
          <p class="count">\(count) \(count == 1 ? "recipe" : "recipes")</p></div>
          \(results)
          </section>
          """))
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// Saves a copy of the shared recipe (the link's own, or `recipe` of its collection) for a
  /// signed-in reader; a signed-out one is sent to sign in and back.
  private func save(
    _ request: HTTPRequest, caller: Caller?, recipe: RecipeID?
  ) throws -> HTTPResponse {
    let token = request.pathParameters["token"] ?? ""
    let page = "/s/\(token)" + (recipe.map { "/recipes/\($0.rawValue)" } ?? "")
    guard let caller else {
      return .redirect(to: "/login?next=" + escapeQueryValue(page))
    }
    _ = try AccountPages.checkedForm(request, caller: caller)
    let copy = try larder.saveSharedCopy(token: token, recipe: recipe, as: caller)
    return .redirect(to: "/recipes/\(copy.id.rawValue)")
  }

  /// Whether an image is one this Larder keeps, and so one a link may show.
  private static func hasStoredImage(_ image: String?) -> Bool {
    image.flatMap(ImageID.init(path:)) != nil
  }

  private func saveForm(_ base: String, _ caller: Caller?) -> HTML {
    guard let caller else {
      return
        "<p><a href=\"/login?next=\(escapeQueryValue(base))\">Sign in</a> to save a copy in your own Larder.</p>"
    }
    guard caller.may(.change) else { return .empty }
    return """
      <form method="post" action="\(base)/save">\(AccountPages.tokenField(caller))\
      <button type="submit">Save a copy to my recipes</button></form>
      """
  }
}
