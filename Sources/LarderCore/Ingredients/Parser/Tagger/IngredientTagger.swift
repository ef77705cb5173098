import Foundation

/// A learned sequence tagger for ingredient tokens: a structured averaged perceptron over
/// hashed features (see ``TaggerFeatures``), decoded with Viterbi over label bigrams.
///
/// The shipped model is `Resources/ingredient-tagger.bin`, loaded once on first use
/// (``shipped``). Its format, all little-endian:
///
/// | bytes | content |
/// |---|---|
/// | 8 | magic `LRDRTAG1` |
/// | 4 | UInt32 feature-template version (``TaggerFeatures/version``) |
/// | 4 | UInt32 label count L (8, in ``IngredientLabel`` order) |
/// | 4 | UInt32 feature count N |
/// | 4 | Float32 scale: a weight is its Int16 times the scale |
/// | 4·(L+1)·L | Float32 transitions: row 0 from the start, row 1+k from label k |
/// | 4·L | Float32 transitions to the end |
/// | 8·N | UInt64 feature keys, ascending |
/// | 2·N·L | Int16 weights, L per feature in key order |
///
/// Regenerate it with `make train-tagger`.
public struct IngredientTagger: Sendable {
  /// What went wrong reading a model.
  public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data is not a tagger model, or is cut short; `detail` says where.
    case malformed(detail: String)
    /// The model was made with other feature templates and must be retrained.
    case versionMismatch(found: UInt32, expected: UInt32)

    /// A sentence saying what is wrong.
    public var description: String {
      switch self {
      case .malformed(let detail):
        return "not an ingredient tagger model: \(detail)"
      case .versionMismatch(let found, let expected):
        return "tagger model has feature version \(found), this Larder needs \(expected); "
          + "run `make train-tagger`"
      }
    }
  }

  static let magic: [UInt8] = Array("LRDRTAG1".utf8)
  static let labelCount = IngredientLabel.count

  /// The feature table, open addressing: each slot holds a key's high 32 bits and the
  /// feature's index (low 32 bits, plus one; 0 marks an empty slot).
  let slots: [UInt64]
  let mask: Int
  /// The weights of each feature, one lane per label, in feature order.
  let weights: [SIMD8<Float>]
  /// The features' keys, in feature order.
  let keys: [UInt64]
  /// (L+1)·L: row 0 from the start, row 1+k from label k.
  let transitions: [Float]
  /// L: to the end.
  let endTransitions: [Float]
  /// Number of features.
  public let featureCount: Int

  /// The model shipped with Larder, loaded on first use; nil if the resource is missing or
  /// unreadable (the parser then uses its rules alone).
  public static let shipped: IngredientTagger? = {
    guard
      let url = Bundle.module.url(
        forResource: "ingredient-tagger", withExtension: "bin", subdirectory: "Resources")
        ?? Bundle.module.url(forResource: "ingredient-tagger", withExtension: "bin"),
      let data = try? Data(contentsOf: url, options: .mappedIfSafe)
    else { return nil }
    return try? IngredientTagger(data: data)
  }()

  /// Makes a tagger from weights: `weights[k * L ..< (k + 1) * L]` belong to `keys[k]`.
  init(keys: [UInt64], weights: [Float], transitions: [Float], endTransitions: [Float]) {
    precondition(Self.labelCount == 8, "the tagger packs one SIMD8 lane per label")
    var capacity = 16
    while capacity < keys.count * 2 { capacity *= 2 }
    var slots = [UInt64](repeating: 0, count: capacity)
    let mask = capacity - 1
    for (index, key) in keys.enumerated() {
      let tag = key & 0xFFFF_FFFF_0000_0000
      var slot = Int(truncatingIfNeeded: key) & mask
      while slots[slot] != 0 && slots[slot] & 0xFFFF_FFFF_0000_0000 != tag {
        slot = (slot + 1) & mask
      }
      slots[slot] = tag | UInt64(index + 1)
    }
    self.slots = slots
    self.mask = mask
    self.weights = (0..<keys.count).map { index in
      var lanes = SIMD8<Float>()
      for label in 0..<8 { lanes[label] = weights[index * 8 + label] }
      return lanes
    }
    self.keys = keys
    self.transitions = transitions
    self.endTransitions = endTransitions
    featureCount = keys.count
  }

  /// Reads a model in the format described above.
  public init(data: Data) throws {
    let bytes = [UInt8](data)
    var offset = 0
    func need(_ count: Int, _ what: String) throws {
      guard offset + count <= bytes.count else {
        throw ModelError.malformed(detail: "file ends inside the \(what) at byte \(offset)")
      }
    }
    func readUInt32(_ what: String) throws -> UInt32 {
      try need(4, what)
      var value: UInt32 = 0
      for shift in 0..<4 { value |= UInt32(bytes[offset + shift]) << (8 * shift) }
      offset += 4
      return value
    }
    func readFloat(_ what: String) throws -> Float { Float(bitPattern: try readUInt32(what)) }
    try need(8, "magic")
    guard Array(bytes[0..<8]) == Self.magic else {
      throw ModelError.malformed(detail: "missing the LRDRTAG1 magic")
    }
    offset = 8
    let version = try readUInt32("version")
    guard version == TaggerFeatures.version else {
      throw ModelError.versionMismatch(found: version, expected: TaggerFeatures.version)
    }
    let labels = Int(try readUInt32("label count"))
    guard labels == Self.labelCount else {
      throw ModelError.malformed(detail: "\(labels) labels, expected \(Self.labelCount)")
    }
    let count = Int(try readUInt32("feature count"))
    let scale = try readFloat("scale")
    var transitions: [Float] = []
    for _ in 0..<((labels + 1) * labels) { transitions.append(try readFloat("transitions")) }
    var endTransitions: [Float] = []
    for _ in 0..<labels { endTransitions.append(try readFloat("end transitions")) }
    try need(count * 8 + count * labels * 2, "feature table")
    var keys = [UInt64](repeating: 0, count: count)
    for index in 0..<count {
      var value: UInt64 = 0
      for shift in 0..<8 { value |= UInt64(bytes[offset + shift]) << (8 * shift) }
      keys[index] = value
      offset += 8
    }
    var weights = [Float](repeating: 0, count: count * labels)
    for index in 0..<(count * labels) {
      let raw = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
      weights[index] = Float(Int16(bitPattern: raw)) * scale
      offset += 2
    }
    self.init(
      keys: keys, weights: weights, transitions: transitions, endTransitions: endTransitions)
  }

  /// The model in the file format described above, with weights rounded to 16 bits.
  public func serialized() -> Data {
    let labels = Self.labelCount
    let order = keys.indices.sorted { keys[$0] < keys[$1] }
    var largest: Float = 0
    for lanes in weights { for label in 0..<labels { largest = max(largest, abs(lanes[label])) } }
    let scale = largest > 0 ? largest / 32767 : 1
    var bytes: [UInt8] = Self.magic
    bytes.reserveCapacity(32 + keys.count * (8 + 2 * labels))
    func append(_ value: UInt32) {
      for shift in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
    }
    append(TaggerFeatures.version)
    append(UInt32(labels))
    append(UInt32(keys.count))
    append(scale.bitPattern)
    for value in transitions { append(value.bitPattern) }
    for value in endTransitions { append(value.bitPattern) }
    for index in order {
      for shift in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: keys[index] >> (8 * shift))) }
    }
    for index in order {
      for label in 0..<labels {
        let quantized = Int16((weights[index][label] / scale).rounded())
        let raw = UInt16(bitPattern: quantized)
        bytes.append(UInt8(truncatingIfNeeded: raw))
        bytes.append(UInt8(truncatingIfNeeded: raw >> 8))
      }
    }
    return Data(bytes)
  }

  /// The index of a feature, or -1 when the model does not know it.
  @inline(__always)
  func featureIndex(of key: UInt64, in slots: UnsafeBufferPointer<UInt64>) -> Int {
    let tag = key & 0xFFFF_FFFF_0000_0000
    var slot = Int(truncatingIfNeeded: key) & mask
    while true {
      let found = slots[slot]
      if found == 0 { return -1 }
      if found & 0xFFFF_FFFF_0000_0000 == tag { return Int(found & 0xFFFF_FFFF) - 1 }
      slot = (slot + 1) & mask
    }
  }

  /// The labels of a line's tokens, given the rules' labels (a feature).
  func labels(for tokens: [TokenCore], ruleLabels: [IngredientLabel]) -> [IngredientLabel] {
    let count = tokens.count
    guard count > 0 else { return [] }
    let perToken = TaggerFeatures.perToken
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count * perToken) { keys in
      TaggerFeatures.fillKeys(tokens, ruleLabels: ruleLabels, into: keys)
      return withUnsafeTemporaryAllocation(of: SIMD8<Float>.self, capacity: count) { scores in
        scores.initialize(repeating: .zero)
        slots.withUnsafeBufferPointer { slots in
          weights.withUnsafeBufferPointer { weights in
            for index in 0..<count where !tokens[index].isPunctuation {
              var total = SIMD8<Float>()
              for feature in 0..<perToken {
                let found = featureIndex(of: keys[index * perToken + feature], in: slots)
                if found >= 0 { total += weights[found] }
              }
              scores[index] = total
            }
          }
        }
        return decode(tokens, scores: UnsafeBufferPointer(scores))
      }
    }
  }

  /// Viterbi over label bigrams; punctuation is always punctuation, words never are.
  func decode(
    _ tokens: [TokenCore], scores: UnsafeBufferPointer<SIMD8<Float>>
  )
    -> [IngredientLabel]
  {
    let count = tokens.count
    let labels = 8
    let punctuation = Int(IngredientLabel.punctuation.rawValue)
    return transitions.withUnsafeBufferPointer { transitions in
      withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * labels) { best in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count * labels) { back in
          var current = 0
          for label in 0..<labels {
            let allowed = (label == punctuation) == tokens[0].isPunctuation
            best[label] = allowed ? scores[0][label] + transitions[label] : -.infinity
            back[label] = 0
          }
          var index = 1
          while index < count {
            let isPunctuation = tokens[index].isPunctuation
            let previousRow = current * labels
            let row = (1 - current) * labels
            for label in 0..<labels {
              guard (label == punctuation) == isPunctuation else {
                best[row + label] = -.infinity
                back[index * labels + label] = 0
                continue
              }
              var top: Float = -.infinity
              var from = 0
              for previous in 0..<labels {
                let total =
                  best[previousRow + previous] + transitions[(previous + 1) * labels + label]
                if total > top {
                  top = total
                  from = previous
                }
              }
              best[row + label] = top + scores[index][label]
              back[index * labels + label] = UInt8(from)
            }
            current = 1 - current
            index += 1
          }
          var top: Float = -.infinity
          var label = 0
          for candidate in 0..<labels {
            let total = best[current * labels + candidate] + endTransitions[candidate]
            if total > top {
              top = total
              label = candidate
            }
          }
          var path = [IngredientLabel](repeating: .comment, count: count)
          var position = count - 1
          while position >= 0 {
            path[position] = IngredientLabel(rawValue: UInt8(label)) ?? .comment
            label = Int(back[position * labels + label])
            position -= 1
          }
          return path
        }
      }
    }
  }

  /// The best label path: `scores[i * L + k]` is label k's score at token i; only labels in
  /// `allowed[i]` are considered.
  static func viterbi(
    scores: [Float], count: Int, allowed: [IngredientLabelSet], transitions: [Float],
    endTransitions: [Float]
  ) -> [Int] {
    let labels = labelCount
    var best = [Float](repeating: -.infinity, count: count * labels)
    var back = [Int](repeating: 0, count: count * labels)
    for label in 0..<labels where allowed[0].contains(IngredientLabel(rawValue: UInt8(label))!) {
      best[label] = scores[label] + transitions[label]
    }
    if count > 1 {
      for index in 1..<count {
        let here = allowed[index]
        for label in 0..<labels where here.bits & (1 << UInt16(label)) != 0 {
          var top: Float = -.infinity
          var from = 0
          for previous in 0..<labels {
            let value = best[(index - 1) * labels + previous]
            if value == -.infinity { continue }
            let total = value + transitions[(previous + 1) * labels + label]
            if total > top {
              top = total
              from = previous
            }
          }
          best[index * labels + label] = top + scores[index * labels + label]
          back[index * labels + label] = from
        }
      }
    }
    var top: Float = -.infinity
    var last = 0
    for label in 0..<labels {
      let value = best[(count - 1) * labels + label]
      if value == -.infinity { continue }
      let total = value + endTransitions[label]
      if total > top {
        top = total
        last = label
      }
    }
    var path = [Int](repeating: 0, count: count)
    path[count - 1] = last
    if count > 1 {
      for index in stride(from: count - 1, to: 0, by: -1) {
        path[index - 1] = back[index * labels + path[index]]
      }
    }
    return path
  }
}
