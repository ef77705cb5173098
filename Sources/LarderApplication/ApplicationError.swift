import Foundation
import LarderCore
import LarderImport

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
  /// The request says nothing of who is asking, or what it says no longer holds (a session
  /// that ended, a revoked token); `reason` says which and what to do.
  case notSignedIn(reason: String)
  /// No account exists yet: the first one must be made (on the setup page or with
  /// `larder users add --owner`) before anyone can sign in.
  case setupRequired
  /// A login name and password that do not match an account; deliberately silent on which.
  case signInRefused
  /// Too many failed sign-ins from this client or for this account: wait `retryAfter`
  /// seconds before trying again.
  case tooManyAttempts(retryAfter: Int)
  /// The caller is signed in but may not do this; `reason` says why and who can.
  case forbidden(reason: String)

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
    case .notSignedIn(let reason), .forbidden(let reason):
      return reason
    case .setupRequired:
      return "this Larder has no account yet: open it on this machine to create the first one, "
        + "or run 'larder users add NAME --owner'"
    case .signInRefused:
      return "that name and password do not match an account"
    case .tooManyAttempts(let seconds):
      return "too many failed sign-ins; try again in \(seconds) second\(seconds == 1 ? "" : "s")"
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
      case .unreadableSnapshot:
        // A saved index is the server's own file, never a request's fault.
        return nil
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
