import Foundation
import LarderCore
import LarderImport

/// A field of a request, named the way the application layer names it (`maxTime`, `have`).
///
/// Front ends show it their own way: the API as "query parameter 'maxTime'" or "field
/// 'maxTime'", the command line as "option --max-time".
public struct Field: Hashable, Sendable, CustomStringConvertible {
  /// Where a field's value came from, when the reader knows.
  public enum Location: String, Hashable, Sendable {
    /// A URL query parameter.
    case query
    /// A field of a JSON body.
    case body
    /// A part of the URL's path, such as an id.
    case path
  }

  /// The field's name, as the API spells it.
  public var name: String
  /// Where the value was read from; nil when the use case found the problem itself.
  public var location: Location?
  /// The position in a list of items, when the field belongs to one of them.
  public var item: Int?

  /// Names a field.
  public init(_ name: String, location: Location? = nil, item: Int? = nil) {
    self.name = name
    self.location = location
    self.item = item
  }

  /// The field's name.
  public var description: String { name }
}

/// How a front end names a field in a message.
public enum FieldNaming: Sendable {
  /// The JSON API: "query parameter 'x'" for query parameters, "field 'x'" otherwise;
  /// `defaultLocation` stands in for fields whose location the use case did not know.
  case api(defaultLocation: Field.Location)
  /// The command line: "option --x-y", with `options` overriding the spelling of some fields
  /// (`["diets": "diet"]`); other names are written in kebab case (`maxTime` → `--max-time`).
  /// Fields that a command takes as arguments are named in `arguments` (`["q": "words"]` gives
  /// "argument WORDS").
  case commandLine(options: [String: String], arguments: [String: String] = [:])

  /// How `field` is written in a message.
  public func name(of field: Field) -> String {
    let prefix = field.item.map { "item \($0 + 1): " } ?? ""
    switch self {
    case .api(let fallback):
      switch field.location ?? fallback {
      case .query: return prefix + "query parameter '\(field.name)'"
      case .body: return prefix + "field '\(field.name)'"
      case .path: return prefix + "'\(field.name)' in the path"
      }
    case .commandLine(let options, let arguments):
      if let argument = arguments[field.name] {
        return prefix + "argument " + argument.uppercased()
      }
      return prefix + "option --" + (options[field.name] ?? Self.kebabCase(field.name))
    }
  }

  /// `maxTime` → `max-time`.
  static func kebabCase(_ name: String) -> String {
    var output = ""
    for character in name {
      if character.isUppercase {
        if !output.isEmpty { output += "-" }
        output += character.lowercased()
      } else {
        output.append(character)
      }
    }
    return output
  }
}

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
  /// A record of a kind the layer does not name.
  case record
}

/// The kinds of body a request reads, for saying which one was missing or of the wrong type.
public enum BodyKind: String, Sendable, Hashable {
  /// A JSON object.
  case json = "a JSON body"
  /// An image's bytes.
  case image = "the image's bytes"
  /// A recipe file's or an export's bytes.
  case file = "the file's bytes"

  /// The media types a body of this kind is sent as, for a message.
  var mediaTypes: String {
    switch self {
    case .json: return "a JSON body (Content-Type: application/json)"
    case .image:
      return "an image body (Content-Type: image/jpeg, image/png, image/webp, image/gif or "
        + "image/avif)"
    case .file: return "a file's bytes"
    }
  }
}

/// Everything a use case can refuse, with a message naming what is wrong and where.
///
/// Front ends never pick statuses or rewrite text: the server maps each case to an HTTP status
/// and code in one switch (`ErrorResponses` in LarderServer), and the command line renders the
/// same error with option names through ``message(naming:)``.
public enum ApplicationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A field holds a value of the wrong kind or out of range; `expected` says what would do
  /// ("a whole number from 0 to 50"). `value` is the value as given (empty when it was not
  /// text, such as a JSON list where a number belongs).
  case invalidValue(Field, value: String, expected: String)
  /// A field holds a value the use case refuses for a reason of its own ("has no title").
  case refusedValue(Field, value: String, reason: String)
  /// A required field is absent or empty.
  case missingValue(Field)
  /// A field the request does not have (a typo is never silently ignored); `allowed` lists
  /// the fields it does have.
  case unknownField(Field, allowed: [String])
  /// A food name the catalog does not know, where guessing would change the answer.
  case unknownFood(Field, name: String)
  /// A body that is not the JSON object the request needs; `detail` says why.
  case malformedBody(detail: String)
  /// A request that needs a body has none; the kind says what body it needs.
  case emptyBody(BodyKind)
  /// A body in a media type the request does not read: the type given, and the kind of body
  /// the request reads.
  case unsupportedMediaType(String, expected: BodyKind)
  /// No record of this kind with this id in the household.
  case notFound(RecordKind, id: String)
  /// The start of an id matches several records; more of it is needed.
  case ambiguousID(RecordKind, id: String, matches: Int)
  /// Nothing passes what was asked ("surprise me" with filters no recipe passes).
  case nothingMatches(String)
  /// The change conflicts with what is stored; `reason` says how to go ahead.
  case conflict(reason: String)
  /// A document holds no recipe Larder can read.
  case noRecipe(detail: String)
  /// Bytes offered as an image cannot be stored.
  case invalidImage(reason: String)
  /// Reading a file or an export, or fetching and reading a page to clip, failed; the import
  /// error says how.
  case importFailed(LarderImportError)
  /// An import stored nothing because nothing in it could be read; `reason` names the first
  /// failure and where it was.
  case nothingImported(reason: String)

  /// The message as the JSON API words it.
  public var description: String { message(naming: .api(defaultLocation: .body)) }

  /// What is wrong, naming fields the way a front end calls them.
  public func message(naming: FieldNaming) -> String {
    switch self {
    case .invalidValue(let field, let value, let expected):
      if value.isEmpty { return "\(naming.name(of: field)): expected \(expected)" }
      return "\(naming.name(of: field)): '\(value.prefix(80))' is not \(expected)"
    case .refusedValue(let field, let value, let reason):
      let got = value.isEmpty ? "" : " (got '\(value.prefix(80))')"
      return "\(naming.name(of: field)): \(reason)\(got)"
    case .missingValue(let field):
      return "\(naming.name(of: field)) is required"
    case .unknownField(let field, let allowed):
      return "unknown \(naming.name(of: field)); expected one of "
        + allowed.sorted().joined(separator: ", ")
    case .unknownFood(let field, let name):
      return "\(naming.name(of: field)): '\(name)' is not a food Larder knows"
    case .malformedBody(let detail):
      return "not valid JSON: \(detail)"
    case .emptyBody(let kind):
      return "the request needs \(kind.rawValue)"
    case .unsupportedMediaType(let type, let kind):
      return "expected \(kind.mediaTypes), got '\(type)'"
    case .notFound(let kind, let id):
      return "no \(kind.rawValue) with id '\(id)'"
    case .ambiguousID(let kind, let id, let matches):
      return "'\(id)' matches \(matches) \(kind.rawValue)s; give more of the ID"
    case .nothingMatches(let message), .conflict(let message):
      return message
    case .noRecipe(let detail):
      return detail
    case .nothingImported(let reason):
      return reason
    case .invalidImage(let reason):
      return "not a usable image: \(reason)"
    case .importFailed(let error):
      return error.description
    }
  }

  /// Whether the error is about one field's value (or a field that does not exist), rather
  /// than about what is stored or fetched.
  public var isAboutAField: Bool {
    switch self {
    case .invalidValue, .refusedValue, .missingValue, .unknownField, .unknownFood: return true
    default: return false
    }
  }

  /// The error with `location` given to a field whose location was not known.
  public func located(_ location: Field.Location) -> ApplicationError {
    func place(_ field: Field) -> Field {
      var field = field
      if field.location == nil { field.location = location }
      return field
    }
    switch self {
    case .invalidValue(let field, let value, let expected):
      return .invalidValue(place(field), value: value, expected: expected)
    case .refusedValue(let field, let value, let reason):
      return .refusedValue(place(field), value: value, reason: reason)
    case .missingValue(let field): return .missingValue(place(field))
    case .unknownField(let field, let allowed): return .unknownField(place(field), allowed: allowed)
    case .unknownFood(let field, let name): return .unknownFood(place(field), name: name)
    default: return self
    }
  }

  /// The core's and the importer's errors as the application layer reports them; nil for
  /// errors that are the server's fault (a store that failed), which stay as they are.
  public init?(_ error: Error) {
    switch error {
    case let error as ApplicationError:
      self = error
    case let error as LarderCoreError:
      switch error {
      case .invalidField(let field, let value, let reason, let item):
        self = .refusedValue(Field(field, item: item), value: value, reason: reason)
      case .missingField(let field, let item):
        self = .missingValue(Field(field, item: item))
      case .invalidJSON(let detail):
        self = .malformedBody(detail: detail)
      case .noRecipeFound:
        self = .noRecipe(detail: error.description)
      case .recipeNotFound(let id):
        self = .notFound(.recipe, id: id.rawValue)
      case .foodNotFound:
        self = .nothingMatches(error.description)
      case .invalidImage(let reason):
        self = .invalidImage(reason: reason)
      case .imageNotFound(let id):
        self = .notFound(.image, id: id.rawValue)
      case .notFound(let kind, let id):
        self = .notFound(RecordKind(rawValue: kind) ?? .record, id: id)
      }
    case let error as LarderImportError:
      self = .importFailed(error)
    default:
      return nil
    }
  }

  /// Runs `body`, reporting the core's and the importer's errors as application errors, so a
  /// use case throws only ``ApplicationError`` (or a store's failure, which is the server's).
  public static func translating<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      throw ApplicationError(error) ?? error
    }
  }
}
