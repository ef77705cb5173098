import Foundation

/// How far a pantry item stands for the kinds of its food, as its owner says.
public enum PantryKinds: String, Hashable, Sendable, Codable, CaseIterable {
  /// The everyday kinds (the default): "rice" covers white, jasmine and basmati rice but not
  /// puffed rice; "cheese" covers no particular cheese. See ``FoodKinship``.
  case everyday
  /// Every kind the catalog files under the food, whatever ``FoodKinship`` says: "I have any
  /// rice".
  case any
  /// Only the food itself: "only brown rice" is brown rice, and a recipe's basmati is missing.
  case only
}

/// How a pantry food gives what a recipe's line asks for.
public enum PantryCoverage: String, Hashable, Sendable, Codable {
  /// The same food.
  case same
  /// A more specific food than the recipe names: cheddar for "cheese".
  case specific
  /// The plain food stands for the kind the recipe names: rice for "basmati rice". Shown to
  /// the cook ("you have rice — the recipe asks for basmati rice") and ranked just below an
  /// exact match.
  case kind

  /// Whether `have` in a pantry (with its `kinds`) gives `need`, and how; nil when it does not.
  /// The one rule every place a pantry meets a recipe follows (the finder, a recipe's marks,
  /// the shopping list and cooking deductions); see ``FoodKinship``.
  ///
  /// - Parameters:
  ///   - parent: a food's parent id.
  ///   - kinship: how a food stands to its parent.
  ///   - isGroup: whether a food is a group whose kinds are not interchangeable.
  public static func of(
    need: String, have: String, kinds: PantryKinds = .everyday,
    parent: (String) -> String?, kinship: (String) -> FoodKinship,
    isGroup: (String) -> Bool
  ) -> PantryCoverage? {
    if have == need { return .same }
    // Up from the pantry food: every link it climbs must not be distinct.
    var seen: Set<String> = [have]
    var current = have
    while kinship(current) != .distinct, let next = parent(current), seen.insert(next).inserted {
      if next == need { return .specific }
      current = next
    }
    guard kinds != .only else { return nil }
    // Up from the recipe's food to the pantry food: every link must let the parent stand for
    // the child.
    seen = [need]
    current = need
    while let next = parent(current), seen.insert(next).inserted {
      let allowed: Bool
      switch kinds {
      case .any: allowed = true
      case .everyday, .only:
        switch kinship(current) {
        case .everyday: allowed = true
        case .kind: allowed = !isGroup(next)
        case .distinct: allowed = false
        }
      }
      guard allowed else { return nil }
      if next == have { return .kind }
      current = next
    }
    return nil
  }
}

extension FoodCatalog {
  /// Which of a line's foods a pantry gives: the first of `foods` (the line's own food, then
  /// its alternatives) that some pantry food covers with the kinds it stands for ("only brown
  /// rice" gives brown rice alone), or nil when none is. A line of alternatives ("parsley or
  /// coriander") is satisfied by any of its foods.
  public func firstGiven(
    of foods: [String], byItems pantry: [(food: String, kinds: PantryKinds)]
  ) -> String? {
    foods.first { need in
      pantry.contains { coverage(of: need, by: $0.food, kinds: $0.kinds) != nil }
    }
  }
}

extension FoodCatalog {
  /// Whether a pantry's `have` (with its `kinds`) gives a recipe's `need`, and how; see
  /// ``PantryCoverage/of(need:have:kinds:parent:kinship:isGroup:)``.
  public func coverage(
    of need: String, by have: String, kinds: PantryKinds = .everyday
  ) -> PantryCoverage? {
    PantryCoverage.of(
      need: need, have: have, kinds: kinds, parent: { food(id: $0)?.parentID },
      kinship: { food(id: $0)?.kinship ?? .kind }, isGroup: { food(id: $0)?.isGroup ?? false })
  }
}

/// Whether what a pantry holds is enough for what a recipe needs: the amounts rule shared by
/// the finder and a recipe's marks.
public enum PantryAmounts {
  /// What the pantry's measures come to in the unit of `need`, or nil when one of them does
  /// not convert (a "can" against grams; cups against grams without a density), since then
  /// nobody can say.
  public static func total(
    of have: [Measure], in unit: IngredientUnit?, density: Double?
  ) -> Measure? {
    var quantity = 0.0
    for measure in have {
      guard let converted = try? measure.converted(to: unit, density: density) else {
        return nil
      }
      quantity += converted.quantity
    }
    return Measure(quantity: quantity, unit: unit)
  }

  /// The pantry's total when it is less than the recipe needs (the need's lower bound, as a
  /// range's lower end is enough to cook with); nil when it is enough or cannot be compared.
  /// A relative tolerance of 0.1% keeps a cup of flour from falling short of its own grams
  /// through rounding.
  public static func shortfall(
    need: Measure, have: [Measure], density: Double?
  ) -> Measure? {
    guard need.quantity > 0, !have.isEmpty,
      let total = total(of: have, in: need.unit, density: density)
    else { return nil }
    return total.quantity < need.quantity * 0.999 ? total : nil
  }
}
