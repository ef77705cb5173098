import Foundation
import LarderCore

/// Accuracy and speed of ingredient-line parsing against the labeled lines in
/// `shared/data/ingredient-lines`, with the peer ingredient-parser-nlp run on the same lines in
/// the same run and scored by the same code (``IngredientEvaluation``).
///
/// Speed is measured three ways: Larder's parser in this process on one thread (parse only,
/// after loading), the whole `larder ingredients parse` process fed every line (when that
/// command exists), and the peer's Python process, both its own parse-only time and its whole
/// process.
struct IngredientBenchmark {
  /// Where the labeled CSV files are; nil for the default beside the repository.
  let dataDirectory: String?
  /// The name of the split being scored, recorded in the report.
  let split: String
  /// At most this many labeled lines from each file; nil for all.
  let limit: Int?
  /// Whether to run the peer.
  let runsPeer: Bool
  /// Where to write every line with its label, predictions and verdicts (JSON lines), if
  /// anywhere.
  var dumpPath: String? = nil

  static let peerName = "ingredient-parser-nlp"

  /// The repository this file was compiled from, for the peer's virtual environment.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func run() throws -> String {
    let directory = try Self.locateData(dataDirectory)
    let files = try loadFiles(in: directory)
    let lines = files.flatMap(\.lines)
    guard !lines.isEmpty else {
      throw BenchError(message: "no labeled lines in \(directory.path)", exitCode: 1)
    }
    let inputs = lines.map(\.input)

    let parser = IngredientParser()
    let larderPredictions = inputs.map { IngredientEvaluation.Prediction(parser.parse($0)) }
    let larderParse = Self.measureParsing(inputs, with: parser)
    let larderProcess = Self.measureLarderProcess(inputs)

    var results = Self.results(engine: "larder", files: files, predictions: larderPredictions)
    var speed: [String: Any] = [
      "larderParseLinesPerSecond": round3(larderParse.linesPerSecond),
      "larderParsePasses": larderParse.passes,
      "larderParseThreads": 1,
    ]
    speed.merge(larderProcess.report) { first, _ in first }

    var ratios: [String: Any] = [:]
    var peerReport: [String: Any] = ["name": Self.peerName, "ran": false]
    var peerPredictions: [IngredientEvaluation.Prediction]?
    if runsPeer {
      let peer = try PeerRun.run(inputs)
      peerPredictions = peer.predictions
      let peerResults = Self.results(
        engine: Self.peerName, files: files, predictions: peer.predictions)
      results += peerResults
      speed["peerParseLinesPerSecond"] = round3(peer.parseLinesPerSecond)
      speed["peerProcessLinesPerSecond"] = round3(peer.processLinesPerSecond)
      speed["peerProcessSeconds"] = round3(peer.processSeconds)
      speed["peerStartupSeconds"] = round3(peer.startupSeconds)
      peerReport = [
        "name": Self.peerName, "ran": true, "version": peer.version, "failedLines": peer.failures,
      ]
      let larderAll = Self.overall(files: files, predictions: larderPredictions)
      let peerAll = Self.overall(files: files, predictions: peer.predictions)
      ratios["allThreeLarderMinusPeer"] = round3(
        larderAll.fraction(larderAll.allThree) - peerAll.fraction(peerAll.allThree))
      ratios["nameLarderMinusPeer"] = round3(
        larderAll.fraction(larderAll.names) - peerAll.fraction(peerAll.names))
      ratios["parseSpeedLarderOverPeer"] = round3(
        larderParse.linesPerSecond / max(peer.parseLinesPerSecond, 1e-9))
      if let process = larderProcess.linesPerSecond {
        ratios["processSpeedLarderOverPeer"] = round3(
          process / max(peer.processLinesPerSecond, 1e-9))
      } else {
        ratios["processSpeedLarderOverPeer"] = NSNull()
      }
    }

    if let dumpPath {
      try Self.dump(
        to: dumpPath, files: files, larder: larderPredictions, peer: peerPredictions)
    }

    let report: [String: Any] = [
      "benchmark": "ingredients",
      "split": split,
      "data": directory.standardizedFileURL.path,
      "limitPerFile": limit.map { $0 as Any } ?? NSNull(),
      "lines": lines.count,
      "files": files.map { file in
        [
          "file": file.name, "format": file.format.rawValue, "rows": file.rowCount,
          "scored": file.lines.count, "skippedUnlabeled": file.unlabeledCount,
          "skippedEmptyInput": file.emptyInputCount,
        ] as [String: Any]
      },
      "machine": Machine.description,
      "peer": peerReport,
      "results": results,
      "speed": speed,
      "ratios": ratios,
      "memoryMB": Machine.peakMemoryMB,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  // MARK: - Data

  /// Where a path relative to the repository (`bench/languages`, `../shared/data/...`) may
  /// be: from the current folder, then from the repository this benchmark was built from.
  static func repositoryCandidates(_ relative: String) -> [URL] {
    [
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .appendingPathComponent(relative),
      packageRoot.appendingPathComponent(relative),
    ]
  }

  /// The first of ``repositoryCandidates(_:)`` that exists, else `relative` as given (so that
  /// what reads it names the path it missed). Run from another folder, the finder's corpus
  /// was once calibrated on defaults without a word when `../shared/data` was looked for only
  /// from the current folder.
  static func repositoryPath(_ relative: String) -> String {
    repositoryCandidates(relative).first { FileManager.default.fileExists(atPath: $0.path) }?
      .standardizedFileURL.path ?? relative
  }

  /// The data folder: the one given, else `../shared/data/ingredient-lines` from the current
  /// folder, else from the repository this benchmark was built from.
  static func locateData(_ given: String?) throws -> URL {
    let fileManager = FileManager.default
    func isFolder(_ url: URL) -> Bool {
      var isDirectory: ObjCBool = false
      return fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    if let given {
      let url = URL(fileURLWithPath: given)
      guard isFolder(url) else {
        throw BenchError(message: "--data: no folder at \(given)", exitCode: 1)
      }
      return url
    }
    let candidates = repositoryCandidates("../shared/data/ingredient-lines")
    guard let found = candidates.first(where: isFolder) else {
      throw BenchError(
        message: "no labeled ingredient lines: looked for "
          + candidates.map { $0.standardizedFileURL.path }.joined(separator: " and ")
          + "; pass --data DIR (the folder holding the labeled CSV files)",
        exitCode: 1)
    }
    return found
  }

  /// Every CSV file in the folder, in name order, each cut to `limit` lines.
  func loadFiles(in directory: URL) throws -> [IngredientEvaluation.LabeledFile] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.lowercased().hasSuffix(".csv") }.sorted()
    guard !names.isEmpty else {
      throw BenchError(message: "no .csv files in \(directory.path)", exitCode: 1)
    }
    return try names.map { name in
      let path = directory.appendingPathComponent(name).path
      let text: String
      do {
        text = try String(contentsOfFile: path, encoding: .utf8)
      } catch {
        throw BenchError(message: "cannot read \(path): \(error)", exitCode: 1)
      }
      do {
        var file = try IngredientEvaluation.readLabeledFile(named: name, csv: text)
        if let limit { file.lines = Array(file.lines.prefix(limit)) }
        return file
      } catch let error as LarderCoreError {
        throw BenchError(message: "\(path): \(error)", exitCode: 1)
      }
    }
  }

  // MARK: - Scoring

  /// One result row per file and one for all files.
  static func results(
    engine: String, files: [IngredientEvaluation.LabeledFile],
    predictions: [IngredientEvaluation.Prediction]
  ) -> [[String: Any]] {
    var rows: [[String: Any]] = []
    var all = IngredientEvaluation.Tally()
    var offset = 0
    for file in files {
      let tally = score(file.lines, predictions[offset..<offset + file.lines.count])
      offset += file.lines.count
      all.add(tally)
      rows.append(row(engine: engine, file: file.name, tally))
    }
    rows.append(row(engine: engine, file: "all", all))
    return rows
  }

  static func overall(
    files: [IngredientEvaluation.LabeledFile], predictions: [IngredientEvaluation.Prediction]
  ) -> IngredientEvaluation.Tally {
    score(files.flatMap(\.lines), predictions[...])
  }

  static func score(
    _ lines: [IngredientEvaluation.LabeledLine],
    _ predictions: ArraySlice<IngredientEvaluation.Prediction>
  ) -> IngredientEvaluation.Tally {
    var tally = IngredientEvaluation.Tally()
    for (line, prediction) in zip(lines, predictions) {
      tally.add(IngredientEvaluation.score(prediction, against: line))
    }
    return tally
  }

  static func row(
    engine: String, file: String, _ tally: IngredientEvaluation.Tally
  ) -> [String:
    Any]
  {
    [
      "engine": engine, "file": file, "n": tally.count,
      "name": round3(tally.fraction(tally.names)),
      "quantity": round3(tally.fraction(tally.quantities)),
      "unit": round3(tally.fraction(tally.units)),
      "allThree": round3(tally.fraction(tally.allThree)),
      "unitFirstListed": round3(tally.fraction(tally.unitsFirstListed)),
      "allThreeFirstListed": round3(tally.fraction(tally.allThreeFirstListed)),
    ]
  }

  /// Writes one JSON object per line: the file, the input, the label as scored, and each
  /// engine's prediction with its verdicts, for studying the misses.
  static func dump(
    to path: String, files: [IngredientEvaluation.LabeledFile],
    larder: [IngredientEvaluation.Prediction], peer: [IngredientEvaluation.Prediction]?
  ) throws {
    func optional(_ value: Any?) -> Any { value ?? NSNull() }
    func engine(
      _ prediction: IngredientEvaluation.Prediction, _ line: IngredientEvaluation.LabeledLine
    )
      -> [String: Any]
    {
      let score = IngredientEvaluation.score(prediction, against: line)
      return [
        "name": optional(prediction.name), "quantity": optional(prediction.quantity),
        "quantityMax": optional(prediction.quantityMax), "unit": optional(prediction.unit),
        "canonicalUnit": optional(IngredientEvaluation.canonicalUnit(prediction.unit)),
        "nameCorrect": score.name, "quantityCorrect": score.quantity,
        "unitCorrect": score.unit, "allThree": score.allThree,
      ]
    }
    var output = Data()
    var index = 0
    for file in files {
      for line in file.lines {
        var object: [String: Any] = [
          "file": file.name, "input": line.input,
          "label": [
            "name": line.name, "quantity": optional(line.quantity),
            "quantityMax": optional(line.quantityMax), "unit": optional(line.unit),
            "firstListedUnit": optional(line.firstListedUnit),
            "quantityLabel": line.quantityLabel, "unitLabel": line.unitLabel,
          ] as [String: Any],
          "larder": engine(larder[index], line),
        ]
        if let peer { object[peerName] = engine(peer[index], line) }
        output += try JSONSerialization.data(
          withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        output.append(UInt8(ascii: "\n"))
        index += 1
      }
    }
    do {
      try output.write(to: URL(fileURLWithPath: path))
    } catch {
      throw BenchError(message: "--dump: cannot write \(path): \(error)", exitCode: 1)
    }
  }

  // MARK: - Speed

  /// Parses every line on this thread, again and again until a second has passed (at least
  /// once, at most 50 times), after one untimed pass.
  static func measureParsing(
    _ inputs: [String], with parser: IngredientParser
  ) -> (
    linesPerSecond: Double, passes: Int
  ) {
    var checksum = 0
    for input in inputs { checksum &+= parser.parse(input).name?.utf8.count ?? 0 }
    var passes = 0
    var nanoseconds: UInt64 = 0
    repeat {
      let start = DispatchTime.now().uptimeNanoseconds
      for input in inputs { checksum &+= parser.parse(input).name?.utf8.count ?? 0 }
      nanoseconds += DispatchTime.now().uptimeNanoseconds - start
      passes += 1
    } while nanoseconds < 1_000_000_000 && passes < 50
    // Keeps the optimiser from dropping the parses; never true for real text.
    if checksum == Int.min { FileHandle.standardError.write(Data("\(checksum)\n".utf8)) }
    let seconds = Double(nanoseconds) / 1e9
    return (Double(inputs.count * passes) / max(seconds, 1e-9), passes)
  }

  /// The whole `larder ingredients parse` process, from start to exit, fed every line; skipped
  /// (with the reason) when the `larder` beside this benchmark is missing or has no such
  /// command.
  static func measureLarderProcess(
    _ inputs: [String]
  ) -> (
    linesPerSecond: Double?, report: [String: Any]
  ) {
    let folder =
      Bundle.main.executableURL?.deletingLastPathComponent()
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let larder = folder.appendingPathComponent("larder")
    func skipped(_ reason: String) -> (Double?, [String: Any]) {
      (nil, ["larderProcessLinesPerSecond": NSNull(), "larderProcessSkipped": reason])
    }
    guard FileManager.default.isExecutableFile(atPath: larder.path) else {
      return skipped(
        "no larder executable at \(larder.path) (build it in the same configuration)")
    }
    do {
      let probe = try ChildProcess.run(
        larder, ["ingredients", "parse"], input: Data("2 cups flour\n".utf8))
      let firstLine = probe.output.split(separator: UInt8(ascii: "\n")).first ?? []
      guard probe.status == 0,
        (try? JSONSerialization.jsonObject(with: Data(firstLine))) is [String: Any]
      else {
        return skipped("larder has no working 'ingredients parse' command yet")
      }
      // One line per line: a line break inside a labeled input would split it in two.
      let text =
        inputs.map { input in
          String(input.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        }
        .joined(separator: "\n") + "\n"
      let run = try ChildProcess.run(larder, ["ingredients", "parse"], input: Data(text.utf8))
      guard run.status == 0 else {
        return skipped("larder ingredients parse failed (\(run.status)): \(run.errorText)")
      }
      let outputLines = run.output.split(separator: UInt8(ascii: "\n")).count
      guard outputLines == inputs.count else {
        return skipped("larder ingredients parse wrote \(outputLines) lines for \(inputs.count)")
      }
      let perSecond = Double(inputs.count) / max(run.seconds, 1e-9)
      return (
        perSecond,
        [
          "larderProcessLinesPerSecond": round3(perSecond),
          "larderProcessSeconds": round3(run.seconds),
        ]
      )
    } catch {
      return skipped("cannot run \(larder.path): \(error)")
    }
  }
}

/// The peer, ingredient-parser-nlp in the virtual environment `make peer` creates, run as one
/// child process over every line (`scripts/peer/parse_lines.py`).
struct PeerRun {
  var predictions: [IngredientEvaluation.Prediction]
  var failures: Int
  var version: String
  /// Wall time of the whole process, start to exit.
  var processSeconds: Double
  /// The import and the first parse (which loads the model), as the script times them.
  var startupSeconds: Double
  var parseLinesPerSecond: Double
  var processLinesPerSecond: Double

  /// One line of the script's output; the other fields are not scored.
  private struct Record: Decodable {
    var input: String
    var quantity: Double?
    var quantityMax: Double?
    var unit: String?
    var name: String?
    var error: String?
  }

  /// What the script reports with `--stats`.
  private struct Stats: Decodable {
    var lines: Int
    var importSeconds: Double
    var warmUpSeconds: Double
    var parseSeconds: Double
    var version: String
  }

  static func run(_ inputs: [String]) throws -> PeerRun {
    let root = IngredientBenchmark.packageRoot
    let python = root.appendingPathComponent(".venv-peer/bin/python")
    let nltkData = root.appendingPathComponent(".venv-peer/nltk_data")
    let script = root.appendingPathComponent("scripts/peer/parse_lines.py")
    guard FileManager.default.isExecutableFile(atPath: python.path),
      FileManager.default.fileExists(atPath: nltkData.path)
    else {
      throw BenchError(
        message: "the peer is not set up: no \(python.path). Create it with `make peer` "
          + "(scripts/peer/setup.sh), or pass --peer off",
        exitCode: 1)
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-bench-peer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let statsFile = folder.appendingPathComponent("stats.json")

    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    var input = Data()
    for line in inputs {
      input += try encoder.encode(line)
      input.append(UInt8(ascii: "\n"))
    }
    var environment = ProcessInfo.processInfo.environment
    environment["NLTK_DATA"] = nltkData.path
    environment["PYTHONIOENCODING"] = "utf-8"
    FileHandle.standardError.write(
      Data("larder-bench: running \(IngredientBenchmark.peerName) on \(inputs.count) lines\n".utf8))
    let run = try ChildProcess.run(
      python, [script.path, "--stats", statsFile.path], input: input, environment: environment)
    guard run.status == 0 else {
      throw BenchError(
        message: "the peer failed (exit \(run.status)): \(run.errorText)", exitCode: 1)
    }

    let decoder = JSONDecoder()
    var predictions: [IngredientEvaluation.Prediction] = []
    var failures = 0
    for (index, line) in run.output.split(separator: UInt8(ascii: "\n")).enumerated() {
      let record: Record
      do {
        record = try decoder.decode(Record.self, from: Data(line))
      } catch {
        throw BenchError(message: "the peer's output line \(index + 1): \(error)", exitCode: 1)
      }
      guard index < inputs.count, record.input == inputs[index] else {
        throw BenchError(
          message: "the peer's output line \(index + 1) is not for input line \(index + 1)",
          exitCode: 1)
      }
      if record.error != nil { failures += 1 }
      predictions.append(
        IngredientEvaluation.Prediction(
          name: record.name, quantity: record.quantity, quantityMax: record.quantityMax,
          unit: record.unit))
    }
    guard predictions.count == inputs.count else {
      throw BenchError(
        message: "the peer answered \(predictions.count) of \(inputs.count) lines", exitCode: 1)
    }
    let stats: Stats
    do {
      stats = try decoder.decode(Stats.self, from: Data(contentsOf: statsFile))
    } catch {
      throw BenchError(message: "the peer wrote no timings: \(error)", exitCode: 1)
    }
    return PeerRun(
      predictions: predictions, failures: failures, version: stats.version,
      processSeconds: run.seconds,
      startupSeconds: stats.importSeconds + stats.warmUpSeconds,
      parseLinesPerSecond: Double(stats.lines) / max(stats.parseSeconds, 1e-9),
      processLinesPerSecond: Double(inputs.count) / max(run.seconds, 1e-9))
  }
}

/// Runs a program to completion with the given standard input, collecting its output.
enum ChildProcess {
  struct Result {
    var status: Int32
    var output: Data
    var errorText: String
    /// Wall time from launch to exit.
    var seconds: Double
  }

  static func run(
    _ executable: URL, _ arguments: [String], input: Data, environment: [String: String]? = nil
  ) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-bench-child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Input and errors go through files, so neither side can block on a full pipe.
    let inputFile = folder.appendingPathComponent("stdin")
    let errorFile = folder.appendingPathComponent("stderr")
    try input.write(to: inputFile)
    try Data().write(to: errorFile)
    let inputHandle = try FileHandle(forReadingFrom: inputFile)
    let errorHandle = try FileHandle(forWritingTo: errorFile)
    defer {
      try? inputHandle.close()
      try? errorHandle.close()
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardInput = inputHandle
    process.standardOutput = output
    process.standardError = errorHandle

    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    return Result(
      status: process.terminationStatus, output: data,
      errorText: String(errors.suffix(2000)).trimmingCharacters(in: .whitespacesAndNewlines),
      seconds: seconds)
  }
}
