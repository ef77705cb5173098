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

  @Test func keepsLineBreaksWhenAsked() {
    #expect(
      PlainText.clean("<p>one</p>\n<p>two <br> three</p>", keepLines: true) == "one\ntwo\nthree")
  }
}
