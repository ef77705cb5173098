/// What a person typing a word the index does not have may have meant: the index's words
/// within a small edit distance of it, or of their beginning (a word typed partly, and
/// wrongly). "chiken" finds chicken, "zuchini" zucchini, "parmesean" parmesan.
///
/// Only words the index has never held are corrected, so a word spelt right (or the start of
/// one) always finds exactly what it says, first.
enum SearchSpelling {
  /// Edits allowed: none for a word of three letters or fewer (too many neighbours), one up
  /// to five letters, two beyond.
  static func allowedEdits(forLength length: Int) -> Int {
    length <= 3 ? 0 : length <= 5 ? 1 : 2
  }

  /// Whether `term` is a word this corrects: ASCII letters, four or more.
  static func isCorrectable(_ term: String) -> Bool {
    term.utf8.count >= 4
      && term.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
  }

  /// The words of `candidates` nearest `term`, up to `limit`: by edits, then by how much
  /// longer or shorter they are, then alphabetically. A candidate counts by its closest
  /// beginning of about the term's length as well as whole.
  static func neighbours(of term: String, among candidates: [String], limit: Int = 8) -> [String] {
    let typed = Array(term.utf8)
    let allowed = allowedEdits(forLength: typed.count)
    guard allowed > 0 else { return [] }
    var found: [(word: String, edits: Int, lengthGap: Int)] = []
    for word in candidates {
      let letters = Array(word.utf8)
      guard letters.count >= typed.count - allowed else { continue }
      var best = Int.max
      // The whole word, and its beginnings within `allowed` letters of the term's length.
      var lengths = Set([letters.count])
      for length in (typed.count - allowed)...(typed.count + allowed)
      where length > 0 && length <= letters.count {
        lengths.insert(length)
      }
      for length in lengths {
        if let edits = distance(typed, letters[..<length], atMost: allowed) {
          best = min(best, edits)
        }
      }
      if best <= allowed {
        found.append((word, best, abs(letters.count - typed.count)))
      }
    }
    found.sort {
      ($0.edits, $0.lengthGap, $0.word) < ($1.edits, $1.lengthGap, $1.word)
    }
    return found.prefix(limit).map(\.word)
  }

  /// The optimal string alignment distance (insertions, deletions, substitutions and swaps
  /// of neighbours) between `a` and `b`, or nil when it is more than `limit`.
  static func distance(_ a: [UInt8], _ b: ArraySlice<UInt8>, atMost limit: Int) -> Int? {
    let b = Array(b)
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowBest = current[0]
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, before[j - 2] + 1)
        }
        current[j] = value
        rowBest = min(rowBest, value)
      }
      if rowBest > limit { return nil }
      (before, previous, current) = (previous, current, before)
    }
    let result = previous[b.count]
    return result <= limit ? result : nil
  }

  /// The search as it was run: `terms` with each corrected one replaced by its nearest word,
  /// space-separated; nil when nothing was corrected.
  static func correctedQuery(_ terms: [String], corrections: [String: [String]]) -> String? {
    guard terms.contains(where: { corrections[$0]?.first != nil }) else { return nil }
    return terms.map { corrections[$0]?.first ?? $0 }.joined(separator: " ")
  }
}
