import Dispatch
import Foundation

/// A query worked out against the index's numbering: bitsets over food numbers, the same sets
/// as 64-bit masks over the top foods, and filters as attribute numbers.
struct FinderPlan {
  /// A diet the recipe's own labels must vouch for.
  struct DietRule {
    /// The label's number, nil when no recipe carries it.
    var label: UInt32?
    /// True for diets with a food table: the label is needed only when the recipe has
    /// unmatched lines.
    var onlyWithUnmatchedLines: Bool
  }

  /// Foods with their bitset and their top-food mask.
  struct FoodSet {
    var bits: [UInt64]
    var top: UInt64
  }

  /// A pantry item or a staple, as the query gave it.
  struct Source {
    var food: String
    var kinds: PantryKinds
    var amount: Measure?
  }

  /// What the pantry holds of a food every item giving it measures.
  struct Limit {
    var amounts: [Measure]
    /// The density of the first giving item's food that has one, standing in when the food
    /// has none.
    var fallbackDensity: Double?
  }

  var maxMissing: Int
  /// Foods the pantry or the staples give (``PantryCoverage``). A choice is never in it: it is
  /// at hand when one of its foods is (``FinderIndex/chosen(_:plan:)``).
  var have: FoodSet
  /// Foods the pantry alone gives.
  var pantry: FoodSet
  /// Foods given only as a plain food standing for its kind.
  var kindOnly: FoodSet
  var substitutable: FoodSet
  /// The pantry's items, then the staples.
  var sources: [Source]
  /// Foods every giving item measures, by number: the only ones that can fall short.
  var limits: [UInt32: Limit] = [:]
  var limited: [UInt64]
  /// `limited` as a mask over the top foods.
  var limitedTop: UInt64 = 0
  /// For each food given only as a kind, the first of `sources` that gives it: the pantry food
  /// a kind match names.
  var kindSources: [UInt32: Int] = [:]
  /// For each limited food and each of the index's units (``FinderIndex/units``), the largest
  /// quantity a recipe may need without being short (``allowance(for:)`` of what the pantry
  /// holds in that unit; infinite where it does not convert), so that one comparison of an
  /// entry's own `Float` decides, in the walk and in the full check alike.
  var allowances: [UInt32: [Float]] = [:]
  /// Every food in `have`, whose posting lists (and choice postings) the query visits.
  var haveFoods: [UInt32]
  var excluded: FoodSet?
  var includes: [FoodSet]
  var dietRules: [DietRule]
  var courses: [UInt32]?
  var cuisines: [UInt32]?
  var tags: [UInt32]
  var maxTotalMinutes: Int?
  var maxIngredientCount: Int?
  /// Bits every found recipe's `filterBits` must have: diets with a bit, and favourites
  /// (the recipes' own flag).
  var requiredBits: UInt32 = 0
  /// With a user's marks and favourites only: the slots of the user's favourites, the only
  /// recipes the search looks at (a person's favourites are few).
  var onlySlots: [UInt32]?
  /// With a user's marks: their ratings (0 to 5) by slot, read in place of the recipes' own.
  var ratings: [UInt32: Int]?

  /// Whether anything beyond the missing count decides if a recipe is found.
  var checksDetails: Bool {
    excluded != nil || !includes.isEmpty || !dietRules.isEmpty || courses != nil
      || cuisines != nil || !tags.isEmpty || maxTotalMinutes != nil || maxIngredientCount != nil
  }

  /// The plan, or nil when no recipe can be found (an included food or a required tag that no
  /// recipe has).
  init?(query: FinderQuery, index: FinderIndex) {
    let words = (index.foodCount + 63) / 64
    func foodSet(_ bits: [UInt64]) -> FoodSet {
      var top: UInt64 = 0
      for (bit, food) in index.topFoods.enumerated()
      where bits[Int(food >> 6)] & (1 << UInt64(food & 63)) != 0 {
        top |= 1 << UInt64(bit)
      }
      return FoodSet(bits: bits, top: top)
    }
    maxMissing = min(query.normalizedMaxMissing, 1 << 20)

    sources =
      query.pantry.map { Source(food: $0.food, kinds: $0.kinds, amount: $0.amount) }
      + query.staples.map { Source(food: $0, kinds: .everyday, amount: nil) }
    let pantryCount = query.pantry.count
    var haveBits = [UInt64](repeating: 0, count: words)
    var pantryBits = [UInt64](repeating: 0, count: words)
    var exactBits = [UInt64](repeating: 0, count: words)
    var kindBits = [UInt64](repeating: 0, count: words)
    var haveFoods: [UInt32] = []
    // Per food: whether some giving item has no amount, else the amounts so far.
    var unlimited = [UInt64](repeating: 0, count: words)
    var measured: [UInt32: Limit] = [:]
    var covered: [UInt32] = []
    var kindSources: [UInt32: Int] = [:]
    for (position, source) in sources.enumerated() {
      guard let food = index.foodNumbers[source.food] else { continue }
      covered.removeAll(keepingCapacity: true)
      index.forEachFoodGiven(by: food, kinds: source.kinds) { number, exact in
        covered.append(number)
        if exact {
          exactBits[Int(number >> 6)] |= 1 << UInt64(number & 63)
        } else {
          kindBits[Int(number >> 6)] |= 1 << UInt64(number & 63)
          if kindSources[number] == nil { kindSources[number] = position }
        }
      }
      for number in covered {
        let word = Int(number >> 6)
        let bit: UInt64 = 1 << UInt64(number & 63)
        if haveBits[word] & bit == 0 {
          haveBits[word] |= bit
          haveFoods.append(number)
        }
        if position < pantryCount { pantryBits[word] |= bit }
        if let amount = source.amount, position < pantryCount {
          if unlimited[word] & bit == 0 {
            var limit = measured[number] ?? Limit(amounts: [], fallbackDensity: nil)
            limit.amounts.append(amount)
            if limit.fallbackDensity == nil {
              limit.fallbackDensity = index.catalog.densities[source.food]
            }
            measured[number] = limit
          }
        } else {
          unlimited[word] |= bit
          measured[number] = nil
        }
      }
    }
    // A food given both exactly and as a kind is exact.
    for word in 0..<words { kindBits[word] &= ~exactBits[word] }
    self.haveFoods = haveFoods
    self.kindSources = kindSources
    limits = measured
    var limitedBits = [UInt64](repeating: 0, count: words)
    for food in measured.keys { limitedBits[Int(food >> 6)] |= 1 << UInt64(food & 63) }
    limited = limitedBits
    // The kinds one measured item gives share its amounts and, mostly, a density: their
    // tables are worked out once (each is a conversion per unit of the index).
    struct TableKey: Hashable {
      var amounts: [Measure]
      var density: Double?
    }
    var tables: [TableKey: [Float]] = [:]
    for (food, limit) in measured {
      let density = index.catalog.densities[index.foodIDs[Int(food)]] ?? limit.fallbackDensity
      let key = TableKey(amounts: limit.amounts, density: density)
      if let table = tables[key] {
        allowances[food] = table
        continue
      }
      let table = index.units.map { unit in
        Self.allowance(
          for: PantryAmounts.total(of: limit.amounts, in: unit, density: density)?.quantity
            ?? .infinity)
      }
      tables[key] = table
      allowances[food] = table
    }
    have = FoodSet(bits: haveBits, top: 0)
    pantry = FoodSet(bits: pantryBits, top: 0)
    kindOnly = FoodSet(bits: kindBits, top: 0)

    var substitutableBits = [UInt64](repeating: 0, count: words)
    for food in index.substitutedFoods where !Self.contains(haveBits, food) {
      if index.substitutes[Int(food)].contains(where: { Self.contains(haveBits, $0) }) {
        substitutableBits[Int(food >> 6)] |= 1 << UInt64(food & 63)
      }
    }

    var excludedBits = [UInt64](repeating: 0, count: words)
    var excludes = false
    for food in query.mustExclude {
      guard let number = index.foodNumbers[food] else { continue }
      index.markSelfAndDescendants(of: number, in: &excludedBits)
      excludes = true
    }
    var dietRules: [DietRule] = []
    var bitDietTables: [[UInt32]] = []
    for diet in query.diets {
      if let bit = index.bitDiets.firstIndex(of: diet) {
        requiredBits |= 1 << UInt32(bit)
        if let table = index.dietFoods[diet] { bitDietTables.append(table) }
        continue
      }
      let table = index.dietFoods[diet]
      for number in table ?? [] {
        index.markSelfAndDescendants(of: number, in: &excludedBits)
        excludes = true
      }
      let label = index.dietNumbers[diet]
      if table == nil, label == nil { return nil }
      dietRules.append(DietRule(label: label, onlyWithUnmatchedLines: table != nil))
    }
    self.dietRules = dietRules
    // A diet's bit says that each of a recipe's lines of alternatives has one that suits that
    // diet, not one that suits every rule at once: with "vegan" and "no mushrooms", "bacon or
    // mushrooms" suits neither. With another rule beside a diet's bit, the diet's foods join
    // the exclusions, which a line of alternatives fails only when all its foods are excluded
    // (as the scan reads them).
    if !bitDietTables.isEmpty, excludes || bitDietTables.count > 1 {
      for table in bitDietTables {
        for number in table { index.markSelfAndDescendants(of: number, in: &excludedBits) }
      }
      excludes = true
    }

    var includes: [[UInt64]] = []
    for food in query.mustInclude {
      guard let number = index.foodNumbers[food] else { return nil }
      var bits = [UInt64](repeating: 0, count: words)
      index.markSelfAndDescendants(of: number, in: &bits)
      includes.append(bits)
    }

    func numbers(_ values: [String], in table: [String: UInt32]) -> [UInt32]? {
      values.isEmpty ? nil : values.compactMap { table[FinderText.normalize($0)] }
    }
    courses = numbers(query.filters.courses, in: index.courseNumbers)
    cuisines = numbers(query.filters.cuisines, in: index.cuisineNumbers)
    if courses?.isEmpty == true || cuisines?.isEmpty == true { return nil }
    let wantedTags = Set(query.filters.tags.map(FinderText.normalize))
    tags = wantedTags.compactMap { index.tagNumbers[$0] }
    if tags.count < wantedTags.count { return nil }
    maxTotalMinutes = query.filters.maxTotalMinutes
    maxIngredientCount = query.filters.maxIngredientCount
    if let marks = query.marks {
      var rated: [UInt32: Int] = [:]
      for id in marks.ratings.keys {
        if let slot = index.ids.slot(of: id) { rated[slot] = marks.rankingRating(of: id) }
      }
      ratings = rated
      if query.filters.favoritesOnly {
        onlySlots = marks.favorites.compactMap { index.ids.slot(of: $0) }.sorted()
      }
    } else if query.filters.favoritesOnly {
      requiredBits |= FinderIndex.favoriteBit
    }

    have = foodSet(haveBits)
    limitedTop = foodSet(limitedBits).top
    pantry = foodSet(pantryBits)
    kindOnly = foodSet(kindBits)
    substitutable = foodSet(substitutableBits)
    excluded = excludes ? foodSet(excludedBits) : nil
    self.includes = includes.map(foodSet)
  }

  /// The largest quantity `q` a recipe may need with `available` on hand: it is short when
  /// `q × 0.999` exceeds what is on hand (the test of ``PantryAmounts/shortfall``), which is
  /// exactly when `q` exceeds the allowance. (`Double(q) × 0.999` grows with `q`, so the
  /// quantities that are not short are those up to a bound; a quantity of 0 or less is never
  /// short.)
  static func allowance(for available: Double) -> Float {
    if available.isNaN || available == .infinity { return .infinity }
    if available < 0 { return 0 }
    func fits(_ quantity: Float) -> Bool { Double(quantity) * 0.999 <= available }
    var bound = Float(available / 0.999)
    if bound == .infinity { bound = .greatestFiniteMagnitude }
    while bound > 0, !fits(bound) { bound = bound.nextDown }
    while bound < .greatestFiniteMagnitude, fits(bound.nextUp) { bound = bound.nextUp }
    return bound
  }

  /// Whether a recipe needing `quantity` of a limited food in a unit has more than the pantry.
  func isShort(_ food: UInt32, unit: UInt16, quantity: Float) -> Bool {
    guard let table = allowances[food] else { return false }
    return quantity > table[Int(unit)]
  }

  static func contains(_ bits: [UInt64], _ food: UInt32) -> Bool {
    bits[Int(food >> 6)] & (1 << UInt64(food & 63)) != 0
  }
}

/// The best entries seen so far, as a max-heap with the worst on top, so that each new entry
/// costs one comparison unless it makes the cut.
struct FinderTopList {
  struct Entry {
    var key: UInt64
    var idPrefix: UInt64
    var slot: UInt32
  }

  let capacity: Int
  let ids: FinderIDTable
  private(set) var heap: [Entry] = []

  init(capacity: Int, ids: FinderIDTable) {
    self.capacity = capacity
    self.ids = ids
    heap.reserveCapacity(min(capacity, 1024))
  }

  /// The missing count of the worst entry kept, once the list is full.
  var worstMissingWhenFull: Int {
    if capacity == 0 { return Int.min }
    return heap.count < capacity ? Int.max : Int(heap[0].key >> 48)
  }

  /// Whether an entry whose key is at least `key` could still make the list.
  func mayAccept(_ key: UInt64) -> Bool {
    heap.count < capacity || (capacity > 0 && key <= heap[0].key)
  }

  func ranksBefore(_ lhs: Entry, _ rhs: Entry) -> Bool {
    if lhs.key != rhs.key { return lhs.key < rhs.key }
    if lhs.idPrefix != rhs.idPrefix { return lhs.idPrefix < rhs.idPrefix }
    return ids.precedes(lhs.slot, rhs.slot)
  }

  mutating func offer(_ entry: Entry) {
    if heap.count < capacity {
      heap.append(entry)
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard ranksBefore(heap[parent], heap[child]) else { break }
        heap.swapAt(parent, child)
        child = parent
      }
    } else if capacity > 0, ranksBefore(entry, heap[0]) {
      heap[0] = entry
      var parent = 0
      while true {
        var worst = parent
        for child in [2 * parent + 1, 2 * parent + 2]
        where child < heap.count && ranksBefore(heap[worst], heap[child]) {
          worst = child
        }
        if worst == parent { break }
        heap.swapAt(parent, worst)
        parent = worst
      }
    }
  }

  /// The entries, best first.
  func sorted() -> [Entry] { heap.sorted(by: ranksBefore) }
}

extension FinderIndex {
  /// The j of ``search(_:keep:)``: a recipe with more than K + j positions is checked in full
  /// once j of its first K + j positions match; one with at most K + j is decided by its count
  /// alone. A larger j walks more of each posting list but checks fewer recipes.
  ///
  /// For K = 0, 2 (on the kitchen corpus at a million recipes 3 and 4 tied it). For K ≥ 1 the
  /// walk counts every position that has a group of its own (``countedPositions``), j at least
  /// 3: the last group, which holds all later positions, is where the long lists of common
  /// foods lie, and counting it too took half as long again. Checking a recipe costs several
  /// scattered reads, a posting entry one read in a run, and since the walk classifies whole
  /// blocks of slots the balance lies further out than it did when j was fixed at 3 (a
  /// million recipes, pantry 50, K = 2: 1.1 million entries walked and 900 recipes checked
  /// instead of 660,000 and 10,600; BENCHMARKS.md, "how far the walk counts").
  static func matchThreshold(forMaxMissing maxMissing: Int) -> Int {
    maxMissing == 0 ? 2 : max(3, countedPositions - maxMissing)
  }

  /// How many of a recipe's first positions the walk counts for K ≥ 1 (when j allows).
  static let countedPositions = groupCount - 1

  /// Finds, ranks and pages recipes; see ``FinderQuery`` for the order.
  ///
  /// - Parameter walkBlock: the slots counted at a time (``walkBlock``); tests pass a smaller
  ///   one so that a small index takes the two-thread path of
  ///   ``search(_:keep:scratch:walkBlock:)``.
  func find(
    _ query: FinderQuery, scratch: FinderScratch, walkBlock: Int = Self.walkBlock
  ) -> Page<FinderMatch> {
    find(query, plan: FinderPlan(query: query, index: self), scratch: scratch, walkBlock: walkBlock)
  }

  /// ``find(_:scratch:walkBlock:)`` with the query's plan already worked out (nil when no
  /// recipe can be found), so that a caller wanting ``unjudged(plan:)`` too makes it once.
  func find(
    _ query: FinderQuery, plan: FinderPlan?, scratch: FinderScratch,
    walkBlock: Int = Self.walkBlock
  ) -> Page<FinderMatch> {
    let offset = query.normalizedOffset
    let limit = query.normalizedLimit
    guard let plan else {
      return Page(items: [], total: 0, offset: offset, limit: limit)
    }
    let keep = offset.addingReportingOverflow(limit).overflow ? Int.max : offset + limit
    let (total, entries) = search(plan, keep: keep, scratch: scratch, walkBlock: walkBlock)
    let items = entries.dropFirst(offset).prefix(limit).map { match(slot: $0.slot, plan: plan) }
    return Page(items: items, total: total, offset: offset, limit: limit)
  }
}

extension FinderIndex {
  /// How many slots the walk counts at a time: 256 KB of counters, which stay in a core's
  /// cache while every food's postings for them are counted.
  static let walkBlock = 1 << 18

  /// Runs `body` for parts 0 and 1 at once, on the calling thread and one of the system's, and
  /// returns when both are done.
  ///
  /// The two parts must write to disjoint memory; whatever else they read must not change
  /// while they run (the index does not: a query holds the engine's lock for reading).
  static func onTwoThreads(_ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      // `concurrentPerform` wants a sendable closure; `body` is not one, but it is called only
      // until `concurrentPerform` returns, and the caller promises that its two parts do not
      // race.
      let shared = UncheckedSendableBox(value: body)
      DispatchQueue.concurrentPerform(iterations: 2) { part in shared.value(part) }
    }
  }

  /// How many scattered candidates are checked together (see
  /// ``search(_:keep:scratch:walkBlock:)``).
  static let checkBatch = 32

  /// Beyond this K nearly every recipe qualifies, and one pass over all of them is simplest.
  static let exhaustiveMaxMissing = 200

  /// Counts every recipe the plan finds and keeps the best `keep` of them.
  ///
  /// A recipe of need n (required foods plus unmatched lines) qualifies with at least n − K
  /// matches, so among its first K + j positions at least min(j, n − K) match (prefix
  /// filtering). The search:
  /// 1. walks the first K + j position groups of each available food's posting list, counting
  ///    matches per slot. Every entry carries its recipe's need, so without reading the recipe
  ///    the walk notes a slot when its count reaches a trigger set by its need: a recipe with
  ///    n ≤ K + j (all positions counted) knows its exact missing count, and is noted once
  ///    within K; a larger recipe once j of its first positions match. After each block of
  ///    slots, the noted ones are marked qualified (and complete when their count is their
  ///    need) or "unsure", and the exact ones counted;
  /// 2. reads the complete recipes that could still make the page, largest need first (a
  ///    recipe cannot use more pantry foods than it needs);
  /// 3. checks the unsure recipes against their records: in full those whose best possible
  ///    key could still make the page, the others (most of them, once step 2 has filled it)
  ///    only for whether they qualify; then, if the page could still take a recipe with
  ///    something missing, reads the other marked ones;
  /// 4. counts the recipes with n ≤ K, which qualify whatever the pantry, by bucket size, and
  ///    reads the untouched ones only if they could make the page.
  /// A recipe's record is read only when the best key it could have could still make the page,
  /// and its rating last. Filters that are bits (diets with a table, favourites) cost one read
  /// of `filterBits`; other filters need each qualifying recipe's record.
  func search(
    _ plan: FinderPlan, keep: Int, scratch: FinderScratch, walkBlock: Int = Self.walkBlock
  ) -> (total: Int, entries: [FinderTopList.Entry]) {
    let maxMissing = plan.maxMissing
    var top = FinderTopList(capacity: keep, ids: ids)
    var total = 0
    // A food the pantry has too little of counts as missing: counting skips such postings,
    // and a full check counts it.
    let checksAmounts = !plan.limits.isEmpty
    let checksDetails = plan.checksDetails
    let requiredBits = plan.requiredBits
    let hasSubstitutes = plan.substitutable.bits.contains { $0 != 0 }
    let mayBeSoftened = hasSubstitutes || checksAmounts
    @inline(__always) func bestKey(missing: Int, usedAtMost: Int) -> UInt64 {
      FinderRankKey(
        missing: missing, substitutable: mayBeSoftened ? missing : 0, used: usedAtMost,
        rating: 5
      ).packed
    }

    filterBits.withUnsafeBufferPointer { filterBits in
      needs.withUnsafeBufferPointer { needs in
        isChoice.withUnsafeBufferPointer { isChoice in
          hot.withUnsafeBufferPointer { hot in
            recipeFoods.withUnsafeBufferPointer { foods in
              plan.have.bits.withUnsafeBufferPointer { have in
                plan.pantry.bits.withUnsafeBufferPointer { pantry in
                  plan.substitutable.bits.withUnsafeBufferPointer { substitutable in
                    plan.kindOnly.bits.withUnsafeBufferPointer { kindOnly in
                      func holds(_ bits: UnsafeBufferPointer<UInt64>, _ food: UInt32) -> Bool {
                        bits[Int(food >> 6)] & (1 << UInt64(food & 63)) != 0
                      }
                      func passesBits(_ slot: Int) -> Bool {
                        filterBits[slot] & requiredBits == requiredBits
                      }
                      /// Whether a slot that cannot make the page qualifies: its missing count
                      /// alone, from `missing` (its unmatched lines and top foods), with none of
                      /// the counts that only rank.
                      func qualifies(
                        _ slot: Int, record: FinderHotRecord, missing start: Int
                      ) -> Bool {
                        var missing = start
                        var measured =
                          checksAmounts ? (record.topMask & plan.limitedTop).nonzeroBitCount : 0
                        let first = Int(record.foodStart)
                        for index in first..<first + Int(record.otherCount) {
                          let food = foods[index]
                          if holds(have, food) {
                            if checksAmounts, FinderPlan.contains(plan.limited, food) {
                              measured += 1
                            }
                          } else if !isChoice[Int(food)] || chosen(food, plan: plan) == nil {
                            missing += 1
                            if missing > maxMissing { return false }
                          }
                        }
                        if checksDetails, !passesDetails(slot, plan: plan) { return false }
                        guard missing + measured > maxMissing else { return true }
                        for entry in amounts(ofSlot: slot)
                        where FinderPlan.contains(plan.limited, entry.food)
                          && plan.isShort(entry.food, unit: entry.unit, quantity: entry.quantity)
                        {
                          missing += 1
                          if missing > maxMissing { return false }
                        }
                        return true
                      }

                      /// Checks a slot in full; offers it to `top` if it qualifies and could make
                      /// the page. Returns whether it qualifies.
                      ///
                      /// Reads the slot's record and foods; its amounts only when it requires a food
                      /// the pantry measures and they could change whether it qualifies or make the
                      /// page; its details (rating, id) only when it could make the page. A slot
                      /// whose best possible key neither `top` nor `bound` (the worst key of a
                      /// full list the answer will be at least as good as) would take is only
                      /// counted (``qualifies(_:record:missing:)``).
                      func evaluate(
                        _ slot: Int, into top: inout FinderTopList, bound: UInt64 = .max
                      ) -> Bool {
                        if requiredBits != 0, !passesBits(slot) { return false }
                        let record = hot[slot]
                        var missing =
                          Int(record.unmatched) + (record.topMask & ~plan.have.top).nonzeroBitCount
                        guard missing <= maxMissing else { return false }
                        // A recipe uses at most its top foods the pantry has and its others.
                        let best = bestKey(
                          missing: missing,
                          usedAtMost: (record.topMask & plan.pantry.top).nonzeroBitCount
                            + Int(record.otherCount))
                        if best > bound || !top.mayAccept(best) {
                          return qualifies(slot, record: record, missing: missing)
                        }
                        var used = (record.topMask & plan.pantry.top).nonzeroBitCount
                        var kinds = (record.topMask & plan.kindOnly.top).nonzeroBitCount
                        var substitutes =
                          (record.topMask & ~plan.have.top & plan.substitutable.top).nonzeroBitCount
                        // Required foods that may fall short: those every giving item measures.
                        var measured =
                          checksAmounts ? (record.topMask & plan.limitedTop).nonzeroBitCount : 0
                        let start = Int(record.foodStart)
                        for index in start..<start + Int(record.otherCount) {
                          var food = foods[index]
                          if !holds(have, food) {
                            // A choice is what its first food at hand is.
                            guard isChoice[Int(food)], let member = chosen(food, plan: plan) else {
                              missing += 1
                              if missing > maxMissing { return false }
                              if holds(substitutable, food) { substitutes += 1 }
                              continue
                            }
                            food = member
                          } else if checksAmounts, FinderPlan.contains(plan.limited, food) {
                            measured += 1
                          }
                          if holds(pantry, food) { used += 1 }
                          if holds(kindOnly, food) { kinds += 1 }
                        }
                        if checksDetails, !passesDetails(slot, plan: plan) { return false }
                        var short = 0
                        if measured > 0 {
                          let surelyQualifies = missing + measured <= maxMissing
                          let best = FinderRankKey(
                            missing: missing, substitutable: substitutes, used: used, kinds: kinds,
                            rating: 5)
                          if surelyQualifies, !top.mayAccept(best.packed) { return true }
                          for entry in amounts(ofSlot: slot)
                          where FinderPlan.contains(plan.limited, entry.food)
                            && plan.isShort(entry.food, unit: entry.unit, quantity: entry.quantity)
                          {
                            short += 1
                            missing += 1
                            if missing > maxMissing { return false }
                          }
                        }
                        let key = FinderRankKey(
                          missing: missing, substitutable: substitutes, short: short, used: used,
                          kinds: kinds, rating: 5)
                        guard top.mayAccept(key.packed) else { return true }
                        let details = cold[slot]
                        let rating =
                          plan.ratings.map { $0[UInt32(slot)] ?? 0 } ?? Int(details.rating)
                        let rated = FinderRankKey(
                          missing: missing, substitutable: substitutes, short: short, used: used,
                          kinds: kinds, rating: rating)
                        top.offer(
                          FinderTopList.Entry(
                            key: rated.packed, idPrefix: details.idPrefix, slot: UInt32(slot)))
                        return true
                      }

                      // A user's favourites: each is checked in full, which costs less than walking
                      // the posting lists for a handful of recipes.
                      if let only = plan.onlySlots {
                        for slot in only
                        where judgement[Int(slot)] == 0 && evaluate(Int(slot), into: &top) {
                          total += 1
                        }
                        return
                      }

                      if maxMissing >= Self.exhaustiveMaxMissing {
                        for bucket in buckets {
                          for slot in bucket where evaluate(Int(slot), into: &top) { total += 1 }
                        }
                        return
                      }

                      let threshold = Self.matchThreshold(forMaxMissing: maxMissing)
                      let depth = maxMissing + threshold
                      let groups = min(depth, Self.groupCount)
                      // Recipes whose every position was counted know their missing count exactly.
                      let exactUpTo = groups == Self.groupCount ? 254 : depth
                      let words = (hot.count + 63) / 64
                      scratch.reset(slotCount: hot.count)
                      // The count at which a slot is noted, by its need: an exact slot once it
                      // misses at most K (at its first match when it needs at most K), a larger
                      // one at `threshold` matches.
                      var triggers = [UInt8](repeating: UInt8(threshold), count: 256)
                      for need in 0...min(exactUpTo, 255) {
                        triggers[need] = UInt8(max(need - maxMissing, 1))
                      }
                      // Each part notes at most its block's slots, plus the note written and
                      // not kept after the last.
                      let eventCapacity = min(walkBlock, hot.count) + 1
                      scratch.reserveEvents(2 * eventCapacity)
                      var countedWhileWalking = 0
                      var visitedByPart = [0, 0]
                      triggers.withUnsafeBufferPointer { triggers in
                        scratch.events.withUnsafeMutableBufferPointer { eventBuffer in
                          scratch.counters.withUnsafeMutableBufferPointer { counters in
                            scratch.qualified.withUnsafeMutableBufferPointer { qualified in
                              scratch.complete.withUnsafeMutableBufferPointer { complete in
                                scratch.unsure.withUnsafeMutableBufferPointer { unsure in
                                  /// Counts the matches of the slots in `slots` into the scratch, and
                                  /// returns how many of them qualified with an exact count.
                                  ///
                                  /// Writes only those slots' counters and the bit words holding their
                                  /// bits: two walks over ranges split at a multiple of 64 touch
                                  /// disjoint memory and may run at once.
                                  func walk(_ slots: Range<Int>, part: Int) -> Int {
                                    var found = 0
                                    var visited = 0
                                    defer { visitedByPart[part] = visited }
                                    // Where this part notes the slots whose count reaches its trigger.
                                    let events = eventBuffer.baseAddress! + part * eventCapacity
                                    let counterBase = counters.baseAddress!
                                    let triggerBase = triggers.baseAddress!
                                    // With K ≥ 1 nearly every small recipe the pantry touches
                                    // reaches its trigger, and noting each costs more than
                                    // classifying the whole block afterwards (``classify``); with
                                    // K = 0 the notes are few. Classifying needs small counts and
                                    // needs, so only when not every position is counted.
                                    let classifies = maxMissing >= 1 && exactUpTo <= 64
                                    var eventCount = 0
                                    /// ``countRun(_:from:to:below:counters:triggers:events:eventCount:notes:adds:)``
                                    /// over one group, with notes unless the block is classified
                                    /// (a constant at each of the two calls).
                                    @inline(__always) func run(
                                      _ list: UnsafePointer<UInt32>, from start: Int, to end: Int,
                                      below limit: UInt64, adds: (Int) -> UInt8
                                    ) -> Int {
                                      classifies
                                        ? Self.countRun(
                                          list, from: start, to: end, below: limit,
                                          counters: counterBase, triggers: triggerBase,
                                          events: events,
                                          eventCount: &eventCount, notes: false, adds: adds)
                                        : Self.countRun(
                                          list, from: start, to: end, below: limit,
                                          counters: counterBase, triggers: triggerBase,
                                          events: events,
                                          eventCount: &eventCount, notes: true, adds: adds)
                                    }
                                    /// Marks the slots noted since the last call: an exact slot is
                                    /// qualified (complete when it misses nothing), another unsure.
                                    func settle() {
                                      for event in 0..<eventCount {
                                        // A note is its posting entry: the slot and its need.
                                        let slot = Int(events[event] >> 8)
                                        let need = Int(events[event] & 0xFF)
                                        let count = Int(counters[slot])
                                        let word = slot >> 6
                                        let bit: UInt64 = 1 << UInt64(slot & 63)
                                        let exact: UInt64 = need <= exactUpTo ? ~0 : 0
                                        qualified[word] |= bit & exact
                                        unsure[word] |= bit & ~exact
                                        complete[word] |= count == need ? bit & exact : 0
                                        // Exact slots of need > K are counted here; need ≤ K by bucket.
                                        let counted = need <= exactUpTo && need > maxMissing
                                        if requiredBits == 0 {
                                          found &+= counted ? 1 : 0
                                        } else if counted, passesBits(slot) {
                                          found += 1
                                        }
                                      }
                                      eventCount = 0
                                    }
                                    // The walk goes through the slots a block at a time, so that
                                    // the block's counters and bits stay in the processor's cache
                                    // while every food's groups visit it; each group resumes where
                                    // the last block left it (a group is sorted by slot).
                                    /// For each available food and group, where the walk starts in `lists`, whose groups end
                                    /// at `ends`: the group's start, or, for a walk starting further on, its first entry at
                                    /// or after the walk's first slot.
                                    func cursors(_ lists: [[UInt32]], ends: [UInt32]) -> [Int] {
                                      var at = [Int](
                                        repeating: 0, count: plan.haveFoods.count * groups)
                                      let first = UInt32(slots.lowerBound) << 8
                                      for (item, food) in plan.haveFoods.enumerated() {
                                        let base = Int(food) * Self.groupCount
                                        for group in 1..<max(groups, 1) {
                                          at[item * groups + group] = Int(ends[base + group - 1])
                                        }
                                        guard slots.lowerBound > 0 else { continue }
                                        lists[Int(food)].withUnsafeBufferPointer { list in
                                          for group in 0..<groups {
                                            at[item * groups + group] = Self.lowerBound(
                                              of: first, in: list, from: at[item * groups + group],
                                              to: Int(ends[base + group]))
                                          }
                                        }
                                      }
                                      return at
                                    }
                                    var plainAt = cursors(postings, ends: groupEnds)
                                    var choiceAt = cursors(choicePostings, ends: choiceGroupEnds)
                                    var blockStart = slots.lowerBound
                                    repeat {
                                      let blockEnd = min(blockStart + walkBlock, slots.upperBound)
                                      let limit = UInt64(blockEnd) << 8
                                      for (item, food) in plan.haveFoods.enumerated() {
                                        let base = Int(food) * Self.groupCount
                                        let cursors = item * groups
                                        // Lines of alternatives count under their first food at hand;
                                        // the tag says which food comes first (see `choiceTag`).
                                        if choiceGroupEnds[base + groups - 1] > 0 {
                                          choicePostings[Int(food)].withUnsafeBufferPointer {
                                            list in
                                            choicePostingTags[Int(food)].withUnsafeBufferPointer {
                                              tags in
                                              for group in 0..<groups {
                                                let start = choiceAt[cursors + group]
                                                let index = run(
                                                  list.baseAddress!, from: start,
                                                  to: Int(choiceGroupEnds[base + group]),
                                                  below: limit
                                                ) { index in
                                                  let tag = tags[index]
                                                  if tag == Self.firstMemberTag { return 1 }
                                                  if tag & Self.choiceNumberTagBit == 0 {
                                                    return holds(have, tag) ? 0 : 1
                                                  }
                                                  let choice = tag & ~Self.choiceNumberTagBit
                                                  return chosen(choice, plan: plan) == food ? 1 : 0
                                                }
                                                visited &+= index - start
                                                choiceAt[cursors + group] = index
                                              }
                                            }
                                          }
                                        }
                                        guard groupEnds[base + groups - 1] > 0 else { continue }
                                        postings[Int(food)].withUnsafeBufferPointer { list in
                                          let list = list.baseAddress!
                                          // Only foods every giving item measures can fall short: their
                                          // postings too short a pantry amount covers are not counted.
                                          let limited =
                                            checksAmounts
                                            && plan.limited[Int(food >> 6)]
                                              & (1 << UInt64(food & 63))
                                              != 0
                                          guard limited, let allowance = plan.allowances[food],
                                            !postingAmounts[Int(food)].isEmpty
                                          else {
                                            for group in 0..<groups {
                                              let start = plainAt[cursors + group]
                                              let index = run(
                                                list, from: start, to: Int(groupEnds[base + group]),
                                                below: limit
                                              ) { _ in 1 }
                                              visited &+= index - start
                                              plainAt[cursors + group] = index
                                            }
                                            return
                                          }
                                          postingAmounts[Int(food)].withUnsafeBufferPointer {
                                            amounts in
                                            allowance.withUnsafeBufferPointer { allowance in
                                              for group in 0..<groups {
                                                let start = plainAt[cursors + group]
                                                // Short when the need exceeds the allowance,
                                                // decided without a branch.
                                                let index = run(
                                                  list, from: start,
                                                  to: Int(groupEnds[base + group]), below: limit
                                                ) { index in
                                                  let amount = amounts[index]
                                                  let most = allowance[Int(amount.unit)]
                                                  return amount.quantity > most ? 0 : 1
                                                }
                                                visited &+= index - start
                                                plainAt[cursors + group] = index
                                              }
                                            }
                                          }
                                        }
                                      }
                                      if classifies {
                                        found &+= Self.classify(
                                          blockStart..<blockEnd, counters: counterBase,
                                          needs: needs.baseAddress!, exactUpTo: exactUpTo,
                                          maxMissing: maxMissing, threshold: threshold,
                                          qualified: qualified.baseAddress!,
                                          complete: complete.baseAddress!,
                                          unsure: unsure.baseAddress!,
                                          filterBits: filterBits.baseAddress!,
                                          requiredBits: requiredBits)
                                      } else {
                                        settle()
                                      }
                                      blockStart = blockEnd
                                    } while blockStart < slots.upperBound
                                    return found
                                  }

                                  // With more than one block, two threads each walk half the slots
                                  // (split at a multiple of 64, so that they share no bit word).
                                  let half = hot.count / 2 & ~63
                                  if hot.count > walkBlock, half > 0 {
                                    withUnsafeTemporaryAllocation(of: Int.self, capacity: 2) {
                                      counted in
                                      Self.onTwoThreads { part in
                                        counted[part] = walk(
                                          part == 0 ? 0..<half : half..<hot.count, part: part)
                                      }
                                      countedWhileWalking = counted[0] + counted[1]
                                    }
                                  } else {
                                    countedWhileWalking = walk(0..<hot.count, part: 0)
                                  }
                                }
                              }
                            }
                          }
                        }
                      }
                      scratch.postingsWalked = visitedByPart[0] + visitedByPart[1]
                      if !checksDetails { total += countedWhileWalking }
                      let counters = scratch.counters
                      let qualified = scratch.qualified
                      let complete = scratch.complete
                      let unsure = scratch.unsure

                      func forEachSlot(
                        in bits: [UInt64], excluding other: [UInt64]?, _ body: (Int) -> Void
                      ) {
                        for word in 0..<words {
                          var set = bits[word] & ~(other?[word] ?? 0)
                          while set != 0 {
                            body(word << 6 | set.trailingZeroBitCount)
                            set &= set - 1
                          }
                        }
                      }

                      /// How many slots a bitset holds.
                      func count(of bits: [UInt64]) -> Int {
                        bits.reduce(0) { $0 + $1.nonzeroBitCount }
                      }

                      if checksDetails {
                        // Filters need every qualifying recipe's details, so each is checked in full.
                        forEachSlot(in: qualified, excluding: nil) { slot in
                          if evaluate(slot, into: &top) { total += 1 }
                        }
                      } else {
                        // Already counted: read only those that could make the page, largest first, as
                        // a recipe cannot use more pantry foods than it needs.
                        var byNeed = [Int](repeating: 0, count: 257)
                        var found: [Int] = []
                        found.reserveCapacity(count(of: complete))
                        forEachSlot(in: complete, excluding: nil) { slot in
                          byNeed[Int(needs[slot]) + 1] += 1
                          found.append(slot)
                        }
                        for need in 1..<257 { byNeed[need] += byNeed[need - 1] }
                        var ordered = [Int](repeating: 0, count: found.count)
                        for slot in found {
                          let need = Int(needs[slot])
                          ordered[byNeed[need]] = slot
                          byNeed[need] += 1
                        }
                        // They lie scattered too: a batch's records, then its foods and
                        // details, are touched before its checks (as the candidates' below).
                        var touched: UInt64 = 0
                        var batchEnd = ordered.count
                        batches: while batchEnd > 0 {
                          let batch = max(0, batchEnd - Self.checkBatch)..<batchEnd
                          for index in batch { touched &+= hot[ordered[index]].topMask }
                          for index in batch {
                            let record = hot[ordered[index]]
                            if record.otherCount > 0 {
                              touched &+= UInt64(foods[Int(record.foodStart)])
                            }
                            touched &+= cold[ordered[index]].idPrefix
                          }
                          for index in batch.reversed() {
                            let slot = ordered[index]
                            guard top.mayAccept(bestKey(missing: 0, usedAtMost: Int(needs[slot])))
                            else {
                              break batches
                            }
                            _ = evaluate(slot, into: &top)
                          }
                          batchEnd = batch.lowerBound
                        }
                        scratch.touched &+= touched
                      }

                      // Inexact candidates, after the complete recipes have filled the page
                      // with the best keys they can (so that most candidates are only counted):
                      // their own foods decide. They lie scattered over the
                      // records, and a check that waited for each record in turn would spend its
                      // time on cache misses; so they are checked in batches, each batch's
                      // records, then foods, then amounts touched first in tight loops whose
                      // reads the processor overlaps.
                      var candidates: [Int] = []
                      candidates.reserveCapacity(count(of: unsure))
                      forEachSlot(in: unsure, excluding: nil) { candidates.append($0) }
                      scratch.candidatesChecked = candidates.count
                      /// Checks the candidates, offering those that qualify to `top` (when they
                      /// would make `bound`, as in ``evaluate(_:into:bound:)``); returns how many
                      /// qualify, and what touching their records read.
                      func check(
                        _ candidates: ArraySlice<Int>, into top: inout FinderTopList,
                        bound: UInt64 = .max
                      ) -> (qualifying: Int, touched: UInt64) {
                        var qualifying = 0
                        var touched: UInt64 = 0
                        var batchStart = candidates.startIndex
                        var survivors: [Int] = []
                        survivors.reserveCapacity(Self.checkBatch)
                        while batchStart < candidates.endIndex {
                          let batch = candidates[
                            batchStart..<min(batchStart + Self.checkBatch, candidates.endIndex)]
                          for slot in batch { touched &+= hot[slot].topMask }
                          // Those missing too much among their most frequent foods are out at once.
                          survivors.removeAll(keepingCapacity: true)
                          for slot in batch {
                            let record = hot[slot]
                            let missing =
                              Int(record.unmatched)
                              + (record.topMask & ~plan.have.top).nonzeroBitCount
                            if missing <= maxMissing { survivors.append(slot) }
                          }
                          for slot in survivors where hot[slot].otherCount > 0 {
                            touched &+= UInt64(foods[Int(hot[slot].foodStart)])
                          }
                          if checksAmounts {
                            for slot in survivors { touched &+= UInt64(cold[slot].amountStart) }
                            recipeAmounts.withUnsafeBufferPointer { amounts in
                              for slot in survivors where cold[slot].amountCount > 0 {
                                touched &+= UInt64(amounts[Int(cold[slot].amountStart)].food)
                              }
                            }
                          }
                          for slot in survivors where evaluate(slot, into: &top, bound: bound) {
                            qualifying += 1
                          }
                          batchStart += Self.checkBatch
                        }
                        return (qualifying, touched)
                      }
                      if hot.count > walkBlock, candidates.count > Self.checkBatch {
                        // Two threads check half the candidates each, each into a list of its
                        // own. A list keeps the best of what it was offered, so the best of the
                        // two lists together are the best of all: merged, they hold exactly the
                        // entries one list would have. What the complete recipes put on the page
                        // bounds both.
                        let bound =
                          keep == 0 ? 0 : top.mayAccept(.max) ? UInt64.max : top.heap[0].key
                        let middle = candidates.count / 2
                        let lists = UnsafeMutableBufferPointer<FinderTopList>.allocate(capacity: 2)
                        for part in 0..<2 {
                          lists.initializeElement(
                            at: part, to: FinderTopList(capacity: keep, ids: ids))
                        }
                        defer {
                          _ = lists.deinitialize()
                          lists.deallocate()
                        }
                        withUnsafeTemporaryAllocation(
                          of: (qualifying: Int, touched: UInt64).self, capacity: 2
                        ) { results in
                          Self.onTwoThreads { part in
                            let half = part == 0 ? candidates[..<middle] : candidates[middle...]
                            results[part] = check(half, into: &lists[part], bound: bound)
                          }
                          total += results[0].qualifying + results[1].qualifying
                          scratch.touched &+= results[0].touched &+ results[1].touched
                        }
                        for list in lists {
                          for entry in list.heap { top.offer(entry) }
                        }
                      } else {
                        let (qualifying, touched) = check(candidates[...], into: &top)
                        total += qualifying
                        scratch.touched &+= touched
                      }
                      if !checksDetails, top.mayAccept(bestKey(missing: 1, usedAtMost: 255)) {
                        // The other qualified ones, after the candidates (which may fill the
                        // page with better keys).
                        forEachSlot(in: qualified, excluding: complete) { slot in
                          let matched = Int(counters[slot])
                          let missing = Int(needs[slot]) - matched
                          if top.mayAccept(bestKey(missing: missing, usedAtMost: matched)) {
                            _ = evaluate(slot, into: &top)
                          }
                        }
                      }

                      // Recipes needing at most K qualify whatever the pantry; those it did not touch
                      // miss all they need.
                      for need in 0..<min(maxMissing + 1, buckets.count) {
                        let bucket = buckets[need]
                        if !checksDetails {
                          if requiredBits == 0 {
                            total += bucket.count
                          } else {
                            for slot in bucket where passesBits(Int(slot)) { total += 1 }
                          }
                          guard top.mayAccept(bestKey(missing: need, usedAtMost: 0)) else {
                            continue
                          }
                        }
                        for slot in bucket where counters[Int(slot)] == 0 {
                          if evaluate(Int(slot), into: &top), checksDetails { total += 1 }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return (total, top.sorted())
  }

  /// Counts the entries of a posting group from `start` up to `end` or the first entry at or
  /// beyond `limit` (a slot shifted left by 8), as the walk of ``search(_:keep:scratch:walkBlock:)``
  /// counts: each entry adds `adds(index)` (1, or 0 for a line of alternatives read as another
  /// food or an amount the pantry falls short of) to its slot's counter and writes itself (the
  /// slot and its need) as a note, kept (by advancing `eventCount`) only when it added and the
  /// count reached the trigger of the entry's need; without `notes` (a constant at each call,
  /// so that the loop has no branch on it), it only counts. Returns where it stopped.
  ///
  /// A function of its own, with every pointer a parameter, so that the loop keeps them in
  /// registers rather than reading them back after each store; `adds` should decide without
  /// a branch where it can, as a branch on data is guessed wrong about as often as right.
  @inline(__always)
  static func countRun(
    _ list: UnsafePointer<UInt32>, from start: Int, to end: Int, below limit: UInt64,
    counters: UnsafeMutablePointer<UInt8>, triggers: UnsafePointer<UInt8>,
    events: UnsafeMutablePointer<UInt32>, eventCount: inout Int, notes: Bool,
    adds: (Int) -> UInt8
  ) -> Int {
    var index = start
    var noted = eventCount
    while index < end {
      let entry = list[index]
      guard UInt64(entry) < limit else { break }
      let added = adds(index)
      let slot = Int(entry >> 8)
      let count = counters[slot] &+ added
      counters[slot] = count
      if notes {
        events[noted] = entry
        noted &+= Int(added & (count == triggers[Int(entry & 0xFF)] ? 1 : 0))
      }
      index &+= 1
    }
    eventCount = noted
    return index
  }

  /// Marks the slots of `range`, once every food's postings for them are counted, as a walk's
  /// notes would have: an exact slot (need at most `exactUpTo`) with at least one match and
  /// at most `maxMissing` missing is qualified, and complete when it misses nothing; another
  /// slot with `threshold` matches is unsure. Returns how many exact slots of need above K
  /// qualified and have `requiredBits`.
  ///
  /// Eight slots at a time as bytes of one word, each comparison a subtraction whose top bit
  /// per byte is the answer (so counts, needs and thresholds must stay below 128: the caller
  /// classifies only when `exactUpTo + maxMissing` is small, and a need from 128 up is compared
  /// by its low bits and then masked off as inexact); 64 untouched slots cost eight loads and
  /// one test.
  static func classify(
    _ range: Range<Int>, counters: UnsafePointer<UInt8>, needs: UnsafePointer<UInt8>,
    exactUpTo: Int, maxMissing: Int, threshold: Int, qualified: UnsafeMutablePointer<UInt64>,
    complete: UnsafeMutablePointer<UInt64>, unsure: UnsafeMutablePointer<UInt64>,
    filterBits: UnsafePointer<UInt32>, requiredBits: UInt32
  ) -> Int {
    precondition(exactUpTo + maxMissing < 127 && threshold < 127 && maxMissing >= 0)
    var found = 0
    func mark(_ bits: UInt64, at slot: Int, in set: UnsafeMutablePointer<UInt64>) {
      set[slot >> 6] |= bits << UInt64(slot & 63)
    }
    func countFound(_ bits: UInt64, from slot: Int) {
      if requiredBits == 0 {
        found &+= bits.nonzeroBitCount
        return
      }
      var rest = bits
      while rest != 0 {
        let at = slot + rest.trailingZeroBitCount
        if filterBits[at] & requiredBits == requiredBits { found += 1 }
        rest &= rest - 1
      }
    }
    /// One slot, as the walk's notes would mark it.
    func single(_ slot: Int) {
      let count = Int(counters[slot])
      guard count > 0 else { return }
      let need = Int(needs[slot])
      if need <= exactUpTo {
        guard need - count <= maxMissing else { return }
        mark(1, at: slot, in: qualified)
        if count == need { mark(1, at: slot, in: complete) }
        if need > maxMissing { countFound(1, from: slot) }
      } else if count >= threshold {
        mark(1, at: slot, in: unsure)
      }
    }
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    /// Per byte, the top bit set where `x` ≥ `y` (both below 128).
    @inline(__always) func atLeast(_ x: UInt64, _ y: UInt64) -> UInt64 { ((x | high) &- y) & high }
    /// The top bits of the eight bytes as eight bits, the first byte lowest.
    @inline(__always) func gather(_ mask: UInt64) -> UInt64 {
      ((mask >> 7) &* 0x0102_0408_1020_4080) >> 56
    }
    let exactLimit = ones &* UInt64(exactUpTo)
    let missingLimit = ones &* UInt64(maxMissing)
    let aboveK = ones &* UInt64(maxMissing + 1)
    let enough = ones &* UInt64(threshold)
    var slot = range.lowerBound
    while slot < range.upperBound, slot & 63 != 0 {
      single(slot)
      slot += 1
    }
    let raw = UnsafeRawPointer(counters)
    let rawNeeds = UnsafeRawPointer(needs)
    // A word's 64 slots at a time, without a branch on what they hold (which would be
    // guessed wrong on a half-touched block), but for skipping 64 untouched ones.
    while slot &+ 64 <= range.upperBound {
      var any: UInt64 = 0
      for part in 0..<8 {
        any |= raw.loadUnaligned(fromByteOffset: slot &+ part &* 8, as: UInt64.self)
      }
      if any != 0 {
        var within: UInt64 = 0
        var whole: UInt64 = 0
        var doubtful: UInt64 = 0
        var counted: UInt64 = 0
        for part in 0..<8 {
          let offset = slot &+ part &* 8
          let count = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          let written = rawNeeds.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          // A need from 128 up is inexact; its low bits keep the comparisons within bytes.
          let need = written & ~high
          let exact = atLeast(exactLimit, need) & ~written
          let qualifies = atLeast(count, ones) & exact & atLeast(count &+ missingLimit, need)
          let shift = UInt64(part &* 8)
          within |= gather(qualifies) << shift
          // An exact slot's count never exceeds its need (one match per position at most).
          whole |= gather(qualifies & atLeast(count, need)) << shift
          counted |= gather(qualifies & atLeast(need, aboveK)) << shift
          doubtful |= gather(~exact & high & atLeast(count, enough)) << shift
        }
        let word = slot >> 6
        qualified[word] |= within
        complete[word] |= whole
        unsure[word] |= doubtful
        countFound(counted, from: slot)
      }
      slot &+= 64
    }
    while slot < range.upperBound {
      single(slot)
      slot += 1
    }
    return found
  }

  /// The first of a choice's foods the pantry or the staples give, or nil: what the line is
  /// read as.
  func chosen(_ choice: UInt32, plan: FinderPlan) -> UInt32? {
    let pair = choicePairs[Int(choice)]
    let first = UInt32(truncatingIfNeeded: pair)
    let second = UInt32(truncatingIfNeeded: pair >> 32)
    if first == Self.noMember { return nil }
    if FinderPlan.contains(plan.have.bits, first) { return first }
    if second == Self.noMember { return nil }
    let member = second & ~Self.moreMembersBit
    if FinderPlan.contains(plan.have.bits, member) { return member }
    guard second & Self.moreMembersBit != 0 else { return nil }
    return choiceMembers[Int(choice)].dropFirst(2).first { FinderPlan.contains(plan.have.bits, $0) }
  }

  /// Whether a food, or a choice, is in a set: a choice when all its foods are (`every`) or
  /// any of them is.
  func marks(_ bits: [UInt64], _ food: UInt32, every: Bool) -> Bool {
    guard isChoice[Int(food)] else { return FinderPlan.contains(bits, food) }
    let members = choiceMembers[Int(food)]
    return every
      ? members.allSatisfy { FinderPlan.contains(bits, $0) }
      : members.contains { FinderPlan.contains(bits, $0) }
  }

  /// Whether the slot passes the plan's filters, exclusions, inclusions and diets.
  func passesDetails(_ slot: Int, plan: FinderPlan) -> Bool {
    let record = hot[slot]
    let details = cold[slot]
    if let limit = plan.maxTotalMinutes {
      guard details.totalMinutes != .max, Int(details.totalMinutes) <= limit else { return false }
    }
    if let limit = plan.maxIngredientCount, Int(details.ingredientCount) > limit { return false }

    var start = Int(details.attributeStart)
    let courses = attributes[start..<start + Int(details.courseCount)]
    start += Int(details.courseCount)
    let cuisines = attributes[start..<start + Int(details.cuisineCount)]
    start += Int(details.cuisineCount)
    let tags = attributes[start..<start + Int(details.tagCount)]
    start += Int(details.tagCount)
    let diets = attributes[start..<start + Int(details.dietCount)]
    if let wanted = plan.courses, !courses.contains(where: wanted.contains) { return false }
    if let wanted = plan.cuisines, !cuisines.contains(where: wanted.contains) { return false }
    for tag in plan.tags where !tags.contains(tag) { return false }
    for rule in plan.dietRules where !rule.onlyWithUnmatchedLines || record.unmatched > 0 {
      guard let label = rule.label, diets.contains(label) else { return false }
    }

    let foodStart = Int(record.foodStart)
    let everyOtherFood =
      recipeFoods[foodStart..<foodStart + Int(record.otherCount) + Int(details.optionalCount)]
    if let excluded = plan.excluded {
      if record.topMask & excluded.top != 0 { return false }
      // A line of alternatives is excluded only when all its foods are.
      if everyOtherFood.contains(where: { marks(excluded.bits, $0, every: true) }) {
        return false
      }
    }
    for include in plan.includes where record.topMask & include.top == 0 {
      guard everyOtherFood.contains(where: { marks(include.bits, $0, every: false) }) else {
        return false
      }
    }
    return true
  }

  /// The shortfall of one of a slot's measured foods, when the pantry's measured items give
  /// too little of it.
  func shortfall(_ entry: FinderAmountEntry, plan: FinderPlan) -> FinderShortfall? {
    guard let limit = plan.limits[entry.food] else { return nil }
    let food = foodIDs[Int(entry.food)]
    let need = Measure(quantity: Double(entry.quantity), unit: units[Int(entry.unit)])
    let density = catalog.densities[food] ?? limit.fallbackDensity
    return PantryAmounts.shortfall(need: need, have: limit.amounts, density: density).map {
      FinderShortfall(food: food, need: need, have: $0)
    }
  }

  /// The match the user sees for a slot: its foods sorted by id, split by what is at hand.
  func match(slot: UInt32, plan: FinderPlan) -> FinderMatch {
    var matched: [String] = []
    var missing: [String] = []
    var substitutions: [FinderSubstitution] = []
    var kindMatches: [FinderKindMatch] = []
    var choices: [FinderChoice] = []
    var shortfalls: [FinderShortfall] = []
    var short: [UInt32: FinderShortfall] = [:]
    if !plan.limits.isEmpty {
      for entry in amounts(ofSlot: Int(slot)) {
        if let found = shortfall(entry, plan: plan) { short[entry.food] = found }
      }
    }
    var used = 0
    for food in requiredFoods(of: slot) {
      var target = food
      if isChoice[Int(food)] {
        let members = choiceMembers[Int(food)]
        let chosen = chosen(food, plan: plan)
        choices.append(
          FinderChoice(
            foods: members.map { foodIDs[Int($0)] }, chosen: chosen.map { foodIDs[Int($0)] }))
        target = chosen ?? members[0]
      }
      guard FinderPlan.contains(plan.have.bits, target) else {
        missing.append(foodIDs[Int(target)])
        let available = substitutes[Int(food)].filter { FinderPlan.contains(plan.have.bits, $0) }
        if !available.isEmpty {
          substitutions.append(
            FinderSubstitution(
              food: foodIDs[Int(food)], substitutes: available.map { foodIDs[Int($0)] }))
        }
        continue
      }
      let id = foodIDs[Int(target)]
      if FinderPlan.contains(plan.pantry.bits, target) { used += 1 }
      if FinderPlan.contains(plan.kindOnly.bits, target), let source = plan.kindSources[target] {
        kindMatches.append(FinderKindMatch(food: id, pantryFood: plan.sources[source].food))
      }
      if let found = short[food] {
        shortfalls.append(found)
        missing.append(id)
        continue
      }
      matched.append(id)
    }
    let unmatched = Int(hot[Int(slot)].unmatched)
    return FinderMatch(
      recipeID: ids.id(at: slot), missingCount: missing.count + unmatched,
      matchedFoods: matched.sorted(), missingFoods: missing.sorted(),
      substitutions: substitutions.sorted { $0.food < $1.food }, unmatchedLineCount: unmatched,
      pantryFoodsUsed: used, kindMatches: kindMatches.sorted { $0.food < $1.food },
      choices: choices.sorted { $0.foods.lexicographicallyPrecedes($1.foods) },
      shortfalls: shortfalls.sorted { $0.food < $1.food })
  }

  /// The recipes the query's filters would let through but the finder cannot judge.
  func unjudged(_ query: FinderQuery) -> FinderUnjudged {
    guard !unjudgedSlots.isEmpty else { return FinderUnjudged() }
    return unjudged(plan: FinderPlan(query: query, index: self))
  }

  /// ``unjudged(_:)`` for a query's plan (nil when no recipe can be found).
  func unjudged(plan: FinderPlan?) -> FinderUnjudged {
    var result = FinderUnjudged()
    guard !unjudgedSlots.isEmpty, let plan else { return result }
    let only = plan.onlySlots.map(Set.init)
    for slot in unjudgedSlots {
      if let only, !only.contains(slot) { continue }
      guard filterBits[Int(slot)] & plan.requiredBits == plan.requiredBits else { continue }
      if plan.checksDetails, !passesDetails(Int(slot), plan: plan) { continue }
      if judgement[Int(slot)] == FinderUnjudged.Reason.noIngredients.rawValue {
        result.noIngredients += 1
      } else {
        result.mostlyUnrecognised += 1
      }
    }
    return result
  }
}

/// A value handed to another thread that Swift cannot prove safe to share.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
  // @unchecked Sendable: used only by ``FinderIndex/onTwoThreads(_:)``, whose callers keep the
  // two threads' writes apart.
  let value: Value
}

/// Working memory for one query at a time: a match counter per slot, three slot bitsets and
/// the walk's notes (3.5 MB at a million recipes). Kept between queries, because fresh pages of
/// that size cost more than the query itself, and serialise threads in the kernel.
final class FinderScratch {
  /// Matches counted per slot.
  var counters: [UInt8] = []
  /// Exact recipes within K that the pantry touched.
  var qualified: [UInt64] = []
  /// Exact recipes missing nothing.
  var complete: [UInt64] = []
  /// Inexact recipes with enough early matches to check in full.
  var unsure: [UInt64] = []
  /// What touching records ahead of their check read, kept so that the reads are not dropped.
  var touched: UInt64 = 0
  /// What the last query read: posting entries walked, and candidates checked in full.
  var postingsWalked = 0
  var candidatesChecked = 0
  /// Where the walk notes the slots whose count reached their trigger.
  var events: [UInt32] = []

  /// Makes room for at least this many notes (their values are not cleared).
  func reserveEvents(_ count: Int) {
    if events.count < count { events = [UInt32](repeating: 0, count: count) }
  }

  /// Sizes everything for this many slots, all zero.
  func reset(slotCount: Int) {
    let words = (slotCount + 63) / 64
    Self.zero(&counters, count: slotCount)
    Self.zero(&qualified, count: words)
    Self.zero(&complete, count: words)
    Self.zero(&unsure, count: words)
  }

  private static func zero<Element: FixedWidthInteger>(_ array: inout [Element], count: Int) {
    guard array.count == count else {
      array = [Element](repeating: 0, count: count)
      return
    }
    array.withUnsafeMutableBytes { bytes in
      if let start = bytes.baseAddress { memset(start, 0, bytes.count) }
    }
  }
}

/// Scratch memory shared by an engine's queries; each query takes one for itself.
final class FinderScratchPool: @unchecked Sendable {
  // @unchecked Sendable: `free` is touched only under `lock`, and a scratch taken from it
  // belongs to one query until given back.
  private let lock = NSLock()
  private var free: [FinderScratch] = []

  /// A scratch for the caller alone until ``give(_:)``.
  func take() -> FinderScratch {
    lock.lock()
    defer { lock.unlock() }
    return free.popLast() ?? FinderScratch()
  }

  /// Returns a scratch; beyond a few kept for reuse, it is freed.
  func give(_ scratch: FinderScratch) {
    lock.lock()
    defer { lock.unlock() }
    if free.count < 8 { free.append(scratch) }
  }

  /// Forgets every kept scratch (after a rebuild they may be the wrong size anyway).
  func drain() {
    lock.lock()
    defer { lock.unlock() }
    free.removeAll()
  }
}
