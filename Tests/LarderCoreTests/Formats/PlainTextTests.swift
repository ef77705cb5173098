import LarderCore
import Testing

@Suite struct PlainTextTests {
  @Test(arguments: [
    ("Mac &amp; Cheese", "Mac & Cheese"),
    ("<b>Bold</b> move", "Bold move"),
    ("a&nbsp;b", "a b"),
    ("It&#8217;s &#x2019;done&#X2019;", "It’s ’done’"),
    ("&unknown; &amp", "&unknown; &amp"),
    ("5 < 6 and 7 > 2", "5 < 6 and 7 > 2"),
    ("  lots   of\n\tspace ", "lots of space"),
    ("one<br/>two<p>three</p>", "one two three"),
  ])
  func cleansHTMLIntoOneLine(html: String, text: String) {
    #expect(PlainText.clean(html) == text)
  }

  @Test(arguments: [
    ("Mum&amp;amp;#39;s cake", "Mum's cake"),
    ("juice of 1&amp;frac12; lemons", "juice of 1½ lemons"),
    ("&lt;p&gt;A &lt;em&gt;proper&lt;/em&gt; loaf.&lt;/p&gt;", "A proper loaf."),
    ("2 tbsp milk ((optional))", "2 tbsp milk (optional)"),
    ("1\u{200B} rook\u{00AD}worst", "1 rookworst"),
    ("Verwarm\u{200D} de oven\u{FEFF}", "Verwarm de oven"),
    ("aard&shy;appels &amp; boter", "aardappels & boter"),
    ("20\u{202F}cl de cr&egrave;me, 3 &oelig;ufs", "20 cl de crème, 3 œufs"),
    ("Petersilie , Koriander (frisch)", "Petersilie , Koriander (frisch)"),
  ])
  func cleansAsACarefulReaderWould(html: String, text: String) {
    #expect(PlainText.clean(html) == text)
  }

  @Test func keepsLineBreaksWhenAsked() {
    #expect(
      PlainText.clean("<p>one</p>\n<p>two <br> three</p>", keepLines: true) == "one\ntwo\nthree")
  }
}
