import Foundation

/// Reads what a person types into a pantry or a shopping list ("2 lb chicken thighs", "2 l
/// Milch") with the ingredient parser, in the language it is written in, and matches it to a
/// catalog food.
public struct PantryLineReader: Sendable {
  /// Reads the line.
  public let parser: IngredientParser
  /// Matches the food.
  public let catalog: FoodCatalog

  /// Makes a reader.
  public init(parser: IngredientParser = IngredientParser(), catalog: FoodCatalog) {
    self.parser = parser
    self.catalog = catalog
  }

  /// A typed line as read: its parse, the language it was read in and its catalog food.
  public struct Reading: Sendable {
    /// The line's parse in ``language``.
    public var parsed: ParsedIngredient
    /// The language the line was read in.
    public var language: RecipeLanguage
    /// The catalog food its name matched, if any.
    public var foodID: String?
  }

  /// Reads a typed line in `language`, or, when none is given, in the language it reads as.
  ///
  /// A typed line is a few words, too few for ``LanguageDetector``, so its language is told by
  /// its food: English when English reading finds a catalog food in it ("200 g Butter");
  /// otherwise the language whose own food names know its name ("2 l Milch" is German milk,
  /// "500 g farine" French flour). Languages that find the same food agree; when they find
  /// different ones, the line's words decide (``LanguageDetector/detect(_:)``) or, telling
  /// nothing, English stands.
  public func read(_ text: String, language: RecipeLanguage? = nil) -> Reading {
    if let language { return reading(text, in: language) }
    let english = reading(text, in: .english)
    if english.foodID != nil { return english }
    var found: [Reading] = []
    for language in RecipeLanguage.allCases where language != .english {
      let parsed = parser.parse(text, language: language)
      guard !parsed.isSectionHeader, let name = parsed.matchingName ?? parsed.name,
        let food = FoodNames.bundled.match(name, language: language)
      else { continue }
      found.append(Reading(parsed: parsed, language: language, foodID: food))
    }
    guard let first = found.first else { return english }
    let told = LanguageDetector.detect(text)
    if let told, let chosen = found.first(where: { $0.language == told }) { return chosen }
    return found.allSatisfy({ $0.foodID == first.foodID }) ? first : english
  }

  private func reading(_ text: String, in language: RecipeLanguage) -> Reading {
    let parsed = parser.parse(text, language: language)
    let name = (parsed.matchingName ?? parsed.name)?.trimmingCharacters(in: .whitespaces)
    var food: String?
    if let name, !name.isEmpty, !parsed.isSectionHeader {
      food =
        language == .english
        ? catalog.food(named: name)?.id : catalog.foodID(named: name, in: language)
    }
    return Reading(parsed: parsed, language: language, foodID: food)
  }

  /// A new pantry item from a typed line: its amount (a can's contents when the line says
  /// "2 (14 oz) cans"), its name and its catalog food, read in `language` or the language the
  /// line reads as (``read(_:language:)``).
  ///
  /// - Throws: ``LarderCoreError/missingField(field:item:)`` for a blank line and
  ///   ``LarderCoreError/invalidField(field:value:reason:item:)`` for a line with no food in it
  ///   ("2 cups").
  public func item(
    from line: String, id: PlanningID, addedOn: CalendarDay, location: PantryLocation? = nil,
    expiresOn: CalendarDay? = nil, language: RecipeLanguage? = nil
  ) throws -> PantryItem {
    let written = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !written.isEmpty else { throw LarderCoreError.missingField(field: "line") }
    // "any rice", "only brown rice": the kinds the item stands for, then the item itself.
    let (kinds, text) = PantryKinds.reading(written)
    let reading = read(text, language: language)
    let parsed = reading.parsed
    // Kept as typed ("mint leaves"), not in the parsed name's form ("mint leaf").
    guard !parsed.isSectionHeader,
      let name = parsed.writtenName?.trimmingCharacters(in: .whitespaces), !name.isEmpty
    else {
      throw LarderCoreError.invalidField(
        field: "line", value: text, reason: "names no food to keep (try '2 lb chicken thighs')")
    }
    let amount = (try? Measure(contentsOf: parsed)) ?? nil
    let food = reading.foodID
    return PantryItem(
      id: id, name: name, foodID: food, amount: amount,
      location: location ?? PantryLocation.usual(forFood: food, catalog: catalog),
      addedOn: addedOn, expiresOn: expiresOn, kinds: kinds ?? .everyday)
  }
}

/// A recipe at a number of servings: what cooking, planning and shopping are about.
public struct RecipePortion: Sendable {
  /// The recipe.
  public var recipe: Recipe
  /// The servings wanted; nil means the recipe's own yield.
  public var servings: Double?

  /// Makes a portion.
  public init(recipe: Recipe, servings: Double? = nil) {
    self.recipe = recipe
    self.servings = servings
  }

  /// The factor amounts are multiplied by: wanted servings over the recipe's yield, or 1
  /// when either is unknown.
  public var scale: Double {
    guard let servings, let yield = recipe.yield?.servings,
      let factor = try? Measure.scaleFactor(fromServings: yield, toServings: servings)
    else { return 1 }
    return factor
  }
}

/// One amount a recipe needs of one food, as the shopping list and pantry deduction read it.
struct IngredientNeed {
  var lineText: String
  var name: String
  var foodID: String?
  /// The foods of the line's alternatives ("parsley or coriander" → coriander).
  var alternativeFoodIDs: [String] = []
  var measure: Measure?
  var isOptional: Bool

  /// The line's food as the pantry meets it: the first of the line's own food and its
  /// alternatives that some item gives, else the line's own food. Cooking with coriander
  /// takes coriander, and the shopping list asks for parsley only when neither is there.
  func food(givenBy pantry: [PantryItem], catalog: FoodCatalog) -> String? {
    guard let foodID, !alternativeFoodIDs.isEmpty else { return foodID }
    return ([foodID] + alternativeFoodIDs).first { need in
      pantry.contains { $0.gives(need, catalog: catalog) }
    } ?? foodID
  }
}

extension PantryItem {
  /// Whether the item gives a recipe's food, by the rule every place a pantry meets a recipe
  /// follows (``PantryCoverage``), with the item's own ``kinds``.
  public func gives(_ need: String, catalog: FoodCatalog) -> Bool {
    guard let foodID else { return false }
    return catalog.coverage(of: need, by: foodID, kinds: kinds) != nil
  }
}

extension RecipePortion {
  /// The recipe's lines read into needs, scaled; section headers are skipped.
  func needs(parser: IngredientParser, catalog: FoodCatalog) -> [IngredientNeed] {
    let factor = scale
    // Each line read in the recipe's language: "2 EL Olivenöl" is two tablespoons.
    let language = LanguageDetector.language(of: recipe)
    return recipe.ingredientLines.compactMap { line in
      let parsed = parser.parse(line.text, language: language)
      guard !parsed.isSectionHeader else { return nil }
      // The words the recipe uses, shown on the shopping list ("4 lemon wedges").
      let name = (parsed.writtenName ?? line.facts?.name ?? line.text)
        .trimmingCharacters(in: .whitespaces)
      let foods =
        line.facts.map { (food: $0.foodID, alternatives: $0.alternativeFoodIDs) }
        ?? parsed.foods(matching: { catalog.foodID(named: $0, in: language) })
      var measure = (try? Measure(contentsOf: parsed)) ?? nil
      if let amount = measure, amount.unit == nil, let length = IngredientUnit.length(in: parsed) {
        // "5 cm ginger": the parser reads "cm" as a size; keep it so it never becomes 5 pieces.
        measure = Measure(quantity: amount.quantity, quantityMax: amount.quantityMax, unit: length)
      }
      if let amount = measure, factor != 1 { measure = try? amount.scaled(by: factor) }
      return IngredientNeed(
        lineText: line.text, name: name, foodID: foods.food ?? foods.alternatives.first,
        alternativeFoodIDs: foods.food == nil
          ? Array(foods.alternatives.dropFirst()) : foods.alternatives,
        measure: measure, isOptional: line.facts?.isOptional ?? parsed.isOptional)
    }
  }
}

extension IngredientUnit {
  /// The length written right after the line's number ("5 cm ginger", "2-inch piece ginger"),
  /// or nil when the number counts something.
  static func length(in parsed: ParsedIngredient) -> IngredientUnit? {
    guard parsed.unit == nil, parsed.quantity != nil else { return nil }
    let words = parsed.input.lowercased().split(whereSeparator: { !$0.isLetter })
    guard let first = words.first else { return nil }
    // The first word is the one after the number: "5cm" and "5 cm" both give "cm".
    return lengths.first { $0.aliases.contains(String(first)) }
  }
}

/// What cooking a recipe takes out of the pantry: worked out first as a preview the user
/// confirms, then applied.
///
/// For each required line with an amount, the pantry items of the same food (or a kind of
/// it: cheddar for "cheese") give what they have, the one expiring soonest first, with units
/// converted through the food's density. An item is never taken below zero, and an item used
/// up is **removed** from the pantry (a zero amount helps nobody and would keep "use it up"
/// suggesting recipes for it). Lines that cannot be deducted are listed with the reason: no
/// item of that food, an item without an amount, or units that do not convert ("2 cans"
/// against grams). Optional lines ("to taste", "for garnish") are left alone.
public struct PantryDeduction: Hashable, Sendable, Codable {
  /// A change to one pantry item.
  public struct Change: Hashable, Sendable, Codable {
    /// The item changed.
    public var itemID: PlanningID
    /// The item's name.
    public var name: String
    /// Its amount before.
    public var before: Measure
    /// What the recipe takes, in the item's unit.
    public var used: Measure
    /// Its amount after; zero when used up.
    public var after: Measure
    /// Whether the item is used up and will be removed.
    public var removes: Bool
  }

  /// A recipe line that changes nothing, and why.
  public struct Skipped: Hashable, Sendable, Codable {
    /// The line.
    public var line: String
    /// Why: "not in the pantry", "the pantry item has no amount", ...
    public var reason: String
  }

  /// The changes, one per pantry item touched, in pantry order.
  public var changes: [Change]
  /// The lines that change nothing.
  public var skipped: [Skipped]

  /// Works out what cooking `portion` takes from `pantry`.
  public static func plan(
    _ portion: RecipePortion, pantry: [PantryItem], catalog: FoodCatalog,
    parser: IngredientParser = IngredientParser()
  ) -> PantryDeduction {
    let ordered = pantry.sorted(by: PantryItem.listOrder)
    var amounts: [PlanningID: Measure] = [:]
    for item in ordered { amounts[item.id] = item.amount }
    var skipped: [Skipped] = []
    for need in portion.needs(parser: parser, catalog: catalog) where !need.isOptional {
      guard let food = need.food(givenBy: pantry, catalog: catalog) else {
        skipped.append(Skipped(line: need.lineText, reason: "Larder does not know this food"))
        continue
      }
      let candidates = ordered.filter { $0.gives(food, catalog: catalog) }
      guard !candidates.isEmpty else {
        skipped.append(Skipped(line: need.lineText, reason: "not in the pantry"))
        continue
      }
      guard let wanted = need.measure else {
        skipped.append(Skipped(line: need.lineText, reason: "the recipe gives no amount"))
        continue
      }
      let density = catalog.food(id: food)?.densityGramsPerMillilitre
      var remaining = Measure(quantity: wanted.quantity, unit: wanted.unit)
      var reason: String?
      for item in candidates where !remaining.isZero {
        guard let have = amounts[item.id] else {
          reason = "the pantry's \(item.name) has no amount"
          continue
        }
        guard !have.isZero,
          let inItemUnit = try? remaining.converted(to: have.unit, density: density)
        else {
          if !have.isZero {
            reason = "cannot take \(wanted) from \(have) of \(item.name): the units do not convert"
          }
          continue
        }
        let take = min(have.quantity, inItemUnit.quantity)
        let taken = Measure(quantity: take, unit: have.unit)
        amounts[item.id] = (try? have.subtracting(taken)) ?? have
        remaining = (try? remaining.subtracting(taken, density: density)) ?? remaining
      }
      if remaining.quantity == wanted.quantity, let reason {
        skipped.append(Skipped(line: need.lineText, reason: reason))
      }
    }
    let changes = ordered.compactMap { item -> Change? in
      guard let before = item.amount, let after = amounts[item.id], after != before else {
        return nil
      }
      let used = Measure(quantity: before.quantity - after.quantity, unit: before.unit)
      return Change(
        itemID: item.id, name: item.name, before: before, used: used,
        after: Measure(quantity: after.quantity, unit: after.unit), removes: after.isZero)
    }
    return PantryDeduction(changes: changes, skipped: skipped)
  }

  /// The store writes that carry out the deduction on `pantry`, restricted to `only` item ids
  /// when given (the ones the user confirmed).
  public func storeChanges(pantry: [PantryItem], only: Set<PlanningID>? = nil) -> PlanningChanges {
    var result = PlanningChanges()
    let items = Dictionary(pantry.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for change in changes where only?.contains(change.itemID) ?? true {
      guard var item = items[change.itemID] else { continue }
      if change.removes {
        result.deletePantryItems.append(item.id)
      } else {
        item.amount = change.after
        result.savePantryItems.append(item)
      }
    }
    return result
  }
}
