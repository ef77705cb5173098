import Foundation

/// Reads recipes written as microformats, h-recipe (microformats2: `p-name`, `p-ingredient`,
/// `e-instructions`, `u-photo`, ...) and hRecipe (the classic format: `fn`, `ingredient`,
/// `instructions`, `photo`, ...), into JSON-LD-shaped objects that ``SchemaOrg`` reads like
/// any other JSON-LD.
///
/// Hand-made sites and IndieWeb blogs use them where others use schema.org; such pages rarely
/// have JSON-LD. Properties are found by class name anywhere inside the recipe's element; a
/// recipe nested in another is read as its own.
struct Microformats {
  /// Resolves addresses (`src`, `href`) against the page.
  let resolve: (String) -> String

  /// Which schema.org property each class names.
  private static let properties: [String: String] = [
    "p-name": "name", "fn": "name", "p-ingredient": "recipeIngredient",
    "ingredient": "recipeIngredient", "e-instructions": "recipeInstructions",
    "instructions": "recipeInstructions", "u-photo": "image", "photo": "image",
    "p-yield": "recipeYield", "yield": "recipeYield", "p-summary": "description",
    "summary": "description", "dt-duration": "totalTime", "duration": "totalTime",
    "p-author": "author", "author": "author", "p-category": "recipeCategory",
    "u-url": "url",
  ]

  /// Properties that may be given many times.
  private static let lists: Set<String> = [
    "recipeIngredient", "recipeInstructions", "recipeCategory",
  ]

  /// Whether the page's bytes name a microformats recipe class at all: most pages do not,
  /// and looking costs less than walking their elements.
  static func mayHoldRecipes(_ html: Data) -> Bool {
    // "recipe" preceded by "h-" or "h" is either name; memchr finds each "r" quickly.
    let needle = Array("recipe".utf8)
    return html.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress, buffer.count > needle.count + 1 else { return false }
      let bytes = base.assumingMemoryBound(to: UInt8.self)
      var index = 1
      let last = buffer.count - needle.count
      while index <= last {
        guard let found = memchr(bytes + index, Int32(needle[0]), last - index + 1) else {
          return false
        }
        index = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if (1..<needle.count).allSatisfy({ bytes[index + $0] == needle[$0] }) {
          let before = bytes[index - 1]
          if before == UInt8(ascii: "h")
            || (before == UInt8(ascii: "-") && index >= 2 && bytes[index - 2] == UInt8(ascii: "h"))
          {
            return true
          }
        }
        index += 1
      }
      return false
    }
  }

  /// Every outermost recipe in `document`.
  func recipes(in document: MarkupDocument) -> [[String: Any]] {
    guard let root = document.root else { return [] }
    var roots: [MarkupNode] = []
    root.walk { node, _ in
      guard node.isElement else { return false }
      if Self.isRecipe(node) {
        roots.append(node)
        return false
      }
      return true
    }
    return roots.map(object)
  }

  private static func isRecipe(_ node: MarkupNode) -> Bool {
    node.tokens("class").contains { $0 == "h-recipe" || $0 == "hrecipe" }
  }

  private func object(for recipe: MarkupNode) -> [String: Any] {
    var object: [String: Any] = ["@type": "Recipe"]
    var lists: [String: [Any]] = [:]
    recipe.walk { node, _ in
      guard node.isElement else { return false }
      if Self.isRecipe(node) { return false }
      let names = node.tokens("class").compactMap { Self.properties[$0] }
      guard let name = names.first else { return true }
      let value = self.value(of: node, property: name)
      if Self.lists.contains(name) {
        lists[name, default: []].append(value)
      } else if object[name] == nil {
        object[name] = value
      }
      return false
    }
    for (name, values) in lists {
      object[name] = values.flatMap { value -> [Any] in (value as? [String]) ?? [value] }
    }
    return object
  }

  private func value(of node: MarkupNode, property: String) -> Any {
    switch property {
    case "image", "url":
      for attribute in ["src", "data-src", "href"] {
        if let address = node.attribute(attribute), !address.isEmpty, !address.hasPrefix("data:") {
          return resolve(address)
        }
      }
      return node.text
    case "totalTime":
      return node.attribute("datetime") ?? node.attribute("title") ?? node.text
    case "recipeInstructions":
      let items = node.descendants().filter { $0.name == "li" }
      if items.count > 1 { return items.map(\.textSeparatingElements) }
      return node.textWithLineBreaks
    case "recipeIngredient":
      return node.textSeparatingElements
    default:
      return node.attribute("title") ?? node.text
    }
  }
}
