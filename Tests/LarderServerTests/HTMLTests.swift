import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderServer

/// The HTML builder: literals are markup, interpolated text is always escaped, and markup from
/// anywhere else goes in only through `HTML(unsafeRaw:)`.
@Suite struct HTMLTests {
  @Test(arguments: [
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("Tom & Jerry", "Tom &amp; Jerry"),
    (#"say "hi""#, "say &quot;hi&quot;"),
    ("it's", "it&#39;s"),
    ("plain text", "plain text"),
  ])
  func interpolatedTextIsEscapedInContent(text: String, escaped: String) {
    let html: HTML = "<p>\(text)</p>"
    #expect(html.markup == "<p>\(escaped)</p>")
  }

  @Test func quotesCannotLeaveAnAttribute() {
    let hostile = #"" onmouseover="alert(1)"#
    let html: HTML = "<a title=\"\(hostile)\">x</a>"
    #expect(html.markup == #"<a title="&quot; onmouseover=&quot;alert(1)">x</a>"#)
    let single = "' onfocus='alert(1)"
    let quoted: HTML = "<a title='\(single)'>x</a>"
    #expect(!quoted.markup.contains("' onfocus"))
  }

  @Test func attributeFormsAppearOnlyWithAValue() {
    let current: HTML = "<a\(attribute: "aria-current", "page")>"
    #expect(current.markup == #"<a aria-current="page">"#)
    let none: HTML = "<a\(attribute: "aria-current", nil)>"
    #expect(none.markup == "<a>")
    let escaped: HTML = "<a\(attribute: "title", #""><b>"#)>"
    #expect(escaped.markup == #"<a title="&quot;&gt;&lt;b&gt;">"#)
    let flag: HTML = "<input\(attribute: "checked", if: true)\(attribute: "hidden", if: false)>"
    #expect(flag.markup == "<input checked>")
  }

  @Test func builtHTMLIsInsertedAsItIsAndListsJoin() {
    let name = "<i>Soup</i>"
    let item: HTML = "<li>\(name)</li>"
    let list: HTML = "<ul>\([item, item], separator: "\n")</ul>"
    #expect(
      list.markup == "<ul><li>&lt;i&gt;Soup&lt;/i&gt;</li>\n<li>&lt;i&gt;Soup&lt;/i&gt;</li></ul>")
    let missing: HTML? = nil
    let text: String? = nil
    let empty: HTML = "<p>\(missing)\(text)</p>"
    #expect(empty.markup == "<p></p>")
  }

  @Test func onlyTheRawCallInsertsMarkupFromAString() {
    let markup = "<b>bold</b>"
    let escaped: HTML = "\(markup)"
    #expect(escaped.markup == "&lt;b&gt;bold&lt;/b&gt;")
    let raw: HTML = "\(HTML(unsafeRaw: markup))"
    #expect(raw.markup == markup)
  }

  /// Every page goes through the builder: no page source escapes by hand, and the raw call is
  /// not used by any page at all.
  @Test func pagesNeitherEscapeByHandNorUseTheRawCall() throws {
    let pages = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/LarderServer/Pages")
    let names = try FileManager.default.contentsOfDirectory(atPath: pages.path)
    #expect(names.contains("Pages.swift"))
    for name in names where name.hasSuffix(".swift") && name != "HTML.swift" {
      let source = try String(contentsOf: pages.appendingPathComponent(name), encoding: .utf8)
      #expect(!source.contains("escapeHTML("), "\(name)")
      #expect(!source.contains("HTML.escape("), "\(name)")
      #expect(!source.contains("unsafeRaw"), "\(name)")
    }
  }
}
