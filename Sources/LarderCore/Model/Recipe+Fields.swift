import Foundation

/// A part of a recipe that a source fills or leaves empty: what an import may not empty and
/// what two readings of one recipe may complete in each other. The raw value names it in
/// warnings.
public enum RecipeField: String, CaseIterable, Sendable {
  /// ``Recipe/description``.
  case description
  /// ``Recipe/author``.
  case author
  /// ``Recipe/sourceURL``.
  case sourceURL = "source URL"
  /// ``Recipe/sourceID``.
  case sourceID = "source ID"
  /// ``Recipe/images``.
  case images
  /// ``Recipe/yield``.
  case yield
  /// ``Recipe/prepTime``.
  case prepTime = "prep time"
  /// ``Recipe/cookTime``.
  case cookTime = "cook time"
  /// ``Recipe/totalTime``.
  case totalTime = "total time"
  /// ``Recipe/ingredientSections``.
  case ingredients
  /// ``Recipe/instructionSections``.
  case steps
  /// ``Recipe/keywords``.
  case keywords
  /// ``Recipe/courses``.
  case courses
  /// ``Recipe/cuisines``.
  case cuisines
  /// ``Recipe/diets``.
  case diets
  /// ``Recipe/nutrition``.
  case nutrition
  /// ``Recipe/sourceRating``.
  case sourceRating = "source rating"
  /// The user's ``Recipe/notes``.
  case notes
  /// The user's ``Recipe/rating``.
  case rating
  /// The ``Recipe/language`` the user or the page gave.
  case language

  /// The warning an import gives when it kept `fields` of the stored recipe because it had
  /// none of them, or nil when it kept none.
  public static func keptWarning(_ fields: [RecipeField]) -> String? {
    guard !fields.isEmpty else { return nil }
    let names = fields.map(\.rawValue).joined(separator: ", ")
    return "kept the stored \(names): the import left \(fields.count == 1 ? "it" : "them") empty"
  }
}

extension Recipe {
  /// Whether the recipe has nothing in `field`.
  public func isEmpty(_ field: RecipeField) -> Bool {
    switch field {
    case .description: return Self.nonEmpty(description) == nil
    case .author: return Self.nonEmpty(author) == nil
    case .sourceURL: return Self.nonEmpty(sourceURL) == nil
    case .sourceID: return Self.nonEmpty(sourceID) == nil
    case .images: return images.allSatisfy { Self.nonEmpty($0) == nil }
    case .yield: return yield == nil
    case .prepTime: return prepTime == nil
    case .cookTime: return cookTime == nil
    case .totalTime: return totalTime == nil
    case .ingredients: return ingredientLines.allSatisfy { Self.nonEmpty($0.text) == nil }
    case .steps: return steps.allSatisfy { Self.nonEmpty($0.text) == nil }
    case .keywords: return keywords.isEmpty
    case .courses: return courses.isEmpty
    case .cuisines: return cuisines.isEmpty
    case .diets: return diets.isEmpty
    case .nutrition: return nutrition?.isEmpty ?? true
    case .sourceRating: return sourceRating == nil
    case .notes: return Self.nonEmpty(notes) == nil
    case .rating: return rating == nil
    case .language: return language == nil
    }
  }

  /// Copies `field` from `other`.
  public mutating func setField(_ field: RecipeField, from other: Recipe) {
    switch field {
    case .description: description = other.description
    case .author: author = other.author
    case .sourceURL: sourceURL = other.sourceURL
    case .sourceID: sourceID = other.sourceID
    case .images: images = other.images
    case .yield: yield = other.yield
    case .prepTime: prepTime = other.prepTime
    case .cookTime: cookTime = other.cookTime
    case .totalTime: totalTime = other.totalTime
    case .ingredients: ingredientSections = other.ingredientSections
    case .steps: instructionSections = other.instructionSections
    case .keywords: keywords = other.keywords
    case .courses: courses = other.courses
    case .cuisines: cuisines = other.cuisines
    case .diets: diets = other.diets
    case .nutrition: nutrition = other.nutrition
    case .sourceRating: sourceRating = other.sourceRating
    case .notes: notes = other.notes
    case .rating: rating = other.rating
    case .language: language = other.language
    }
  }

  /// The fields this recipe leaves empty and `other` fills, in ``RecipeField`` order.
  public func fieldsEmpty(filledIn other: Recipe) -> [RecipeField] {
    RecipeField.allCases.filter { isEmpty($0) && !other.isEmpty($0) }
  }

  /// Fills the fields this recipe leaves empty from `other`; returns the fields filled.
  @discardableResult
  public mutating func fillEmptyFields(from other: Recipe) -> [RecipeField] {
    let fields = fieldsEmpty(filledIn: other)
    for field in fields { setField(field, from: other) }
    return fields
  }

  /// What importing this recipe again over `stored`, the earlier import of it, stores: nil
  /// when the import changes nothing, else the import as it replaces `stored` (see
  /// ``replacing(_:)``: the user's rating, favourite flag and notes survive, and so does any
  /// field the import leaves empty). Every store's ``RecipeStore/importRecipes(_:household:now:)``
  /// decides by it.
  public func reimported(over stored: Recipe) -> Recipe? {
    guard stored.importedContent != importedContent else { return nil }
    let merged = replacing(stored).recipe
    return stored.importedContent == merged.importedContent ? nil : merged
  }

  /// This recipe, imported again, as it replaces `stored`, the earlier import of it: a field
  /// the import leaves empty keeps the stored value (a re-import never empties what was
  /// there), and the favourite flag survives. Returns the fields kept from `stored`.
  public func replacing(_ stored: Recipe) -> (recipe: Recipe, kept: [RecipeField]) {
    var merged = self
    let kept = merged.fillEmptyFields(from: stored)
    merged.isFavorite = stored.isFavorite || isFavorite
    // The user's own notes and rating are theirs: an import never replaces them.
    if !stored.isEmpty(.notes) { merged.notes = stored.notes }
    if !stored.isEmpty(.rating) { merged.rating = stored.rating }
    return (merged, kept.filter { $0 != .notes && $0 != .rating })
  }

  /// Whether `other` reads as the same recipe as this one, as when a page describes one
  /// recipe in two schema.org nodes: the same name (ignoring case, spacing and punctuation),
  /// and no ingredients, steps or notes that both give differently. A node with only a name
  /// (or a name and a picture) is the same recipe as a complete one of that name.
  public func isSameRecipe(as other: Recipe) -> Bool {
    guard Self.comparableName(name) == Self.comparableName(other.name) else { return false }
    let lines = { (recipe: Recipe) in recipe.ingredientLines.map { Self.comparableName($0.text) } }
    let steps = { (recipe: Recipe) in recipe.steps.map { Self.comparableName($0.text) } }
    for (field, differ) in [
      (RecipeField.ingredients, lines(self) != lines(other)),
      (.steps, steps(self) != steps(other)),
      (.notes, Self.nonEmpty(notes) != Self.nonEmpty(other.notes)),
    ] where !isEmpty(field) && !other.isEmpty(field) && differ {
      return false
    }
    return true
  }

  /// A name as two readings of one recipe agree on it: lowercased letters and digits, one
  /// space between words ("Mum's  Apple-Pie" is "mum s apple pie").
  public static func comparableName(_ text: String) -> String {
    text.lowercased().unicodeScalars.split { !CharacterSet.alphanumerics.contains($0) }
      .map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
  }
}
