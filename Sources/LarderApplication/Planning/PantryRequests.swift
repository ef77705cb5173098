import Foundation
import LarderCore

/// How the pantry is listed: everything, or only what is kept in one place.
public struct PantryListRequest: RequestFields, Equatable {
  /// Only items kept here; nil for all.
  public var location: PantryLocation?

  /// Makes a request.
  public init(location: PantryLocation? = nil) {
    self.location = location
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case location
  }

  /// `location`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads `location`.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    location = try fields.pantryLocation(.location)
  }
}

/// A change to a pantry item, field by field; what the request does not mention stays.
///
/// The amount follows one rule for every front end: a new `quantity` replaces the stored
/// range unless a new `quantityMax` comes with it, and a new `unit` alone keeps the stored
/// quantity and its range ("2–3 lb" becomes "2–3 kg").
public struct PantryItemChange: RequestFields, Equatable {
  /// The largest quantity an item may hold.
  public static let quantityRange = 0.0...1_000_000
  /// The longest name or note.
  public static let maxTextLength = 2000

  /// A new name; nil keeps it.
  public var name: String?
  /// A new catalog food, as an id or a name Larder matches; cleared by an empty text.
  public var food: FieldChange<String>
  /// A new quantity; nil keeps it.
  public var quantity: Double?
  /// A new upper end of the quantity's range; nil keeps it unless `quantity` changes.
  public var quantityMax: Double?
  /// A new unit; cleared by an empty text.
  public var unit: FieldChange<IngredientUnit>
  /// Where it is kept now; nil keeps it.
  public var location: PantryLocation?
  /// A new expiry day, or none.
  public var expiresOn: FieldChange<CalendarDay>
  /// A new day it was added; nil keeps it.
  public var addedOn: CalendarDay?
  /// A new note, or none.
  public var note: FieldChange<String>
  /// How far the item stands for its food's kinds (everyday, any or only); nil keeps it.
  public var kinds: PantryKinds?

  /// Makes a change; every field left out stays as it is.
  public init(
    name: String? = nil, food: FieldChange<String> = .keep, quantity: Double? = nil,
    quantityMax: Double? = nil, unit: FieldChange<IngredientUnit> = .keep,
    location: PantryLocation? = nil, expiresOn: FieldChange<CalendarDay> = .keep,
    addedOn: CalendarDay? = nil, note: FieldChange<String> = .keep, kinds: PantryKinds? = nil
  ) {
    self.kinds = kinds
    self.name = name
    self.food = food
    self.quantity = quantity
    self.quantityMax = quantityMax
    self.unit = unit
    self.location = location
    self.expiresOn = expiresOn
    self.addedOn = addedOn
    self.note = note
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, quantity, quantityMax, unit, food, location, expiresOn, note, addedOn, kinds
  }

  /// Every field an item has.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads the fields; a field given as null is left as it is, except `expiresOn` and
  /// `note`, which null clears.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    if let text = try fields.text(.name) {
      guard !text.isEmpty else { throw ApplicationError.missingValue(fields.field(.name)) }
      name = text
    }
    food = try fields.text(.food).map { $0.isEmpty ? .clear : .set($0) } ?? .keep
    let quantityText = Check.numberRangeText(Self.quantityRange)
    quantity = try fields.number(.quantity, expected: quantityText)
    quantityMax = try fields.number(.quantityMax, expected: quantityText)
    if let text = try fields.text(.unit) {
      unit = text.isEmpty ? .clear : .set(try FieldValues.unit(text, field: fields.field(.unit)))
    } else {
      unit = .keep
    }
    location = try fields.pantryLocation(.location)
    if !fields.contains(.expiresOn) {
      expiresOn = .keep
    } else if try fields.decodeNil(forKey: .expiresOn) {
      expiresOn = .clear
    } else {
      expiresOn = .set(try fields.strictDay(.expiresOn))
    }
    if fields.contains(.addedOn), try !fields.decodeNil(forKey: .addedOn) {
      addedOn = try fields.strictDay(.addedOn)
    }
    if let text = try fields.text(.kinds) {
      guard !text.isEmpty else { throw ApplicationError.missingValue(fields.field(.kinds)) }
      guard let value = PantryKinds(rawValue: text.lowercased()) else {
        throw ApplicationError.invalidValue(
          fields.field(.kinds), value: text,
          expected: PantryKinds.allCases.map(\.rawValue).joined(separator: ", "))
      }
      kinds = value
    }
    if !fields.contains(.note) {
      note = .keep
    } else if try fields.decodeNil(forKey: .note) {
      note = .clear
    } else {
      note = .set(try fields.text(.note) ?? "")
    }
  }

  /// Checks quantities and text lengths.
  public func validate() throws {
    if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw ApplicationError.missingValue(Field("name"))
    }
    try Check.number(quantity, "quantity", in: Self.quantityRange)
    try Check.number(quantityMax, "quantityMax", in: Self.quantityRange)
    try Check.text(name, "name", maxLength: Self.maxTextLength)
    if case .set(let note) = note { try Check.text(note, "note", maxLength: Self.maxTextLength) }
  }

  /// Whether the change touches the amount at all.
  var changesAmount: Bool { quantity != nil || quantityMax != nil || unit != .keep }

  /// The amount after the change, by the rule above.
  ///
  /// - Throws: ``ApplicationError/refusedValue(_:value:reason:)`` naming `quantityMax` when
  ///   the range would end below its start.
  public func amount(applyingTo current: Measure?) throws -> Measure? {
    guard changesAmount else { return current }
    let start = quantity ?? current?.quantity ?? 1
    let upper = quantityMax ?? (quantity == nil ? current?.quantityMax : nil)
    if let upper, upper < start {
      throw ApplicationError.refusedValue(
        Field("quantityMax"), value: Check.numberText(upper),
        reason: "must not be below quantity (\(Check.numberText(start)))")
    }
    return Measure(quantity: start, quantityMax: upper, unit: unit.applied(to: current?.unit))
  }
}

/// A new pantry item: typed as a line ("2 lb chicken thighs"), or given field by field with a
/// `name`.
public struct NewPantryItem: RequestFields, Equatable {
  /// The item typed as a line; when given, `name` must not be.
  public var line: String?
  /// The item's fields (a `name` is required without a `line`).
  public var fields: PantryItemChange
  /// The language `line` is written in; nil to tell it from the line (see
  /// ``PantryLineReader/read(_:language:)``).
  public var language: RecipeLanguage?

  /// Makes a request.
  public init(
    line: String? = nil, fields: PantryItemChange = PantryItemChange(),
    language: RecipeLanguage? = nil
  ) {
    self.line = line
    self.fields = fields
    self.language = language
  }

  /// An item typed as a line, kept in `location` (else where its food usually is).
  public static func line(
    _ line: String, location: PantryLocation? = nil, expiresOn: CalendarDay? = nil
  ) -> NewPantryItem {
    NewPantryItem(
      line: line,
      fields: PantryItemChange(location: location, expiresOn: expiresOn.map { .set($0) } ?? .keep))
  }

  enum CodingKeys: String, CodingKey {
    case line, language
  }

  /// `line`, `language` and every field of ``PantryItemChange``.
  public static var fieldNames: [String] { ["line", "language"] + PantryItemChange.fieldNames }

  /// Reads `line`, its language and the item's fields.
  public init(from decoder: Decoder) throws {
    let own = try decoder.container(keyedBy: CodingKeys.self)
    line = try own.text(.line)
    language = try own.language(.language)
    fields = try PantryItemChange(from: decoder)
  }

  /// Checks the fields, and that an item is a line or a name, not both.
  public func validate() throws {
    try fields.validate()
    try Check.text(line, "line", maxLength: PantryItemChange.maxTextLength)
    if line != nil, let name = fields.name {
      throw ApplicationError.refusedValue(
        Field("name"), value: name, reason: "give either 'line' or 'name', not both")
    }
    if line == nil, fields.name == nil { throw ApplicationError.missingValue(Field("name")) }
  }
}

/// What cooking a recipe would take from the pantry: the recipe and the servings cooked.
public struct DeductionPreviewRequest: RequestFields, Equatable {
  /// The servings a request may give.
  public static let servingsRange = 0.01...1000.0

  /// The recipe's id.
  public var recipe: RecipeID
  /// The servings cooked; nil for the recipe's own yield.
  public var servings: Double?

  /// Makes a request.
  public init(recipe: RecipeID, servings: Double? = nil) {
    self.recipe = recipe
    self.servings = servings
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case recipe, servings
  }

  /// `recipe` and `servings`.
  public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// Reads the recipe (required) and the servings.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    recipe = RecipeID(rawValue: try fields.requiredText(.recipe))
    servings = try fields.number(
      .servings, expected: Check.numberRangeText(Self.servingsRange))
  }

  /// Checks the servings.
  public func validate() throws {
    try Check.number(servings, "servings", in: Self.servingsRange)
  }
}

/// Taking a cooked recipe's amounts from the pantry, limited to the items confirmed.
public struct DeductionRequest: RequestFields, Equatable {
  /// The recipe and servings.
  public var cooked: DeductionPreviewRequest
  /// The pantry item ids the user confirmed; nil takes every change.
  public var items: [PlanningID]?

  /// Makes a request.
  public init(recipe: RecipeID, servings: Double? = nil, items: [PlanningID]? = nil) {
    cooked = DeductionPreviewRequest(recipe: recipe, servings: servings)
    self.items = items
  }

  enum CodingKeys: String, CodingKey {
    case items
  }

  /// `recipe`, `servings` and `items`.
  public static var fieldNames: [String] { DeductionPreviewRequest.fieldNames + ["items"] }

  /// Reads the recipe, the servings and the confirmed items.
  public init(from decoder: Decoder) throws {
    cooked = try DeductionPreviewRequest(from: decoder)
    items = try decoder.container(keyedBy: CodingKeys.self).optionalList(.items)?
      .map(PlanningID.init(rawValue:))
  }

  /// Checks the servings.
  public func validate() throws { try cooked.validate() }
}
