import CSQLite
import Foundation
import LarderCore

/// The pantry finder against a SQLite peer and the reference full scan, on a generated corpus
/// calibrated on real recipes and ingredient lines.
///
/// Corpus: recipe sizes follow the Wikibooks recipes' count of required ingredient lines; foods
/// are drawn by the frequency of the (normalised) names in the labelled ingredient lines, with a
/// Zipf tail beyond the observed names; 2% of lines are unmatched. Pantries of 10, 25 and 50
/// foods are drawn by frequency, always with some of the 20 most common foods. Every query asks
/// for the top 50 with the default staples.
struct FinderBenchmark {
  let recipeCount: Int
  let pantriesPerSize: Int
  let peerQueries: Int
  let seed: UInt64
  let dataPath: String
  let exportPath: String?
  /// "kitchen" (the default): foods are the bundled catalog's, so plain pantry foods stand for
  /// their kinds; a tenth of recipes have a line of alternatives; half of the required foods
  /// are measured, as are a third of the pantry's items. "plain": flat foods, no alternatives,
  /// no amounts (the corpus of the benchmarks before issue 15).
  let semantics: String
  /// With `--only SIZE/K`: only that pantry size and K are timed (for profiling one case; K
  /// may be one the full run does not time); the same pantries are drawn either way.
  var only: (size: Int, maxMissing: Int)? = nil

  static let pantrySizes = [10, 25, 50]
  static let maxMissingValues = [0, 2]
  static let pageSize = 50
  static let unmatchedLineRate = 0.02
  static let repeats = 5
  static let editCount = 1000

  func run() throws -> String {
    let loadAtStart = Machine.loadAverage
    let speedupAtStart = Self.twoThreadSpeedup()
    var random = SeededRandom(seed: seed)
    let model = FinderCorpusModel.load(dataPath: dataPath)
    let corpus = FinderCorpus(model: model, count: recipeCount, random: &random)
    let pantries = Self.pantrySizes.flatMap { size in
      (0..<pantriesPerSize).map { _ in model.pantry(size: size, random: &random) }
    }
    if let exportPath { try export(corpus, model: model, pantries: pantries, to: exportPath) }

    // The engine: build time and footprint.
    let kitchen = semantics != "plain"
    let catalog = kitchen ? FinderCatalog(foods: .bundled) : FinderCatalog()
    let kitchenFoods = kitchen ? KitchenFoods(model: model) : nil
    var recipes = corpus.finderRecipes(model: model)
    var pantryItems = pantries.map { $0.map { FinderQuery.PantryItem(food: $0) } }
    if let kitchenFoods {
      var kitchenRandom = SeededRandom(seed: seed &+ 1)
      recipes = recipes.map { kitchenFoods.recipe($0, random: &kitchenRandom) }
      pantryItems = pantries.map { kitchenFoods.pantry($0, random: &kitchenRandom) }
    }
    let engine = FinderEngine(catalog: catalog)
    let rssBefore = Machine.residentMemoryMB
    let report = engine.build(recipes: recipes, clock: { DispatchTime.now().uptimeNanoseconds })
    let rssAfter = Machine.residentMemoryMB

    // The index saved as `larder serve` saves it beside the database, and restored into a new
    // engine as its next start does (issue 14's cold start); the restored engine must answer
    // as the built one.
    // (In a block of its own, so the second engine is freed before the queries are timed.)
    var savedMegabytes = 0.0
    var saveSeconds = 0.0
    var restoreSeconds = 0.0
    var restoredAgrees = true
    do {
      let now = { DispatchTime.now().uptimeNanoseconds }
      let saveStart = now()
      let savedIndex = engine.savedIndex()
      saveSeconds = Double(now() - saveStart) / 1e9
      savedMegabytes = Double(savedIndex.count) / 1_048_576
      let restored = FinderEngine(catalog: catalog)
      restoreSeconds = try restored.restore(savedIndex: savedIndex, clock: now).seconds
      for items in pantryItems.prefix(8) {
        for maxMissing in [0, 2] {
          let query = FinderQuery(pantryItems: items, maxMissing: maxMissing, limit: Self.pageSize)
          if restored.find(query) != engine.find(query) { restoredAgrees = false }
        }
      }
    }

    // --peer-queries 0 times the engine alone (for profiling): no peer is loaded or asked.
    let sqliteStart = DispatchTime.now().uptimeNanoseconds
    let database = peerQueries == 0 ? nil : try FinderSQLitePeer(corpus: corpus, model: model)
    let sqliteLoadSeconds = Double(DispatchTime.now().uptimeNanoseconds - sqliteStart) / 1e9
    let readers = try (0..<(database == nil ? 0 : 2)).map { _ in try database!.reader() }
    let scan = FinderScan(recipes: recipes, catalog: catalog)

    var results: [[String: Any]] = []
    var agreement: [[String: Any]] = []
    var figures: [String: (p50: Double, p99: Double)] = [:]
    for size in Self.pantrySizes where only == nil || only?.size == size {
      let ofSize = pantryItems.filter { $0.count == size }
      for maxMissing in only.map({ [$0.maxMissing] }) ?? Self.maxMissingValues {
        let queries = ofSize.map {
          FinderQuery(pantryItems: $0, maxMissing: maxMissing, limit: Self.pageSize)
        }
        let peerSet = Array(queries.prefix(peerQueries))

        // Warm up, then time one query at a time, then two threads at once. Each query runs
        // `repeats` times and counts with its median, so that other processes on a shared
        // machine do not pass for the engine's tail; the raw tail is reported too.
        let larderPages = queries.map { engine.find($0) }
        var rounds = [Latencies](repeating: Latencies(), count: Self.repeats)
        for round in rounds.indices {
          for query in queries { _ = rounds[round].measure { engine.find(query) } }
        }
        let larder = Latencies.medians(of: rounds)
        let raw = Latencies(samples: rounds.flatMap(\.samples))
        let larderQPS = Self.throughput(
          rounds: max(1, 2000 / queries.count), queriesPerRound: queries.count
        ) { _ in
          for query in queries { _ = engine.find(query) }
        }

        // The peers: one query at a time, then two threads (each with its own connection).
        var measured: [(name: String, latencies: Latencies, qps: Double)] = [
          ("larder", larder, larderQPS)
        ]
        var answers: [String: [FinderSQLitePeer.Answer]] = [:]
        for variant in FinderSQLitePeer.Variant.allCases where !readers.isEmpty {
          var latencies = Latencies()
          answers[variant.rawValue] = try peerSet.map { query in
            try latencies.measure { try readers[0].find(query, variant: variant) }
          }
          let qps = Self.throughput(rounds: 1, queriesPerRound: peerSet.count) { thread in
            for query in peerSet { _ = try? readers[thread].find(query, variant: variant) }
          }
          measured.append((variant.rawValue, latencies, qps))
        }
        var scanLatency = Latencies()
        let scanPages = peerSet.map { query in scanLatency.measure { scan.find(query) } }
        if !peerSet.isEmpty {
          let scanQPS = Self.throughput(rounds: 1, queriesPerRound: peerSet.count) { _ in
            for query in peerSet { _ = scan.find(query) }
          }
          measured.append(("scan", scanLatency, scanQPS))
        }

        for (name, latencies, qps) in measured {
          var result: [String: Any] = [
            "engine": name, "pantrySize": size, "k": maxMissing, "queries": latencies.samples.count,
            "p50Ms": round3(latencies.percentile(0.5)), "p99Ms": round3(latencies.percentile(0.99)),
            "qps": round3(qps),
          ]
          if name == "larder" {
            result["p99RawMs"] = round3(raw.percentile(0.99))
            result["maxRawMs"] = round3(raw.percentile(1))
            // What the queries read, which unlike their time does not depend on the machine's
            // other work: compare builds by it on a busy machine.
            let work = queries.map { engine.work(of: $0) }
            let count = Double(max(1, work.count))
            result["meanPostingsWalked"] = round3(
              Double(work.reduce(0) { $0 + $1.postingsWalked }) / count)
            result["meanCandidatesChecked"] = round3(
              Double(work.reduce(0) { $0 + $1.candidatesChecked }) / count)
          }
          results.append(result)
          figures["\(name)/\(size)/\(maxMissing)"] = (
            latencies.percentile(0.5), latencies.percentile(0.99)
          )
        }
        let sameAsScan = zip(larderPages, scanPages).filter { $0 == $1 }.count
        var agreed: [String: Any] = [
          "pantrySize": size, "k": maxMissing, "compared": peerSet.count,
          "identicalToScan": sameAsScan,
          "meanTotal": round3(
            Double(larderPages.reduce(0) { $0 + $1.total }) / Double(max(1, larderPages.count))),
        ]
        for (variant, pages) in answers {
          agreed["sameIDsAndTotalAs/\(variant)"] =
            zip(larderPages, pages).filter { page, answer in
              page.total == answer.total && page.items.map(\.recipeID) == answer.ids
            }.count
        }
        agreement.append(agreed)
      }
    }

    // Edits: each replaces a recipe with its foods in another order plus one more, in place.
    var edits = Latencies()
    for edit in 0..<Self.editCount {
      let recipe = recipes[Int(random.next() % UInt64(recipes.count))]
      let changed = FinderRecipe(
        id: recipe.id,
        requiredFoods: recipe.requiredFoods.reversed() + [model.foods[edit % model.foods.count]],
        unmatchedLineCount: recipe.unmatchedLineCount, rating: recipe.rating)
      edits.measure { engine.update(changed) }
    }

    func ratio(_ peer: String, _ size: Int, _ maxMissing: Int) -> [String: Double] {
      guard let ours = figures["larder/\(size)/\(maxMissing)"],
        let theirs = figures["\(peer)/\(size)/\(maxMissing)"]
      else { return [:] }
      return [
        "p50": round3(theirs.p50 / max(ours.p50, 1e-9)),
        "p99": round3(theirs.p99 / max(ours.p99, 1e-9)),
      ]
    }
    var ratios: [String: Any] = [:]
    for size in Self.pantrySizes {
      for maxMissing in Self.maxMissingValues {
        for variant in FinderSQLitePeer.Variant.allCases where !readers.isEmpty {
          ratios["\(variant.rawValue)OverLarder/\(size)/k\(maxMissing)"] = ratio(
            variant.rawValue, size, maxMissing)
        }
        ratios["scanOverLarder/\(size)/k\(maxMissing)"] = ratio("scan", size, maxMissing)
      }
    }

    let output: [String: Any] = [
      "benchmark": "finder",
      "recipes": recipeCount,
      "seed": seed,
      "machine": Machine.description.merging([
        "loadAverageAtStart": loadAtStart, "twoThreadSpeedupAtStart": round3(speedupAtStart),
        "twoThreadSpeedupAtEnd": round3(Self.twoThreadSpeedup()),
      ]) { $1 },
      "loadAverageAtEnd": Machine.loadAverage,
      "corpus": corpus.summary(model: model).merging(
        kitchenFoods?.summary(recipes: recipes)
          ?? ["semantics": "plain: flat foods, no alternatives, no amounts"]
      ) { $1 },
      "pantries": ["perSize": pantriesPerSize, "sizes": Self.pantrySizes],
      "query": [
        "limit": Self.pageSize, "k": Self.maxMissingValues,
        "staples": FinderQuery.defaultStaples,
        "peerQueriesPerConfiguration": peerQueries,
      ],
      "results": results,
      "buildSeconds": round3(report.seconds),
      "savedIndex": [
        "megabytes": round3(savedMegabytes), "saveSeconds": round3(saveSeconds),
        "restoreSeconds": round3(restoreSeconds),
        "restoredAnswersAgree": restoredAgrees,
      ],
      "edits": [
        "count": Self.editCount, "updateP50Ms": round3(edits.percentile(0.5)),
        "updateP99Ms": round3(edits.percentile(0.99)),
      ],
      "memoryMB": round3(Double(report.memoryBytes) / 1_048_576),
      "rssGrowthMB": round3(rssAfter - rssBefore),
      "foods": report.foodCount,
      "sqliteLoadSeconds": round3(sqliteLoadSeconds),
      "agreement": agreement,
      "ratios": ratios,
      "peakMemoryMB": Machine.peakMemoryMB,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: output, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  /// How much faster two threads do a fixed amount of arithmetic than one: 2 on two idle cores,
  /// about 1 when other processes hold one of them (queries per second on two threads can only
  /// be read against this).
  static func twoThreadSpeedup() -> Double {
    @Sendable @inline(never) func spin(_ seed: UInt64) -> UInt64 {
      var value = seed
      for step in 0..<60_000_000 {
        value = (value &* 6_364_136_223_846_793_005 &+ UInt64(step)) ^ (value >> 13)
      }
      return value
    }
    var start = DispatchTime.now().uptimeNanoseconds
    if spin(1) == 0 { print("") }
    let one = Double(DispatchTime.now().uptimeNanoseconds - start)
    start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      if spin(UInt64(thread + 2)) == 0 { print("") }
    }
    let two = Double(DispatchTime.now().uptimeNanoseconds - start)
    return 2 * one / two
  }

  /// Queries per second with two threads, each running `body` (given its thread number)
  /// `rounds` times.
  static func throughput(
    rounds: Int, queriesPerRound: Int, _ body: @Sendable (Int) -> Void
  ) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for _ in 0..<rounds { body(thread) }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return Double(rounds * 2 * queriesPerRound) / seconds
  }

  /// Writes the corpus and pantries so outside tools can run the very same queries.
  private func export(
    _ corpus: FinderCorpus, model: FinderCorpusModel, pantries: [[String]], to folder: String
  ) throws {
    let url = URL(fileURLWithPath: folder)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    var csv = FinderTextWriter(path: url.appendingPathComponent("corpus.csv").path)
    csv.write("recipe_id,food_id\n")
    var details = FinderTextWriter(path: url.appendingPathComponent("recipes.csv").path)
    details.write("recipe_id,rating,unmatched_lines\n")
    for recipe in 0..<corpus.count {
      let id = corpus.ids[recipe]
      for food in corpus.foods(of: recipe) { csv.write("\(id),\(model.foods[Int(food)])\n") }
      details.write("\(id),\(corpus.ratings[recipe]),\(corpus.unmatched[recipe])\n")
    }
    try csv.close()
    try details.close()
    var lines = FinderTextWriter(path: url.appendingPathComponent("pantries.jsonl").path)
    for (index, pantry) in pantries.enumerated() {
      let object: [String: Any] = ["id": index, "size": pantry.count, "foods": pantry]
      let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
      lines.write(String(decoding: data, as: UTF8.self) + "\n")
    }
    try lines.close()
    let staples = try JSONSerialization.data(withJSONObject: FinderQuery.defaultStaples)
    try staples.write(to: url.appendingPathComponent("staples.json"))
  }
}

/// A buffered text file writer.
struct FinderTextWriter {
  private let handle: FileHandle?
  private var buffer = Data()

  init(path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    handle = FileHandle(forWritingAtPath: path)
  }

  mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count > 1 << 20 { flush() }
  }

  private mutating func flush() {
    handle?.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  mutating func close() throws {
    flush()
    try handle?.close()
  }
}

// MARK: - Calibration

/// What the corpus is drawn from: recipe sizes and food frequencies, measured on the shared
/// data when it is there, synthetic otherwise.
/// The kitchen corpus: the model's foods read as the bundled catalog's, lines of alternatives
/// and amounts on recipes, amounts on pantry items.
struct KitchenFoods {
  /// The catalog id of each model food name (the name itself when the catalog has none).
  let ids: [String: String]
  let grams = IngredientUnit.unit(id: "g")

  init(model: FinderCorpusModel) {
    let catalog = FoodCatalog.bundled
    var ids: [String: String] = [:]
    for name in model.foods { ids[name] = catalog.match(name)?.foodID ?? name }
    self.ids = ids
  }

  /// A measure: grams two times in three, else a count.
  func measure(_ random: inout SeededRandom, range: ClosedRange<Int>) -> Measure {
    random.next() % 3 == 0
      ? Measure(quantity: Double(Int(random.next() % 6) + 1), unit: nil)
      : Measure(quantity: Double(Int.random(in: range, using: &random)), unit: grams)
  }

  func recipe(_ recipe: FinderRecipe, random: inout SeededRandom) -> FinderRecipe {
    var foods = recipe.requiredFoods.map { ids[$0] ?? $0 }
    var alternatives: [[String]] = []
    if foods.count >= 2, random.next() % 10 == 0, let last = foods.popLast() {
      let other = foods[Int(random.next() % UInt64(foods.count))]
      foods.removeAll { $0 == other }
      alternatives = [[last, other]]
    }
    var amounts: [String: Measure] = [:]
    for food in foods where random.next() % 2 == 0 {
      amounts[food] = measure(&random, range: 20...500)
    }
    var copy = recipe
    copy.requiredFoods = foods
    copy.alternatives = alternatives
    copy.amounts = amounts
    return copy
  }

  func pantry(_ foods: [String], random: inout SeededRandom) -> [FinderQuery.PantryItem] {
    foods.map { name in
      FinderQuery.PantryItem(
        food: ids[name] ?? name,
        amount: random.next() % 3 == 0 ? measure(&random, range: 100...1000) : nil)
    }
  }

  func summary(recipes: [FinderRecipe]) -> [String: Any] {
    let catalogIDs = Set(FoodCatalog.bundled.foods.map(\.id))
    return [
      "semantics":
        "kitchen: bundled catalog's kinds; a tenth of recipes with a line of alternatives; half "
        + "of required foods measured; a third of pantry items measured",
      "modelFoodsInCatalog": ids.values.filter(catalogIDs.contains).count,
      "modelFoods": ids.count,
      "recipesWithAlternatives": recipes.filter { !$0.alternatives.isEmpty }.count,
      "measuredFoods": recipes.reduce(0) { $0 + $1.amounts.count },
    ]
  }
}

struct FinderCorpusModel {
  /// Food ids, most frequent first.
  var foods: [String]
  var weights: [Double]
  /// Required lines per recipe, one entry per observed recipe.
  var sizes: [Int]
  var description: [String: Any]
  private var foodSampler: FinderAliasTable
  /// Foods eligible for pantries: all but the staples, most frequent first.
  private var pantryFoods: [Int]
  private var pantrySampler: FinderAliasTable

  init(foods: [String], weights: [Double], sizes: [Int], description: [String: Any]) {
    self.foods = foods
    self.weights = weights
    self.sizes = sizes
    self.description = description
    foodSampler = FinderAliasTable(weights: weights)
    let staples = Set(FinderQuery.defaultStaples)
    pantryFoods = foods.indices.filter { !staples.contains(foods[$0]) }
    pantrySampler = FinderAliasTable(weights: pantryFoods.map { weights[$0] })
  }

  static func load(dataPath: String) -> FinderCorpusModel {
    let recipesPath = dataPath + "/recipes-wikibooks/recipes.jsonl"
    let linesFolder = dataPath + "/ingredient-lines"
    var description: [String: Any] = [:]
    var sizes = Self.recipeSizes(path: recipesPath)
    if sizes.isEmpty {
      // Roughly the Wikibooks shape: a mode of 6, a long right tail.
      sizes = [
        1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9, 10, 11, 12, 14,
        17,
      ]
      description["sizes"] = "synthetic (no \(recipesPath))"
    } else {
      description["sizes"] = "required lines of \(sizes.count) recipes in \(recipesPath)"
    }
    var (names, singletons, rows) = Self.foodNames(folder: linesFolder)
    var foods: [String] = []
    var weights: [Double] = []
    if names.isEmpty {
      description["foods"] = "synthetic Zipf over 8,000 foods (no \(linesFolder))"
      foods = FinderQuery.defaultStaples + ["onion", "garlic", "butter", "egg", "flour", "sugar"]
      foods += (foods.count..<8000).map { "food-\($0)" }
      weights = foods.indices.map { 1000 / Double($0 + 1) }
      names = [:]
      singletons = 0
    } else {
      let observed = names.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      foods = observed.map(\.key)
      weights = observed.map { Double($0.value) }
      // A Zipf tail continuing the observed curve, until it holds the singletons' share.
      let count = foods.count
      let exponent = Self.zipfExponent(weights)
      var tailMass = 0.0
      var rank = count + 1
      while tailMass < Double(singletons), rank < count + 40_000 {
        let weight = weights[count - 1] * pow(Double(count) / Double(rank), exponent)
        foods.append("tail-food-\(rank - count)")
        weights.append(weight)
        tailMass += weight
        rank += 1
      }
      description["foods"] =
        [
          "source": "names of \(rows) labelled rows in \(linesFolder)/*.csv",
          "observedFoods": count, "tailFoods": foods.count - count,
          "zipfExponent": round3(exponent), "observedSingletons": singletons,
        ] as [String: Any]
    }
    for staple in FinderQuery.defaultStaples where !foods.contains(staple) {
      foods.insert(staple, at: 0)
      weights.insert(weights.first ?? 1, at: 0)
    }
    return FinderCorpusModel(foods: foods, weights: weights, sizes: sizes, description: description)
  }

  /// Required ingredient lines per Wikibooks recipe: lines that are not headers and not
  /// optional ("to taste", "optional", garnish, serving).
  static func recipeSizes(path: String) -> [Int] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var sizes: [Int] = []
    for line in text.split(separator: "\n") {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let ingredients = object["ingredients"] as? [String]
      else { continue }
      let required = ingredients.filter { line in
        let lower = line.lowercased().trimmingCharacters(in: .whitespaces)
        if lower.isEmpty || lower.hasSuffix(":") { return false }
        return !["to taste", "optional", "garnish", "for serving"].contains { lower.contains($0) }
      }
      if !required.isEmpty { sizes.append(required.count) }
    }
    return sizes
  }

  /// Counts of normalised food names in the labelled rows, the number of names seen once
  /// (dropped: the Zipf tail stands for them) and the number of rows read.
  static func foodNames(folder: String) -> (names: [String: Int], singletons: Int, rows: Int) {
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return ([:], 0, 0)
    }
    var counts: [String: Int] = [:]
    var rows = 0
    for file in files.sorted() where file.hasSuffix(".csv") {
      guard let data = FileManager.default.contents(atPath: folder + "/" + file) else { continue }
      let table = FinderCSV.parse([UInt8](data))
      guard let header = table.first else { continue }
      guard let name = header.firstIndex(of: "name") else { continue }
      let quantity = header.firstIndex(of: "quantity") ?? header.firstIndex(of: "qty")
      let unit = header.firstIndex(of: "unit")
      for row in table.dropFirst() where row.count == header.count {
        let fields = [name, quantity, unit].compactMap { $0 }.map { row[$0] }
        if fields.allSatisfy(\.isEmpty) { continue }
        rows += 1
        for food in Self.normalizedFoods(row[name]) { counts[food, default: 0] += 1 }
      }
    }
    let singletons = counts.values.filter { $0 == 1 }.count
    return (counts.filter { $0.value > 1 }, singletons, rows)
  }

  /// Lowercased words of the first alternative, without size words, the last one singular,
  /// joined by hyphens; "salt and pepper" is the two staples.
  static func normalizedFoods(_ name: String) -> [String] {
    var text = name.lowercased()
    if let range = text.range(of: " or ") { text = String(text[..<range.lowerBound]) }
    var words = text.split { !$0.isLetter }.map(String.init)
    let dropped: Set<String> = ["fresh", "freshly", "large", "small", "medium", "extra", "finely"]
    while let first = words.first, dropped.contains(first), words.count > 1 { words.removeFirst() }
    guard !words.isEmpty else { return [] }
    let joined = words.joined(separator: " ")
    if joined.hasPrefix("salt and") && joined.hasSuffix("pepper") {
      return ["salt", "black-pepper"]
    }
    if joined == "pepper" || joined == "ground black pepper" { return ["black-pepper"] }
    words[words.count - 1] = singular(words[words.count - 1])
    return [words.joined(separator: "-")]
  }

  static func singular(_ word: String) -> String {
    if word.count > 4, word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
    if word.count > 4, word.hasSuffix("oes") { return String(word.dropLast(2)) }
    for ending in ["ches", "shes", "sses", "xes"] where word.hasSuffix(ending) {
      return String(word.dropLast(2))
    }
    if word.count > 3, word.hasSuffix("s"),
      !["ss", "us", "is"].contains(where: word.hasSuffix)
    {
      return String(word.dropLast())
    }
    return word
  }

  /// The slope of log(count) against log(rank) over the lower half of the observed ranks.
  static func zipfExponent(_ counts: [Double]) -> Double {
    let points = (counts.count / 10..<counts.count).map { (log(Double($0 + 1)), log(counts[$0])) }
    guard points.count > 2 else { return 1 }
    let meanX = points.map(\.0).reduce(0, +) / Double(points.count)
    let meanY = points.map(\.1).reduce(0, +) / Double(points.count)
    let slope =
      points.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +)
      / points.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
    return min(2, max(0.5, -slope))
  }

  func food(random: inout SeededRandom) -> Int { foodSampler.sample(&random) }

  /// A pantry: a fifth (at least two) of the 20 most common foods, the rest by frequency.
  func pantry(size: Int, random: inout SeededRandom) -> [String] {
    var chosen: [Int] = []
    var taken = Set<Int>()
    let common = max(2, size / 5)
    while chosen.count < common {
      let food = pantryFoods[Int.random(in: 0..<20, using: &random)]
      if taken.insert(food).inserted { chosen.append(food) }
    }
    while chosen.count < size {
      let food = pantryFoods[pantrySampler.sample(&random)]
      if taken.insert(food).inserted { chosen.append(food) }
    }
    return chosen.map { foods[$0] }
  }
}

/// Walker's alias method: draws an index in proportion to its weight in constant time.
struct FinderAliasTable {
  private var probability: [Double] = []
  private var alias: [Int] = []

  init(weights: [Double]) {
    let count = weights.count
    guard count > 0 else { return }
    let total = weights.reduce(0, +)
    var scaled = weights.map { $0 * Double(count) / total }
    probability = [Double](repeating: 1, count: count)
    alias = Array(0..<count)
    var small = scaled.indices.filter { scaled[$0] < 1 }
    var large = scaled.indices.filter { scaled[$0] >= 1 }
    while let less = small.popLast(), let more = large.popLast() {
      probability[less] = scaled[less]
      alias[less] = more
      scaled[more] -= 1 - scaled[less]
      if scaled[more] < 1 { small.append(more) } else { large.append(more) }
    }
  }

  func sample(_ random: inout SeededRandom) -> Int {
    let index = Int(random.next() % UInt64(probability.count))
    let coin = Double(random.next() >> 11) / Double(1 << 53)
    return coin < probability[index] ? index : alias[index]
  }
}

/// A CSV parser for the shared data: quoted fields, doubled quotes, newlines inside quotes.
enum FinderCSV {
  static func parse(_ bytes: [UInt8]) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            quoted = false
          }
        } else {
          field.append(byte)
        }
      } else if byte == UInt8(ascii: "\"") {
        quoted = true
      } else if byte == UInt8(ascii: ",") {
        row.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
      } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if byte == UInt8(ascii: "\r"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "\n")
        {
          index += 1
        }
        row.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        rows.append(row)
        row = []
      } else {
        field.append(byte)
      }
      index += 1
    }
    if !field.isEmpty || !row.isEmpty {
      row.append(String(decoding: field, as: UTF8.self))
      rows.append(row)
    }
    return rows
  }
}

// MARK: - Corpus

/// The generated recipes in compact form: food numbers per recipe, unmatched lines, ratings.
struct FinderCorpus {
  private(set) var ids: [String] = []
  private var foodList: [Int32] = []
  private var starts: [Int] = [0]
  private(set) var unmatched: [Int] = []
  /// The ranking rating, 0 for unrated.
  private(set) var ratings: [Int] = []

  var count: Int { ids.count }

  init(model: FinderCorpusModel, count: Int, random: inout SeededRandom) {
    ids.reserveCapacity(count)
    unmatched.reserveCapacity(count)
    ratings.reserveCapacity(count)
    starts.reserveCapacity(count + 1)
    var lastTaken = [Int](repeating: -1, count: model.foods.count)
    for recipe in 0..<count {
      ids.append(Self.uuid(&random))
      let lines = model.sizes[Int(random.next() % UInt64(model.sizes.count))]
      var missingLines = 0
      var taken = 0
      for _ in 0..<lines {
        if Double(random.next() >> 11) / Double(1 << 53) < FinderBenchmark.unmatchedLineRate {
          missingLines += 1
          continue
        }
        // Redraw repeats, so a recipe's lines name distinct foods.
        for _ in 0..<50 {
          let food = model.food(random: &random)
          if lastTaken[food] != recipe {
            lastTaken[food] = recipe
            foodList.append(Int32(food))
            taken += 1
            break
          }
        }
      }
      starts.append(foodList.count)
      unmatched.append(missingLines)
      ratings.append(random.next() % 2 == 0 ? 0 : Int(random.next() % 5) + 1)
      _ = taken
    }
  }

  func foods(of recipe: Int) -> ArraySlice<Int32> { foodList[starts[recipe]..<starts[recipe + 1]] }

  func finderRecipes(model: FinderCorpusModel) -> [FinderRecipe] {
    (0..<count).map { recipe in
      FinderRecipe(
        id: ids[recipe], requiredFoods: foods(of: recipe).map { model.foods[Int($0)] },
        unmatchedLineCount: unmatched[recipe], rating: ratings[recipe] == 0 ? nil : ratings[recipe])
    }
  }

  func summary(model: FinderCorpusModel) -> [String: Any] {
    let rows = foodList.count
    var used = Set<Int32>()
    for food in foodList { used.insert(food) }
    return [
      "calibration": model.description,
      "foodsInModel": model.foods.count,
      "foodsUsed": used.count,
      "rows": rows,
      "meanFoodsPerRecipe": round3(Double(rows) / Double(max(1, count))),
      "meanUnmatchedLinesPerRecipe": round3(
        Double(unmatched.reduce(0, +)) / Double(max(1, count))),
      "unmatchedLineRate": FinderBenchmark.unmatchedLineRate,
      "taxonomy": "none (flat foods), no substitutions, no filters",
    ]
  }

  /// A lowercase UUID-shaped id from the generator, like the store's recipe ids.
  static func uuid(_ random: inout SeededRandom) -> String {
    let high = random.next()
    let low = random.next()
    let hex = String(format: "%016llx%016llx", high, low)
    let characters = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }
      .joined(separator: "-")
  }
}

// MARK: - The SQLite peer

/// The best SQL we could write for the same question, on a temporary SQLite file with one
/// connection per thread, in two variants (both rank like the engine, with the total from a
/// window count, and add the recipes small enough to qualify with no match from an index on
/// need):
/// - `sqlite`: the textbook query. `recipe_food(food, rid)` is clustered on (food, rid)
///   (`WITHOUT ROWID`), so the rows of the pantry's foods are contiguous ranges; matches are
///   counted per recipe over them (GROUP BY rid) and recipes with need − matched ≤ K kept.
/// - `sqlite-prefix`: the engine's own prefix filtering, in SQL. `recipe_food_position(food,
///   position, rid)` stores each food's position in its recipe (unmatched lines first, then
///   foods from rarest to most frequent); only positions below K + 2 are counted, recipes with
///   at least min(2, need − K) hits become candidates, and only candidates are counted in full
///   through `recipe_food_by_recipe(rid, food)`.
final class FinderSQLitePeer: @unchecked Sendable {
  // @unchecked Sendable: a connection is used by one thread at a time; the benchmark gives each
  // thread its own reader.

  /// The page's recipe ids and the total.
  struct Answer: Equatable {
    var ids: [String]
    var total: Int
  }

  /// Which query to run.
  enum Variant: String, CaseIterable {
    case groupBy = "sqlite"
    case prefix = "sqlite-prefix"
  }

  private var database: OpaquePointer?
  let path: String
  private let owner: Bool
  private var foodNumbers: [String: Int] = [:]

  init(corpus: FinderCorpus, model: FinderCorpusModel) throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-finder-\(UUID().uuidString).sqlite").path
    owner = true
    for (index, food) in model.foods.enumerated() { foodNumbers[food] = index }
    guard
      sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        == SQLITE_OK
    else { throw BenchError(message: "cannot create \(path)", exitCode: 1) }
    try execute(
      """
      PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 8192;
      PRAGMA cache_size = -1000000;
      CREATE TABLE recipe (
        rid INTEGER PRIMARY KEY, uid TEXT NOT NULL, need INTEGER NOT NULL, rating INTEGER NOT NULL);
      CREATE TABLE recipe_food (
        food INTEGER NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY (food, rid)) WITHOUT ROWID;
      CREATE TABLE recipe_food_position (
        food INTEGER NOT NULL, position INTEGER NOT NULL, rid INTEGER NOT NULL,
        PRIMARY KEY (food, position, rid)) WITHOUT ROWID;
      CREATE TABLE recipe_food_by_recipe (
        rid INTEGER NOT NULL, food INTEGER NOT NULL, PRIMARY KEY (rid, food)) WITHOUT ROWID;
      BEGIN;
      """)
    // Positions order each recipe's foods from rarest to most frequent in the corpus.
    var frequency = [Int](repeating: 0, count: model.foods.count)
    for recipe in 0..<corpus.count {
      for food in corpus.foods(of: recipe) { frequency[Int(food)] += 1 }
    }
    let statements = try [
      "INSERT INTO recipe VALUES (?, ?, ?, ?)", "INSERT INTO recipe_food VALUES (?, ?)",
      "INSERT INTO recipe_food_position VALUES (?, ?, ?)",
      "INSERT INTO recipe_food_by_recipe VALUES (?, ?)",
    ].map(prepare)
    defer { statements.forEach { sqlite3_finalize($0) } }
    func insert(_ statement: OpaquePointer, _ values: [Int64], text: String? = nil) throws {
      for (index, value) in values.enumerated() {
        sqlite3_bind_int64(statement, Int32(index + 1), value)
      }
      if let text { sqlite3_bind_text(statement, 2, text, -1, larder_sqlite_transient()) }
      guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("insert") }
      sqlite3_reset(statement)
    }
    for recipe in 0..<corpus.count {
      let foods = corpus.foods(of: recipe).sorted {
        (frequency[Int($0)], $0) < (frequency[Int($1)], $1)
      }
      let unmatched = corpus.unmatched[recipe]
      let id = Int64(recipe)
      try insert(
        statements[0], [id, 0, Int64(foods.count + unmatched), Int64(corpus.ratings[recipe])],
        text: corpus.ids[recipe])
      for (rank, food) in foods.enumerated() {
        try insert(statements[1], [Int64(food), id])
        try insert(statements[2], [Int64(food), Int64(unmatched + rank), id])
        try insert(statements[3], [id, Int64(food)])
      }
    }
    try execute("COMMIT; CREATE INDEX recipe_need ON recipe (need); ANALYZE;")
  }

  private init(path: String, foodNumbers: [String: Int]) throws {
    self.path = path
    owner = false
    self.foodNumbers = foodNumbers
    guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
      throw BenchError(message: "cannot open \(path)", exitCode: 1)
    }
    try execute("PRAGMA cache_size = -1000000; PRAGMA temp_store = MEMORY;")
  }

  /// Another connection to the same database, for another thread.
  func reader() throws -> FinderSQLitePeer {
    try FinderSQLitePeer(path: path, foodNumbers: foodNumbers)
  }

  deinit {
    sqlite3_close_v2(database)
    if owner { try? FileManager.default.removeItem(atPath: path) }
  }

  /// The top page's ids and the total, for a query without taxonomy, substitutions or filters.
  func find(_ query: FinderQuery, variant: Variant) throws -> Answer {
    let pantry = query.pantry.compactMap { foodNumbers[$0.food] }
    let have = Set(pantry + query.staples.compactMap { foodNumbers[$0] }).sorted()
      .map(String.init).joined(separator: ",")
    let mine = pantry.isEmpty ? "-1" : pantry.map(String.init).joined(separator: ",")
    let found: String
    switch variant {
    case .groupBy:
      found = """
        WITH hits(rid, matched, used) AS (
          SELECT rid, count(*), sum(food IN (\(mine)))
          FROM recipe_food WHERE food IN (\(have)) GROUP BY rid),
        found(rid, missing, used) AS (
          SELECT h.rid, r.need - h.matched, h.used
          FROM hits h JOIN recipe r ON r.rid = h.rid WHERE r.need - h.matched <= ?1
          UNION ALL
          SELECT rid, need, 0 FROM recipe WHERE need <= ?1 AND rid NOT IN (SELECT rid FROM hits))
        """
    case .prefix:
      found = """
        WITH walked(rid, hits) AS (
          SELECT rid, count(*) FROM recipe_food_position
          WHERE food IN (\(have)) AND position < ?1 + 2 GROUP BY rid),
        candidate(rid, need) AS (
          SELECT w.rid, r.need FROM walked w JOIN recipe r ON r.rid = w.rid
          WHERE w.hits >= min(2, r.need - ?1)),
        counted(rid, missing, used) AS (
          SELECT c.rid, c.need - count(*), sum(f.food IN (\(mine)))
          FROM candidate c JOIN recipe_food_by_recipe f ON f.rid = c.rid AND f.food IN (\(have))
          GROUP BY c.rid HAVING c.need - count(*) <= ?1),
        found(rid, missing, used) AS (
          SELECT rid, missing, used FROM counted
          UNION ALL
          SELECT rid, need, 0 FROM recipe
          WHERE need <= ?1 AND rid NOT IN (SELECT rid FROM walked))
        """
    }
    let sql =
      found + """

        SELECT r.uid, count(*) OVER ()
        FROM found f JOIN recipe r ON r.rid = f.rid
        ORDER BY f.missing, f.used DESC, r.rating DESC, r.uid
        LIMIT ?2
        """
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_int64(statement, 1, Int64(query.maxMissing))
    sqlite3_bind_int64(statement, 2, Int64(query.limit))
    var answer = Answer(ids: [], total: 0)
    while sqlite3_step(statement) == SQLITE_ROW {
      answer.ids.append(String(cString: sqlite3_column_text(statement, 0)))
      answer.total = Int(sqlite3_column_int64(statement, 1))
    }
    return answer
  }

  private func prepare(_ sql: String) throws -> OpaquePointer {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw failure("prepare")
    }
    return statement
  }

  private func execute(_ sql: String) throws {
    guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else { throw failure("exec") }
  }

  private func failure(_ step: String) -> BenchError {
    BenchError(
      message: "sqlite peer: \(step): \(String(cString: sqlite3_errmsg(database)))", exitCode: 1)
  }
}

extension Machine {
  /// The 1, 5 and 15 minute load averages: how busy the shared machine was.
  static var loadAverage: String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// The process's current resident memory in megabytes.
  static var residentMemoryMB: Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
  }
}
