import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// A recipe opened through a public share link (`/s/{token}`): readable signed out, never
/// indexed, its image served through the link, and a button to save a copy for a signed-in
/// reader.
struct SharePages: Sendable {
  let larder: Larder

  func register(in router: inout PublicRouter) {
    router.get("/s/:token") { request, caller in
      let token = request.pathParameters["token"] ?? ""
      var shared = try larder.sharedRecipe(token: token).recipe
      if let main = shared.images.first, main.hasPrefix("/images/") {
        shared.images[0] = "/s/\(token)/image"
      } else {
        shared.images = []
      }
      var response = HTTPResponse.html(
        PageLayout.page(
          title: shared.name,
          body: """
            <div class="shared-banner"><p>A recipe shared from Larder.</p>\(saveForm(token, caller))</div>
            \(Pages.recipe(shared, actions: false))
            """))
      response.headers["X-Robots-Tag"] = "noindex, nofollow"
      response.headers["Cache-Control"] = "no-store"
      return response
    }
    router.get("/s/:token/image") { request, _ in
      var response = ImageAPI.response(
        for: try larder.sharedImage(token: request.pathParameters["token"] ?? ""),
        request: request)
      response.headers["X-Robots-Tag"] = "noindex, nofollow"
      return response
    }
    router.post("/s/:token/save") { request, caller in
      let token = request.pathParameters["token"] ?? ""
      guard let caller else {
        return .redirect(to: "/login?next=" + escapeQueryValue("/s/" + token))
      }
      guard Larder.formTokenMatches(request.formFields?[AccountPages.formTokenField], for: caller)
      else {
        throw LarderServerError(
          status: 403, code: "cross_site",
          message: "the form's token is missing or out of date; reload the page and try again")
      }
      let copy = try larder.saveSharedCopy(token: token, as: caller)
      return .redirect(to: "/recipes/\(copy.id.rawValue)")
    }
  }

  private func saveForm(_ token: String, _ caller: Caller?) -> HTML {
    guard let caller else {
      return
        "<p><a href=\"/login?next=\(escapeQueryValue("/s/" + token))\">Sign in</a> to save a copy in your own Larder.</p>"
    }
    guard caller.may(.change) else { return .empty }
    return """
      <form method="post" action="/s/\(token)/save">\(AccountPages.tokenField(caller))\
      <button type="submit">Save a copy to my recipes</button></form>
      """
  }
}
