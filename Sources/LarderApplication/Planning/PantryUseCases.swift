import Foundation
import LarderCore

extension Larder {
  /// The household's pantry, soonest expiry first, optionally only one place's items.
  public func pantry(
    _ request: PantryListRequest, display: PlanningDisplay = PlanningDisplay(),
    as caller: Caller
  ) throws -> PantryList {
    try request.validate()
    var items = try planningStore().pantryItems(household: caller.household)
    if let location = request.location { items = items.filter { $0.location == location } }
    let today = today(display)
    let foods = try household(caller).foods.current
    return PantryList(
      today: today, items: items.map { pantryView($0, today: today, display, foods: foods) })
  }

  /// The pantry item with this id (or a unique start of it, at least 4 characters).
  public func pantryItem(
    id: String, display: PlanningDisplay = PlanningDisplay(), as caller: Caller
  ) throws -> PantryItemView {
    pantryView(
      try storedPantryItem(id, as: caller), today: today(display), display,
      foods: try household(caller).foods.current)
  }

  /// Adds an item typed as a line, or given field by field with a name; its food is matched
  /// and, unless a location is given, it is kept where that food usually is.
  ///
  /// - Throws: ``ApplicationError`` naming the field for a line Larder cannot read, a bad
  ///   value, or a food the catalog does not know.
  public func addPantryItem(
    _ request: NewPantryItem, display: PlanningDisplay = PlanningDisplay(), as caller: Caller
  ) throws -> PantryItemView {
    try caller.require(.change)
    try request.validate()
    let store = try planningStore()
    let today = today(display)
    let foods = try household(caller).foods.current
    let fields = request.fields
    var item: PantryItem
    if let line = request.line {
      item = try ApplicationError.translating {
        try PantryLineReader(parser: IngredientParser(), catalog: foods).item(
          from: line, id: makeID(), addedOn: today, location: fields.location,
          expiresOn: fields.expiresOn.applied(to: nil), language: request.language)
      }
      item.note = fields.note.applied(to: nil)
      if let kinds = fields.kinds { item.kinds = kinds }
    } else {
      let name = fields.name ?? ""
      let food = try pantryFood(fields.food, foods: foods) ?? foods.match(name)?.foodID
      item = PantryItem(
        id: makeID(), name: name, foodID: food, amount: try fields.amount(applyingTo: nil),
        location: fields.location ?? .usual(forFood: food, catalog: foods),
        addedOn: fields.addedOn ?? today, expiresOn: fields.expiresOn.applied(to: nil),
        note: fields.note.applied(to: nil), kinds: fields.kinds ?? .everyday)
    }
    try ApplicationError.translating { try store.savePantryItem(item, household: caller.household) }
    return pantryView(item, today: today, display, foods: foods)
  }

  /// Changes a pantry item's fields; what the change leaves out stays. The API's PATCH and
  /// `larder pantry edit` both come here, so a new unit keeps a stored range from either.
  public func editPantryItem(
    id: String, _ change: PantryItemChange, display: PlanningDisplay = PlanningDisplay(),
    as caller: Caller
  ) throws -> PantryItemView {
    try caller.require(.change)
    try change.validate()
    let store = try planningStore()
    let foods = try household(caller).foods.current
    // Read and written in one transaction, so a deduction meanwhile is not written over.
    let item = try store.update(household: caller.household) { stored in
      var item = try Self.record(id, in: stored.pantry, kind: .pantryItem)
      if let name = change.name { item.name = name }
      if change.food != .keep { item.foodID = try pantryFood(change.food, foods: foods) }
      item.amount = try change.amount(applyingTo: item.amount)
      if let location = change.location { item.location = location }
      item.expiresOn = change.expiresOn.applied(to: item.expiresOn)
      if let added = change.addedOn { item.addedOn = added }
      item.note = change.note.applied(to: item.note)
      if let kinds = change.kinds { item.kinds = kinds }
      return (PlanningChanges(savePantryItems: [item]), item)
    }
    return pantryView(item, today: today(display), display, foods: foods)
  }

  /// Removes pantry items by id (or unique starts of ids); returns the items removed.
  @discardableResult
  public func removePantryItems(_ ids: [String], as caller: Caller) throws -> [PantryItem] {
    try caller.require(.change)
    let store = try planningStore()
    let items = try ids.map { try storedPantryItem($0, as: caller) }
    var changes = PlanningChanges()
    changes.deletePantryItems = items.map(\.id)
    try store.apply(changes, household: caller.household)
    return items
  }

  /// What cooking a recipe would take from the pantry; changes nothing.
  public func previewDeduction(
    _ request: DeductionPreviewRequest, display: PlanningDisplay = PlanningDisplay(),
    as caller: Caller
  ) throws -> DeductionView {
    try request.validate()
    let recipe = try self.recipe(request.recipe, as: caller)
    let deduction = PantryDeduction.plan(
      RecipePortion(recipe: recipe, servings: request.servings),
      pantry: try planningStore().pantryItems(household: caller.household),
      catalog: try household(caller).foods.current)
    return DeductionView(deduction, recipe: recipe, applied: false, format: format(display))
  }

  /// Takes a cooked recipe's amounts from the pantry, worked out afresh against the pantry as
  /// it is now, limited to the confirmed items when the request names them. The pantry is
  /// read and written in one transaction, so two deductions at once both count.
  public func deduct(
    _ request: DeductionRequest, display: PlanningDisplay = PlanningDisplay(), as caller: Caller
  ) throws -> DeductionView {
    try caller.require(.change)
    try request.validate()
    let store = try planningStore()
    let recipe = try self.recipe(request.cooked.recipe, as: caller)
    let catalog = try household(caller).foods.current
    let deduction = try store.update(household: caller.household) { stored in
      var deduction = PantryDeduction.plan(
        RecipePortion(recipe: recipe, servings: request.cooked.servings), pantry: stored.pantry,
        catalog: catalog)
      if let only = request.items.map(Set.init) {
        deduction.changes.removeAll { !only.contains($0.itemID) }
      }
      return (deduction.storeChanges(pantry: stored.pantry), deduction)
    }
    return DeductionView(deduction, recipe: recipe, applied: true, format: format(display))
  }

  // MARK: - Helpers

  func storedPantryItem(_ id: String, as caller: Caller) throws -> PantryItem {
    try Self.record(
      id, in: try planningStore().pantryItems(household: caller.household), kind: .pantryItem)
  }

  /// The item as shown, its amounts converted with the densities of `foods` (the household's
  /// catalog).
  func pantryView(
    _ item: PantryItem, today: CalendarDay, _ display: PlanningDisplay, foods: FoodCatalog
  ) -> PantryItemView {
    PantryItemView(item, today: today, format: format(display), foods: foods)
  }

  /// The catalog food a pantry item's `food` field names (an id or a name), or nil when the
  /// change clears it.
  func pantryFood(_ change: FieldChange<String>, foods: FoodCatalog) throws -> String? {
    guard case .set(let text) = change else { return nil }
    if let food = foods.food(id: text) { return food.id }
    if let match = foods.match(text) { return match.foodID }
    throw ApplicationError.unknownFood(Field("food"), name: text)
  }
}
