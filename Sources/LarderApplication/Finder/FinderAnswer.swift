import Foundation
import LarderCore

/// What the pantry finder found: how each food at hand was understood, and a page of recipes
/// ranked by how little is missing.
public struct FinderAnswer: Encodable, Sendable, Equatable {
  /// Where the pantry came from.
  public enum PantrySource: String, Encodable, Sendable {
    /// The request's `have` list.
    case have
    /// The household's stored pantry.
    case stored
    /// No pantry: no `have` was given and the stored pantry holds no food Larder knows. An
    /// empty pantry is no pantry, so no recipe is offered as one it could make.
    case none
  }

  /// A food at hand and the catalog food it was read as.
  public struct PantryFood: Encodable, Sendable, Equatable {
    /// The food as given ("eggs").
    public var input: String
    /// The catalog food it is.
    public var food: FoodReference
  }

  /// A missing food and the foods at hand that can stand in for it.
  public struct Substitution: Encodable, Sendable, Equatable {
    /// The missing food.
    public var food: FoodReference
    /// What can stand in for it.
    public var substitutes: [FoodReference]
  }

  /// A recipe food the pantry gives as a plain food standing for its kind.
  public struct KindMatch: Encodable, Sendable, Equatable {
    /// The food the recipe names ("basmati rice").
    public var food: FoodReference
    /// The food at hand that stands for it ("rice").
    public var pantryFood: FoodReference
    /// The sentence the cook reads: "you have rice — the recipe asks for basmati rice".
    public var text: String
  }

  /// A line that offers alternatives ("parsley or coriander"), and the one at hand.
  public struct Choice: Encodable, Sendable, Equatable {
    /// The line's foods, its own first.
    public var foods: [FoodReference]
    /// The first of them at hand (or a staple); nil when none is.
    public var chosen: FoodReference?
  }

  /// A food at hand, but too little of it.
  public struct Shortfall: Encodable, Sendable, Equatable {
    /// The recipe's food.
    public var food: FoodReference
    /// What the recipe needs in all.
    public var need: Measure
    /// What the pantry has, in the recipe's unit.
    public var have: Measure
    /// The sentence the cook reads: "need 6 eggs, have 2".
    public var text: String
  }

  /// The recipes the finder cannot judge: never offered as makeable or as missing a few.
  public struct Unjudged: Encodable, Sendable, Equatable {
    /// Recipes without a required line Larder could read (an empty list, or only optional
    /// lines).
    public var noIngredients: Int
    /// Recipes most of whose required lines match no food (often another language).
    public var mostlyUnrecognised: Int
    /// Both together.
    public var total: Int
    /// Why, in plain words; nil when there are none.
    public var text: String?
  }

  /// One recipe found.
  public struct Item: Encodable, Sendable, Equatable {
    /// The recipe.
    public var recipe: RecipeSummary
    /// Missing ingredients in all, unreadable lines included.
    public var missingCount: Int
    /// Required foods at hand (or staples).
    public var matched: [FoodReference]
    /// Required foods not at hand.
    public var missing: [FoodReference]
    /// Missing foods something at hand can stand in for.
    public var substitutions: [Substitution]
    /// How many lines Larder could not read; each counts as missing.
    public var unmatchedLines: Int
    /// Those lines' text (optional lines left out).
    public var unmatchedLineTexts: [String]
    /// How many of the recipe's foods the pantry itself gives.
    public var pantryFoodsUsed: Int
    /// Matched foods given by a plain food at hand standing for the kind the recipe names.
    public var kindMatches: [KindMatch]
    /// The recipe's lines with alternatives, and which one is at hand.
    public var choices: [Choice]
    /// Foods at hand in too small an amount; each counts as missing.
    public var shortfalls: [Shortfall]
  }

  /// The foods at hand Larder recognised.
  public var pantry: [PantryFood]
  /// The foods at hand Larder did not recognise, as given.
  public var unknown: [String]
  /// The staples given that Larder did not recognise, as given: left out, so the other
  /// staples still count and the recipes are still found.
  public var unknownStaples: [String]
  /// Whether the pantry was the request's `have`, the stored one, or none at all.
  public var pantrySource: PantrySource
  /// Whether recipes using what expires soonest came first.
  public var useItUp: Bool
  /// The page of recipes.
  public var items: [Item]
  /// The household's recipes the finder cannot judge, and why.
  public var unjudged: Unjudged
  /// How many recipes match in all.
  public var total: Int
  /// How many were skipped before this page.
  public var offset: Int
  /// The page's size.
  public var limit: Int
}
