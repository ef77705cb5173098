/// Typo detection for "did you mean …?" suggestions.
enum Spelling {
  /// Returns the candidate closest to `word`, if it is close enough to be a likely typo.
  ///
  /// Close enough means at most one edit for words up to five letters and at most two edits for
  /// longer ones, ignoring case; ties go to the earliest candidate.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let allowed = max(1, min(2, word.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = distance(word.lowercased(), candidate.lowercased())
      if distance <= allowed, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// Returns the number of single-letter insertions, deletions, substitutions and swaps of
  /// neighbours that turn `source` into `target` (optimal string alignment distance).
  static func distance(_ source: String, _ target: String) -> Int {
    let source = Array(source)
    let target = Array(target)
    if source.isEmpty { return target.count }
    if target.isEmpty { return source.count }
    // Rows i-2, i-1 and i of the usual dynamic-programming table.
    var twoBack = [Int](repeating: 0, count: target.count + 1)
    var previous = Array(0...target.count)
    var current = [Int](repeating: 0, count: target.count + 1)
    for i in 1...source.count {
      current[0] = i
      for j in 1...target.count {
        let substitution = source[i - 1] == target[j - 1] ? 0 : 1
        current[j] = min(
          previous[j] + 1,
          current[j - 1] + 1,
          previous[j - 1] + substitution)
        if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
          current[j] = min(current[j], twoBack[j - 2] + 1)
        }
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[target.count]
  }
}
