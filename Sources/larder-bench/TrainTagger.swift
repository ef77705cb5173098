import Foundation
import LarderCore

/// `larder-bench train-tagger`: trains the ingredient tagger on the labelled lines and writes
/// the model the parser ships.
///
/// Reads every `*.csv` in `--data` (default `../shared/data/ingredient-lines`), keeps one line
/// in ten (by a hash of its input) as the development set, trains on the rest, scores rules
/// alone and rules with the tagger on the development set, writes the model to `--output`
/// (default `Sources/LarderCore/Resources/ingredient-tagger.bin`) and prints a JSON report.
/// Deterministic: the same data and options give the same bytes.
///
/// Options: `--epochs N`, `--seed N`, `--min-count N`, `--prune X`, `--all 1` (train on the
/// development lines too, for a final model), `--errors FILE` (development-set mistakes as TSV),
/// `--rules-only 1` (score the rules alone; no training, no model written), `--model FILE`
/// (score a trained model; no training), `--exclude TEXT` (train without the files whose names
/// contain TEXT; default "nyt", "none" for every file).
struct TrainTagger {
  let options: [String: String]

  static let usage = """
    usage: larder-bench train-tagger [--data DIR] [--output FILE] [--epochs 12] [--seed N]
                                     [--min-count 2] [--prune 5] [--exclude nyt|none]
                                     [--errors FILE] [--model FILE [--speed 1]] [--rules-only 1]
    """

  func run() throws -> String {
    let data =
      options["data"] ?? IngredientBenchmark.repositoryPath("../shared/data/ingredient-lines")
    let output = options["output"] ?? "Sources/LarderCore/Resources/ingredient-tagger.bin"
    let defaults = IngredientTaggerTrainer()
    var trainer = defaults
    trainer.epochs = try integer("epochs", defaults.epochs)
    trainer.seed = UInt64(try integer("seed", Int(defaults.seed)))
    trainer.minimumFeatureCount = try integer("min-count", defaults.minimumFeatureCount)
    if let prune = options["prune"] {
      guard let value = Float(prune), value >= 0 else {
        throw BenchError(message: "--prune: '\(prune)' is not a number ≥ 0\n" + Self.usage)
      }
      trainer.pruneBelow = value
    }

    let lines = try readLines(folder: data)
    let development = lines.filter(\.isDevelopment)
    var training = options["all"] == "1" ? lines : lines.filter { !$0.isDevelopment }
    // The NYT labels disagree with themselves (the same word is name in one line and comment
    // in the next); training on them costs accuracy on every file, theirs included, so by
    // default they only score. `--exclude none` trains on everything.
    let excluded = options["exclude"] ?? "nyt"
    if excluded != "none" {
      training = training.filter { !$0.source.contains(excluded) }
    }

    if let path = options["model"] {
      // Score a model already trained, without training.
      let tagger = try IngredientTagger(data: Data(contentsOf: URL(fileURLWithPath: path)))
      let parser = IngredientParser(tagger: tagger)
      let scores = IngredientParseScore.evaluate(development, parser: parser)
      if let errors = options["errors"] { try writeErrors(development, parser: parser, to: errors) }
      var result: [String: Any] = ["model": path, "development": ["tagger": summary(scores)]]
      if options["speed"] == "1" { result["speed"] = speed(lines.map(\.input), tagger: tagger) }
      let json = try JSONSerialization.data(
        withJSONObject: result, options: [.prettyPrinted, .sortedKeys])
      return String(decoding: json, as: UTF8.self)
    }
    if options["rules-only"] == "1" {
      // Score the rules alone, without training or writing a model.
      let rules = IngredientParseScore.evaluate(development, parser: IngredientParser(tagger: nil))
      if let errors = options["errors"] {
        try writeErrors(development, parser: IngredientParser(tagger: nil), to: errors)
      }
      var report = TaggerAlignment.Report()
      _ = training.compactMap { TaggerAlignment.example(for: $0, report: &report) }
      let result: [String: Any] = [
        "development": ["rules": summary(rules)],
        "alignment": [
          "aligned": report.aligned, "droppedLeftoverLabels": report.leftoverLabels,
          "droppedUnmatchedWords": report.unmatchedWords,
        ],
      ]
      let json = try JSONSerialization.data(
        withJSONObject: result, options: [.prettyPrinted, .sortedKeys])
      return String(decoding: json, as: UTF8.self)
    }
    var report = TaggerAlignment.Report()
    let examples = training.compactMap { TaggerAlignment.example(for: $0, report: &report) }
    var epochs: [[String: Any]] = []
    let started = Date()
    let tagger = trainer.train(examples) { epoch, accuracy in
      epochs.append(["epoch": epoch, "tokenAccuracy": round4(accuracy)])
      FileHandle.standardError.write(
        Data("epoch \(epoch): token accuracy \(round4(accuracy))\n".utf8))
    }
    let trainingSeconds = Date().timeIntervalSince(started)
    let model = tagger.serialized()
    try model.write(to: URL(fileURLWithPath: output))
    // Score what ships: the model read back from its 16-bit file.
    let shipped = try IngredientTagger(data: model)

    let rules = IngredientParseScore.evaluate(development, parser: IngredientParser(tagger: nil))
    let tagged = IngredientParseScore.evaluate(
      development, parser: IngredientParser(tagger: shipped))
    if let errors = options["errors"] {
      try writeErrors(development, parser: IngredientParser(tagger: shipped), to: errors)
    }
    let result: [String: Any] = [
      "suite": "train-tagger",
      "data": data,
      "output": output,
      "modelBytes": model.count,
      "features": shipped.featureCount,
      "lines": ["training": training.count, "development": development.count],
      "alignment": [
        "aligned": report.aligned, "droppedLeftoverLabels": report.leftoverLabels,
        "droppedUnmatchedWords": report.unmatchedWords,
      ],
      "trainer": [
        "excluded": excluded,
        "epochs": trainer.epochs, "seed": trainer.seed,
        "minimumFeatureCount": trainer.minimumFeatureCount,
        "pruneBelow": trainer.pruneBelow, "seconds": round4(trainingSeconds),
      ],
      "epochs": epochs,
      "development": ["rules": summary(rules), "tagger": summary(tagged)],
      "machine": Machine.description,
    ]
    let json = try JSONSerialization.data(
      withJSONObject: result, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: json, as: UTF8.self)
  }

  /// Lines parsed per second on one thread, over every labelled input, rules alone and with
  /// the tagger (a quick check; `larder-bench ingredients` is the benchmark).
  func speed(_ inputs: [String], tagger: IngredientTagger) -> [String: Any] {
    var result: [String: Any] = ["lines": inputs.count]
    for (name, parser) in [
      ("rules", IngredientParser(tagger: nil)), ("tagger", IngredientParser(tagger: tagger)),
    ] {
      var checksum = 0
      for input in inputs.prefix(2000) { checksum &+= parser.parse(input).name?.utf8.count ?? 0 }
      // The best of five passes in thread CPU time, since other work may share the machine.
      var best = Double.infinity
      for _ in 0..<5 {
        let start = threadSeconds()
        for input in inputs { checksum &+= parser.parse(input).name?.utf8.count ?? 0 }
        best = min(best, threadSeconds() - start)
      }
      result[name] = ["linesPerSecond": Int(Double(inputs.count) / best), "checksum": checksum]
    }
    return result
  }

  func integer(_ name: String, _ fallback: Int) throws -> Int {
    guard let text = options[name] else { return fallback }
    guard let value = Int(text), value > 0 else {
      throw BenchError(
        message: "--\(name): '\(text)' is not a positive whole number\n" + Self.usage)
    }
    return value
  }

  func readLines(folder: String) throws -> [LabeledIngredientLine] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.hasSuffix(".csv") }.sorted()
    } catch {
      throw BenchError(
        message: "cannot read the labelled lines in '\(folder)': \(error)", exitCode: 1)
    }
    guard !names.isEmpty else {
      throw BenchError(message: "no .csv files in '\(folder)'", exitCode: 1)
    }
    var lines: [LabeledIngredientLine] = []
    for name in names {
      let path = (folder as NSString).appendingPathComponent(name)
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw BenchError(message: "cannot read '\(path)' as UTF-8", exitCode: 1)
      }
      lines += LabeledIngredientLine.read(csv: text, source: String(name.dropLast(4)))
    }
    return lines
  }

  func summary(_ scores: [String: IngredientParseScore]) -> [String: Any] {
    var result: [String: Any] = [:]
    for (source, score) in scores {
      result[source] = [
        "lines": score.lines, "name": round4(score.ratio(score.names)),
        "nameOnly": round4(score.ratio(score.nameOnly)),
        "quantity": round4(score.ratio(score.quantities)), "unit": round4(score.ratio(score.units)),
        "allThree": round4(score.ratio(score.allThree)),
      ]
    }
    return result
  }

  func writeErrors(
    _ lines: [LabeledIngredientLine], parser: IngredientParser, to path: String
  ) throws {
    var text = "source\tinput\twhat\texpected name\tname\texpected q\tq\texpected unit\tunit\n"
    for line in lines {
      let parsed = parser.parse(line.input)
      let verdict = IngredientParseScore.judge(parsed, against: line)
      guard !(verdict.name && verdict.quantity && verdict.unit) else { continue }
      let what = [
        verdict.name ? nil : "name", verdict.quantity ? nil : "quantity",
        verdict.unit ? nil : "unit",
      ].compactMap { $0 }.joined(separator: ",")
      let labeled = IngredientParseScore.benchmarkLine(line)
      func number(_ low: Double?, _ high: Double?) -> String {
        (low.map { "\($0)" } ?? "") + (high.map { "-\($0)" } ?? "")
      }
      let fields = [
        line.source, line.input, what, IngredientEvaluation.normalizedName(labeled?.name ?? ""),
        IngredientEvaluation.normalizedName(IngredientEvaluation.Prediction(parsed).name ?? ""),
        number(labeled?.quantity, labeled?.quantityMax),
        number(parsed.quantity, parsed.quantityMax),
        labeled?.unit ?? "", parsed.unit ?? "",
      ]
      text +=
        fields.map { $0.replacingOccurrences(of: "\t", with: " ") }.joined(separator: "\t") + "\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}

func round4(_ value: Double) -> Double { (value * 10000).rounded() / 10000 }

/// CPU time used by the calling thread, in seconds.
func threadSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
