import Foundation

/// What the engine keeps for one recipe slot and reads for every candidate: 16 bytes, four to a
/// cache line.
struct FinderHotRecord {
  /// Which of the 64 most frequent foods the recipe requires (bit i is `topFoods[i]`): the
  /// bitset that replaces their long posting lists when checking a candidate.
  var topMask: UInt64 = 0
  /// Where the recipe's other foods start in `recipeFoods`: first the required foods outside
  /// the top 64, rarest first, then the optional foods.
  var foodStart: UInt32 = 0
  /// How many required foods lie outside the top 64.
  var otherCount: UInt16 = 0
  /// Unmatched lines (at most 65,535 are told apart).
  var unmatched: UInt16 = 0

  /// Required foods plus unmatched lines: the most a recipe can miss.
  var need: Int { topMask.nonzeroBitCount + Int(otherCount) + Int(unmatched) }
}

/// What the engine reads only for recipes that qualify: filters and ranking.
struct FinderColdRecord {
  /// The id's first bytes, to break ranking ties without reading the id.
  var idPrefix: UInt64 = 0
  /// Total minutes, `UInt32.max` when unknown.
  var totalMinutes = UInt32.max
  var ingredientCount: UInt32 = 0
  /// Where the recipe's courses, cuisines, tags and diet labels start in `attributes`.
  var attributeStart: UInt32 = 0
  var optionalCount: UInt16 = 0
  var courseCount: UInt16 = 0
  var cuisineCount: UInt16 = 0
  var tagCount: UInt16 = 0
  var dietCount: UInt16 = 0
  var rating: UInt8 = 0
  var isFavorite = false
  /// Where the recipe's measured foods start in `recipeAmounts`, and how many there are.
  var amountStart: UInt32 = 0
  var amountCount: UInt16 = 0

  var attributeCount: Int {
    Int(courseCount) + Int(cuisineCount) + Int(tagCount) + Int(dietCount)
  }
}

/// How much of a food a recipe needs in all, as the engine keeps it.
///
/// Quantities are kept as `Float`: the finder compares amounts at that precision (the scan
/// rounds the same way), which halves what a million recipes' amounts cost.
struct FinderAmountEntry {
  var food: UInt32
  var quantity: Float
  /// The unit's number in `FinderIndex.units`; 0 is a bare count.
  var unit: UInt16
}

/// A posting entry's amount, parallel to a food's posting list: what the entry's recipe needs
/// of the food, so that counting can treat a food the pantry has too little of as missing.
struct FinderPostingAmount {
  /// 0 when the recipe does not measure the food.
  var quantity: Float = 0
  var unit: UInt16 = 0
}

/// The finder's data: integer food numbers, posting lists, flat per-recipe records. A value
/// type; ``FinderEngine`` guards one behind a lock.
///
/// Posting lists: for each food, the slots of the recipes requiring it, grouped by the food's
/// position in the recipe and ascending within a group. A recipe's positions put its unmatched
/// lines first (they never match), then its foods from rarest to most frequent; positions 0 to 6
/// each have a group, later ones share the last. A query for K missing visits only the first
/// groups of its pantry's foods (prefix filtering: a recipe missing at most K has a match among
/// its first K + j positions for j = 1, 2, ...), so the long lists of common foods like salt,
/// which sit at the end of most recipes, are barely touched.
///
/// A line of alternatives (a "choice") has no list of its own: its entry sits in a separate
/// list of each of its foods (`choicePostings`), tagged with the choice, and counts only under
/// the first of its foods the pantry has. A pantry reaching thousands of such lines (a tenth of
/// a large library's recipes offer one, nearly all different) then walks the postings it
/// touches rather than thousands of lists of one recipe each.
///
/// A bulk build numbers slots by need, so the small recipes whose postings queries walk most
/// share a compact range of the per-query counters (twice as fast at a million recipes); slots
/// freed by edits are reused, and a rebuild restores the order.
struct FinderIndex {
  static let groupCount = 8
  static let topFoodCount = 64
  /// Posting entries hold the slot in their upper 24 bits, so an index holds at most this many
  /// recipe slots.
  static let maxSlotCount = 1 << 24
  /// The favourite flag's bit in `filterBits`.
  static let favoriteBit: UInt32 = 1 << 31

  /// A posting entry: the slot, and the recipe's need (capped at 255) in the low byte, so that
  /// counting can tell when a recipe has enough matches without reading its record.
  static func entry(slot: UInt32, need: Int) -> UInt32 { slot << 8 | UInt32(min(need, 255)) }

  private(set) var catalog: FinderCatalog

  // MARK: Foods, by number
  var foodIDs: [String] = []
  var foodNumbers: [String: UInt32] = [:]
  var parents: [Int32] = []
  var children: [[UInt32]] = []
  var substitutes: [[UInt32]] = []
  /// How each food stands to its parent (``FoodKinship``: 0 kind, 1 everyday, 2 distinct).
  var kinship: [UInt8] = []
  /// Whether each food is a group whose kinds a plain pantry food does not stand for.
  var isGroup: [Bool] = []
  /// For a line of alternatives (a "choice", numbered like a food), its foods in order without
  /// repeats; empty for a food.
  var choiceMembers: [[UInt32]] = []
  /// For each choice, its first food in the low 32 bits and its second in the high ones
  /// (``moreMembersBit`` set when more follow, ``noMember`` when there is none): a flat table
  /// that finds what a line is read as without reading `choiceMembers`, scattered on the heap.
  var choicePairs: [UInt64] = []
  /// Whether each number is a choice's.
  var isChoice: [Bool] = []
  /// Every choice's number.
  var choiceFoods: [UInt32] = []
  /// Foods that have substitutes.
  var substitutedFoods: [UInt32] = []
  /// How many recipes require each food; orders foods from rare to frequent.
  var frequency: [UInt32] = []
  /// Each food's family: the food at the top of the chain of parents it is a kind of
  /// (``FoodKinship`` other than distinct) below any group (whose kinds a plain pantry food
  /// does not stand for), itself when it has none.
  var familyRoot: [UInt32] = []
  /// For a family's root, how many recipes require a food of the family.
  var familyFrequency: [UInt32] = []
  /// The food's bit in `topMask`, or -1.
  var topBit: [Int8] = []
  var topFoods: [UInt32] = []
  /// For each food, its posting entries (see ``entry(slot:need:)``) grouped by position.
  var postings: [[UInt32]] = []
  /// For each food, its posting entries' amounts in the same order, or empty when no recipe
  /// measures the food.
  var postingAmounts: [[FinderPostingAmount]] = []
  /// For food f and group g, the end of the group in `postings[f]` (`f * groupCount + g`).
  var groupEnds: [UInt32] = []
  /// For each food, the entries of the choices it belongs to, grouped by the choice's position
  /// in its recipe like `postings`; such an entry counts only when the food is the first of
  /// the choice's foods at hand.
  var choicePostings: [[UInt32]] = []
  /// For each entry in `choicePostings`, in the same order, what decides whether it counts
  /// (``choiceTag(choice:member:)``), so that the walk need not read the choice's foods.
  var choicePostingTags: [[UInt32]] = []
  /// The group ends of `choicePostings`, as `groupEnds` for `postings`.
  var choiceGroupEnds: [UInt32] = []
  /// For each diet with a table, the numbers of the foods it excludes with their descendants.
  var dietFoods: [DietLabel: [UInt32]] = [:]
  /// The diets with a table that get a bit in `filterBits` (the first 31 by label).
  var bitDiets: [DietLabel] = []
  /// For each food, the bits of the `bitDiets` that exclude it.
  var foodDietBits: [UInt32] = []

  // MARK: Recipes, by slot
  var hot: [FinderHotRecord] = []
  /// Each slot's need, capped at 255: one byte a recipe, read while counting.
  var needs: [UInt8] = []
  /// Each slot's common filters as bits, so that they cost one read: bit i when the recipe
  /// suits `bitDiets[i]` (by the rules of ``FinderDiet``), and ``favoriteBit``.
  var filterBits: [UInt32] = []
  var cold: [FinderColdRecord] = []
  var recipeFoods: [UInt32] = []
  var unusedRecipeFoods = 0
  var attributes: [UInt32] = []
  var unusedAttributes = 0
  var courseNumbers: [String: UInt32] = [:]
  var cuisineNumbers: [String: UInt32] = [:]
  var tagNumbers: [String: UInt32] = [:]
  var dietNumbers: [DietLabel: UInt32] = [:]
  var ids = FinderIDTable()
  var freeSlots: [UInt32] = []
  /// Each slot's ``FinderUnjudged/Reason`` raw value, 0 when the finder can judge it. A slot
  /// it cannot judge has records (for counting it under the filters) but no postings and no
  /// bucket, so no search finds it.
  var judgement: [UInt8] = []
  /// The slots the finder cannot judge, ascending.
  var unjudgedSlots: [UInt32] = []
  /// Every slot's measured foods (see ``FinderColdRecord/amountStart``).
  var recipeAmounts: [FinderAmountEntry] = []
  var unusedAmounts = 0
  /// The units amounts are kept in; index 0 is a bare count.
  var units: [IngredientUnit?] = [nil]
  var unitNumbers: [String: UInt16] = [:]
  /// Slots by need (required foods plus unmatched lines), ascending.
  var buckets: [[UInt32]] = []

  init(catalog: FinderCatalog) {
    self.catalog = catalog
    applyCatalog()
  }

  var recipeCount: Int { ids.count }
  var foodCount: Int { foodIDs.count }

  // MARK: - Foods and the catalog

  mutating func number(ofFood id: String) -> UInt32 {
    if let number = foodNumbers[id] { return number }
    let number = UInt32(foodIDs.count)
    foodIDs.append(id)
    foodNumbers[id] = number
    parents.append(-1)
    children.append([])
    substitutes.append([])
    kinship.append(0)
    isGroup.append(false)
    choiceMembers.append([])
    choicePairs.append(0)
    isChoice.append(false)
    frequency.append(0)
    familyRoot.append(number)
    familyFrequency.append(0)
    topBit.append(-1)
    foodDietBits.append(0)
    postings.append([])
    postingAmounts.append([])
    groupEnds.append(contentsOf: repeatElement(0, count: Self.groupCount))
    choicePostings.append([])
    choicePostingTags.append([])
    choiceGroupEnds.append(contentsOf: repeatElement(0, count: Self.groupCount))
    return number
  }

  /// The number of a requirement (``FinderRecipe/requirements``): a food's, or a line of
  /// alternatives' (numbered as a food on first sight, with its members).
  mutating func number(ofRequirement id: String) -> UInt32 {
    if let number = foodNumbers[id] { return number }
    guard let members = FinderRecipe.members(ofGroup: id) else { return number(ofFood: id) }
    var memberNumbers: [UInt32] = []
    for member in members.map({ number(ofFood: $0) }) where !memberNumbers.contains(member) {
      memberNumbers.append(member)
    }
    let choice = number(ofFood: id)
    choiceMembers[Int(choice)] = memberNumbers
    let second =
      memberNumbers.count < 2
      ? Self.noMember
      : memberNumbers[1] | (memberNumbers.count > 2 ? Self.moreMembersBit : 0)
    choicePairs[Int(choice)] = UInt64(second) << 32 | UInt64(memberNumbers.first ?? Self.noMember)
    isChoice[Int(choice)] = true
    choiceFoods.append(choice)
    foodDietBits[Int(choice)] = choiceDietBits(choice)
    return choice
  }

  /// In `choicePairs`, no food there.
  static let noMember = UInt32.max
  /// In `choicePairs`, the choice has more than two foods.
  static let moreMembersBit: UInt32 = 1 << 31

  /// The tag of a choice posting under the choice's first food: it always counts.
  static let firstMemberTag = UInt32.max
  /// The bit that marks a tag holding a choice's number (``choiceTag(choice:member:)``).
  static let choiceNumberTagBit: UInt32 = 1 << 31

  /// The tag of `choice`'s posting under its food `member`. The entry counts when `member` is
  /// the first of the choice's foods at hand: under the first food always
  /// (``firstMemberTag``); under the second, when the first (the tag) is not at hand; under a
  /// later one, the tag is the choice's number with ``choiceNumberTagBit`` and the walk asks
  /// ``chosen(_:plan:)``.
  func choiceTag(choice: UInt32, member: UInt32) -> UInt32 {
    let members = choiceMembers[Int(choice)]
    guard let position = members.firstIndex(of: member), position > 0 else {
      return Self.firstMemberTag
    }
    if position == 1, members[0] < Self.choiceNumberTagBit { return members[0] }
    return choice | Self.choiceNumberTagBit
  }

  /// A choice is excluded by a diet only when every one of its foods is.
  func choiceDietBits(_ choice: UInt32) -> UInt32 {
    choiceMembers[Int(choice)].reduce(UInt32.max) { $0 & foodDietBits[Int($1)] }
  }

  /// Replaces the catalog; recipes stay as they are, since only queries read the catalog.
  mutating func setCatalog(_ catalog: FinderCatalog) {
    self.catalog = catalog
    applyCatalog()
  }

  /// Works out the catalog's facts for every food numbered (reading a saved index uses it).
  mutating func applyCatalog() {
    for food in catalog.allFoods.sorted() { _ = number(ofFood: food) }
    parents = [Int32](repeating: -1, count: foodCount)
    children = [[UInt32]](repeating: [], count: foodCount)
    substitutes = [[UInt32]](repeating: [], count: foodCount)
    kinship = [UInt8](repeating: 0, count: foodCount)
    isGroup = [Bool](repeating: false, count: foodCount)
    for (food, value) in catalog.taxonomy.kinships {
      guard let number = foodNumbers[food] else { continue }
      kinship[Int(number)] =
        switch value {
        case .kind: 0
        case .everyday: 1
        case .distinct: 2
        }
    }
    for food in catalog.taxonomy.groups {
      if let number = foodNumbers[food] { isGroup[Int(number)] = true }
    }
    for (child, parent) in catalog.taxonomy.parents {
      let childNumber = foodNumbers[child]!
      let parentNumber = foodNumbers[parent]!
      parents[Int(childNumber)] = Int32(parentNumber)
      children[Int(parentNumber)].append(childNumber)
    }
    for (food, list) in catalog.substitutes {
      substitutes[Int(foodNumbers[food]!)] = list.map { foodNumbers[$0]! }
    }
    substitutedFoods = catalog.substitutes.keys.map { foodNumbers[$0]! }.sorted()
    dietFoods = [:]
    for (diet, foods) in catalog.dietExclusions {
      dietFoods[diet] = foods.map { foodNumbers[$0]! }
    }
    bitDiets = Array(catalog.dietExclusions.keys.sorted().prefix(31))
    foodDietBits = [UInt32](repeating: 0, count: foodCount)
    for (bit, diet) in bitDiets.enumerated() {
      var excluded = [UInt64](repeating: 0, count: (foodCount + 63) / 64)
      for food in dietFoods[diet] ?? [] { markSelfAndDescendants(of: food, in: &excluded) }
      for food in 0..<foodCount where excluded[food >> 6] & (1 << UInt64(food & 63)) != 0 {
        foodDietBits[food] |= 1 << UInt32(bit)
      }
    }
    for choice in choiceFoods { foodDietBits[Int(choice)] = choiceDietBits(choice) }
    recountFamilies()
    // Recipes already indexed: their diet bits follow the new tables.
    for slot in filterBits.indices {
      filterBits[slot] = filterBits[slot] & Self.favoriteBit | dietBits(ofSlot: UInt32(slot))
    }
  }

  /// The bits of the `bitDiets` the slot's recipe suits: none of its foods is excluded, and it
  /// has no unmatched line or a label vouching for the diet.
  func dietBits(ofSlot slot: UInt32) -> UInt32 {
    let record = hot[Int(slot)]
    let details = cold[Int(slot)]
    var excluded: UInt32 = 0
    var mask = record.topMask
    while mask != 0 {
      excluded |= foodDietBits[Int(topFoods[mask.trailingZeroBitCount])]
      mask &= mask - 1
    }
    let start = Int(record.foodStart)
    let end = start + Int(record.otherCount) + Int(details.optionalCount)
    for index in start..<end { excluded |= foodDietBits[Int(recipeFoods[index])] }
    var vouched: UInt32 = ~0
    if record.unmatched > 0 {
      vouched = 0
      let labelsStart =
        Int(details.attributeStart) + details.attributeCount
        - Int(details.dietCount)
      let labels = attributes[labelsStart..<labelsStart + Int(details.dietCount)]
      for (bit, diet) in bitDiets.enumerated() {
        if let number = dietNumbers[diet], labels.contains(number) { vouched |= 1 << UInt32(bit) }
      }
    }
    let all: UInt32 = bitDiets.isEmpty ? 0 : UInt32.max >> (32 - bitDiets.count)
    return all & ~excluded & vouched
  }

  /// Calls `body` with every food a pantry item of `food` gives (``PantryCoverage``): the food
  /// and the ancestors it climbs to through links that are not distinct (exact: true), then
  /// the kinds its `kinds` lets it stand for (exact: false). A food may come twice.
  func forEachFoodGiven(
    by food: UInt32, kinds: PantryKinds, _ body: (UInt32, _ exact: Bool) -> Void
  ) {
    // Foods seen so far, as bits over the food numbers (on the stack: a pantry query asks
    // for each of its foods, and a set's hashing and allocation cost more than the walk).
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (foodCount + 63) / 64) { seen in
      func clear() {
        seen.initialize(repeating: 0)
        seen[Int(food >> 6)] |= 1 << UInt64(food & 63)
      }
      /// Marks the food seen, and says whether it was new.
      func insert(_ number: UInt32) -> Bool {
        let bit: UInt64 = 1 << UInt64(number & 63)
        defer { seen[Int(number >> 6)] |= bit }
        return seen[Int(number >> 6)] & bit == 0
      }
      clear()
      body(food, true)
      var current = food
      while kinship[Int(current)] != 2, parents[Int(current)] >= 0 {
        let next = UInt32(parents[Int(current)])
        guard insert(next) else { break }
        body(next, true)
        current = next
      }
      guard kinds != .only else { return }
      clear()
      var pending = [food]
      while let parent = pending.popLast() {
        for child in children[Int(parent)] {
          let allowed =
            kinds == .any || kinship[Int(child)] == 1
            || (kinship[Int(child)] == 0 && !isGroup[Int(parent)])
          guard allowed, insert(child) else { continue }
          body(child, false)
          pending.append(child)
        }
      }
    }
  }

  /// Marks the food and its descendants in `bits`.
  func markSelfAndDescendants(of food: UInt32, in bits: inout [UInt64]) {
    var pending = [food]
    while let number = pending.popLast() {
      let bit: UInt64 = 1 << UInt64(number & 63)
      if bits[Int(number >> 6)] & bit != 0 { continue }
      bits[Int(number >> 6)] |= bit
      pending += children[Int(number)]
    }
  }

  // MARK: - Adding and removing recipes

  /// Adds a recipe, replacing the one with the same id.
  mutating func add(_ recipe: FinderRecipe) {
    if let slot = ids.slot(of: recipe.id) { removeSlot(slot) }
    let slot: UInt32
    if let free = freeSlots.popLast() {
      slot = free
    } else {
      precondition(hot.count < Self.maxSlotCount, "the finder holds at most 16,777,216 recipes")
      slot = UInt32(hot.count)
      hot.append(FinderHotRecord())
      cold.append(FinderColdRecord())
      needs.append(0)
      filterBits.append(0)
      judgement.append(0)
    }
    ids.insert(recipe.id, slot: slot)
    let required = recipe.requirements.map { number(ofRequirement: $0) }
    let optional = recipe.distinctOptionalFoods.map { number(ofFood: $0) }
    if let reason = recipe.unjudgedReason {
      // Kept for counting under the filters, never found.
      write(recipe, slot: slot, orderedRequired: required, optional: optional)
      judgement[Int(slot)] = reason.rawValue
      insertSorted(slot, into: &unjudgedSlots)
      compactIfWasteful()
      return
    }
    for food in required {
      frequency[Int(food)] += 1
      familyFrequency[Int(familyRoot[Int(food)])] += 1
    }
    let ordered = required.sorted { isRarer($0, $1) }
    write(recipe, slot: slot, orderedRequired: ordered, optional: optional)
    let unmatched = Int(hot[Int(slot)].unmatched)
    let need = hot[Int(slot)].need
    needs[Int(slot)] = UInt8(min(need, 255))
    let measured = amounts(ofSlot: Int(slot))
    for (position, food) in ordered.enumerated() {
      let entry = Self.entry(slot: slot, need: need)
      let group = min(unmatched + position, Self.groupCount - 1)
      if isChoice[Int(food)] {
        for member in choiceMembers[Int(food)] {
          insertChoicePosting(entry, food: member, group: group, choice: food)
        }
      } else {
        insertPosting(
          entry, food: food, group: group, amount: Self.postingAmount(of: food, in: measured))
      }
    }
    insertSorted(slot, into: &buckets, at: need)
    compactIfWasteful()
  }

  /// Removes the recipe with this id; false when there is none.
  mutating func remove(id: String) -> Bool {
    guard let slot = ids.slot(of: id) else { return false }
    removeSlot(slot)
    compactIfWasteful()
    return true
  }

  private mutating func removeSlot(_ slot: UInt32) {
    let record = hot[Int(slot)]
    if judgement[Int(slot)] != 0 {
      removeSorted(slot, from: &unjudgedSlots)
      judgement[Int(slot)] = 0
    } else {
      let required = requiredFoods(of: slot)
      for food in required {
        if isChoice[Int(food)] {
          for member in choiceMembers[Int(food)] {
            removeChoicePosting(slot, food: member)
          }
        } else {
          removePosting(slot, food: food)
        }
        frequency[Int(food)] -= 1
        familyFrequency[Int(familyRoot[Int(food)])] -= 1
      }
      removeSorted(slot, from: &buckets[record.need])
    }
    ids.remove(slot: slot)
    unusedRecipeFoods += Int(record.otherCount) + Int(cold[Int(slot)].optionalCount)
    unusedAttributes += cold[Int(slot)].attributeCount
    unusedAmounts += Int(cold[Int(slot)].amountCount)
    hot[Int(slot)] = FinderHotRecord()
    cold[Int(slot)] = FinderColdRecord()
    needs[Int(slot)] = 0
    filterBits[Int(slot)] = 0
    freeSlots.append(slot)
  }

  /// The order of a recipe's positions: rare families first, then rare foods, then the lower
  /// number.
  ///
  /// Prefix filtering finds every answer whatever the order; the order decides how much a
  /// query walks. A pantry's plain food stands for its everyday kinds, so a kind is at hand
  /// about as often as its family, not as rarely as its own name is written: ordered by the
  /// family, a recipe's "red onion" sits with the common foods at its end rather than among
  /// the rare ones every query walks.
  func isRarer(_ lhs: UInt32, _ rhs: UInt32) -> Bool {
    let leftFamily = familyFrequency[Int(familyRoot[Int(lhs)])]
    let rightFamily = familyFrequency[Int(familyRoot[Int(rhs)])]
    if leftFamily != rightFamily { return leftFamily < rightFamily }
    let left = frequency[Int(lhs)]
    let right = frequency[Int(rhs)]
    return left != right ? left < right : lhs < rhs
  }

  /// Works out every food's family from the parents, and each family's frequency from the
  /// foods'.
  mutating func recountFamilies() {
    familyRoot = (0..<UInt32(foodCount)).map { food in
      var current = food
      var steps = 0
      // A kind's chain of parents is short; the bound guards against a cycle.
      while steps < 64, kinship[Int(current)] != 2, parents[Int(current)] >= 0,
        !isGroup[Int(parents[Int(current)])]
      {
        current = UInt32(parents[Int(current)])
        steps += 1
      }
      return current
    }
    familyFrequency = [UInt32](repeating: 0, count: foodCount)
    for food in 0..<foodCount { familyFrequency[Int(familyRoot[food])] += frequency[food] }
  }

  /// The slot's required foods: the frequent ones from its bitset, then the others.
  func requiredFoods(of slot: UInt32) -> [UInt32] {
    let record = hot[Int(slot)]
    var foods: [UInt32] = []
    var mask = record.topMask
    while mask != 0 {
      foods.append(topFoods[mask.trailingZeroBitCount])
      mask &= mask - 1
    }
    let start = Int(record.foodStart)
    foods += recipeFoods[start..<start + Int(record.otherCount)]
    return foods
  }

  /// Fills the slot's records, appending its foods and attributes to the flat arrays.
  private mutating func write(
    _ recipe: FinderRecipe, slot: UInt32, orderedRequired: [UInt32], optional: [UInt32]
  ) {
    var record = FinderHotRecord()
    record.foodStart = UInt32(recipeFoods.count)
    for food in orderedRequired {
      let bit = topBit[Int(food)]
      if bit >= 0 {
        record.topMask |= 1 << UInt64(bit)
      } else {
        recipeFoods.append(food)
        record.otherCount += 1
      }
    }
    recipeFoods += optional
    record.unmatched = UInt16(min(recipe.normalizedUnmatchedLineCount, Int(UInt16.max)))
    hot[Int(slot)] = record

    var details = FinderColdRecord()
    details.idPrefix = FinderIDTable.prefix(of: recipe.id)
    if let minutes = recipe.totalMinutes {
      details.totalMinutes = UInt32(min(max(0, minutes), Int(UInt32.max - 1)))
    }
    details.ingredientCount = UInt32(min(max(0, recipe.ingredientCount), Int(UInt32.max)))
    details.optionalCount = UInt16(optional.count)
    details.rating = UInt8(recipe.rankingRating)
    details.isFavorite = recipe.isFavorite
    details.attributeStart = UInt32(attributes.count)
    details.courseCount = Self.intern(
      recipe.courses.map(FinderText.normalize), in: &courseNumbers, appendingTo: &attributes)
    details.cuisineCount = Self.intern(
      recipe.cuisines.map(FinderText.normalize), in: &cuisineNumbers, appendingTo: &attributes)
    details.tagCount = Self.intern(
      recipe.tags.map(FinderText.normalize), in: &tagNumbers, appendingTo: &attributes)
    if !recipe.diets.isEmpty {
      details.dietCount = Self.intern(
        catalog.diets(implied: recipe.diets).sorted(), in: &dietNumbers, appendingTo: &attributes)
    }
    details.amountStart = UInt32(recipeAmounts.count)
    for food in recipe.amounts.keys.sorted() {
      guard let number = foodNumbers[food], orderedRequired.contains(number),
        let measure = recipe.amounts[food], measure.quantity.isFinite, measure.quantity > 0,
        details.amountCount < UInt16.max
      else { continue }
      let quantity = Float(measure.quantity)
      guard quantity.isFinite, quantity > 0 else { continue }
      recipeAmounts.append(
        FinderAmountEntry(food: number, quantity: quantity, unit: unitNumber(measure.unit)))
      details.amountCount += 1
    }
    cold[Int(slot)] = details
    filterBits[Int(slot)] =
      dietBits(ofSlot: slot) | (recipe.isFavorite ? Self.favoriteBit : 0)
  }

  /// The number of a unit in `units`, numbering it on first sight; 0 is a bare count.
  private mutating func unitNumber(_ unit: IngredientUnit?) -> UInt16 {
    guard let unit else { return 0 }
    if let number = unitNumbers[unit.id] { return number }
    let number = UInt16(min(units.count, Int(UInt16.max)))
    units.append(unit)
    unitNumbers[unit.id] = number
    return number
  }

  /// The slot's measured foods.
  func amounts(ofSlot slot: Int) -> ArraySlice<FinderAmountEntry> {
    let details = cold[slot]
    let start = Int(details.amountStart)
    return recipeAmounts[start..<start + Int(details.amountCount)]
  }

  /// Appends the numbers of the distinct values, numbering new ones; returns how many.
  private static func intern<Key: Hashable>(
    _ values: [Key], in table: inout [Key: UInt32], appendingTo list: inout [UInt32]
  ) -> UInt16 {
    var added: [UInt32] = []
    for value in values {
      let number = table[value] ?? UInt32(table.count)
      table[value] = number
      if !added.contains(number) { added.append(number) }
    }
    list += added
    return UInt16(min(added.count, Int(UInt16.max)))
  }

  /// What a slot's measured foods say of one food, as a posting amount.
  static func postingAmount(
    of food: UInt32, in measured: ArraySlice<FinderAmountEntry>
  ) -> FinderPostingAmount {
    guard let entry = measured.first(where: { $0.food == food }) else {
      return FinderPostingAmount()
    }
    return FinderPostingAmount(quantity: entry.quantity, unit: entry.unit)
  }

  /// Where `entry` goes in a food's list grouped by `ends` (the food's group ends from `base`).
  private static func insertionPoint(
    of entry: UInt32, in list: [UInt32], ends: [UInt32], base: Int, group: Int
  ) -> Int {
    let start = group == 0 ? 0 : Int(ends[base + group - 1])
    return list.withUnsafeBufferPointer {
      lowerBound(of: entry, in: $0, from: start, to: Int(ends[base + group]))
    }
  }

  /// The group and position of the slot's first entry in a food's grouped list, or nil.
  private static func location(
    of slot: UInt32, in list: [UInt32], ends: [UInt32], base: Int
  ) -> (group: Int, position: Int)? {
    var start = 0
    for group in 0..<groupCount {
      let end = Int(ends[base + group])
      let position = list.withUnsafeBufferPointer {
        lowerBound(of: slot << 8, in: $0, from: start, to: end)
      }
      if position < end, list[position] >> 8 == slot { return (group, position) }
      start = end
    }
    return nil
  }

  /// Moves the ends of the groups from `group` on by `delta` entries.
  private static func shift(_ ends: inout [UInt32], base: Int, from group: Int, by delta: Int32) {
    for later in group..<groupCount {
      ends[base + later] = UInt32(Int32(ends[base + later]) + delta)
    }
  }

  private mutating func insertPosting(
    _ entry: UInt32, food: UInt32, group: Int, amount: FinderPostingAmount
  ) {
    let base = Int(food) * Self.groupCount
    let position = Self.insertionPoint(
      of: entry, in: postings[Int(food)], ends: groupEnds, base: base, group: group)
    // A food's amounts are kept once some recipe measures it, one per posting.
    if !postingAmounts[Int(food)].isEmpty || amount.quantity > 0 {
      if postingAmounts[Int(food)].count < postings[Int(food)].count {
        postingAmounts[Int(food)] = [FinderPostingAmount](
          repeating: FinderPostingAmount(), count: postings[Int(food)].count)
      }
      postingAmounts[Int(food)].insert(amount, at: position)
    }
    postings[Int(food)].insert(entry, at: position)
    Self.shift(&groupEnds, base: base, from: group, by: 1)
  }

  private mutating func removePosting(_ slot: UInt32, food: UInt32) {
    let base = Int(food) * Self.groupCount
    guard
      let (group, position) = Self.location(
        of: slot, in: postings[Int(food)], ends: groupEnds, base: base)
    else { return }
    postings[Int(food)].remove(at: position)
    if !postingAmounts[Int(food)].isEmpty { postingAmounts[Int(food)].remove(at: position) }
    Self.shift(&groupEnds, base: base, from: group, by: -1)
  }

  private mutating func insertChoicePosting(
    _ entry: UInt32, food: UInt32, group: Int, choice: UInt32
  ) {
    let base = Int(food) * Self.groupCount
    let position = Self.insertionPoint(
      of: entry, in: choicePostings[Int(food)], ends: choiceGroupEnds, base: base, group: group)
    choicePostings[Int(food)].insert(entry, at: position)
    choicePostingTags[Int(food)].insert(choiceTag(choice: choice, member: food), at: position)
    Self.shift(&choiceGroupEnds, base: base, from: group, by: 1)
  }

  /// Removes one of the slot's entries from the food's choice postings. A recipe with two
  /// lines of alternatives sharing a food has two entries under it, and removing the recipe
  /// removes both, so which one goes first does not matter.
  private mutating func removeChoicePosting(_ slot: UInt32, food: UInt32) {
    let base = Int(food) * Self.groupCount
    guard
      let (group, position) = Self.location(
        of: slot, in: choicePostings[Int(food)], ends: choiceGroupEnds, base: base)
    else { return }
    choicePostings[Int(food)].remove(at: position)
    choicePostingTags[Int(food)].remove(at: position)
    Self.shift(&choiceGroupEnds, base: base, from: group, by: -1)
  }

  private func insertSorted(_ slot: UInt32, into list: inout [UInt32]) {
    let position = list.withUnsafeBufferPointer {
      Self.lowerBound(of: slot, in: $0, from: 0, to: $0.count)
    }
    list.insert(slot, at: position)
  }

  private func insertSorted(_ slot: UInt32, into lists: inout [[UInt32]], at index: Int) {
    if index >= lists.count {
      lists.append(contentsOf: repeatElement([], count: index + 1 - lists.count))
    }
    insertSorted(slot, into: &lists[index])
  }

  private func removeSorted(_ slot: UInt32, from list: inout [UInt32]) {
    let position = list.withUnsafeBufferPointer {
      Self.lowerBound(of: slot, in: $0, from: 0, to: $0.count)
    }
    if position < list.count, list[position] == slot { list.remove(at: position) }
  }

  static func lowerBound(
    of value: UInt32, in list: UnsafeBufferPointer<UInt32>, from start: Int, to end: Int
  ) -> Int {
    var low = start
    var high = end
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Rewrites the flat arrays without the space left by replaced and removed recipes once it
  /// outweighs what is in use; amortised over the edits that left it.
  private mutating func compactIfWasteful() {
    if unusedRecipeFoods > 1024, unusedRecipeFoods * 2 > recipeFoods.count {
      var packed: [UInt32] = []
      packed.reserveCapacity(recipeFoods.count - unusedRecipeFoods)
      for slot in hot.indices {
        let count = Int(hot[slot].otherCount) + Int(cold[slot].optionalCount)
        let start = Int(hot[slot].foodStart)
        hot[slot].foodStart = UInt32(packed.count)
        packed += recipeFoods[start..<start + count]
      }
      recipeFoods = packed
      unusedRecipeFoods = 0
    }
    if unusedAmounts > 1024, unusedAmounts * 2 > recipeAmounts.count {
      var packed: [FinderAmountEntry] = []
      packed.reserveCapacity(recipeAmounts.count - unusedAmounts)
      for slot in cold.indices {
        let start = Int(cold[slot].amountStart)
        cold[slot].amountStart = UInt32(packed.count)
        packed += recipeAmounts[start..<start + Int(cold[slot].amountCount)]
      }
      recipeAmounts = packed
      unusedAmounts = 0
    }
    if unusedAttributes > 1024, unusedAttributes * 2 > attributes.count {
      var packed: [UInt32] = []
      packed.reserveCapacity(attributes.count - unusedAttributes)
      for slot in cold.indices {
        let start = Int(cold[slot].attributeStart)
        cold[slot].attributeStart = UInt32(packed.count)
        packed += attributes[start..<start + cold[slot].attributeCount]
      }
      attributes = packed
      unusedAttributes = 0
    }
  }

  // MARK: - Building in bulk

  /// An index of these recipes (of several with the same id, the last counts), built in bulk:
  /// frequencies first, so that every recipe's foods are ordered rarest first and the 64 most
  /// frequent foods get bits, then each posting list written once in slot order.
  static func built(from recipes: [FinderRecipe], catalog: FinderCatalog) -> FinderIndex {
    var index = FinderIndex(catalog: catalog)
    var chosen: [Int] = []
    chosen.reserveCapacity(recipes.count)
    index.ids.reserve(recipes.count, bytes: recipes.reduce(0) { $0 + $1.id.utf8.count })
    for (position, recipe) in recipes.enumerated() {
      if let slot = index.ids.slot(of: recipe.id) {
        chosen[Int(slot)] = position
      } else {
        index.ids.insert(recipe.id, slot: UInt32(chosen.count))
        chosen.append(position)
      }
    }

    // Food numbers and frequencies.
    var required: [UInt32] = []
    var requiredStart: [Int] = [0]
    var optional: [UInt32] = []
    var optionalStart: [Int] = [0]
    requiredStart.reserveCapacity(chosen.count + 1)
    optionalStart.reserveCapacity(chosen.count + 1)
    // The slot (plus one) that last took each food, to drop repeats without a set per recipe.
    var lastTaken: [Int32] = []
    func take(_ food: String, mark: Int32) -> UInt32? {
      let number = index.number(ofFood: food)
      if Int(number) >= lastTaken.count {
        lastTaken.append(contentsOf: repeatElement(0, count: Int(number) + 1 - lastTaken.count))
      }
      guard lastTaken[Int(number)] != mark else { return nil }
      lastTaken[Int(number)] = mark
      return number
    }
    var reasons: [UInt8] = []
    reasons.reserveCapacity(chosen.count)
    for (slot, position) in chosen.enumerated() {
      let recipe = recipes[position]
      let mark = Int32(slot + 1)
      let reason = recipe.unjudgedReason?.rawValue ?? 0
      reasons.append(reason)
      for food in recipe.requirements {
        let number = index.number(ofRequirement: food)
        if Int(number) >= lastTaken.count {
          lastTaken.append(contentsOf: repeatElement(0, count: Int(number) + 1 - lastTaken.count))
        }
        lastTaken[Int(number)] = mark
        if reason == 0 { index.frequency[Int(number)] += 1 }
        required.append(number)
      }
      // Sole foods beyond the limit are not optional either.
      if recipe.requiredFoods.count > FinderRecipe.limit {
        for food in recipe.soleRequiredFoods { _ = take(food, mark: mark) }
      }
      requiredStart.append(required.count)
      // Required foods were marked as taken, so an optional one that is also required is
      // skipped here (as in `FinderRecipe.distinctOptionalFoods`).
      for food in recipe.optionalFoods
      where optional.count - optionalStart[slot] < FinderRecipe.limit
        && !food.contains(FinderRecipe.groupSeparator)
      {
        if let number = take(food, mark: mark) { optional.append(number) }
      }
      optionalStart.append(optional.count)
    }
    index.recountFamilies()
    let top = (0..<UInt32(index.foodCount))
      .filter { index.frequency[Int($0)] > 0 && !index.isChoice[Int($0)] }
      .sorted {
        // The most frequent foods by their own name: those a record's bitset saves most on.
        let left = index.frequency[Int($0)]
        let right = index.frequency[Int($1)]
        return left != right ? left > right : $0 > $1
      }
      .prefix(topFoodCount)
    index.topFoods = Array(top)
    for (bit, food) in index.topFoods.enumerated() { index.topBit[Int(food)] = Int8(bit) }

    // Slots in order of need, so that the small recipes, whose postings queries walk most,
    // share a compact range of the per-slot counters.
    let count = chosen.count
    precondition(count <= maxSlotCount, "the finder holds at most 16,777,216 recipes")
    let needOf = (0..<count).map { entry in
      requiredStart[entry + 1] - requiredStart[entry]
        + min(recipes[chosen[entry]].normalizedUnmatchedLineCount, Int(UInt16.max))
    }
    var firstOfNeed = [Int](repeating: 0, count: (needOf.max() ?? 0) + 2)
    for need in needOf { firstOfNeed[need + 1] += 1 }
    for need in firstOfNeed.indices.dropFirst() { firstOfNeed[need] += firstOfNeed[need - 1] }
    var entryOfSlot = [Int](repeating: 0, count: count)
    var slotOfEntry = [UInt32](repeating: 0, count: count)
    for entry in 0..<count {
      let slot = firstOfNeed[needOf[entry]]
      firstOfNeed[needOf[entry]] += 1
      entryOfSlot[slot] = entry
      slotOfEntry[entry] = UInt32(slot)
    }
    index.ids.renumber(slotOfEntry)

    // Records, and the size of every posting group.
    index.hot = [FinderHotRecord](repeating: FinderHotRecord(), count: count)
    index.needs = [UInt8](repeating: 0, count: count)
    index.filterBits = [UInt32](repeating: 0, count: count)
    index.cold = [FinderColdRecord](repeating: FinderColdRecord(), count: count)
    index.judgement = [UInt8](repeating: 0, count: count)
    var groupSizes = [UInt32](repeating: 0, count: index.foodCount * groupCount)
    var choiceGroupSizes = [UInt32](repeating: 0, count: index.foodCount * groupCount)
    var ordered: [UInt32] = []
    ordered.reserveCapacity(required.count)
    var orderedStart: [Int] = [0]
    orderedStart.reserveCapacity(count + 1)
    for (slot, entry) in entryOfSlot.enumerated() {
      var foods = Array(required[requiredStart[entry]..<requiredStart[entry + 1]])
      let judged = reasons[entry] == 0
      if judged { foods.sort { index.isRarer($0, $1) } }
      index.write(
        recipes[chosen[entry]], slot: UInt32(slot), orderedRequired: foods,
        optional: Array(optional[optionalStart[entry]..<optionalStart[entry + 1]]))
      if !judged {
        index.judgement[slot] = reasons[entry]
        index.unjudgedSlots.append(UInt32(slot))
        foods = []
      }
      ordered += foods
      orderedStart.append(ordered.count)
      let unmatched = Int(index.hot[slot].unmatched)
      for (rank, food) in foods.enumerated() {
        let group = min(unmatched + rank, groupCount - 1)
        if index.isChoice[Int(food)] {
          for member in index.choiceMembers[Int(food)] {
            choiceGroupSizes[Int(member) * groupCount + group] += 1
          }
        } else {
          groupSizes[Int(food) * groupCount + group] += 1
        }
      }
    }

    // Posting lists, each written in slot order within its groups.
    var cursor = [UInt32](repeating: 0, count: index.foodCount * groupCount)
    for food in 0..<index.foodCount {
      var end: UInt32 = 0
      for group in 0..<groupCount {
        cursor[food * groupCount + group] = end
        end += groupSizes[food * groupCount + group]
        index.groupEnds[food * groupCount + group] = end
      }
      index.postings[food] = [UInt32](repeating: 0, count: Int(end))
    }
    var choiceCursor = [UInt32](repeating: 0, count: index.foodCount * groupCount)
    for food in 0..<index.foodCount {
      var end: UInt32 = 0
      for group in 0..<groupCount {
        choiceCursor[food * groupCount + group] = end
        end += choiceGroupSizes[food * groupCount + group]
        index.choiceGroupEnds[food * groupCount + group] = end
      }
      guard end > 0 else { continue }
      index.choicePostings[food] = [UInt32](repeating: 0, count: Int(end))
      index.choicePostingTags[food] = [UInt32](repeating: 0, count: Int(end))
    }
    var measuredFoods = [Bool](repeating: false, count: index.foodCount)
    for entry in index.recipeAmounts { measuredFoods[Int(entry.food)] = true }
    for food in 0..<index.foodCount where measuredFoods[food] {
      index.postingAmounts[food] = [FinderPostingAmount](
        repeating: FinderPostingAmount(), count: index.postings[food].count)
    }
    for slot in 0..<count where index.judgement[slot] == 0 {
      let unmatched = Int(index.hot[slot].unmatched)
      let need = index.hot[slot].need
      index.needs[slot] = UInt8(min(need, 255))
      for (rank, food) in ordered[orderedStart[slot]..<orderedStart[slot + 1]].enumerated() {
        let group = min(unmatched + rank, groupCount - 1)
        if index.isChoice[Int(food)] {
          for member in index.choiceMembers[Int(food)] {
            let key = Int(member) * groupCount + group
            index.choicePostings[Int(member)][Int(choiceCursor[key])] = entry(
              slot: UInt32(slot), need: need)
            index.choicePostingTags[Int(member)][Int(choiceCursor[key])] = index.choiceTag(
              choice: food, member: member)
            choiceCursor[key] += 1
          }
          continue
        }
        let key = Int(food) * groupCount + group
        index.postings[Int(food)][Int(cursor[key])] = entry(slot: UInt32(slot), need: need)
        if measuredFoods[Int(food)] {
          index.postingAmounts[Int(food)][Int(cursor[key])] = postingAmount(
            of: food, in: index.amounts(ofSlot: slot))
        }
        cursor[key] += 1
      }
      if need >= index.buckets.count {
        index.buckets.append(contentsOf: repeatElement([], count: need + 1 - index.buckets.count))
      }
      index.buckets[need].append(UInt32(slot))
    }
    return index
  }

  // MARK: - Memory

  /// Bytes held by the index's arrays and tables (an estimate for the dictionaries).
  var memoryBytes: Int {
    var total = ids.memoryBytes
    total += MemoryLayout<FinderHotRecord>.stride * hot.capacity
    total += MemoryLayout<FinderColdRecord>.stride * cold.capacity
    total += 4 * (recipeFoods.capacity + attributes.capacity + freeSlots.capacity)
    total += needs.capacity + 4 * filterBits.capacity + 4 * foodDietBits.capacity
    total += judgement.capacity + 4 * unjudgedSlots.capacity + kinship.capacity
    total += isGroup.capacity + 4 * choiceFoods.capacity
    total += MemoryLayout<FinderAmountEntry>.stride * recipeAmounts.capacity
    for list in choiceMembers where !list.isEmpty { total += 4 * list.capacity + 32 }
    total += isChoice.capacity + 4 * choiceGroupEnds.capacity + 8 * choicePairs.capacity
    for list in choicePostings where !list.isEmpty { total += 4 * list.capacity + 32 }
    for list in choicePostingTags where !list.isEmpty { total += 4 * list.capacity + 32 }
    total += 4 * groupEnds.capacity + 4 * frequency.capacity + parents.capacity * 4
    total += topBit.capacity
    for list in postings { total += 4 * list.capacity + 32 }
    for list in postingAmounts where !list.isEmpty {
      total += MemoryLayout<FinderPostingAmount>.stride * list.capacity + 32
    }
    for list in buckets { total += 4 * list.capacity + 32 }
    for list in children where !list.isEmpty { total += 4 * list.capacity + 32 }
    for list in substitutes where !list.isEmpty { total += 4 * list.capacity + 32 }
    // Food ids and the small dictionaries: about 64 bytes an entry.
    total += 64 * (foodIDs.count * 2 + courseNumbers.count + cuisineNumbers.count)
    total += 64 * (tagNumbers.count + dietNumbers.count)
    return total
  }
}
