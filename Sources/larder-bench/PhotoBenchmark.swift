import Foundation
import LarderCore
import LarderImport
import LarderTestSupport

/// Photo import (issue 19): the recipe cards written for the tests (`RecipePage.all` in
/// LarderTestSupport: plain, two columns, rotated 3°, noisy and blurred, German, French, two
/// recipes on a page; set "tested"), and harder pages the tests do not promise (`RecipePage.hard`:
/// turned 8°, half-size print, a dim grainy page; set "hard"), rendered by ImageMagick and read back by ``PhotoReader`` and
/// ``PastedRecipeReader/readAll(_:)``. Per card: character accuracy (one minus edits over
/// characters, over the title, ingredient lines and steps, spaces collapsed) and line accuracy
/// (lines read exactly), each line not read exactly, the recipes found on the page, and the
/// seconds OCR took.
struct PhotoBenchmark {
  func run() throws -> String {
    let reader = PhotoReader()
    let renderer = RecipeCardRenderer()
    guard reader.isAvailable, renderer.missing == nil else {
      throw BenchError(
        message: "photos needs tesseract-ocr and imagemagick: run scripts/ensure-deps.sh",
        exitCode: 1)
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-bench-photos-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var cards: [[String: Any]] = []
    var totals: [String: (characters: Int, edits: Int, lines: Int, exact: Int, cards: Int)] = [:]
    for (set, page) in RecipePage.all.map({ ("tested", $0) })
      + RecipePage.hard.map({ ("hard", $0) })
    {
      let image = try Data(contentsOf: try renderer.render(page, in: folder))
      var latency = Latencies()
      let read = try latency.measure { try reader.read(image) }
      let recipes = (try? PastedRecipeReader().readAll(read.text)) ?? []
      for (index, card) in page.cards.enumerated() {
        let recipe = index < recipes.count ? recipes[index].recipe : nil
        let accuracy = CardAccuracy(
          card: card, title: recipe?.name ?? "",
          ingredients: recipe?.ingredientLines.map(\.text) ?? [],
          steps: recipe?.steps.map(\.text) ?? [])
        var total = totals[set] ?? (0, 0, 0, 0, 0)
        total.characters += accuracy.lines.reduce(0) { $0 + $1.expected.count }
        total.edits += accuracy.lines.reduce(0) { $0 + $1.edits }
        total.lines += accuracy.lines.count
        total.exact += accuracy.lines.filter { $0.edits == 0 }.count
        total.cards += 1
        totals[set] = total
        cards.append([
          "set": set, "page": page.name, "layout": page.layout.rawValue, "card": card.name,
          "language": card.language.rawValue,
          "readLanguages": read.languages.map(\.rawValue),
          "recipesFound": recipes.count, "recipesOnPage": page.cards.count,
          "ingredientLines": [
            "expected": card.ingredients.count, "read": recipe?.ingredientLines.count ?? 0,
          ],
          "steps": ["expected": card.steps.count, "read": recipe?.steps.count ?? 0],
          "characterAccuracy": round3(accuracy.characterAccuracy),
          "lineAccuracy": round3(accuracy.lineAccuracy),
          "ocrSeconds": round3(latency.totalSeconds),
          "misread": accuracy.lines.filter { $0.edits > 0 }.map {
            ["expected": $0.expected, "read": $0.read]
          },
        ])
      }
    }
    let result: [String: Any] = [
      "suite": "photos",
      "machine": Machine.description,
      "tools": ["tesseract": reader.version(), "pipeline": "ImageMagick deskew, local threshold"],
      "cards": cards,
      "overall": totals.mapValues { total in
        [
          "cards": total.cards, "lines": total.lines,
          "characterAccuracy": round3(
            1 - Double(total.edits) / Double(max(total.characters, 1))),
          "lineAccuracy": round3(Double(total.exact) / Double(max(total.lines, 1))),
        ]
      },
    ]
    let data = try JSONSerialization.data(
      withJSONObject: result, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}
