import Foundation
import LarderCore
import Testing

/// The native trim agrees with Foundation's, which it replaces on hot paths.
@Suite struct TrimmingTests {
  static let samples = [
    "", " ", "eggs", "  eggs ", "\teggs\t", "\u{00A0}eggs\u{3000}", "\neggs\r\n",
    "\u{2028}x\u{2029}",
    "\u{85}x\u{85}", " \u{200B}x ", "é ", " naïve\u{0301} ", "🍳 ", " 2 cups  milk ",
    "\u{0B}\u{0C}x",
    "  \u{1680}a b\u{2000}\u{200A}\u{202F}\u{205F}",
  ]

  @Test(arguments: samples) func agreesWithFoundation(_ text: String) {
    #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
    #expect(
      text.trimmingWhitespace(newlines: true)
        == text.trimmingCharacters(in: .whitespacesAndNewlines))
    let slice = Substring(text)
    #expect(slice.trimmingWhitespace() == slice.trimmingCharacters(in: .whitespaces))
  }

  @Test func aZeroWidthSpaceIsTrimmed() {
    // Foundation on Linux trims it too, though not every one of a run of them.
    #expect(" \u{200B}\u{200B}eggs\u{200B}".trimmingWhitespace() == "eggs")
    #expect("\u{200B}".trimmingWhitespace(newlines: true) == "")
  }

  @Test func agreesOnRandomText() {
    var generator = SeededRandom(seed: 41)
    let pieces: [String] = [
      " ", "\t", "\n", "\r", "\u{00A0}", "\u{2028}", "\u{85}", "\u{3000}", "a", "é", "e\u{0301}",
      "🍳", ",",
    ]
    for _ in 0..<2_000 {
      let count = Int(generator.next() % 8)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      #expect(
        text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces),
        "\(text.debugDescription)")
      #expect(
        text.trimmingWhitespace(newlines: true)
          == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
    }
  }
}
