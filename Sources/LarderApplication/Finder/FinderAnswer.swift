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
  }

  /// The foods at hand Larder recognised.
  public var pantry: [PantryFood]
  /// The foods at hand Larder did not recognise, as given.
  public var unknown: [String]
  /// Whether the pantry was the request's `have` or the stored one.
  public var pantrySource: PantrySource
  /// Whether recipes using what expires soonest came first.
  public var useItUp: Bool
  /// The page of recipes.
  public var items: [Item]
  /// How many recipes match in all.
  public var total: Int
  /// How many were skipped before this page.
  public var offset: Int
  /// The page's size.
  public var limit: Int
}
