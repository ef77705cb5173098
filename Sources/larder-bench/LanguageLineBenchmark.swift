import Foundation
import LarderCore

/// Ingredient lines in eleven languages (issue 16): the labelled lines written here
/// (`bench/languages/<code>.tsv`, see its README) read by Larder in their own language and,
/// for comparison in the same run, as English (what Larder did before it read other
/// languages). A line's food counts when the food id equals the label's (or both have none);
/// its quantity within 1e-6 (or both none); its unit when equal. Language detection is scored
/// on the same lines taken as recipes of eight lines each.
struct LanguageLineBenchmark {
  let folder: String
  let split: String
  let dumpPath: String?
  let dataPath: String

  struct Scores {
    var lines = 0
    var food = 0
    var quantity = 0
    var unit = 0
    var all = 0

    func json() -> [String: Any] {
      let share = { (count: Int) in lines == 0 ? 0 : round3(Double(count) / Double(lines)) }
      return [
        "lines": lines, "food": share(food), "quantity": share(quantity), "unit": share(unit),
        "allThree": share(all),
      ]
    }
  }

  func run() throws -> String {
    let catalog = FoodCatalog.bundled
    let analyzer = RecipeAnalyzer(matchFood: { catalog.match($0)?.foodID })
    var results: [[String: Any]] = []
    var dump: [String] = []
    var overall = Scores()
    var overallBefore = Scores()
    for language in RecipeLanguage.allCases where language != .english {
      let path = "\(folder)/\(language.rawValue).tsv"
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
      var scores = Scores()
      var before = Scores()
      var lines: [String] = []
      for row in text.split(separator: "\n").dropFirst() {
        let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 6 else {
          throw BenchError(message: "\(path): expected 6 fields in '\(row)'", exitCode: 1)
        }
        guard split == "all" || fields[0] == split else { continue }
        lines.append(fields[1])
        let expected = (
          quantity: Double(fields[2]), unit: fields[4].isEmpty ? nil : fields[4],
          food: fields[5] == "-" ? nil : fields[5]
        )
        for (english, target) in [(false, 0), (true, 1)] {
          let facts = analyzer.facts(for: fields[1], language: english ? .english : language)
          let foodRight = facts.foodID == expected.food
          let quantityRight: Bool = {
            switch (facts.quantity, expected.quantity) {
            case (nil, nil): return true
            case (let got?, let want?): return abs(got - want) <= 1e-6 * max(1, abs(want))
            default: return false
            }
          }()
          let unitRight = facts.unit == expected.unit
          if target == 0 {
            scores.add(foodRight, quantityRight, unitRight)
            if !(foodRight && quantityRight && unitRight), dumpPath != nil {
              dump.append(
                [
                  language.rawValue, fields[0], fields[1],
                  "got \(facts.quantity.map { String($0) } ?? "-") \(facts.unit ?? "-") \(facts.foodID ?? "-")",
                  "want \(fields[2].isEmpty ? "-" : fields[2]) \(expected.unit ?? "-") \(fields[5])",
                  "name '\(facts.name ?? "")'",
                ].joined(separator: "\t"))
            }
          } else {
            before.add(foodRight, quantityRight, unitRight)
          }
        }
      }
      overall.merge(scores)
      overallBefore.merge(before)
      // Detection: the lines as recipes of eight.
      var recipes = 0
      var detected = 0
      var misread: [String] = []
      var start = 0
      while start < lines.count {
        let chunk = lines[start..<min(start + 8, lines.count)].joined(separator: "\n")
        recipes += 1
        let found = LanguageDetector.detect(chunk)
        if found == language {
          detected += 1
        } else {
          misread.append("lines \(start + 1)-\(start + 8): \(found?.rawValue ?? "too few words")")
        }
        start += 8
      }
      results.append([
        "language": language.rawValue, "names": FoodNames.bundled.count(for: language),
        "larder": scores.json(), "readAsEnglish": before.json(),
        "detectedRecipesOf8Lines": "\(detected)/\(recipes)", "misdetected": misread,
      ])
    }
    if let dumpPath {
      try (dump.joined(separator: "\n") + "\n").write(
        toFile: dumpPath, atomically: true, encoding: .utf8)
    }
    var report: [String: Any] = [
      "benchmark": "languages", "machine": Machine.description, "folder": folder,
      "split": split, "results": results, "all": overall.json(),
      "allReadAsEnglish": overallBefore.json(),
    ]
    if let detection = try wikibooksDetection() { report["wikibooksDetection"] = detection }
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }
}

extension LanguageLineBenchmark {
  /// Detection on a real library: the Wikibooks recipes (in `--data`), whose records say
  /// their language (en-us, de-de, da-dk). Per language, what each recipe's title, lines and
  /// steps read as.
  func wikibooksDetection() throws -> [String: Any]? {
    let path = SearchRankingBenchmark.wikibooksPath(dataPath)
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    var counts: [String: [String: Int]] = [:]
    var wrong: [String] = []
    let catalog = FoodCatalog.bundled
    let analyzer = RecipeAnalyzer(matchFood: { catalog.match($0)?.foodID })
    // Lines (not headings) with no food, read in the recipe's language and as English.
    var lineCounts: [String: (lines: Int, unmatched: Int, unmatchedAsEnglish: Int)] = [:]
    // With `--dump FILE`, the lines with no food go to FILE.library, a line each.
    var unread: [String] = []
    for line in text.split(separator: "\n") {
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let code = object["lang"] as? String
      else { continue }
      // Cleaned as every import cleans text (entities such as "&nbsp;" decoded), and without
      // blank lines, which an import drops.
      let lines = (object["ingredients"] as? [String] ?? []).map { PlainText.clean($0) }.filter {
        !$0.trimmingWhitespace().isEmpty
      }
      let steps = (object["steps"] as? [String] ?? []).map { PlainText.clean($0) }
      var recipe = Recipe(
        name: object["title"] as? String ?? "",
        ingredientSections: [IngredientSection(lines: lines.map { IngredientLine(text: $0) })],
        instructionSections: [InstructionSection(steps: steps.map { InstructionStep(text: $0) })])
      recipe.language = nil
      let found = LanguageDetector.language(of: recipe)
      counts[code, default: [:]][found.rawValue, default: 0] += 1
      if RecipeLanguage(code: code) != found, wrong.count < 40 {
        wrong.append("\(code) → \(found.rawValue): \(recipe.name)")
      }
      var tally = lineCounts[code] ?? (0, 0, 0)
      for text in lines {
        let read = analyzer.facts(for: text, language: found)
        guard !analyzer.parser.parse(text, language: found).isSectionHeader else { continue }
        tally.lines += 1
        if read.foodID == nil {
          tally.unmatched += 1
          if dumpPath != nil { unread.append("\(code)\t\(text)") }
        }
        if analyzer.facts(for: text, language: .english).foodID == nil {
          tally.unmatchedAsEnglish += 1
        }
      }
      lineCounts[code] = tally
    }
    let unmatched = lineCounts.mapValues { tally -> [String: Any] in
      let share = { (count: Int) in
        tally.lines == 0 ? 0 : round3(Double(count) / Double(tally.lines))
      }
      return [
        "lines": tally.lines, "unmatched": share(tally.unmatched),
        "unmatchedReadAsEnglish": share(tally.unmatchedAsEnglish),
      ]
    }
    if let dumpPath {
      try (unread.joined(separator: "\n") + "\n").write(
        toFile: dumpPath + ".library", atomically: true, encoding: .utf8)
    }
    return ["byDeclaredLanguage": counts, "firstMisread": wrong, "linesWithoutFood": unmatched]
  }
}

extension LanguageLineBenchmark.Scores {
  fileprivate mutating func add(_ food: Bool, _ quantity: Bool, _ unit: Bool) {
    lines += 1
    if food { self.food += 1 }
    if quantity { self.quantity += 1 }
    if unit { self.unit += 1 }
    if food && quantity && unit { all += 1 }
  }

  fileprivate mutating func merge(_ other: Self) {
    lines += other.lines
    food += other.food
    quantity += other.quantity
    unit += other.unit
    all += other.all
  }
}
