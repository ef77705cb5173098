import Foundation

/// A bad command line or a failed run, with the exit status to use.
struct BenchError: Error {
  let message: String
  var exitCode: Int32 = 2
}

/// Parses `larder-bench SUITE [--option value]...` and runs the suite.
enum BenchCommand {
  static let usage = """
    usage: larder-bench store [--recipes N] [--queries N] [--seed N] [--db PATH]
           larder-bench ingredients [--data DIR] [--split shared] [--limit N] [--peer on|off]
                                    [--dump FILE]
           larder-bench finder [--recipes N] [--pantries N] [--peer-queries N] [--seed N]
                               [--data DIR] [--export DIR] [--semantics kitchen|plain]
                               [--only SIZE/K]
           larder-bench finder-library --db PATH [--pantries 8] [--repeats 5] [--seed N]
                                       [--only SIZE/K]
           larder-bench requests [--rounds N]
           larder-bench clips [--clips 16] [--rounds 500]
           larder-bench relevance [--pantries bench/relevance/pantries.json]
           larder-bench languages [--lines bench/languages] [--split dev|test|all] [--dump FILE]
                                  [--data DIR]
           larder-bench pages [--pages Tests/LarderImportTests/Fixtures/pages]
                              [--tandoor ../shared/data/formats/html-pages/tandoor] [--rounds 5]
           larder-bench http [--recipes 10000] [--seconds 3] [--connections 16,32] [--seed N]
                             [--larder PATH] [--db PATH]
           larder-bench postgres --postgres URL [--recipes 10000] [--seconds 3]
                             [--connections 16] [--larder PATH] [--db PATH]
           larder-bench search-ranking [--data DIR] [--bounds 1000]
           larder-bench typos [--misspellings bench/search/misspellings.tsv] [--data DIR]
           larder-bench photos

    store         import, list, get and full-text search on SQLite, against a LIKE scan peer
    ingredients   ingredient-line parsing accuracy and speed, against ingredient-parser-nlp
                  (--limit: at most N labeled lines per file; --dump: every line with its
                  label and verdicts as JSON lines; the peer needs `make peer`)
    finder        the pantry finder against SQLite and a full scan, on a calibrated corpus
                  (--export: the corpus as CSV and the pantries as JSON lines; --semantics
                  plain: flat foods without kinds, alternatives or amounts)
    finder-library  the finder's engine on an existing database's largest household (such
                  as the library `http --db` made), pantries drawn from its commonest foods:
                  latency, total found, postings walked and recipes checked per query (the
                  database is upgraded to this build's schema on opening, as by `larder`)
    requests      what authentication costs a request: the web app answering in process as a
                  fixed household, with a session cookie and with an API token
    clips         /api/v1/health latency over a socket while clips to a tarpit are in flight
    relevance     the finder's "can make now" and "missing one" against a cook's judgment of
                  hand-written pantries (stored with their amounts) and the starter recipes
    pages         the page reader on pages with written-down answers (Larder's own test pages
                  and Tandoor's expected results): pages read (title equal, ingredient lines
                  and instruction words F1 >= 0.9), image and sections right, ms per page
    http          the release `larder serve` (--larder, default: beside larder-bench) on a
                  generated library, driven over loopback by keep-alive clients: finder,
                  search, library and recipe pages, GET /; single-request p50/p99, throughput
                  at each --connections, start to first answer, and the engines' time for the
                  same finder and search queries in process (overhead ratio endpoint/engine)
    search-ranking  a real library (Wikibooks, in --data) searched with every match ranked
                  and with the store's bound on ranking (--bounds, and 1% of the library):
                  which queries are bounded, and their first page's overlap with the exact one
    languages     ingredient lines in ten languages written here (bench/languages): food,
                  quantity, unit and all three per language, read in their language and as
                  English in the same run; language detection on recipes of eight lines,
                  and on the Wikibooks recipes (in --data), whose records give their language
    typos         misspellings people type, searched with and without the store's corrections
                  in the starter recipes (and the Wikibooks library in --data): recall
    photos        recipe cards written here rendered by ImageMagick (several layouts, German
                  and French, two recipes on a page) and read back by OCR: character and line
                  accuracy per card, recipes found, seconds per page
    """

  static func run(_ arguments: [String]) throws -> String {
    guard let suite = arguments.first, !suite.hasPrefix("-") else {
      throw BenchError(message: "name a suite\n" + usage)
    }
    var options: [String: String] = [:]
    var index = 1
    while index < arguments.count {
      let word = arguments[index]
      guard word.hasPrefix("--"), index + 1 < arguments.count else {
        throw BenchError(message: "unexpected '\(word)'\n" + usage)
      }
      options[String(word.dropFirst(2))] = arguments[index + 1]
      index += 2
    }
    let sharedData = IngredientBenchmark.repositoryPath("../shared/data")
    func integer(_ name: String, _ fallback: Int, minimum: Int = 1) throws -> Int {
      guard let text = options[name] else { return fallback }
      guard let value = Int(text), value >= minimum else {
        let kind = minimum == 0 ? "a whole number" : "a positive whole number"
        throw BenchError(message: "--\(name): '\(text)' is not \(kind)")
      }
      return value
    }
    /// `--only SIZE/K`: one pantry size (one of those the suites draw) and any K from 0.
    func only() throws -> (size: Int, maxMissing: Int)? {
      try options["only"].map { text in
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2 else {
          throw BenchError(message: "--only must be SIZE/K, such as 25/2, not '\(text)'")
        }
        guard FinderBenchmark.pantrySizes.contains(parts[0]), parts[1] >= 0 else {
          throw BenchError(
            message: "--only: the pantry size must be one of "
              + "\(FinderBenchmark.pantrySizes.map(String.init).joined(separator: ", ")) "
              + "and K at least 0, not '\(text)'")
        }
        return (parts[0], parts[1])
      }
    }
    switch suite {
    case "store":
      let report = try StoreBenchmark(
        recipeCount: integer("recipes", 10_000), queryCount: integer("queries", 200),
        seed: UInt64(integer("seed", 42)), databasePath: options["db"]
      ).run()
      return report
    case "ingredients":
      let peer = options["peer"] ?? "on"
      guard peer == "on" || peer == "off" else {
        throw BenchError(message: "--peer: '\(peer)' is neither on nor off")
      }
      return try IngredientBenchmark(
        dataDirectory: options["data"], split: options["split"] ?? "shared",
        limit: options["limit"] == nil ? nil : integer("limit", 1), runsPeer: peer == "on",
        dumpPath: options["dump"]
      ).run()
    case "train-tagger":
      // Trains the ingredient tagger: see TrainTagger.swift.
      return try TrainTagger(options: options).run()
    case "finder":
      return try FinderBenchmark(
        recipeCount: integer("recipes", 100_000), pantriesPerSize: integer("pantries", 200),
        peerQueries: integer("peer-queries", 50, minimum: 0), seed: UInt64(integer("seed", 42)),
        dataPath: options["data"] ?? sharedData, exportPath: options["export"],
        semantics: try {
          let value = options["semantics"] ?? "kitchen"
          guard ["kitchen", "plain"].contains(value) else {
            throw BenchError(message: "--semantics must be kitchen or plain, not '\(value)'")
          }
          return value
        }(),
        only: try only()
      ).run()
    case "finder-library":
      guard let path = options["db"] else {
        throw BenchError(message: "finder-library needs --db PATH\n" + usage)
      }
      return try FinderLibraryBenchmark(
        databasePath: path, pantriesPerSize: integer("pantries", 8),
        seed: UInt64(integer("seed", 42)), only: try only(), repeats: integer("repeats", 5)
      ).run()
    case "requests":
      return try RequestBenchmark(rounds: integer("rounds", 2_000)).run()
    case "clips":
      return try ClipQueueBenchmark(clips: integer("clips", 16), rounds: integer("rounds", 500))
        .run()
    case "relevance":
      return try RelevanceBenchmark(
        pantriesPath: options["pantries"]
          ?? IngredientBenchmark.repositoryPath("bench/relevance/pantries.json")
      ).run()
    case "pages":
      return try PageBenchmark(
        pagesPath: options["pages"]
          ?? IngredientBenchmark.repositoryPath("Tests/LarderImportTests/Fixtures/pages"),
        tandoorPath: options["tandoor"]
          ?? IngredientBenchmark.repositoryPath("../shared/data/formats/html-pages/tandoor"),
        rounds: integer("rounds", 5)
      ).run()
    case "http":
      let connections = try (options["connections"] ?? "16,32").split(separator: ",").map {
        guard let count = Int($0), count > 0 else {
          throw BenchError(message: "--connections: '\($0)' is not a positive whole number")
        }
        return count
      }
      guard let seconds = Double(options["seconds"] ?? "3"), seconds > 0 else {
        throw BenchError(message: "--seconds must be a positive number")
      }
      let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("larder").path
      return try HTTPBenchmark(
        recipeCount: integer("recipes", 10_000), seconds: seconds, connections: connections,
        seed: UInt64(integer("seed", 42)), larderPath: options["larder"] ?? beside,
        databasePath: options["db"]
      ).run()
    case "postgres":
      guard
        let url = options["postgres"] ?? ProcessInfo.processInfo.environment["LARDER_TEST_POSTGRES"]
      else {
        throw BenchError(
          message: "--postgres URL: an empty PostgreSQL database to copy the library into")
      }
      guard let seconds = Double(options["seconds"] ?? "3"), seconds > 0 else {
        throw BenchError(message: "--seconds must be a positive number")
      }
      let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("larder").path
      return try PostgresBenchmark(
        recipeCount: integer("recipes", 10_000), seconds: seconds,
        connections: integer("connections", 16), seed: UInt64(integer("seed", 42)),
        larderPath: options["larder"] ?? beside, postgresURL: url, databasePath: options["db"]
      ).run()
    case "languages":
      let split = options["split"] ?? "test"
      guard ["dev", "test", "all"].contains(split) else {
        throw BenchError(message: "--split must be dev, test or all, not '\(split)'")
      }
      return try LanguageLineBenchmark(
        folder: options["lines"] ?? IngredientBenchmark.repositoryPath("bench/languages"),
        split: split, dumpPath: options["dump"],
        dataPath: options["data"] ?? sharedData
      ).run()
    case "photos":
      return try PhotoBenchmark().run()
    case "typos":
      return try SearchTypoBenchmark(
        misspellingsPath: options["misspellings"]
          ?? IngredientBenchmark.repositoryPath("bench/search/misspellings.tsv"),
        dataPath: options["data"] ?? sharedData
      ).run()
    case "search-ranking":
      let bounds = try (options["bounds"] ?? "1000").split(separator: ",").map {
        guard let bound = Int($0), bound > 0 else {
          throw BenchError(message: "--bounds: '\($0)' is not a positive whole number")
        }
        return bound
      }
      return try SearchRankingBenchmark(
        dataPath: options["data"] ?? sharedData, bounds: bounds
      ).run()
    default:
      throw BenchError(message: "unknown suite '\(suite)'\n" + usage)
    }
  }
}

/// Latency samples in nanoseconds, summarised as percentiles in milliseconds.
struct Latencies {
  var samples: [UInt64] = []

  mutating func measure<T>(_ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    samples.append(DispatchTime.now().uptimeNanoseconds - start)
    return result
  }

  func percentile(_ fraction: Double) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sorted = samples.sorted()
    let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
    return Double(sorted[index]) / 1e6
  }

  var totalSeconds: Double { Double(samples.reduce(0, +)) / 1e9 }

  /// Each query's median over rounds that ran the same queries in the same order, so that
  /// other processes on a shared machine do not pass for a query's tail.
  static func medians(of rounds: [Latencies]) -> Latencies {
    guard let first = rounds.first else { return Latencies() }
    return Latencies(
      samples: first.samples.indices.map { index in
        rounds.map { $0.samples[index] }.sorted()[rounds.count / 2]
      })
  }

  func summary(engine: String, operation: String) -> [String: Any] {
    [
      "engine": engine, "operation": operation, "count": samples.count,
      "p50Ms": round3(percentile(0.5)), "p99Ms": round3(percentile(0.99)),
      "qps": round3(Double(samples.count) / max(totalSeconds, 1e-9)),
    ]
  }
}

func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// Facts about the machine, printed with every result.
enum Machine {
  static var description: [String: Any] {
    var memoryKB = 0
    if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") })
    {
      memoryKB = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return [
      "cores": ProcessInfo.processInfo.activeProcessorCount,
      "memoryGB": round3(Double(memoryKB) / 1_048_576),
      "os": ProcessInfo.processInfo.operatingSystemVersionString,
    ]
  }

  /// The process's peak resident memory in megabytes.
  static var peakMemoryMB: Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return round3(kilobytes / 1024)
  }
}
