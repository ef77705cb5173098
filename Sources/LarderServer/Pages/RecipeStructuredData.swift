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
    return HTML(
      unsafeRaw: "<script type=\"application/ld+json\">" + scriptSafeJSON(object) + "</script>")
  }

  /// JSON text that cannot end the `<script>` element it sits in or open another: `<`, `>` and
  /// `&` (which JSON only ever has inside strings) are written as `\u003c`, `\u003e` and
  /// `\u0026`, which every JSON reader turns back into the same characters.
  static func scriptSafeJSON(_ object: Any) -> String {
    // The object is built from strings, numbers, arrays and dictionaries only: always valid.
    let data =
      (try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    var text = ""
    for character in String(decoding: data, as: UTF8.self).unicodeScalars {
      switch character {
      case "<": text += "\\u003c"
      case ">": text += "\\u003e"
      case "&": text += "\\u0026"
      case "\u{2028}": text += "\\u2028"
      case "\u{2029}": text += "\\u2029"
      default: text.unicodeScalars.append(character)
      }
    }
    return text
  }

  /// `scheme://host[:port]` as the browser addressed this Larder, or nil without a usable Host.
  static func origin(of request: HTTPRequest) -> String? {
    guard let host = request.host?.trimmingCharacters(in: .whitespaces), !host.isEmpty,
      host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
    else { return nil }
    return request.scheme + "://" + host.lowercased()
  }
}
