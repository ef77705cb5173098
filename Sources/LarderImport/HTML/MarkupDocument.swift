import CLibXML2
import Foundation
import LarderCore

/// A parsed HTML or XML document: libxml2's tree, freed when the last reference goes.
///
/// libxml2 is wrapped here once; no libxml2 pointer leaves this file's two types. Parsing never
/// touches the network, never expands external entities and never loads a DTD.
///
/// Limits, so that a hostile page costs bounded time and memory:
/// - documents larger than ``maximumBytes`` are refused;
/// - libxml2's own limits stay on (no `HUGE` option: text nodes up to 10 MB, XML nesting up to
///   256 levels);
/// - every traversal below is iterative, and walks that follow structure stop at
///   ``maximumDepth`` levels, so deep nesting cannot overflow the stack.
final class MarkupDocument: @unchecked Sendable {
  // @unchecked Sendable: the tree is never changed after parsing and libxml2 allows concurrent
  // reads of one tree; the pointer is private and freed only in deinit.
  fileprivate let pointer: xmlDocPtr

  /// The largest document accepted, in bytes.
  static let maximumBytes = 32 << 20
  /// How deep structure-following walks go before they stop.
  static let maximumDepth = 512

  /// Whether the bytes were decoded as ISO-8859-1 standing in for windows-1252, so that the
  /// C1 controls in the text are really windows-1252's quotes, dashes and euro sign.
  let mapsC1ToWindows1252: Bool

  private init(pointer: xmlDocPtr, mapsC1ToWindows1252: Bool = false) {
    self.pointer = pointer
    self.mapsC1ToWindows1252 = mapsC1ToWindows1252
  }

  deinit { xmlFreeDoc(pointer) }

  /// libxml2 wants one call to `xmlInitParser` before it is used from several threads.
  private static let initialized: Bool = {
    xmlInitParser()
    return true
  }()

  /// Keeps libxml2 from printing encoding and I/O errors to standard error: the options below
  /// silence parser errors, but conversion errors go to the (per-thread) structured handler.
  private static func silenceErrors() {
    xmlSetStructuredErrorFunc(nil, ignoreError)
  }

  /// Parses HTML as browsers would accept it: broken markup is recovered, not rejected.
  ///
  /// The character set is `charset` when given, else the byte-order mark, else the first
  /// `<meta charset>` or `http-equiv` declaration, else UTF-8. Invalid UTF-8 is replaced by
  /// U+FFFD rather than making libxml2 guess another encoding for the whole page.
  static func html(_ data: Data, charset: String? = nil, source: String) throws -> MarkupDocument {
    _ = initialized
    guard data.count <= maximumBytes else {
      throw LarderImportError.unreadable(
        source: source, reason: "larger than \(maximumBytes >> 20) MiB")
    }
    silenceErrors()
    var bytes = data
    var encoding = Charset.normalized(charset) ?? Charset.sniff(data) ?? "UTF-8"
    if !Charset.isSupported(encoding) { encoding = "UTF-8" }
    // windows-1252 leaves five bytes undefined and libxml2 stops at the first; ISO-8859-1
    // decodes every byte, and the C1 controls it gives are mapped back when text is read.
    let mapsC1 = encoding == "WINDOWS-1252"
    if mapsC1 { encoding = "ISO-8859-1" }
    if encoding == "UTF-8" {
      // Swift's decoder replaces every invalid sequence with U+FFFD.
      var text = String(decoding: data, as: UTF8.self)
      if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
      bytes = Data(text.utf8)
    }
    // Word's saved pages: "<![if !supportLists]>·<![endif]>" draws a list's bullet that the
    // HTML reader would show as text, markers and all; the bullet and the markers go.
    // (Read byte for byte as ISO-8859-1 and written back so, whatever the page's encoding.)
    if bytes.range(of: Data("<![if".utf8)) != nil,
      let text = String(data: bytes, encoding: .isoLatin1),
      let cleaned = Self.withoutDownlevelMarkers(text).data(using: .isoLatin1)
    {
      bytes = cleaned
    }
    if bytes.isEmpty { bytes = Data("<html></html>".utf8) }
    let options = Int32(
      HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
        | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
        | HTML_PARSE_NODEFDTD.rawValue)
    let document = bytes.withUnsafeBytes { buffer -> xmlDocPtr? in
      guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
      return htmlReadMemory(base, Int32(buffer.count), nil, encoding, options)
    }
    guard let document else {
      throw LarderImportError.unreadable(source: source, reason: "not an HTML document")
    }
    return MarkupDocument(pointer: document, mapsC1ToWindows1252: mapsC1)
  }
  /// A page without Word's down-level conditional markers: what a condition on Word's
  /// support ("<![if !supportLists]>", "<![if !supportLineBreakNewLine]>") wraps is dropped,
  /// and the markers of any other condition are left out.
  static func withoutDownlevelMarkers(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstRange(of: "<![if") {
      result += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].firstRange(of: "]>") else {
        rest = rest[open.lowerBound...]
        break
      }
      let condition = rest[open.upperBound..<close.lowerBound].lowercased()
      rest = rest[close.upperBound...]
      if condition.contains("support"), let end = rest.firstRange(of: "<![endif]>") {
        rest = rest[end.upperBound...]
      }
    }
    result += rest
    return result.replacingOccurrences(of: "<![endif]>", with: "")
  }

  /// Parses an XML document in the encoding its declaration names (UTF-8 by default).
  ///
  /// Entities are not substituted and no DTD is loaded, so a document cannot make the parser
  /// read files, reach the network or expand entities without bound.
  static func xml(_ data: Data, source: String) throws -> MarkupDocument {
    _ = initialized
    silenceErrors()
    guard data.count <= maximumBytes else {
      throw LarderImportError.unreadable(
        source: source, reason: "larger than \(maximumBytes >> 20) MiB")
    }
    let options = Int32(
      XML_PARSE_RECOVER.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)
    // libxml2 drops the declared encoding when the declaration is out of order (MasterCook
    // writes `standalone` before `encoding`), so it is read here and passed explicitly.
    var encoding = Charset.xmlDeclaration(data)
    if encoding == nil && String(validatingUTF8Data: data) == nil { encoding = "WINDOWS-1252" }
    if let name = encoding, !Charset.isSupported(name) { encoding = nil }
    let mapsC1 = encoding == "WINDOWS-1252"
    if mapsC1 { encoding = "ISO-8859-1" }
    // An out-of-order declaration also makes libxml2 treat the document as not well-formed,
    // and then it drops every entity reference (`&apos;`) in recovery; so the declaration is
    // rewritten in the standard order.
    var bytes = data
    if bytes.starts(with: Array("<?xml".utf8)),
      let end = bytes.prefix(256).firstRange(of: Array("?>".utf8))
    {
      bytes.replaceSubrange(
        bytes.startIndex..<end.upperBound, with: Array("<?xml version=\"1.0\"?>".utf8))
    }
    let document = bytes.withUnsafeBytes { buffer -> xmlDocPtr? in
      guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
      return xmlReadMemory(base, Int32(buffer.count), nil, encoding, options)
    }
    guard let document, xmlDocGetRootElement(document) != nil else {
      if let document { xmlFreeDoc(document) }
      throw LarderImportError.unreadable(source: source, reason: "not an XML document")
    }
    return MarkupDocument(pointer: document, mapsC1ToWindows1252: mapsC1)
  }

  /// The top element (`<html>` for HTML), if there is one.
  var root: MarkupNode? {
    xmlDocGetRootElement(pointer).map { MarkupNode(document: self, pointer: $0) }
  }

  /// Every element in document order, optionally only those named `name` (lowercase).
  func elements(named name: String? = nil) -> [MarkupNode] {
    root?.descendants(includingSelf: true).filter { name == nil || $0.name == name } ?? []
  }
}

/// One element or text node of a ``MarkupDocument``; it keeps its document alive.
struct MarkupNode {
  /// The document, held so the tree outlives every node taken from it.
  let document: MarkupDocument
  fileprivate let pointer: xmlNodePtr

  /// Whether this is an element (rather than text, a comment, ...).
  var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }
  /// Whether this is text or CDATA.
  var isText: Bool { Self.isTextKind(pointer.pointee.type) }

  /// Text, CDATA and entity references (which stand for text: `&apos;` in an XML document
  /// whose DTD is not loaded stays a reference rather than becoming text).
  fileprivate static func isTextKind(_ kind: xmlElementType) -> Bool {
    kind == XML_TEXT_NODE || kind == XML_CDATA_SECTION_NODE || kind == XML_ENTITY_REF_NODE
  }

  /// The element's name in lowercase ("div"), or "" for other nodes.
  var name: String {
    guard isElement, let name = pointer.pointee.name else { return "" }
    return String(cString: name).lowercased()
  }

  /// The element's parent element.
  var parent: MarkupNode? {
    guard let parent = pointer.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else {
      return nil
    }
    return MarkupNode(document: document, pointer: parent)
  }

  /// Child elements and text nodes, in order.
  var children: [MarkupNode] {
    var result: [MarkupNode] = []
    var child = pointer.pointee.children
    while let node = child {
      let kind = node.pointee.type
      if kind == XML_ELEMENT_NODE || Self.isTextKind(kind) {
        result.append(MarkupNode(document: document, pointer: node))
      }
      child = node.pointee.next
    }
    return result
  }

  /// Child elements only.
  var elementChildren: [MarkupNode] { children.filter(\.isElement) }

  /// An attribute's value with entities decoded, or nil when absent. The HTML parser lowercases
  /// attribute names, so ask for HTML attributes in lowercase.
  func attribute(_ name: String) -> String? {
    guard isElement else { return nil }
    var property = pointer.pointee.properties
    while let attribute = property {
      if let attributeName = attribute.pointee.name, String(cString: attributeName) == name {
        // The value is the attribute's text children, read in place so nothing is allocated
        // by libxml2 that would need freeing.
        var value = ""
        var child = attribute.pointee.children
        while let text = child {
          if let content = text.pointee.content { value += String(cString: content) }
          child = text.pointee.next
        }
        return document.mapsC1ToWindows1252 ? Charset.windows1252(value) : value
      }
      property = attribute.pointee.next
    }
    return nil
  }

  /// The attribute's value split at whitespace (for `class`, `itemprop`, `rel`, ...).
  ///
  /// HTML separates tokens with ASCII whitespace only; splitting the UTF-8 bytes is several
  /// times faster than asking each character whether it is whitespace, on every element.
  func tokens(_ name: String) -> [String] {
    guard let value = attribute(name) else { return [] }
    return value.utf8.split { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
      .map { String(Substring($0)) }
  }

  /// Whether the element's `class` or `id` contains `word` (lowercase ASCII), ignoring the
  /// case of ASCII letters; read from libxml2's bytes in place, cheap enough to ask of every
  /// element of a page.
  func classOrIDContains(_ word: String) -> Bool {
    guard isElement else { return false }
    let needle = Array(word.utf8)
    guard let first = needle.first else { return true }
    var property = pointer.pointee.properties
    while let attribute = property {
      if let name = attribute.pointee.name,
        xmlStrEqual(name, "class") != 0 || xmlStrEqual(name, "id") != 0
      {
        var child = attribute.pointee.children
        while let text = child {
          if let content = text.pointee.content {
            let length = Int(xmlStrlen(content))
            var start = 0
            while start + needle.count <= length {
              let byte = content[start]
              if byte | 0x20 == first,
                (1..<needle.count).allSatisfy({ offset in
                  let candidate = content[start + offset]
                  let lowered =
                    candidate >= 0x41 && candidate <= 0x5A ? candidate + 0x20 : candidate
                  return lowered == needle[offset]
                })
              {
                return true
              }
              start += 1
            }
          }
          child = text.pointee.next
        }
      }
      property = attribute.pointee.next
    }
    return false
  }

  /// A text node's own text.
  var ownText: String {
    if pointer.pointee.type == XML_ENTITY_REF_NODE {
      // Only the five predefined entities are ever read; others (external ones included)
      // are left out, never expanded.
      guard let name = pointer.pointee.name, let entity = xmlGetPredefinedEntity(name),
        let content = entity.pointee.content
      else { return "" }
      return String(cString: content)
    }
    guard isText, let content = pointer.pointee.content else { return "" }
    let text = String(cString: content)
    return document.mapsC1ToWindows1252 ? Charset.windows1252(text) : text
  }

  /// Every element below this node, in document order (iterative, so depth cannot overflow).
  func descendants(includingSelf: Bool = false) -> [MarkupNode] {
    var result: [MarkupNode] = []
    if includingSelf && isElement { result.append(self) }
    walk { node, _ in
      if node.isElement { result.append(node) }
      return true
    }
    return result
  }

  /// Whether at most `limit` nodes lie below this one; stops counting once past it.
  func hasAtMost(_ limit: Int) -> Bool {
    var count = 0
    walk { _, _ in
      count += 1
      return count <= limit
    }
    return count <= limit
  }

  /// Visits the nodes below this one in document order with their depth below it (1 for
  /// children); `visit` returns false to skip a node's subtree. Stops descending at
  /// ``MarkupDocument/maximumDepth``.
  func walk(_ visit: (MarkupNode, Int) -> Bool) {
    var stack: [(xmlNodePtr, Int)] = []
    func pushChildren(of node: xmlNodePtr, depth: Int) {
      guard depth < MarkupDocument.maximumDepth else { return }
      var children: [xmlNodePtr] = []
      var child = node.pointee.children
      while let next = child {
        children.append(next)
        child = next.pointee.next
      }
      for child in children.reversed() { stack.append((child, depth + 1)) }
    }
    pushChildren(of: pointer, depth: 0)
    while let (node, depth) = stack.popLast() {
      let kind = node.pointee.type
      guard kind == XML_ELEMENT_NODE || Self.isTextKind(kind) else { continue }
      if visit(MarkupNode(document: document, pointer: node), depth), kind == XML_ELEMENT_NODE {
        pushChildren(of: node, depth: depth)
      }
    }
  }

  /// The text inside this node with whitespace collapsed to single spaces; `<script>`,
  /// `<style>` and similar are left out.
  var text: String { Self.collapse(rawText(lineBreaks: false)) }

  /// The text inside this node with a line break at every block element and `<br>`, and
  /// whitespace inside lines collapsed; empty lines are dropped.
  var textWithLineBreaks: String {
    rawText(lineBreaks: true).components(separatedBy: "\n").map(Self.collapse)
      .filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// The text inside this node with whitespace collapsed, and a space between two elements
  /// that touch ("<span>1</span><span>cup</span>" reads "1 cup", as the page shows it through
  /// its style sheet); text running into an element ("<b>W</b>ord") is left joined.
  var textSeparatingElements: String {
    Self.collapse(rawText(lineBreaks: false, separatingElements: true))
  }

  /// ``textSeparatingElements`` without the text of buttons: a list item's own words, not
  /// its "Add to basket".
  var textWithoutButtons: String {
    Self.collapse(rawText(lineBreaks: false, separatingElements: true, skipping: ["button"]))
  }

  /// Whether the line goes on after this element: its nearest later sibling that is an
  /// element or text with more than spaces is text ("<b>Serves:</b> 4", not "<b>For the
  /// sauce:</b><br>").
  var continuesInline: Bool { inlineText != nil }

  /// The text the line goes on with after this element (``continuesInline``), trimmed; nil
  /// when an element or nothing follows.
  var inlineText: String? {
    var following = pointer.pointee.next
    while let node = following {
      let kind = node.pointee.type
      if kind == XML_ELEMENT_NODE { return nil }
      if Self.isTextKind(kind) {
        let text = MarkupNode(document: document, pointer: node).ownText
        if text.contains(where: { !$0.isWhitespace && $0 != "\u{A0}" }) {
          return text.trimmingCharacters(in: .whitespacesAndNewlines.union(["\u{A0}"]))
        }
      }
      following = node.pointee.next
    }
    return nil
  }

  /// Whether the first text inside this element starts with a comma, full stop, semicolon,
  /// colon or closing bracket.
  fileprivate var opensWithPunctuation: Bool {
    var node = pointer.pointee.children
    var steps = 0
    while let current = node, steps < 16 {
      steps += 1
      if Self.isTextKind(current.pointee.type) {
        let text = MarkupNode(document: document, pointer: current).ownText
        guard let first = text.first(where: { !$0.isWhitespace }) else {
          node = current.pointee.next
          continue
        }
        return ",.;:)".contains(first)
      }
      node =
        current.pointee.type == XML_ELEMENT_NODE ? current.pointee.children : current.pointee.next
    }
    return false
  }

  /// Whether the nearest earlier sibling that is an element or text is an element.
  fileprivate var followsElement: Bool {
    var previous = pointer.pointee.prev
    while let node = previous {
      let kind = node.pointee.type
      if kind == XML_ELEMENT_NODE { return true }
      if Self.isTextKind(kind) { return false }
      previous = node.pointee.prev
    }
    return false
  }

  /// The text of a `<script>` or `<style>` element, exactly as written.
  var scriptText: String {
    children.filter(\.isText).map(\.ownText).joined()
  }

  private func rawText(
    lineBreaks: Bool, separatingElements: Bool = false, skipping: Set<String> = []
  ) -> String {
    if isText { return ownText }
    var pieces: [String] = []
    var closers: [(depth: Int, text: String)] = []
    walk { node, depth in
      while let last = closers.last, last.depth >= depth {
        pieces.append(last.text)
        closers.removeLast()
      }
      if node.isText {
        pieces.append(node.ownText)
        return true
      }
      let name = node.name
      if Self.invisible.contains(name) || skipping.contains(name) { return false }
      // Not before a comma or full stop the element opens with ("<span>flour</span><span>,
      // plus more</span>" reads "flour, plus more").
      if separatingElements && node.followsElement && !node.opensWithPunctuation {
        pieces.append(" ")
      }
      if name == "br" {
        pieces.append(lineBreaks ? "\n" : " ")
      } else if Self.blocks.contains(name) {
        pieces.append(lineBreaks ? "\n" : " ")
        closers.append((depth, lineBreaks ? "\n" : " "))
      }
      return true
    }
    return pieces.joined()
  }

  /// Elements whose content is never shown as text.
  static let invisible: Set<String> = [
    "script", "style", "noscript", "template", "svg", "head", "iframe", "object", "select",
    "input", "textarea",
  ]
  /// Elements that start a new line when rendered.
  static let blocks: Set<String> = [
    "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "tr",
    "table", "section", "article", "header", "footer", "blockquote", "pre", "figure",
    "figcaption", "hr", "main", "aside", "nav", "form", "fieldset", "address", "details",
    "summary", "td", "th",
  ]

  static func collapse(_ text: String) -> String {
    // Read as bytes, not characters: reading characters took a fifth of a large page's time.
    let source = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(source.count)
    var pendingSpace = false
    var index = 0
    while index < source.count {
      let width = spaceWidth(source, at: index)
      if width > 0 {
        pendingSpace = !bytes.isEmpty
        index += width
        continue
      }
      if pendingSpace {
        bytes.append(0x20)
        pendingSpace = false
      }
      bytes.append(source[index])
      index += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The length in bytes of the white space at `index` of UTF-8 text, 0 when there is none:
  /// ASCII's, and U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F and
  /// U+3000, as `Character.isWhitespace` and the no-break space count.
  private static func spaceWidth(_ bytes: [UInt8], at index: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) ? 1 : 0 }
    func next(_ offset: Int) -> UInt8? {
      index + offset < bytes.count ? bytes[index + offset] : nil
    }
    switch byte {
    case 0xC2:
      return next(1) == 0x85 || next(1) == 0xA0 ? 2 : 0
    case 0xE1:
      return next(1) == 0x9A && next(2) == 0x80 ? 3 : 0
    case 0xE2:
      guard let second = next(1), let third = next(2) else { return 0 }
      if second == 0x80, (0x80...0x8A).contains(third) || [0xA8, 0xA9, 0xAF].contains(third) {
        return 3
      }
      return second == 0x81 && third == 0x9F ? 3 : 0
    case 0xE3:
      return next(1) == 0x80 && next(2) == 0x80 ? 3 : 0
    default:
      return 0
    }
  }

  /// `text` collapsed and cleaned of tags and entities until cleaning changes nothing: markup
  /// escaped into an export's text ("&lt;b&gt;", even twice) leaves no tag or entity behind
  /// for a later reading (of Larder's own schema.org export, say) to turn into something else.
  static func plainText(_ text: String) -> String {
    var current = collapse(text)
    for _ in 0..<4 {
      let cleaned = PlainText.clean(current)
      if cleaned == current { break }
      current = cleaned
    }
    return current
  }
}

/// Does nothing with a libxml2 error (see ``MarkupDocument``'s `silenceErrors`).
private let ignoreError: xmlStructuredErrorFunc = { _, _ in }

/// Finds and checks character set names.
enum Charset {
  /// windows-1252's characters for the bytes 0x80-0x9F, which ISO-8859-1 decodes as controls.
  private static let c1: [Character] = Array(
    "€\u{81}‚ƒ„…†‡ˆ‰Š‹Œ\u{8D}Ž\u{8F}\u{90}‘’“”•–—˜™š›œ\u{9D}žŸ")

  /// `text` with C1 controls replaced by the windows-1252 characters they stand for.
  static func windows1252(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else {
      return text
    }
    return String(
      text.unicodeScalars.map { scalar -> Character in
        (0x80...0x9F).contains(scalar.value)
          ? c1[Int(scalar.value - 0x80)] : Character(scalar)
      })
  }

  /// The name in libxml2's spelling, or nil for an empty one.
  static func normalized(_ name: String?) -> String? {
    guard var name = name?.trimmingCharacters(in: .whitespacesAndNewlines.union(["\"", "'"])),
      !name.isEmpty
    else { return nil }
    name = name.uppercased()
    switch name {
    case "UTF8", "UTF-8", "UNICODE-1-1-UTF-8", "UTF_8": return "UTF-8"
    // WHATWG: pages labelled Latin-1 are decoded as windows-1252.
    case "ISO-8859-1", "LATIN1", "LATIN-1", "ISO8859-1", "US-ASCII", "ASCII", "CP1252",
      "WINDOWS-1252", "X-CP1252":
      return "WINDOWS-1252"
    default: return name
    }
  }

  /// Whether libxml2 (through iconv) can decode `name`.
  static func isSupported(_ name: String) -> Bool {
    guard let handler = xmlFindCharEncodingHandler(name) else { return false }
    xmlCharEncCloseFunc(handler)
    return true
  }

  /// The encoding an XML declaration names, wherever in the declaration it stands.
  static func xmlDeclaration(_ data: Data) -> String? {
    let head = String(decoding: data.prefix(256), as: UTF8.self)
    guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"),
      let end = head.range(of: "?>"),
      let key = head[..<end.lowerBound].range(of: "encoding=")
    else { return nil }
    let value = head[key.upperBound..<end.lowerBound].drop { $0 == "\"" || $0 == "'" }
    let name = value.prefix { $0.isLetter || $0.isNumber || "-_.:".contains($0) }
    return normalized(String(name))
  }

  /// The charset a byte-order mark or a `<meta>` near the start declares.
  static func sniff(_ data: Data) -> String? {
    let head = data.prefix(4096)
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
    if head.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
    if head.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
    let text = String(decoding: head, as: UTF8.self).lowercased()
    var searchStart = text.startIndex
    while let meta = text.range(of: "<meta", range: searchStart..<text.endIndex) {
      let end = text[meta.upperBound...].firstIndex(of: ">") ?? text.endIndex
      let tag = text[meta.upperBound..<end]
      if let charset = tag.range(of: "charset=") {
        let value = tag[charset.upperBound...].drop { $0 == "\"" || $0 == "'" || $0 == " " }
        let name = value.prefix { $0.isLetter || $0.isNumber || "-_:.".contains($0) }
        // A page cannot be UTF-16 and have ASCII tags to declare it in (WHATWG: read UTF-8).
        if !name.isEmpty { return name.hasPrefix("utf-16") ? "UTF-8" : normalized(String(name)) }
      }
      searchStart = end
    }
    return nil
  }
}

extension String {
  /// The text when `data` is valid UTF-8, else nil.
  fileprivate init?(validatingUTF8Data data: Data) {
    guard let text = String(data: data, encoding: .utf8) else { return nil }
    self = text
  }
}

extension MarkupNode: Hashable {
  /// Two nodes are equal when they are the same node of the tree.
  static func == (lhs: MarkupNode, rhs: MarkupNode) -> Bool { lhs.pointer == rhs.pointer }

  func hash(into hasher: inout Hasher) { hasher.combine(pointer) }
}
