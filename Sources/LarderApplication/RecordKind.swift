import Foundation

/// The kinds of record a use case may fail to find.
public enum RecordKind: String, Sendable, Hashable {
  /// A recipe.
  case recipe
  /// A pantry item.
  case pantryItem = "pantry item"
  /// A meal plan entry.
  case mealPlanEntry = "meal plan entry"
  /// A shopping list line.
  case shoppingListItem = "shopping list item"
  /// A food or synonym the household added.
  case userFood = "food or synonym of yours"
  /// A stored image.
  case image
  /// A web endpoint or page.
  case endpoint
  /// A user account.
  case account
  /// A household.
  case household
  /// A signed-in session.
  case session
  /// A personal API token.
  case apiToken = "API token"
  /// An invitation to join a household.
  case invitation
  /// A public link to a recipe.
  case shareLink = "share link"
  /// A record of a kind the layer does not name.
  case record
}
