import Foundation
import LarderCore
import LarderImport

/// How well the page reader reads recipe pages whose right answer is written down, and how
/// long it takes per page (BENCHMARKS.md, "Reading recipe pages").
///
/// A page counts as read, as in issue 16, when its title is equal (whitespace collapsed) and
/// both its ingredient lines and its instruction words reach F1 ≥ 0.9 against the expected
/// recipe. Lines compare case-folded with whitespace collapsed, as a multiset; instruction
/// words are the lowercased runs of letters and digits of all steps, as a bag. The main image
/// and the ingredient section titles are reported beside, where the expectation names them.
///
/// Two corpora: Larder's own test pages (`--pages`, default the LarderImportTests fixtures:
/// `NAME.html` with `NAME.json` holding url, language, title, ingredientSections, steps and
/// image), and Tandoor's expected results beside the repository (`--tandoor`, default
/// `../shared/data/formats/html-pages/tandoor`, skipped when absent), whose lines are each
/// ingredient's `original_text` and whose instructions are its steps' text.
struct PageBenchmark {
  let pagesPath: String
  let tandoorPath: String
  let rounds: Int

  /// One page and what reading it should give.
  struct Case {
    var name: String
    var language: String
    var html: Data
    var url: String?
    var title: String
    var ingredientLines: [String]
    var sectionTitles: [String]?
    var instructionText: String
    var image: String?
  }

  func run() throws -> String {
    var corpora: [[String: Any]] = []
    corpora.append(try score(corpus: "larder-test-pages", cases: ownCases()))
    if FileManager.default.fileExists(atPath: tandoorPath) {
      corpora.append(try score(corpus: "tandoor-expected", cases: tandoorCases()))
    }
    let report: [String: Any] = [
      "suite": "pages", "machine": Machine.description, "rounds": rounds,
      "rule": "read = title equal and ingredient-line F1 >= 0.9 and instruction-word F1 >= 0.9",
      "corpora": corpora,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  // MARK: - Corpora

  private struct OwnExpectation: Decodable {
    struct Section: Decodable {
      var title: String?
      var lines: [String]
    }
    var url: String?
    var language: String
    var title: String
    var ingredientSections: [Section]
    var steps: [String]
    var image: String?
  }

  private func ownCases() throws -> [Case] {
    let folder = URL(fileURLWithPath: pagesPath)
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".html") }.sorted()
    } catch {
      throw BenchError(message: "--pages: cannot list \(pagesPath): \(error)")
    }
    return try names.map { file in
      let base = String(file.dropLast(".html".count))
      let expectationURL = folder.appendingPathComponent(base + ".json")
      let expected: OwnExpectation
      do {
        expected = try JSONDecoder().decode(
          OwnExpectation.self, from: Data(contentsOf: expectationURL))
      } catch {
        throw BenchError(message: "--pages: \(expectationURL.path): \(error)")
      }
      return Case(
        name: base, language: expected.language,
        html: try Data(contentsOf: folder.appendingPathComponent(file)), url: expected.url,
        title: expected.title,
        ingredientLines: expected.ingredientSections.flatMap(\.lines),
        sectionTitles: expected.ingredientSections.compactMap(\.title),
        instructionText: expected.steps.joined(separator: "\n"), image: expected.image)
    }
  }

  private func tandoorCases() throws -> [Case] {
    let folder = URL(fileURLWithPath: tandoorPath)
    let resultsURL = folder.appendingPathComponent("expected_results.json")
    guard
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: resultsURL))
        as? [String: [String: Any]]
    else { throw BenchError(message: "--tandoor: \(resultsURL.path) is not an object of records") }
    return try json.keys.sorted().compactMap { key -> Case? in
      let record = json[key] ?? [:]
      guard let file = (record["file"] as? [String])?.first, let name = record["name"] as? String
      else { return nil }
      let steps = record["steps"] as? [[String: Any]] ?? []
      let lines = steps.flatMap { step in
        (step["ingredients"] as? [[String: Any]] ?? []).compactMap {
          $0["original_text"] as? String
        }
      }
      let url = record["url"] as? String
      let host = url.flatMap { URL(string: $0)?.host } ?? ""
      let language =
        [
          "chefkoch": "de", "marmiton": "fr", "journaldesfemmes": "fr", "giallozafferano": "it",
          "tudogostoso": "pt", "madamedessert": "de",
        ].first { host.contains($0.key) }?.value ?? "en"
      return Case(
        name: file, language: language,
        html: try Data(contentsOf: folder.appendingPathComponent(file)), url: url, title: name,
        ingredientLines: lines, sectionTitles: nil,
        instructionText: steps.compactMap { $0["instruction"] as? String }.joined(separator: "\n"),
        image: record["image_url"] as? String)
    }
  }

  // MARK: - Scoring

  private func score(corpus: String, cases: [Case]) throws -> [String: Any] {
    let extractor = RecipePageExtractor()
    var latencies = Latencies()
    var pages: [[String: Any]] = []
    var read = 0
    var titles = 0
    var images = (right: 0, judged: 0)
    var sections = (right: 0, judged: 0)
    var byLanguage: [String: (read: Int, pages: Int)] = [:]
    var ingredientSum = 0.0
    var instructionSum = 0.0
    var slowest = (page: "", milliseconds: 0.0)
    for page in cases {
      var recipe: Recipe?
      var failure: String?
      var pageLatencies = Latencies()
      for _ in 0..<rounds {
        // A page that yields no recipe is timed too: the reader spent the time.
        let result = pageLatencies.measure {
          Result { try extractor.extract(html: page.html, url: page.url, source: page.name) }
        }
        switch result {
        case .success(let extraction): recipe = extraction.recipe
        case .failure(let error): failure = String(describing: error)
        }
      }
      latencies.samples += pageLatencies.samples
      let median = pageLatencies.percentile(0.5)
      if median > slowest.milliseconds { slowest = (page.name, median) }
      let name = recipe.map { Self.collapsed($0.name) } ?? ""
      let lines = recipe?.ingredientSections.flatMap { $0.lines.map(\.text) } ?? []
      let steps = recipe?.instructionSections.flatMap { $0.steps.map(\.text) } ?? []
      let titleEqual = name == Self.collapsed(page.title)
      let ingredientF1 = Self.f1(
        lines.map(Self.comparableLine), page.ingredientLines.map(Self.comparableLine))
      let instructionF1 = Self.f1(
        Self.words(steps.joined(separator: " ")), Self.words(page.instructionText))
      let isRead = titleEqual && ingredientF1 >= 0.9 && instructionF1 >= 0.9
      var entry: [String: Any] = [
        "page": page.name, "language": page.language, "read": isRead, "titleEqual": titleEqual,
        "ms": round3(median),
        "ingredientF1": round3(ingredientF1), "instructionF1": round3(instructionF1),
      ]
      if !titleEqual { entry["title"] = name }
      if let failure { entry["error"] = failure }
      if let image = page.image {
        let right = recipe?.images.first == image
        images.judged += 1
        if right { images.right += 1 } else { entry["image"] = recipe?.images.first ?? "" }
      }
      if let expectedTitles = page.sectionTitles {
        let found = recipe?.ingredientSections.compactMap(\.title) ?? []
        sections.judged += 1
        if found == expectedTitles { sections.right += 1 } else { entry["sections"] = found }
      }
      if ingredientF1 < 1 {
        let expected = Set(page.ingredientLines.map(Self.comparableLine))
        let got = Set(lines.map(Self.comparableLine))
        entry["extraLines"] = Array(got.subtracting(expected)).sorted().prefix(6).map { $0 }
        entry["missedLines"] = Array(expected.subtracting(got)).sorted().prefix(6).map { $0 }
      }
      pages.append(entry)
      read += isRead ? 1 : 0
      titles += titleEqual ? 1 : 0
      ingredientSum += ingredientF1
      instructionSum += instructionF1
      byLanguage[page.language, default: (0, 0)].pages += 1
      byLanguage[page.language, default: (0, 0)].read += isRead ? 1 : 0
    }
    let count = max(cases.count, 1)
    return [
      "corpus": corpus, "pages": cases.count, "read": read,
      "readRate": round3(Double(read) / Double(count)),
      "titleRate": round3(Double(titles) / Double(count)),
      "meanIngredientF1": round3(ingredientSum / Double(count)),
      "meanInstructionF1": round3(instructionSum / Double(count)),
      "imageRight": "\(images.right)/\(images.judged)",
      "sectionsRight": "\(sections.right)/\(sections.judged)",
      "byLanguage": byLanguage.mapValues { "\($0.read)/\($0.pages)" },
      "msPerPage": [
        "p50": round3(latencies.percentile(0.5)), "p90": round3(latencies.percentile(0.9)),
        "slowestPageMedian": round3(slowest.milliseconds), "slowestPage": slowest.page,
      ],
      "perPage": pages,
    ]
  }

  static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// A line case-folded, whitespace collapsed and vulgar fractions written with a slash, so
  /// that "½ cup" and "1/2 cup" (the same words to a reader) compare equal.
  static func comparableLine(_ text: String) -> String {
    var line = collapsed(text.lowercased())
    for (fraction, slashed) in [
      ("½", "1/2"), ("¼", "1/4"), ("¾", "3/4"), ("⅓", "1/3"), ("⅔", "2/3"), ("⅛", "1/8"),
    ] where line.contains(fraction) {
      line = line.replacingOccurrences(of: fraction, with: " " + slashed)
    }
    return collapsed(line)
  }

  static func words(_ text: String) -> [String] {
    text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
  }

  /// F1 of `found` against `expected`, both taken as multisets; 1 when both are empty.
  static func f1(_ found: [String], _ expected: [String]) -> Double {
    if found.isEmpty && expected.isEmpty { return 1 }
    guard !found.isEmpty, !expected.isEmpty else { return 0 }
    var remaining: [String: Int] = [:]
    for item in expected { remaining[item, default: 0] += 1 }
    var common = 0
    for item in found where remaining[item, default: 0] > 0 {
      remaining[item, default: 0] -= 1
      common += 1
    }
    let precision = Double(common) / Double(found.count)
    let recall = Double(common) / Double(expected.count)
    return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
  }
}
