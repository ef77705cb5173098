import Foundation

/// One piece of an ingredient line: a number, a word or a punctuation mark, and where it is.
///
/// Numbers are read whole: "1 1/2", "1½", "1-1/2" and "1,5" are one token each, and so is a
/// range such as "2-3", "2 to 3" or "2 or 3" (``value`` 2, ``maxValue`` 3).
public struct IngredientToken: Hashable, Sendable {
  /// What a token is.
  public enum Kind: UInt8, Hashable, Sendable {
    /// A quantity: integer, decimal, fraction, mixed number or range.
    case number
    /// A run of letters, with inner apostrophes and hyphens ("baker's", "extra-virgin").
    case word
    /// Any other single character: punctuation, symbols, parentheses, emoji.
    case punctuation
  }

  /// How a number was written; the tagger uses it as a feature.
  public enum NumberForm: UInt8, Hashable, Sendable {
    /// "2", "1,000".
    case integer
    /// "1.5", "1,5".
    case decimal
    /// "1/2", "½".
    case fraction
    /// "1 1/2", "1½", "1-1/2".
    case mixed
    /// "2-3", "2 to 3", "2 or 3".
    case range
  }

  /// What the token is.
  public var kind: Kind
  /// The text exactly as written (a range keeps its "to").
  public var text: String
  /// The text lowercased, for comparisons.
  public var lowercased: String
  /// Where the token is in the line, in UTF-16 offsets.
  public var span: TextSpan
  /// The number's value, or a range's lower bound; nil for words and punctuation.
  public var value: Double?
  /// A range's upper bound, else nil.
  public var maxValue: Double?
  /// How a number was written; nil for words and punctuation.
  public var numberForm: NumberForm?
  /// Whether the token touches the one before it, with no space between ("150g" → "g").
  public var isGlued: Bool

  /// Makes a token.
  public init(
    kind: Kind, text: String, lowercased: String? = nil, span: TextSpan, value: Double? = nil,
    maxValue: Double? = nil, numberForm: NumberForm? = nil, isGlued: Bool = false
  ) {
    self.kind = kind
    self.text = text
    self.lowercased = lowercased ?? text.lowercased()
    self.span = span
    self.value = value
    self.maxValue = maxValue
    self.numberForm = numberForm
    self.isGlued = isGlued
  }

  /// Whether the token is a word.
  public var isWord: Bool { kind == .word }
  /// Whether the token is a number.
  public var isNumber: Bool { kind == .number }
  /// Whether the token is punctuation.
  public var isPunctuation: Bool { kind == .punctuation }
}

/// What the parser knows about a token, without its text: trivially copyable, so the rules,
/// the tagger and the assembler pass tokens around for free. Text comes from the line's UTF-8
/// bytes through ``byteStart`` and ``byteEnd`` when a field is written out.
struct TokenCore {
  static let upperCase: UInt8 = 1
  static let nonASCII: UInt8 = 2
  static let endsInED: UInt8 = 4
  static let endsInLY: UInt8 = 8
  static let lowerCase: UInt8 = 16

  var kind: IngredientToken.Kind
  var numberForm: IngredientToken.NumberForm?
  var isGlued: Bool
  /// ``upperCase``, ``nonASCII``, ``endsInED``, ``endsInLY``, ``lowerCase``.
  var flags: UInt8
  /// The length in characters (scalars), at most 255.
  var length: UInt8
  /// A punctuation token's character, else 0.
  var symbol: UInt32
  /// ``TaggerFeatures/hash(_:)`` of the lowercased text (the text itself for punctuation).
  var hash: UInt64
  /// Hashes of the lowercased word's last two and three bytes and first three (0 when the
  /// word has three bytes or fewer).
  var suffix2: UInt64
  var suffix3: UInt64
  var prefix3: UInt64
  /// What the lexicon knows about the word.
  var info: WordInfo
  /// The word's shape (case pattern and length), a feature.
  var shape: UInt64
  /// The unit the token names by itself (case-sensitive aliases first), or -1.
  var unit: Int16
  var value: Double?
  var maxValue: Double?
  var span: TextSpan
  var byteStart: Int
  var byteEnd: Int

  var isWord: Bool { kind == .word }
  var isNumber: Bool { kind == .number }
  var isPunctuation: Bool { kind == .punctuation }

  @inline(__always)
  func isSymbol(_ scalar: Unicode.Scalar) -> Bool { symbol == scalar.value }
  @inline(__always)
  func has(_ flag: UInt32) -> Bool { kind == .word && info.flags & flag != 0 }
}

/// A line read by the tokenizer: its bytes and its tokens.
struct TokenizedLine {
  var bytes: [UInt8]
  var cores: [TokenCore]

  var count: Int { cores.count }

  /// The text of token `index` as written.
  func text(_ index: Int) -> String {
    bytes.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(rebasing: $0[cores[index].byteStart..<cores[index].byteEnd]),
        as: UTF8.self)
    }
  }

  /// The text of token `index`, lowercased.
  func lowercased(_ index: Int) -> String {
    let core = cores[index]
    if core.flags & (TokenCore.upperCase | TokenCore.nonASCII) == 0 { return text(index) }
    if core.flags & TokenCore.nonASCII != 0 { return text(index).lowercased() }
    var lowered = Array(bytes[core.byteStart..<core.byteEnd])
    for position in lowered.indices where lowered[position] >= 0x41 && lowered[position] <= 0x5A {
      lowered[position] += 0x20
    }
    return String(decoding: lowered, as: UTF8.self)
  }

  /// The public token for index `index`.
  func token(_ index: Int) -> IngredientToken {
    let core = cores[index]
    let text = text(index)
    return IngredientToken(
      kind: core.kind, text: text, lowercased: core.kind == .word ? lowercased(index) : text,
      span: core.span, value: core.value, maxValue: core.maxValue, numberForm: core.numberForm,
      isGlued: core.isGlued)
  }
}
