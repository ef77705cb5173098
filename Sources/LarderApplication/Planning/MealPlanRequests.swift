import Foundation
import LarderCore

/// Days of the meal plan to show: `from` (default today) through `to` (default six days
/// later), at most a year.
public struct PlanRangeRequest: RequestFields, Equatable {
  /// The first day; nil for today.
  public var from: CalendarDay?
  /// The last day; nil for six days after the first.
  public var to: CalendarDay?

  /// Makes a request.
  public init(from: CalendarDay? = nil, to: CalendarDay? = nil) {
    self.from = from
    self.to = to
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case from, to
  }

  /// `from` and `to`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads the two days.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    from = try fields.day(.from)
    to = try fields.day(.to)
  }
}

/// The week of the meal plan holding a day.
public struct PlanWeekRequest: RequestFields, Equatable {
  /// A day in the week; nil for today.
  public var date: CalendarDay?
  /// The day weeks start on; nil for the installation's.
  public var weekStart: Weekday?

  /// Makes a request.
  public init(date: CalendarDay? = nil, weekStart: Weekday? = nil) {
    self.date = date
    self.weekStart = weekStart
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case date, weekStart
  }

  /// `date` and `weekStart`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads the day and the week's start.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    date = try fields.day(.date)
    weekStart = try fields.weekday(.weekStart)
  }
}

/// A recipe to plan for a meal on a day.
public struct NewPlanEntry: RequestFields, Equatable {
  /// The day.
  public var date: CalendarDay
  /// The meal.
  public var meal: Meal
  /// The recipe's id; the recipe must exist.
  public var recipe: RecipeID
  /// Servings to cook; nil for the recipe's own yield.
  public var servings: Double?
  /// A note ("double the garlic").
  public var note: String?

  /// Makes a request.
  public init(
    date: CalendarDay, meal: Meal, recipe: RecipeID, servings: Double? = nil, note: String? = nil
  ) {
    self.date = date
    self.meal = meal
    self.recipe = recipe
    self.servings = servings
    self.note = note
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case date, meal, recipe, servings, note
  }

  /// Every field of an entry.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads the entry; `date`, `meal` and `recipe` are required.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    guard let date = try fields.day(.date) else {
      throw ApplicationError.missingValue(fields.field(.date))
    }
    self.date = date
    guard let meal = try fields.meal(.meal) else {
      throw ApplicationError.missingValue(fields.field(.meal))
    }
    self.meal = meal
    recipe = RecipeID(rawValue: try fields.requiredText(.recipe))
    servings = try fields.number(
      .servings, expected: Check.numberRangeText(DeductionPreviewRequest.servingsRange))
    note = try fields.text(.note)
  }

  /// Checks the servings and the note.
  public func validate() throws {
    try Check.number(servings, "servings", in: DeductionPreviewRequest.servingsRange)
    try Check.text(note, "note", maxLength: PantryItemChange.maxTextLength)
  }
}

/// A change to a planned meal; what the request does not mention stays.
public struct PlanEntryChange: RequestFields, Equatable {
  /// A new day; nil keeps it.
  public var date: CalendarDay?
  /// A new meal; nil keeps it.
  public var meal: Meal?
  /// Another recipe (which must exist); nil keeps it.
  public var recipe: RecipeID?
  /// New servings, or the recipe's own yield again.
  public var servings: FieldChange<Double>
  /// A new note, or none.
  public var note: FieldChange<String>

  /// Makes a change.
  public init(
    date: CalendarDay? = nil, meal: Meal? = nil, recipe: RecipeID? = nil,
    servings: FieldChange<Double> = .keep, note: FieldChange<String> = .keep
  ) {
    self.date = date
    self.meal = meal
    self.recipe = recipe
    self.servings = servings
    self.note = note
  }

  /// Every field of an entry.
  public static var fieldNames: [String] { NewPlanEntry.fieldNames }

  /// Reads the fields; null clears `servings` and `note`.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: NewPlanEntry.CodingKeys.self)
    date = try fields.day(.date)
    meal = try fields.meal(.meal)
    if fields.contains(.recipe), try !fields.decodeNil(forKey: .recipe) {
      recipe = RecipeID(rawValue: try fields.requiredText(.recipe))
    }
    if !fields.contains(.servings) {
      servings = .keep
    } else if let value = try fields.number(
      .servings, expected: Check.numberRangeText(DeductionPreviewRequest.servingsRange))
    {
      servings = .set(value)
    } else {
      servings = .clear
    }
    if !fields.contains(.note) {
      note = .keep
    } else if let text = try fields.text(.note) {
      note = .set(text)
    } else {
      note = .clear
    }
  }

  /// Checks the servings and the note.
  public func validate() throws {
    if case .set(let servings) = servings {
      try Check.number(servings, "servings", in: DeductionPreviewRequest.servingsRange)
    }
    if case .set(let note) = note {
      try Check.text(note, "note", maxLength: PantryItemChange.maxTextLength)
    }
  }
}

/// "Fill my week": suggestions from the pantry finder for the days of a week without a meal,
/// with the finder's filters.
public struct FillWeekRequest: RequestFields, Equatable {
  /// K when the request does not give `missing`: a week is filled from what is nearly at
  /// hand, not only from what can be made now.
  public static let defaultMissing = 50

  /// A day in the week; nil for today.
  public var date: CalendarDay?
  /// The day weeks start on; nil for the installation's.
  public var weekStart: Weekday?
  /// The meal to fill.
  public var meal: Meal
  /// Servings for each suggestion; nil for each recipe's own yield.
  public var servings: Double?
  /// Whether to plan the suggestions.
  public var save: Bool
  /// The finder's fields; without `have`, the stored pantry ranks the suggestions.
  public var finder: FinderRequest

  /// Makes a request.
  public init(
    date: CalendarDay? = nil, weekStart: Weekday? = nil, meal: Meal = .dinner,
    servings: Double? = nil, save: Bool = false, finder: FinderRequest = FinderRequest()
  ) {
    self.date = date
    self.weekStart = weekStart
    self.meal = meal
    self.servings = servings
    self.save = save
    self.finder = finder
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case date, weekStart, meal, servings, save
  }

  /// Its own fields and every field of ``FinderRequest``.
  public static var fieldNames: [String] {
    CodingKeys.allCases.map(\.stringValue) + FinderRequest.fieldNames
  }

  /// Reads its own fields and the finder's from the same object.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    date = try fields.day(.date)
    weekStart = try fields.weekday(.weekStart)
    meal = try fields.meal(.meal) ?? .dinner
    servings = try fields.number(
      .servings, expected: Check.numberRangeText(DeductionPreviewRequest.servingsRange))
    save = try fields.flag(.save) ?? false
    finder = try FinderRequest(from: decoder)
  }

  /// Checks the servings and the finder's ranges.
  public func validate() throws {
    try Check.number(servings, "servings", in: DeductionPreviewRequest.servingsRange)
    try finder.validate()
  }
}
