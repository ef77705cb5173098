import Foundation
import LarderCore

/// The library's filters on a recipe's own facts: course, cuisine, diet, time, tag, favourite.
///
/// Courses, cuisines and tags match any of the values given (ignoring case); every diet given
/// must be met, a diet counting as met by one that implies it (vegan meets vegetarian).
public struct LibraryFilters: Sendable, Equatable {
  /// Meal types, any of which passes ("dinner").
  public var courses: [String]
  /// Cuisines, any of which passes.
  public var cuisines: [String]
  /// Diets, all of which must be met.
  public var diets: [DietLabel]
  /// Tags (collections), any of which passes.
  public var tags: [String]
  /// The longest total time, in minutes, from 1 to 100,000.
  public var maxMinutes: Int?
  /// Only favourites.
  public var favoritesOnly: Bool

  /// The values `maxTime` may take.
  public static let maxMinutesRange = 1...100_000

  /// Makes filters; courses, cuisines and tags compare ignoring case.
  public init(
    courses: [String] = [], cuisines: [String] = [], diets: [DietLabel] = [],
    tags: [String] = [], maxMinutes: Int? = nil, favoritesOnly: Bool = false
  ) {
    func keys(_ values: [String]) -> [String] {
      values.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }
    self.courses = keys(courses)
    self.cuisines = keys(cuisines)
    self.diets = diets
    self.tags = keys(tags)
    self.maxMinutes = maxMinutes
    self.favoritesOnly = favoritesOnly
  }

  /// Reads `course`, `cuisine`, `diet`, `tag` (lists), `maxTime` (minutes) and `favorites`.
  init(from fields: KeyedDecodingContainer<LibraryField>) throws {
    let diets = try fields.list(.diet).map { text in
      guard let label = DietLabel(parsing: text) else {
        throw ApplicationError.invalidValue(
          fields.field(.diet), value: text, expected: "a diet such as vegetarian")
      }
      return label
    }
    self.init(
      courses: try fields.list(.course), cuisines: try fields.list(.cuisine), diets: diets,
      tags: try fields.list(.tag),
      maxMinutes: try fields.wholeNumber(
        .maxTime, expected: Check.wholeNumberText(Self.maxMinutesRange)),
      favoritesOnly: try fields.flag(.favorites) ?? false)
  }

  /// Checks the time limit's range.
  func validate() throws {
    try Check.wholeNumber(maxMinutes, LibraryField.maxTime.rawValue, in: Self.maxMinutesRange)
  }

  /// Whether any filter is set.
  public var isEmpty: Bool { isEmptyBesidesFavorites && !favoritesOnly }

  /// Whether no filter other than favourites is set (the store handles that one itself).
  var isEmptyBesidesFavorites: Bool {
    courses.isEmpty && cuisines.isEmpty && diets.isEmpty && tags.isEmpty && maxMinutes == nil
  }

  /// Whether a recipe passes every filter, favourites being those `marks` says.
  func admits(_ entry: LibraryEntry, marks: CallerMarks) -> Bool {
    if favoritesOnly && !marks.isFavorite(entry.summary) { return false }
    if !courses.isEmpty && !courses.contains(where: entry.courses.contains) { return false }
    if !cuisines.isEmpty && !cuisines.contains(where: entry.cuisines.contains) { return false }
    if !tags.isEmpty && !tags.contains(where: entry.tags.contains) { return false }
    if let maxMinutes {
      guard let minutes = entry.minutes, minutes <= maxMinutes else { return false }
    }
    return diets.allSatisfy(entry.diets.contains)
  }
}

/// The fields of the library's requests, as the API names them.
enum LibraryField: String, CodingKey, CaseIterable {
  case q, course, cuisine, diet, maxTime, tag, favorites, sort, offset, limit
}
