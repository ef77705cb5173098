import Foundation
import LarderCore

/// Ingredient lines in ten languages (issue 16): the labelled lines written here
/// (`bench/languages/<code>.tsv`, see its README) read by Larder in their own language and,
/// for comparison in the same run, as English (what Larder did before it read other
/// languages). A line's food counts when the food id equals the label's (or both have none);
/// its quantity within 1e-6 (or both none); its unit when equal. Language detection is scored
/// on the same lines taken as recipes of eight lines each.
struct LanguageLineBenchmark {
  let folder: String
  let split: String
  let dumpPath: String?

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
      var start = 0
      while start < lines.count {
        let chunk = lines[start..<min(start + 8, lines.count)].joined(separator: "\n")
        recipes += 1
        if LanguageDetector.detect(chunk) == language { detected += 1 }
        start += 8
      }
      results.append([
        "language": language.rawValue, "names": FoodNames.bundled.count(for: language),
        "larder": scores.json(), "readAsEnglish": before.json(),
        "detectedRecipesOf8Lines": "\(detected)/\(recipes)",
      ])
    }
    if let dumpPath {
      try (dump.joined(separator: "\n") + "\n").write(
        toFile: dumpPath, atomically: true, encoding: .utf8)
    }
    let report: [String: Any] = [
      "benchmark": "languages", "machine": Machine.description, "folder": folder,
      "split": split, "results": results, "all": overall.json(),
      "allReadAsEnglish": overallBefore.json(),
    ]
    let data = try JSONSerialization.data(
      withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
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
