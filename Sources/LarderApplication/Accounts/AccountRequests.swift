import Foundation
import LarderCore

/// A new account: the setup page, an invitation's join form, `larder users add`.
public struct NewAccountRequest: RequestFields, Equatable {
  /// The name typed to sign in: 1 to 64 ASCII letters, digits, `.`, `_`, `-` or `@` (so two
  /// names that look alike cannot both exist).
  public var login: String
  /// The name shown to others; the login name when empty.
  public var displayName: String
  /// The password: at least ``minimumPasswordLength`` characters.
  public var password: String

  /// Every field the request has.
  public static let fieldNames = ["login", "displayName", "password"]
  /// The shortest password accepted.
  public static let minimumPasswordLength = 8
  /// The longest password accepted (a longer one is surely pasted by mistake).
  public static let maximumPasswordLength = 1024

  /// Makes a request.
  public init(login: String, displayName: String = "", password: String) {
    self.login = login
    self.displayName = displayName
    self.password = password
  }

  private enum CodingKeys: String, CodingKey { case login, displayName, password }

  /// Reads the request.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      login: try container.text(.login) ?? "",
      displayName: try container.text(.displayName) ?? "",
      password: try container.decodeIfPresent(String.self, forKey: .password) ?? "")
  }

  /// The login name is well formed, the display name not too long, the password long enough.
  public func validate() throws {
    try Self.checkLogin(login)
    try Check.text(displayName, "displayName", maxLength: 100)
    try Self.checkPassword(password, field: "password")
  }

  /// The login name as stored: trimmed.
  var trimmedLogin: String { login.trimmingCharacters(in: .whitespaces) }

  static func checkLogin(_ login: String) throws {
    let login = login.trimmingCharacters(in: .whitespaces)
    try Check.present(login, "login")
    guard login.count <= 64,
      login.unicodeScalars.allSatisfy({
        $0.isASCII
          && ($0.properties.isAlphabetic
            || ("0"..."9").contains($0) || "._-@".unicodeScalars.contains($0))
      })
    else {
      throw ApplicationError.refusedValue(
        Field("login"), value: login,
        reason: "use 1 to 64 letters (a–z), digits, '.', '_', '-' or '@'")
    }
  }

  static func checkPassword(_ password: String, field: String) throws {
    guard password.count >= minimumPasswordLength else {
      throw ApplicationError.refusedValue(
        Field(field), value: "",
        reason: "needs at least \(minimumPasswordLength) characters")
    }
    guard password.count <= maximumPasswordLength else {
      throw ApplicationError.refusedValue(
        Field(field), value: "", reason: "at most \(maximumPasswordLength) characters")
    }
  }
}

/// Signing in with a login name and password.
public struct SignInRequest: RequestFields, Equatable {
  /// The login name, without regard to case.
  public var login: String
  /// The password.
  public var password: String

  /// Every field the request has.
  public static let fieldNames = ["login", "password"]

  /// Makes a request.
  public init(login: String, password: String) {
    self.login = login
    self.password = password
  }

  private enum CodingKeys: String, CodingKey { case login, password }

  /// Reads the request.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      login: try container.text(.login) ?? "",
      password: try container.decodeIfPresent(String.self, forKey: .password) ?? "")
  }

  /// Both are there.
  public func validate() throws {
    try Check.present(login, "login")
    guard !password.isEmpty else { throw ApplicationError.missingValue(Field("password")) }
  }
}

/// Changing a password.
public struct ChangePasswordRequest: RequestFields, Equatable {
  /// The password now: required when users change their own.
  public var currentPassword: String
  /// The new password.
  public var newPassword: String

  /// Every field the request has.
  public static let fieldNames = ["currentPassword", "newPassword"]

  /// Makes a request.
  public init(currentPassword: String = "", newPassword: String) {
    self.currentPassword = currentPassword
    self.newPassword = newPassword
  }

  private enum CodingKeys: String, CodingKey { case currentPassword, newPassword }

  /// Reads the request.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      currentPassword: try container.decodeIfPresent(String.self, forKey: .currentPassword) ?? "",
      newPassword: try container.decodeIfPresent(String.self, forKey: .newPassword) ?? "")
  }

  /// The new password is long enough.
  public func validate() throws {
    try NewAccountRequest.checkPassword(newPassword, field: "newPassword")
  }
}

/// A new personal API token.
public struct NewAPITokenRequest: RequestFields, Equatable {
  /// Its label ("shopping script").
  public var name: String
  /// Whether it may only read.
  public var readOnly: Bool

  /// Every field the request has.
  public static let fieldNames = ["name", "readOnly"]

  /// Makes a request.
  public init(name: String, readOnly: Bool = false) {
    self.name = name
    self.readOnly = readOnly
  }

  private enum CodingKeys: String, CodingKey { case name, readOnly }

  /// Reads the request.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      name: try container.text(.name) ?? "", readOnly: try container.flag(.readOnly) ?? false)
  }

  /// The label is there and not too long.
  public func validate() throws {
    try Check.present(name, "name")
    try Check.text(name, "name", maxLength: 100)
  }
}

/// A new invitation to the caller's household.
public struct NewInvitationRequest: RequestFields, Equatable {
  /// The role people who join by it get (member by default; owner is never given by link).
  public var role: Role
  /// How many days it works (7 by default, 1 to 30).
  public var days: Int
  /// How many people may join by it (1 by default, 1 to 50).
  public var uses: Int

  /// Every field the request has.
  public static let fieldNames = ["role", "days", "uses"]

  /// Makes a request.
  public init(role: Role = .member, days: Int = 7, uses: Int = 1) {
    self.role = role
    self.days = days
    self.uses = uses
  }

  private enum CodingKeys: String, CodingKey { case role, days, uses }

  /// Reads the request.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      role: try container.choice(.role) ?? .member, days: try container.wholeNumber(.days) ?? 7,
      uses: try container.wholeNumber(.uses) ?? 1)
  }

  /// Days and uses in range; no owners by link.
  public func validate() throws {
    try Check.wholeNumber(days, "days", in: 1...30)
    try Check.wholeNumber(uses, "uses", in: 1...50)
    if role == .owner {
      throw ApplicationError.refusedValue(
        Field("role"), value: "owner",
        reason: "an invitation makes members or viewers; make an owner from the members list")
    }
  }
}

/// A role given to a member.
public struct RoleChangeRequest: RequestFields, Equatable {
  /// The new role.
  public var role: Role

  /// Every field the request has.
  public static let fieldNames = ["role"]

  /// Makes a request.
  public init(role: Role) { self.role = role }

  private enum CodingKeys: String, CodingKey { case role }

  /// Reads the request.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let role = try container.choice(.role, as: Role.self) else {
      throw ApplicationError.missingValue(Field("role"))
    }
    self.init(role: role)
  }
}

/// A household named by id: switching to it.
public struct HouseholdChoiceRequest: RequestFields, Equatable {
  /// The household's id.
  public var household: String

  /// Every field the request has.
  public static let fieldNames = ["household"]

  /// Makes a request.
  public init(household: String) { self.household = household }

  private enum CodingKeys: String, CodingKey { case household }

  /// Reads the request.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(household: try container.text(.household) ?? "")
  }

  /// The id is there.
  public func validate() throws { try Check.present(household, "household") }
}

/// A new household, or a household's new name.
public struct HouseholdNameRequest: RequestFields, Equatable {
  /// The name.
  public var name: String

  /// Every field the request has.
  public static let fieldNames = ["name"]

  /// Makes a request.
  public init(name: String) { self.name = name }

  private enum CodingKeys: String, CodingKey { case name }

  /// Reads the request.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(name: try container.text(.name) ?? "")
  }

  /// The name is there and not too long.
  public func validate() throws {
    try Check.present(name, "name")
    try Check.text(name, "name", maxLength: 100)
  }
}

/// A new share link: to one recipe (`recipe`, an id or the start of one) or to a collection
/// (`collection`, a tag of the household's recipes). Exactly one of the two.
public struct NewShareLinkRequest: RequestFields, Equatable {
  /// The recipe's id, or nil for a collection.
  public var recipe: String?
  /// The collection's tag, or nil for a recipe.
  public var collection: String?

  /// Every field the request has.
  public static let fieldNames = ["recipe", "collection"]
  /// The longest tag a collection link may name.
  public static let maximumCollectionLength = 200

  /// Makes a request for a link to one recipe.
  public init(recipe: String) { self.init(recipe: recipe, collection: nil) }

  /// Makes a request for a link to a collection.
  public init(collection: String) { self.init(recipe: nil, collection: collection) }

  /// Makes a request from the fields as given; ``validate()`` checks that exactly one is there.
  public init(recipe: String?, collection: String?) {
    self.recipe = recipe
    self.collection = collection
  }

  private enum CodingKeys: String, CodingKey { case recipe, collection }

  /// Reads the request.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      recipe: try container.text(.recipe), collection: try container.text(.collection))
  }

  /// The recipe's id, when the request names one.
  var recipeID: String? { Self.given(recipe) }
  /// The collection's tag as typed, trimmed, when the request names one.
  var collectionTag: String? { Self.given(collection) }

  private static func given(_ text: String?) -> String? {
    guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
    else { return nil }
    return text
  }

  /// Exactly one of a recipe and a collection is named; a tag is not too long.
  public func validate() throws {
    switch (recipeID, collectionTag) {
    case (nil, nil):
      throw ApplicationError.refusedValue(
        Field("recipe"), value: "",
        reason: "name the recipe to share, or give 'collection' a tag to share instead")
    case (.some, .some(let tag)):
      throw ApplicationError.refusedValue(
        Field("collection"), value: tag,
        reason: "a link shares one recipe or one collection; give 'recipe' or 'collection', "
          + "not both")
    default:
      try Check.text(collectionTag, "collection", maxLength: Self.maximumCollectionLength)
    }
  }
}
