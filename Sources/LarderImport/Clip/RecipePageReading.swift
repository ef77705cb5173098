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
  func recipes(inHTML html: Data, pageURL: URL, charset: String?) throws -> [SchemaOrgItem]
}

/// A stand-in ``RecipePageReading`` that reads only `<script type="application/ld+json">`
/// blocks, found with a plain text scan, and hands each to ``SchemaOrg/readRecipes(from:)``.
///
/// It exists so that clipping works end to end before the libxml2 extractor
/// (`RecipePageExtractor` in `Sources/LarderImport/HTML/`, which also reads microdata, RDFa and
/// unmarked pages) is merged; at that merge the lead replaces the default reader with it and
/// this type can go.
public struct JSONLDScriptScanner: RecipePageReading {
  /// The most script blocks looked at in one page, so a hostile page cannot make it loop long.
  public static let maximumBlocks = 200

  /// Makes the scanner.
  public init() {}

  /// Recipes from the page's JSON-LD blocks; blocks that are not valid JSON are skipped.
  public func recipes(inHTML html: Data, pageURL: URL, charset: String?) throws -> [SchemaOrgItem] {
    let text = Self.decode(html, charset: charset)
    var items: [SchemaOrgItem] = []
    for block in Self.jsonLDBlocks(in: text).prefix(Self.maximumBlocks) {
      guard let found = try? SchemaOrg.readRecipes(from: Data(block.utf8)) else { continue }
      for var item in found {
        item.index = items.count
        items.append(item)
      }
    }
    guard !items.isEmpty else { throw LarderCoreError.noRecipeFound }
    return items
  }

  /// The contents of every `<script … type="application/ld+json" …>` element.
  static func jsonLDBlocks(in text: String) -> [String] {
    var blocks: [String] = []
    var rest = text[...]
    while let open = rest.range(of: "<script", options: .caseInsensitive) {
      guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">") else { break }
      let attributes = rest[open.upperBound..<tagEnd].lowercased()
      let bodyStart = rest.index(after: tagEnd)
      guard
        let close = rest[bodyStart...].range(of: "</script", options: .caseInsensitive)
      else { break }
      let compact = attributes.filter { !$0.isWhitespace }
      if compact.contains("type=\"application/ld+json\"")
        || compact.contains("type='application/ld+json'")
        || compact.contains("type=application/ld+json")
      {
        blocks.append(Self.unwrapCDATA(String(rest[bodyStart..<close.lowerBound])))
      }
      rest = rest[close.upperBound...]
    }
    return blocks
  }

  private static func unwrapCDATA(_ text: String) -> String {
    var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    for (prefix, suffix) in [("<![CDATA[", "]]>"), ("//<![CDATA[", "//]]>"), ("<!--", "-->")]
    where trimmed.hasPrefix(prefix) && trimmed.hasSuffix(suffix) {
      trimmed = String(trimmed.dropFirst(prefix.count).dropLast(suffix.count))
    }
    return trimmed
  }

  /// The page as text in its declared charset, falling back to UTF-8, then Latin-1.
  static func decode(_ data: Data, charset: String?) -> String {
    let encodings: [String: String.Encoding] = [
      "utf-8": .utf8, "utf8": .utf8, "iso-8859-1": .isoLatin1, "latin1": .isoLatin1,
      "windows-1252": .windowsCP1252, "us-ascii": .utf8, "utf-16": .utf16,
    ]
    if let charset, let encoding = encodings[charset],
      let text = String(data: data, encoding: encoding)
    {
      return text
    }
    return String(data: data, encoding: .utf8)
      ?? String(data: data, encoding: .windowsCP1252)
      ?? String(decoding: data, as: UTF8.self)
  }
}
