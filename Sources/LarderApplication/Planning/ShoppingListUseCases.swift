import Foundation
import LarderCore

extension Larder {
  /// The shopping list grouped by aisle.
  public func shoppingList(
    _ request: ShoppingListRequest, display: PlanningDisplay = PlanningDisplay(),
    as caller: Caller
  ) throws -> ShoppingListAnswer {
    ShoppingListAnswer(
      try planningStore().shoppingListItems(household: caller.household),
      format: format(display), includeStaples: request.staples)
  }

  /// The shopping list as plain text to share, one "[ ]" or "[x]" line per item.
  public func shoppingListText(
    _ request: ShoppingListRequest, display: PlanningDisplay = PlanningDisplay(),
    as caller: Caller
  ) throws -> String {
    ShoppingListView(
      try planningStore().shoppingListItems(household: caller.household),
      includeStaples: request.staples
    ).plainText(format(display))
  }

  /// Makes the list again from the planned days or the chosen recipes, keeping the lines added
  /// by hand and taking off what the pantry has.
  public func generateShoppingList(
    _ request: ShoppingListGeneration, display: PlanningDisplay = PlanningDisplay(),
    as caller: Caller
  ) throws -> GeneratedShoppingList {
    try caller.require(.change)
    try request.validate()
    let store = try planningStore()
    var portions: [RecipePortion] = []
    var days: ClosedRange<CalendarDay>?
    if let chosen = request.recipes {
      portions = try recipePortions(chosen, as: caller)
    } else {
      let from = request.from ?? today(display)
      let through = request.to ?? from.adding(days: 6)
      guard from <= through else {
        throw ApplicationError.invalidValue(
          Field("to"), value: through.description, expected: "a date on or after 'from'")
      }
      days = from...through
      portions = try store.mealPlanEntries(
        from: from, through: through, household: caller.household
      )
      .compactMap { entry in
        try recipes.recipe(id: entry.recipeID, household: caller.household).map {
          RecipePortion(recipe: $0, servings: entry.servings)
        }
      }
    }
    let foods = try household(caller).foods.current
    let lines = ShoppingListBuilder(parser: IngredientParser(), catalog: foods).build(
      portions, pantry: try store.pantryItems(household: caller.household),
      includeStaples: request.staples, makeID: makeID)
    var changes = PlanningChanges()
    changes.clearGeneratedShoppingItems = true
    changes.saveShoppingListItems = lines
    try store.apply(changes, household: caller.household)
    let list = ShoppingListAnswer(
      try store.shoppingListItems(household: caller.household), format: format(display),
      includeStaples: request.staples)
    return GeneratedShoppingList(list: list, recipeCount: portions.count, days: days)
  }

  /// Puts on the list what the chosen recipes need and the pantry lacks, at their servings,
  /// and leaves the rest of the list as it is (the "add what's missing" of a recipe's page).
  ///
  /// Each recipe's lines are worked out as ``generateShoppingList(_:display:as:)`` works
  /// them out. They are kept like lines added by hand, since someone chose them: making the
  /// list again from the plan leaves them. A line for something already among those lines
  /// and not checked off adds onto it ("1 cup" and "250 ml" milk make one line); lines made
  /// from the plan are left alone. The pantry is taken off each recipe's needs alone, as the
  /// recipe's page shows them.
  public func addRecipesToShoppingList(
    _ request: ShoppingListAddition, display: PlanningDisplay = PlanningDisplay(),
    as caller: Caller
  ) throws -> AddedToShoppingList {
    try caller.require(.change)
    try request.validate()
    let portions = try recipePortions(request.recipes, as: caller)
    let builder = ShoppingListBuilder(
      parser: IngredientParser(), catalog: try household(caller).foods.current)
    let store = try planningStore()
    // Read and written in one transaction, so two additions at once both land.
    let added = try store.update(household: caller.household) { stored in
      var changed: [ShoppingListItem] = []
      for var line in builder.build(
        portions, pantry: stored.pantry, includeStaples: request.staples, makeID: makeID)
      {
        line.isManual = true
        if let index = changed.firstIndex(where: { $0.isSameThing(as: line) }) {
          changed[index] = changed[index].adding(line)
        } else if let existing = stored.shoppingList.first(where: {
          $0.isManual && !$0.isChecked && $0.isSameThing(as: line)
        }) {
          changed.append(existing.adding(line))
        } else {
          changed.append(line)
        }
      }
      var changes = PlanningChanges()
      changes.saveShoppingListItems = changed
      return (changes, changed)
    }
    return AddedToShoppingList(
      added: added.map { ShoppingItemView($0, format: format(display)) },
      list: try shoppingList(ShoppingListRequest(), display: display, as: caller))
  }

  /// Adds a line by hand; its food and aisle are found when the catalog knows it.
  public func addShoppingItem(
    _ request: NewShoppingItem, display: PlanningDisplay = PlanningDisplay(), as caller: Caller
  ) throws -> ShoppingItemView {
    try caller.require(.change)
    try request.validate()
    let store = try planningStore()
    let foods = try household(caller).foods.current
    let text = request.line.trimmingCharacters(in: .whitespacesAndNewlines)
    // Read as the pantry reads a typed line: in the language it is written in ("2 l Milch").
    let reading = PantryLineReader(catalog: foods).read(text, language: request.language)
    let parsed = reading.parsed
    // The item reads as typed: "4 lemon wedges", not the parsed name's "lemon wedge".
    let name = parsed.writtenName?.trimmingCharacters(in: .whitespaces) ?? ""
    let food =
      name.isEmpty
      ? nil : foods.food(id: name) ?? reading.foodID.flatMap { foods.food(id: $0) }
    let amount = (try? Measure(contentsOf: parsed)) ?? nil
    let item = ShoppingListItem(
      id: makeID(), name: name.isEmpty || amount == nil ? text : name, foodID: food?.id,
      aisle: food?.aisle, amounts: name.isEmpty ? [] : amount.map { [$0] } ?? [],
      density: food?.densityGramsPerMillilitre, isManual: true,
      isWeighed: food.map { foods.isWeighed($0.id) } ?? false)
    try ApplicationError.translating {
      try store.saveShoppingListItems([item], household: caller.household)
    }
    return ShoppingItemView(item, format: format(display))
  }

  /// Checks one line off, or on again.
  public func changeShoppingItem(
    id: String, _ change: ShoppingItemChange, display: PlanningDisplay = PlanningDisplay(),
    as caller: Caller
  ) throws -> ShoppingItemView {
    try caller.require(.change)
    var item = try storedShoppingItem(id, as: caller)
    item.isChecked = change.checked
    try planningStore().saveShoppingListItems([item], household: caller.household)
    return ShoppingItemView(item, format: format(display))
  }

  /// Checks lines off (or on again) by id (or unique starts of ids).
  public func checkShoppingItems(
    _ request: CheckShoppingItems, display: PlanningDisplay = PlanningDisplay(),
    as caller: Caller
  ) throws -> CheckedShoppingItems {
    try caller.require(.change)
    try request.validate()
    let store = try planningStore()
    let items = try store.shoppingListItems(household: caller.household)
    var changed = try request.items.map {
      try Self.record($0, in: items, kind: .shoppingListItem)
    }
    for index in changed.indices { changed[index].isChecked = request.checked }
    try store.saveShoppingListItems(changed, household: caller.household)
    return CheckedShoppingItems(
      changed: changed.map { ShoppingItemView($0, format: format(display)) },
      list: try shoppingList(ShoppingListRequest(), display: display, as: caller))
  }

  /// Removes lines by id (or unique starts of ids); returns the lines removed.
  @discardableResult
  public func removeShoppingItems(
    _ ids: [String], as caller: Caller
  ) throws -> [ShoppingListItem] {
    try caller.require(.change)
    let store = try planningStore()
    let items = try ids.map { try storedShoppingItem($0, as: caller) }
    var changes = PlanningChanges()
    changes.deleteShoppingListItems = items.map(\.id)
    try store.apply(changes, household: caller.household)
    return items
  }

  /// Moves every checked line into the pantry (joining an item of the same food, see
  /// ``ShoppingToPantry``), and takes it off the list.
  public func moveCheckedToPantry(
    _ request: MoveToPantry = MoveToPantry(), display: PlanningDisplay = PlanningDisplay(),
    as caller: Caller
  ) throws -> MovedToPantry {
    try caller.require(.change)
    let store = try planningStore()
    let today = today(display)
    let foods = try household(caller).foods.current
    let format = format(display)
    // Read and written in one transaction: a line is moved once, and a deduction at the same
    // time is not undone.
    let changes = try store.update(household: caller.household) { stored in
      let changes = ShoppingToPantry.changes(
        items: stored.shoppingList, pantry: stored.pantry, today: today, catalog: foods,
        expiresOn: request.expiresOn, format: format, makeID: makeID)
      return (changes, changes)
    }
    return MovedToPantry(
      moved: changes.savePantryItems.map { pantryView($0, today: today, display, foods: foods) },
      list: try shoppingList(ShoppingListRequest(), display: display, as: caller))
  }

  func storedShoppingItem(_ id: String, as caller: Caller) throws -> ShoppingListItem {
    try Self.record(
      id, in: try planningStore().shoppingListItems(household: caller.household),
      kind: .shoppingListItem)
  }

  /// The chosen recipes, each read as the caller may see it, at its servings.
  private func recipePortions(
    _ chosen: [ShoppingPortion], as caller: Caller
  ) throws -> [RecipePortion] {
    try chosen.map {
      RecipePortion(recipe: try self.recipe($0.recipe, as: caller), servings: $0.servings)
    }
  }
}
