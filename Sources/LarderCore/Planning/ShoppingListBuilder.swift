import Foundation

/// Makes a shopping list from recipes at chosen servings, minus what the pantry holds.
///
/// How lines merge:
/// - Lines of the same catalog food are one line, whatever their units: "1 cup milk" and
///   "250 ml milk" add up to one volume; masses and volumes combine through the food's
///   density; counts and containers that do not convert ("2 onions", "200 g onion") stay as
///   separate amounts on the same line, shown "2 + 200 g". Lines Larder cannot match to a food
///   merge by their name.
/// - Amounts are scaled by the servings wanted over the recipe's yield, kept exact, and rounded
///   only when shown (see ``MeasureSum``).
/// - The pantry is taken off, partial amounts included (need 750 g, have 500 g → 250 g); an
///   item of the food or a kind of it counts (cheddar for "cheese"), and so does a plain food
///   for its everyday kinds (butter for "unsalted butter"). A line the pantry covers
///   entirely is left out; a line without an amount is left out when the pantry has the food.
///   Pantry items without an amount take nothing off a line that has one. Foods the catalog
///   does not know match pantry items by name.
/// - Optional lines ("to taste", "for garnish") are not bought. Staples (salt, black pepper,
///   water by default) are marked and left out unless asked for.
/// - Each line lists the recipes that need it; lines come grouped by aisle in shop order.
public struct ShoppingListBuilder: Sendable {
  /// Reads ingredient lines.
  public let parser: IngredientParser
  /// Names foods, their aisles and densities.
  public let catalog: FoodCatalog
  /// Foods always at hand.
  public let staples: Set<String>

  /// Makes a builder.
  public init(
    parser: IngredientParser = IngredientParser(), catalog: FoodCatalog,
    staples: [String] = FinderQuery.defaultStaples
  ) {
    self.parser = parser
    self.catalog = catalog
    self.staples = Set(staples)
  }

  /// The generated lines for `portions`, minus `pantry`, in ``ShoppingListItem/listOrder(_:_:)``.
  ///
  /// - Parameter makeID: makes each line's id (the core has no randomness of its own).
  public func build(
    _ portions: [RecipePortion], pantry: [PantryItem], includeStaples: Bool = false,
    makeID: () -> PlanningID
  ) -> [ShoppingListItem] {
    struct Line {
      var name: String
      var foodID: String?
      var sum: MeasureSum
      var hasUnmeasured = false
      var recipes: [ShoppingRecipeRef] = []
    }
    var lines: [String: Line] = [:]
    var order: [String] = []
    for portion in portions {
      let ref = ShoppingRecipeRef(id: portion.recipe.id, name: portion.recipe.name)
      for need in portion.needs(parser: parser, catalog: catalog) where !need.isOptional {
        let food = need.food(givenBy: pantry, catalog: catalog).flatMap { catalog.food(id: $0) }
        let key = food.map { "food:" + $0.id } ?? "name:" + need.name.lowercased()
        if lines[key] == nil {
          order.append(key)
          lines[key] = Line(
            name: food?.name ?? need.name, foodID: food?.id,
            sum: MeasureSum(density: food?.densityGramsPerMillilitre))
        }
        if let measure = need.measure {
          lines[key]!.sum.add(measure)
        } else {
          lines[key]!.hasUnmeasured = true
        }
        if !lines[key]!.recipes.contains(ref) { lines[key]!.recipes.append(ref) }
      }
    }
    var items: [ShoppingListItem] = []
    for key in order {
      let line = lines[key]!
      let isStaple = line.foodID.map(staples.contains) ?? false
      if isStaple && !includeStaples { continue }
      let held = pantry.filter { item in
        guard item.foodID != nil, let food = line.foodID else {
          // Foods the catalog does not know match by name.
          return item.foodID == nil && line.foodID == nil
            && item.name.lowercased() == line.name.lowercased()
        }
        return item.gives(food, catalog: catalog)
      }
      var amounts = line.sum.parts
      var inPantry: [Measure] = []
      if !held.isEmpty {
        if line.sum.isEmpty { continue }
        let difference = line.sum.subtracting(held.compactMap(\.amount))
        let unmatched = MeasureSum(difference.unmatched, density: line.sum.density)
        inPantry =
          MeasureSum(held.compactMap(\.amount), density: line.sum.density).parts
          .filter { !unmatched.parts.contains($0) }
        amounts = difference.remaining.parts
        if amounts.isEmpty { continue }
      }
      let food = line.foodID.flatMap { catalog.food(id: $0) }
      // "2 onions", but "200 g onion".
      let counted = amounts.contains { $0.unit == nil && $0.upperBound > 1 }
      items.append(
        ShoppingListItem(
          id: makeID(), name: counted ? food?.pluralName ?? line.name : line.name,
          foodID: line.foodID, aisle: food?.aisle,
          amounts: amounts, density: line.sum.density, recipes: line.recipes,
          inPantry: inPantry, isStaple: isStaple,
          isWeighed: line.foodID.map(catalog.isWeighed) ?? false))
    }
    return items.sorted(by: ShoppingListItem.listOrder)
  }
}

extension ShoppingListItem {
  /// Whether `other` is the same thing to buy: the same catalog food, or, for two lines
  /// without one, the same name in any case.
  public func isSameThing(as other: ShoppingListItem) -> Bool {
    if let foodID, let otherFood = other.foodID { return foodID == otherFood }
    return foodID == nil && other.foodID == nil && name.lowercased() == other.name.lowercased()
  }

  /// This line with `other`'s amounts and recipes added: amounts that combine add up ("1 cup"
  /// and "250 ml" milk), the others stay beside them ("2 + 200 g"); the pantry's amounts
  /// already shown are kept.
  public func adding(_ other: ShoppingListItem) -> ShoppingListItem {
    var merged = self
    let density = density ?? other.density
    merged.amounts = MeasureSum(amounts + other.amounts, density: density).parts
    merged.density = density
    merged.isWeighed = isWeighed || other.isWeighed
    for recipe in other.recipes where !merged.recipes.contains(recipe) {
      merged.recipes.append(recipe)
    }
    if merged.inPantry.isEmpty { merged.inPantry = other.inPantry }
    return merged
  }

  /// The line as a shopper reads it: "2 cups milk", "2 + 200 g onion", "salt".
  public func text(_ format: MeasureFormat) -> String {
    let amount = amountText(format)
    return amount.isEmpty ? name : "\(amount) \(name)"
  }
}

/// The shopping list grouped by aisle, for pages, the CLI and sharing.
public struct ShoppingListView: Sendable {
  /// One aisle's lines.
  public struct Group: Sendable {
    /// The aisle; nil for foods without one ("Other").
    public var aisle: Aisle?
    /// The lines, by name.
    public var items: [ShoppingListItem]

    /// The aisle's name, or "Other".
    public var title: String { aisle?.displayName ?? "Other" }
  }

  /// The groups in shop order.
  public var groups: [Group]

  /// Groups lines by aisle; staples only when `includeStaples`.
  public init(_ items: [ShoppingListItem], includeStaples: Bool = false) {
    var groups: [Group] = []
    for item in items.sorted(by: ShoppingListItem.listOrder)
    where includeStaples || !item.isStaple || item.isManual {
      if let last = groups.last, last.aisle == item.aisle {
        groups[groups.count - 1].items.append(item)
      } else {
        groups.append(Group(aisle: item.aisle, items: [item]))
      }
    }
    self.groups = groups
  }

  /// The list as plain text to paste into a message: a title, then each aisle with its lines,
  /// "[x]" before the ones checked off.
  public func plainText(_ format: MeasureFormat, title: String = "Shopping list") -> String {
    var lines = [title]
    if groups.isEmpty { lines += ["", "Nothing to buy."] }
    for group in groups {
      lines.append("")
      lines.append(group.title)
      for item in group.items {
        lines.append("\(item.isChecked ? "[x]" : "[ ]") \(item.text(format))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Moves the lines checked off the shopping list into the pantry.
public enum ShoppingToPantry {
  /// The store writes that put every checked line into the pantry and take it off the list.
  ///
  /// Each line joins the pantry item of the same food (or, for foods the catalog does not
  /// know, of the same name) instead of making a second one:
  /// - an amount that converts is added (1 l milk onto 500 ml in the fridge makes 1.5 l);
  /// - an item without an amount takes the line's amount;
  /// - an amount that does not convert ("200 g" onto "1 bag") is kept in the item's note
  ///   ("also 200 g"), written in `format`.
  /// A line of a food the pantry lacks becomes a new item where the food is usually kept
  /// (``PantryLocation/usual(forFood:catalog:)``: bananas on the counter, spinach in the
  /// fridge, frozen peas in the freezer, rice in the cupboard). `expiresOn`, when given, is the
  /// expiry of what is moved: new items take it, and an item joined keeps the earlier date.
  public static func changes(
    items: [ShoppingListItem], pantry: [PantryItem], today: CalendarDay,
    catalog: FoodCatalog, expiresOn: CalendarDay? = nil, format: MeasureFormat = .metric,
    makeID: () -> PlanningID
  ) -> PlanningChanges {
    var result = PlanningChanges()
    var working = pantry
    var touched: [PlanningID] = []
    for item in items where item.isChecked {
      result.deleteShoppingListItems.append(item.id)
      // The items of the line's food, again for each amount: the first may have made one.
      var same: [Int] {
        working.indices.filter { index in
          let existing = working[index]
          if let food = item.foodID { return existing.foodID == food }
          return existing.foodID == nil && existing.name.lowercased() == item.name.lowercased()
        }
      }
      func converts(_ index: Int, _ amount: Measure) -> Bool {
        guard let have = working[index].amount else { return false }
        return (try? have.adding(amount, density: item.density)) != nil
      }
      func join(_ index: Int, _ amount: Measure?) {
        if let amount {
          if let have = working[index].amount {
            if let total = try? have.adding(amount, density: item.density) {
              working[index].amount = total
            } else {
              let also = "also " + amount.formatted(format, density: item.density)
              working[index].note = [working[index].note, also].compactMap { $0 }
                .joined(separator: "; ")
            }
          } else {
            working[index].amount = amount
          }
        }
        if let expiresOn {
          working[index].expiresOn = min(working[index].expiresOn ?? expiresOn, expiresOn)
        }
        if !touched.contains(working[index].id) { touched.append(working[index].id) }
      }
      let amounts: [Measure?] = item.amounts.isEmpty ? [nil] : item.amounts
      for amount in amounts {
        if let index = amount.flatMap({ amount in same.first { converts($0, amount) } })
          ?? same.first
        {
          join(index, amount)
          continue
        }
        let new = PantryItem(
          id: makeID(), name: item.name, foodID: item.foodID, amount: amount,
          location: .usual(forFood: item.foodID, catalog: catalog), addedOn: today,
          expiresOn: expiresOn)
        working.append(new)
        touched.append(new.id)
      }
    }
    result.savePantryItems = touched.compactMap { id in working.first { $0.id == id } }
    return result
  }
}
