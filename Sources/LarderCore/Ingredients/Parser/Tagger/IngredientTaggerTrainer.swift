import Foundation

/// One line to learn from: its tokens, the rules' labels, and which labels each token may
/// take (one for a fully labelled token, several when the data only narrows it down).
public struct TaggerExample: Sendable {
  /// The line.
  public let input: String
  /// What each token may be, one set per token of ``IngredientTokenizer/tokens(_:)``.
  public var allowed: [IngredientLabelSet]
  /// The tokens as the parser reads them.
  let tokens: [TokenCore]
  /// The rules' labels, a feature.
  let ruleLabels: [IngredientLabel]

  /// Makes an example; `allowed` must hold one set per token of the line.
  public init(input: String, allowed: [IngredientLabelSet]) {
    self.input = input
    tokens = IngredientTokenizer().read(input).cores
    precondition(tokens.count == allowed.count, "one label set per token")
    self.allowed = allowed
    ruleLabels = IngredientRules.labels(for: tokens)
  }
}

/// Trains an ``IngredientTagger``: a structured averaged perceptron with Viterbi decoding.
///
/// Deterministic: the examples are visited in an order shuffled by a seeded SplitMix64, and
/// the arithmetic is the same on every run. Tokens whose label the data leaves open (a set of
/// several allowed labels) take the best labelling the current weights allow within those
/// sets, so partially labelled lines teach what they can and nothing more.
public struct IngredientTaggerTrainer: Sendable {
  /// Passes over the examples.
  public var epochs: Int
  /// Seed for the visiting order.
  public var seed: UInt64
  /// Features seen on fewer tokens than this are not learned.
  public var minimumFeatureCount: Int
  /// After averaging, features whose largest absolute weight is below this are dropped.
  public var pruneBelow: Float

  /// Makes a trainer.
  public init(
    epochs: Int = 12, seed: UInt64 = 20_250_101, minimumFeatureCount: Int = 2,
    pruneBelow: Float = 5
  ) {
    self.epochs = epochs
    self.seed = seed
    self.minimumFeatureCount = minimumFeatureCount
    self.pruneBelow = pruneBelow
  }

  /// Trains on the examples; `progress` hears each finished epoch and the share of tokens the
  /// weights already labelled right during it.
  public func train(
    _ examples: [TaggerExample], progress: ((_ epoch: Int, _ tokenAccuracy: Double) -> Void)? = nil
  ) -> IngredientTagger {
    let labels = IngredientLabel.count
    let perToken = TaggerFeatures.perToken
    let allKeys = examples.map { TaggerFeatures.keys($0.tokens, ruleLabels: $0.ruleLabels) }

    // Count features over word tokens and keep the frequent ones.
    var counts: [UInt64: Int32] = [:]
    for (example, keys) in zip(examples, allKeys) {
      for index in example.tokens.indices where !example.tokens[index].isPunctuation {
        for feature in 0..<perToken { counts[keys[index * perToken + feature], default: 0] += 1 }
      }
    }
    var kept = counts.filter { Int($0.value) >= minimumFeatureCount }.map(\.key)
    kept.sort()
    var indexOf: [UInt64: Int32] = [:]
    indexOf.reserveCapacity(kept.count)
    for (index, key) in kept.enumerated() { indexOf[key] = Int32(index) }
    counts = [:]
    let featureIndices: [[Int32]] = allKeys.map { keys in keys.map { indexOf[$0] ?? -1 } }

    var weights = Averaged(count: kept.count * labels)
    var transitions = Averaged(count: (labels + 1) * labels)
    var ends = Averaged(count: labels)
    var generator = SeededRandom(seed: seed)
    var order = Array(examples.indices)
    var step = 1

    for epoch in 0..<epochs {
      for index in stride(from: order.count - 1, to: 0, by: -1) {
        let other = Int(generator.next() % UInt64(index + 1))
        order.swapAt(index, other)
      }
      var correct = 0
      var total = 0
      for exampleIndex in order {
        let example = examples[exampleIndex]
        let features = featureIndices[exampleIndex]
        let count = example.tokens.count
        guard count > 0 else { continue }
        var scores = [Float](repeating: 0, count: count * labels)
        for token in 0..<count where !example.tokens[token].isPunctuation {
          for feature in 0..<perToken {
            let index = features[token * perToken + feature]
            if index < 0 { continue }
            let row = Int(index) * labels
            for label in 0..<labels {
              scores[token * labels + label] += weights.current[row + label]
            }
          }
        }
        let open = example.tokens.map {
          $0.isPunctuation ? IngredientLabelSet.punctuationOnly : IngredientLabelSet.anyWord
        }
        let predicted = IngredientTagger.viterbi(
          scores: scores, count: count, allowed: open, transitions: transitions.current,
          endTransitions: ends.current)
        let gold = IngredientTagger.viterbi(
          scores: scores, count: count, allowed: example.allowed, transitions: transitions.current,
          endTransitions: ends.current)
        for token in 0..<count where !example.tokens[token].isPunctuation {
          total += 1
          if predicted[token] == gold[token] { correct += 1 }
        }
        if predicted != gold {
          for token in 0..<count where predicted[token] != gold[token] {
            for feature in 0..<perToken {
              let index = features[token * perToken + feature]
              if index < 0 { continue }
              let row = Int(index) * labels
              weights.add(row + gold[token], 1, at: step)
              weights.add(row + predicted[token], -1, at: step)
            }
          }
          for token in 0...count {
            let goldFrom = token == 0 ? 0 : gold[token - 1] + 1
            let predictedFrom = token == 0 ? 0 : predicted[token - 1] + 1
            if token == count {
              if gold[count - 1] != predicted[count - 1] {
                ends.add(gold[count - 1], 1, at: step)
                ends.add(predicted[count - 1], -1, at: step)
              }
              continue
            }
            if goldFrom != predictedFrom || gold[token] != predicted[token] {
              transitions.add(goldFrom * labels + gold[token], 1, at: step)
              transitions.add(predictedFrom * labels + predicted[token], -1, at: step)
            }
          }
        }
        step += 1
      }
      progress?(epoch + 1, total > 0 ? Double(correct) / Double(total) : 0)
    }

    let averaged = weights.averaged(at: step)
    var keys: [UInt64] = []
    var keptWeights: [Float] = []
    for (index, key) in kept.enumerated() {
      let row = Array(averaged[(index * labels)..<((index + 1) * labels)])
      guard let largest = row.map(abs).max(), largest >= pruneBelow else { continue }
      keys.append(key)
      keptWeights.append(contentsOf: row)
    }
    return IngredientTagger(
      keys: keys, weights: keptWeights, transitions: transitions.averaged(at: step),
      endTransitions: ends.averaged(at: step))
  }
}

/// Weights with the running sums an averaged perceptron needs, updated lazily.
private struct Averaged {
  var current: [Float]
  var sums: [Double]
  var stamps: [Int]

  init(count: Int) {
    current = [Float](repeating: 0, count: count)
    sums = [Double](repeating: 0, count: count)
    stamps = [Int](repeating: 0, count: count)
  }

  mutating func add(_ index: Int, _ delta: Float, at step: Int) {
    sums[index] += Double(step - stamps[index]) * Double(current[index])
    stamps[index] = step
    current[index] += delta
  }

  func averaged(at step: Int) -> [Float] {
    current.indices.map { index in
      let total = sums[index] + Double(step - stamps[index]) * Double(current[index])
      return Float(total / Double(max(step, 1)))
    }
  }
}
