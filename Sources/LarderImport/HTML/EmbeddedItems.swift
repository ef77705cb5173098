import Foundation

/// Reads schema.org items written into HTML attributes, as microdata (`itemscope`, `itemtype`,
/// `itemprop`) or RDFa (`vocab`/`typeof`, `property`), into JSON-LD-shaped dictionaries that
/// ``SchemaOrg`` reads like any other JSON-LD.
///
/// Property names given as full URLs or with a prefix (`schema:name`) are reduced to the
/// schema.org name; a property given several times becomes an array. `itemref` is not followed.
struct EmbeddedItems {
  /// Which attribute syntax to read.
  enum Syntax {
    case microdata
    case rdfa
  }

  let syntax: Syntax
  /// Resolves URL-valued attributes (`src`, `href`) against the page.
  let resolve: (String) -> String

  /// How deep items may nest inside items.
  static let maximumItemDepth = 24

  /// Every outermost item in `document` whose type includes `type` ("Recipe").
  func items(ofType type: String, in document: MarkupDocument) -> [[String: Any]] {
    guard let root = document.root else { return [] }
    var found: [[String: Any]] = []
    var itemNodes: [MarkupNode] = []
    // An item nested in another Recipe belongs to it; one nested in a WebPage does not.
    root.walk { node, _ in
      guard node.isElement else { return false }
      if isItem(node), types(of: node).contains(type) {
        itemNodes.append(node)
        return false
      }
      return true
    }
    if isItem(root), types(of: root).contains(type) { itemNodes = [root] }
    for node in itemNodes {
      found.append(item(at: node, depth: 0))
    }
    return found
  }

  private func isItem(_ node: MarkupNode) -> Bool {
    switch syntax {
    case .microdata: return node.attribute("itemscope") != nil
    case .rdfa: return node.attribute("typeof") != nil
    }
  }

  /// The item's types with any vocabulary prefix removed ("Recipe").
  private func types(of node: MarkupNode) -> [String] {
    let raw = syntax == .microdata ? node.tokens("itemtype") : node.tokens("typeof")
    return raw.map(Self.localName)
  }

  /// "https://schema.org/recipeIngredient" and "schema:recipeIngredient" -> "recipeIngredient".
  static func localName(_ name: String) -> String {
    var local = Substring(name)
    if let slash = local.lastIndex(where: { $0 == "/" || $0 == "#" }) {
      local = local[local.index(after: slash)...]
    }
    if let colon = local.lastIndex(of: ":") { local = local[local.index(after: colon)...] }
    return String(local)
  }

  private func propertyNames(of node: MarkupNode) -> [String] {
    let raw: [String]
    switch syntax {
    case .microdata: raw = node.tokens("itemprop")
    case .rdfa: raw = node.tokens("property") + node.tokens("rel")
    }
    return raw.map(Self.localName).filter { !$0.isEmpty }
  }

  /// The item at `node` as a JSON-LD-like object.
  private func item(at node: MarkupNode, depth: Int) -> [String: Any] {
    var object: [String: Any] = [:]
    let types = types(of: node)
    if !types.isEmpty { object["@type"] = types.count == 1 ? types[0] : types }
    if let id = node.attribute(syntax == .microdata ? "itemid" : "resource"), !id.isEmpty {
      object["@id"] = resolve(id)
    }
    var values: [(String, Any)] = []
    node.walk { child, _ in
      guard child.isElement else { return false }
      let names = propertyNames(of: child)
      let nested = isItem(child)
      if !names.isEmpty {
        let value: Any
        // An ingredient written as an item ({amount, name}, as data-vocabulary.org did) is
        // read as the line it shows.
        if nested && !names.contains(where: Self.textOnlyProperties.contains) {
          value =
            depth < Self.maximumItemDepth
            ? self.item(at: child, depth: depth + 1) : self.value(of: child, names: names)
        } else {
          value = self.value(of: child, names: names)
        }
        for name in names { values.append((name, value)) }
      }
      // A nested item's properties are its own, not this item's.
      return !nested
    }
    var grouped: [String: [Any]] = [:]
    var order: [String] = []
    for (name, value) in values {
      if grouped[name] == nil { order.append(name) }
      grouped[name, default: []].append(value)
    }
    for name in order {
      let all = grouped[name] ?? []
      object[name] = all.count == 1 ? all[0] : all
    }
    return object
  }

  /// Properties whose value is an address.
  static let addressProperties: Set<String> = [
    "url", "image", "photo", "thumbnailUrl", "contentUrl", "embedUrl", "sameAs", "video",
    "mainEntityOfPage", "thumbnail",
  ]

  /// Properties read as text even when their element is an item of its own.
  static let textOnlyProperties: Set<String> = ["recipeIngredient", "ingredients", "ingredient"]

  /// A property's value per the microdata and RDFa rules: `content`, then the URL or time
  /// attribute the element carries, then its text (with line breaks, for lists of steps).
  private func value(of node: MarkupNode, names: [String]) -> Any {
    if let content = node.attribute("content") { return ExtraEntities.decode(content) }
    if names.contains(where: Self.textOnlyProperties.contains) {
      return ExtraEntities.decode(ingredientLine(at: node))
    }
    let name = node.name
    switch name {
    case "img", "audio", "video", "source", "embed", "iframe", "track":
      return resolve(imageSource(node))
    case "a", "area", "link":
      // The spec's value is the address, but "<a itemprop=author href=/u/ada>Ada</a>" and
      // "<a itemprop=recipeCategory href=/desserts>Desserts</a>" mean the words.
      let wantsAddress = names.contains(where: Self.addressProperties.contains)
      if let href = node.attribute("href"), wantsAddress || node.text.isEmpty {
        return resolve(href)
      }
    case "object":
      if let data = node.attribute("data") { return resolve(data) }
    case "data", "meter":
      if let value = node.attribute("value") { return value }
    case "time":
      if let datetime = node.attribute("datetime") { return datetime }
    default:
      break
    }
    if syntax == .rdfa, let resource = node.attribute("resource") ?? node.attribute("src") {
      return resolve(resource)
    }
    if let datetime = node.attribute("datetime") { return datetime }
    // Lists of steps or ingredients inside one property: one entry per item.
    let items = node.descendants().filter { $0.name == "li" }
    if items.count > 1 {
      let texts = items.map { ExtraEntities.decode($0.text) }.filter { !$0.isEmpty }
      if texts.count > 1 { return texts }
    }
    return ExtraEntities.decode(node.textWithLineBreaks)
  }

  /// The line an ingredient property shows, with the amount a page marks up beside it: in
  /// "<tr><td>4</td><td><span itemprop=recipeIngredient>Eier</span></td></tr>" the row, not
  /// the span, is the line. The enclosing list item, row, paragraph or definition (at most
  /// three levels up, never past an item) is taken when it holds this one ingredient only and
  /// shows more text around it.
  private func ingredientLine(at node: MarkupNode) -> String {
    // (Without a shop's badge or "buy" link inside the item: "Se produkt".)
    let own = HeuristicRecipe.textWithoutOffers(node)
    var ancestor = node.parent
    var levels = 0
    while let container = ancestor, levels < 3, !isItem(container) {
      if ["li", "tr", "p", "dd"].contains(container.name) {
        guard container.hasAtMost(200) else { break }
        let ingredients = container.descendants().filter { element in
          propertyNames(of: element).contains(where: Self.textOnlyProperties.contains)
        }
        let line = HeuristicRecipe.textWithoutOffers(container)
        if ingredients.count == 1, line.count > own.count, line.contains(own) { return line }
        break
      }
      ancestor = container.parent
      levels += 1
    }
    return own
  }

  /// An image's address: the widest of its `srcset` (or `data-srcset`), else its `src`,
  /// preferring the lazy-loading attributes over a placeholder `src`.
  private func imageSource(_ node: MarkupNode) -> String {
    for name in ["srcset", "data-srcset"] {
      if let widest = node.attribute(name).flatMap(ImageRanking.widest(inSrcset:)) {
        return widest
      }
    }
    let source = node.attribute("src") ?? ""
    if source.isEmpty || source.hasPrefix("data:") {
      for name in ["data-src", "data-lazy-src", "data-original", "data-srcset", "srcset"] {
        if let value = node.attribute(name)?.split(separator: " ").first, !value.isEmpty {
          return String(value)
        }
      }
    }
    return source
  }
}
