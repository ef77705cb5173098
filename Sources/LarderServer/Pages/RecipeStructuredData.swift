import Foundation
import LarderCore
import LarderHTTP

/// The schema.org Recipe JSON-LD a recipe's page and a shared recipe's page carry in their
/// head, so that recipe clippers (recipe-scrapers, which Mealie, Tandoor and KitchenOwl use,
/// and Larder's own) read the page as the recipe.
///
/// It holds what the page shows and nothing more (see `SchemaOrg.pageJSONLD`): no rating,
/// favourite flag, notes or ids; the image the page shows, from where it shows it.
enum RecipeStructuredData {
  /// The `<script type="application/ld+json">` element for `recipe`.
  ///
  /// - Parameters:
  ///   - image: The path or address the page shows the main image from, if it shows one.
  ///   - source: The source page the page links to, if it links to one.
  ///   - request: The request the page answers, whose scheme and host make `image` absolute
  ///     (schema.org readers skip relative image paths); a Host header that reached a page
  ///     has passed the request guard.
  static func script(
    for recipe: Recipe, image: String?, source: String?, request: HTTPRequest
  ) -> HTML {
    let origin = Self.origin(of: request)
    let imageAddress = image.map { path in path.hasPrefix("/") ? (origin ?? "") + path : path }
    let object = SchemaOrg.pageJSONLD(for: recipe, image: imageAddress, url: source)
    return HTML.jsonLDScript(object)
  }

  /// `scheme://host[:port]` as the browser addressed this Larder, or nil without a usable Host.
  static func origin(of request: HTTPRequest) -> String? {
    guard let host = request.host?.trimmingCharacters(in: .whitespaces), !host.isEmpty,
      host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
    else { return nil }
    return request.scheme + "://" + host.lowercased()
  }
}
