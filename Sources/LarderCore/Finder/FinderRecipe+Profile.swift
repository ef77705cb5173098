import Foundation

extension FinderRecipe {
  /// The finder's view of a stored recipe.
  public init(profile: RecipeFoodProfile) {
    let summary = profile.summary
    self.init(
      id: summary.id.rawValue, requiredFoods: profile.requiredFoods,
      alternatives: profile.alternatives, amounts: profile.amounts,
      optionalFoods: profile.optionalFoods, unmatchedLineCount: profile.unmatchedLines,
      courses: summary.courses, cuisines: summary.cuisines, diets: summary.diets,
      totalMinutes: summary.totalTime.map(\.minutes),
      ingredientCount: summary.ingredientCount, tags: summary.keywords,
      isFavorite: summary.isFavorite, rating: summary.rating)
  }
}
