import Foundation
import LarderCore

/// Finds the recipes in a web page. Clipping depends on this protocol, not on a parser, so the
/// HTML extractor can be swapped without touching fetching, storing or the endpoints.
public protocol RecipePageReading: Sendable {
  /// Every recipe the page holds, in page order.
  ///
  /// - Parameters:
  ///   - html: the page's bytes, as fetched (already decompressed).
  ///   - pageURL: where the page came from, to resolve relative links.
  ///   - charset: the charset the server declared, if any (UTF-8 is assumed otherwise).
  /// - Throws: ``LarderCoreError/noRecipeFound`` when the page holds no recipe.
  func recipes(inHTML html: Data, pageURL: URL, charset: String?) throws -> [FoundRecipe]
}

/// The libxml2 extractor reads pages for clipping: JSON-LD, then microdata, then RDFa, then
/// headings and lists, with each recipe's warnings carried into its item.
extension RecipePageExtractor: RecipePageReading {
  /// Every recipe the page holds; see ``extract(html:url:charset:source:)``.
  public func recipes(inHTML html: Data, pageURL: URL, charset: String?) throws -> [FoundRecipe] {
    let extraction: PageExtraction
    do {
      extraction = try extract(html: html, url: pageURL.absoluteString, charset: charset)
    } catch LarderImportError.noRecipe {
      throw LarderCoreError.noRecipeFound
    }
    return extraction.recipes.enumerated().map { index, recipe in
      FoundRecipe(
        index: index, name: recipe.name, result: .success(recipe),
        warnings: index == 0 ? extraction.warnings : [])
    }
  }
}
