import Foundation

/// Turns tokens (and the rules' labels) into hashed feature keys for the tagger.
///
/// Each feature is a 64-bit key: a template number mixed with the hashes of the values it
/// looks at (the word, its suffix, the previous word, the rules' label...), so no strings are
/// built while parsing. Changing the templates changes the keys: bump ``version`` and retrain.
enum TaggerFeatures {
  /// The feature templates' version, stored in the model file; a model made with another
  /// version is refused.
  static let version: UInt32 = 5

  /// FNV-1a over the UTF-8 bytes of a string.
  @inline(__always)
  static func hash(_ text: String) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    return value
  }

  /// FNV-1a over bytes.
  @inline(__always)
  static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    return value
  }

  /// Combines a key with another value (a SplitMix64-style finaliser).
  @inline(__always)
  static func mix(_ left: UInt64, _ right: UInt64) -> UInt64 {
    var value = left &+ 0x9E37_79B9_7F4A_7C15 &+ (right &* 0xBF58_476D_1CE4_E5B9)
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// What the features know about one token, computed once.
  struct TokenFacts {
    var word: UInt64
    var shape: UInt64
    var suffix2: UInt64
    var suffix3: UInt64
    var prefix3: UInt64
    var unit: UInt64
    var lexicon: UInt64
    var rule: UInt64
    var kind: UInt64
    var depth: UInt64
    var commas: UInt64
  }

  static let boundary = TokenFacts(
    word: 0xED6E, shape: 0xED6E, suffix2: 0, suffix3: 0, prefix3: 0, unit: 0,
    lexicon: 0, rule: 99, kind: 9, depth: 0, commas: 0)

  static func valueBucket(_ token: TokenCore) -> UInt64 {
    guard let value = token.value else { return 0 }
    switch value {
    case ..<1: return 1
    case 1: return 2
    case ..<5: return 3
    case ..<20: return 4
    case ..<100: return 5
    default: return 6
    }
  }

  static func facts(_ tokens: [TokenCore], ruleLabels: [IngredientLabel]) -> [TokenFacts] {
    var result: [TokenFacts] = []
    result.reserveCapacity(tokens.count)
    var depth = 0
    var commas = 0
    for index in tokens.indices {
      let token = tokens[index]
      let symbol = token.symbol
      if symbol == 0x29 || symbol == 0x5D { depth = max(0, depth - 1) }
      var facts = TokenFacts(
        word: token.hash, shape: token.shape, suffix2: token.suffix2, suffix3: token.suffix3,
        prefix3: token.prefix3, unit: 0, lexicon: 0, rule: UInt64(ruleLabels[index].rawValue),
        kind: UInt64(token.kind.rawValue), depth: UInt64(min(depth, 1)),
        commas: UInt64(min(commas, 2)))
      switch token.kind {
      case .number:
        facts.word = mix(0x5A17, UInt64(token.numberForm?.rawValue ?? 0) * 16 + valueBucket(token))
      case .punctuation:
        break
      case .word:
        if token.unit >= 0 {
          facts.unit = UInt64(token.unit) + 10
        } else if token.info.has(IngredientWords.unitPhraseStart), index + 1 < tokens.count,
          tokens[index + 1].isWord,
          IngredientWords.info(IngredientWords.phraseHash(token.hash, tokens[index + 1].hash)).unit
            >= 0
        {
          facts.unit = 2
        }
        var bits = UInt64(token.info.flags)
        if token.flags & TokenCore.endsInED != 0 { bits |= 1 << 20 }
        if token.flags & TokenCore.endsInLY != 0 { bits |= 1 << 21 }
        facts.lexicon = bits
      }
      result.append(facts)
      if symbol == 0x28 || symbol == 0x5B { depth += 1 }
      if symbol == 0x2C || symbol == 0x3B { commas += depth == 0 ? 1 : 0 }
    }
    return result
  }

  /// The feature keys of every token, flattened: token `i` owns
  /// `keys[i * perToken ..< (i + 1) * perToken]`.
  static let perToken = 34

  static func keys(_ tokens: [TokenCore], ruleLabels: [IngredientLabel]) -> [UInt64] {
    [UInt64](unsafeUninitializedCapacity: tokens.count * perToken) { buffer, initialized in
      buffer.initialize(repeating: 0)
      fillKeys(tokens, ruleLabels: ruleLabels, into: buffer)
      initialized = tokens.count * perToken
    }
  }

  /// Writes every word token's feature keys into `keys` (room for `tokens.count * perToken`);
  /// punctuation tokens' keys are left alone.
  static func fillKeys(
    _ tokens: [TokenCore], ruleLabels: [IngredientLabel],
    into keys: UnsafeMutableBufferPointer<UInt64>
  ) {
    let facts = facts(tokens, ruleLabels: ruleLabels)
    let count = tokens.count
    // The next token that is not punctuation, for context across commas.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { nextWord in
      var last = -1
      for index in stride(from: count - 1, through: 0, by: -1) {
        nextWord[index] = last
        if !tokens[index].isPunctuation { last = index }
      }
      fillKeys(tokens, facts: facts, nextWord: UnsafeBufferPointer(nextWord), into: keys)
    }
  }

  private static func fillKeys(
    _ tokens: [TokenCore], facts: [TokenFacts], nextWord: UnsafeBufferPointer<Int>,
    into keys: UnsafeMutableBufferPointer<UInt64>
  ) {
    let count = tokens.count
    func at(_ index: Int) -> TokenFacts {
      index >= 0 && index < count ? facts[index] : boundary
    }
    var previousWordIndex = -1
    for index in 0..<count where !tokens[index].isPunctuation {
      defer { previousWordIndex = index }
      let here = facts[index]
      let previous = at(index - 1)
      let previous2 = at(index - 2)
      let next = at(index + 1)
      let next2 = at(index + 2)
      let previousSolid = at(previousWordIndex)
      let nextSolid = at(nextWord[index])
      let position = UInt64(min(index, 6))
      let fromEnd = UInt64(min(count - 1 - index, 3))
      var slot = index * perToken
      @inline(__always) func add(_ template: UInt64, _ value: UInt64) {
        keys[slot] = mix(template &* 0x1000_0000_01B3, value)
        slot += 1
      }
      add(1, 0)
      add(2, here.word)
      add(3, previous.word)
      add(4, next.word)
      add(5, previous2.word)
      add(6, next2.word)
      add(7, mix(previous.word, here.word))
      add(8, mix(here.word, next.word))
      add(9, here.suffix3)
      add(10, here.suffix2)
      add(11, here.prefix3)
      add(12, here.shape)
      add(13, mix(previous.shape, here.shape))
      add(14, here.unit)
      add(15, here.lexicon)
      add(16, here.rule)
      add(17, mix(previous.rule, here.rule))
      add(18, mix(here.rule, next.rule))
      add(19, mix(here.rule, here.word))
      add(20, mix(here.depth, here.commas))
      add(21, mix(position, here.rule))
      add(22, mix(fromEnd, here.rule))
      add(23, previousSolid.word)
      add(24, nextSolid.word)
      add(25, mix(previousSolid.rule, here.rule))
      add(26, mix(here.rule, nextSolid.rule))
      add(27, mix(here.word, here.depth))
      add(28, mix(here.word, here.commas))
      add(29, mix(previous.unit, here.kind))
      add(30, mix(next.unit, here.kind))
      add(31, mix(previousSolid.lexicon, here.lexicon))
      add(32, mix(here.shape, next.shape))
      add(33, mix(position, here.word))
      add(34, mix(here.commas, here.rule))
    }
  }
}
