import Foundation
import LarderCore

/// Invitations by link, and public share links to recipes.
extension Larder {
  /// Makes an invitation to the caller's household; its link is shown this once.
  public func createInvitation(
    _ request: NewInvitationRequest, as caller: Caller
  ) throws -> CreatedInvitation {
    try caller.require(.manage)
    try request.validate()
    guard let user = caller.user ?? (caller.credential == .local ? UserID(rawValue: "") : nil)
    else { throw ApplicationError.forbidden(reason: "sign in to invite people") }
    let token = Secrets.randomToken()
    let now = clock()
    let record = InvitationRecord(
      id: Secrets.randomToken(bytes: 9), tokenHash: Secrets.sha256Hex(token),
      householdID: caller.household, role: request.role, createdBy: user, createdAt: now,
      expiresAt: now.addingTimeInterval(Double(request.days) * 86_400), maxUses: request.uses)
    try accountSupport().store.insertInvitation(record)
    return CreatedInvitation(path: "/join/" + token, invitation: InvitationView(record))
  }

  /// The caller's household's invitations, newest first.
  public func invitations(as caller: Caller) throws -> [InvitationView] {
    // Reading them is for owners, a read-only token of an owner's included.
    if caller.role != .owner { try caller.require(.manage) }
    return try accountSupport().store.invitations(household: caller.household).map(
      InvitationView.init)
  }

  /// Revokes an invitation of the caller's household.
  public func revokeInvitation(_ id: String, as caller: Caller) throws {
    try caller.require(.manage)
    let store = try accountSupport().store
    guard try store.invitations(household: caller.household).contains(where: { $0.id == id })
    else { throw ApplicationError.notFound(.invitation, id: id) }
    try store.deleteInvitation(id: id)
  }

  /// What the join page shows for an invitation's token.
  ///
  /// - Throws: ``ApplicationError/notFound(_:id:)`` for a token that matches nothing, has
  ///   expired or is used up (the same answer, so tokens cannot be probed).
  public func invitationPreview(token: String) throws -> InvitationPreview {
    let (record, store) = try usableInvitation(token)
    let household = try store.households().first { $0.id == record.householdID }
    let inviter = try store.user(id: record.createdBy)
    return InvitationPreview(
      household: household?.name ?? record.householdID.rawValue, role: record.role,
      invitedBy: inviter?.displayName ?? "an owner", expiresAt: record.expiresAt)
  }

  /// Joins the invitation's household with a new account, signed in at once.
  public func acceptInvitation(
    token: String, newAccount request: NewAccountRequest, client: ClientInfo
  ) throws -> SignedIn {
    try request.validate()
    let accounts = try accountSupport()
    let (record, store) = try usableInvitation(token)
    if try store.user(login: request.trimmedLogin) != nil {
      throw ApplicationError.refusedValue(
        Field("login"), value: request.trimmedLogin,
        reason: "is already taken; if it is yours, sign in first and open the link again")
    }
    guard try store.consumeInvitation(id: record.id, now: clock()) else {
      throw ApplicationError.notFound(.invitation, id: "")
    }
    let user = UserAccount(
      id: UserID(rawValue: Secrets.randomToken(bytes: 12)), login: request.trimmedLogin,
      displayName: request.displayName.trimmingCharacters(in: .whitespaces).isEmpty
        ? request.trimmedLogin : request.displayName.trimmingCharacters(in: .whitespaces),
      passwordHash: try accounts.hashing.hash(request.password), createdAt: clock())
    try ApplicationError.translating { try store.insertUser(user) }
    try store.saveMembership(
      Membership(
        householdID: record.householdID, userID: user.id, role: record.role, joinedAt: clock()))
    return try startSession(
      for: user, household: record.householdID, client: client, accounts: accounts)
  }

  /// Joins the invitation's household as the signed-in caller and switches to it; a member
  /// already there keeps the higher of the two roles.
  public func acceptInvitation(token: String, as caller: Caller) throws -> Caller {
    guard let user = caller.user, case .session = caller.credential else {
      throw ApplicationError.forbidden(reason: "sign in in a browser to accept an invitation")
    }
    let (record, store) = try usableInvitation(token)
    let existing = try store.memberships(user: user).first { $0.householdID == record.householdID }
    if existing.map({ $0.role < record.role }) ?? true {
      guard try store.consumeInvitation(id: record.id, now: clock()) else {
        throw ApplicationError.notFound(.invitation, id: "")
      }
      try store.saveMembership(
        Membership(
          householdID: record.householdID, userID: user, role: record.role,
          joinedAt: existing?.joinedAt ?? clock()))
    }
    return try switchHousehold(
      HouseholdChoiceRequest(household: record.householdID.rawValue), as: caller)
  }

  private func usableInvitation(
    _ token: String
  ) throws -> (InvitationRecord, any AccountStore) {
    let store = try accountSupport().store
    guard let record = try store.invitation(tokenHash: Secrets.sha256Hex(token)),
      record.expiresAt > clock(), record.uses < record.maxUses
    else {
      throw ApplicationError.notFound(.invitation, id: "")
    }
    return (record, store)
  }

  // MARK: - Share links

  /// Makes a public, read-only link to one of the household's recipes or to one of its
  /// collections (a tag); the link is shown this once.
  ///
  /// - Throws: ``ApplicationError/refusedValue(_:value:reason:)`` for a tag none of the
  ///   household's recipes has; ``ApplicationError/notFound(_:id:)`` for a recipe it does not
  ///   have.
  public func createShareLink(
    _ request: NewShareLinkRequest, as caller: Caller
  ) throws -> CreatedShareLink {
    try caller.require(.change)
    try request.validate()
    let subject: SharedSubject
    if let tag = request.collectionTag {
      let tagged = try collection(tag, household: caller.household)
      guard let name = tagged.name else {
        throw ApplicationError.refusedValue(
          Field("collection"), value: tag,
          reason: "no recipe in this household has this tag; tag some recipes with it first")
      }
      subject = .collection(name)
    } else {
      subject = .recipe(try resolveRecipe(request.recipeID ?? "", as: caller).id)
    }
    let token = Secrets.randomToken()
    let record = ShareLinkRecord(
      id: Secrets.randomToken(bytes: 9), tokenHash: Secrets.sha256Hex(token),
      householdID: caller.household, subject: subject,
      createdBy: caller.user ?? UserID(rawValue: ""), createdAt: clock())
    try accountSupport().store.insertShareLink(record)
    return CreatedShareLink(path: "/s/" + token, link: ShareLinkView(record))
  }

  /// The household's share links, newest first.
  public func shareLinks(as caller: Caller) throws -> [ShareLinkView] {
    try accountSupport().store.shareLinks(household: caller.household).map(ShareLinkView.init)
  }

  /// Revokes a share link of the household: its recipe or collection, the recipes in it and
  /// their images stop answering at once.
  public func revokeShareLink(_ id: String, as caller: Caller) throws {
    try caller.require(.change)
    let store = try accountSupport().store
    guard try store.shareLinks(household: caller.household).contains(where: { $0.id == id })
    else { throw ApplicationError.notFound(.shareLink, id: id) }
    try store.deleteShareLink(id: id)
  }

  /// What a share link shows, to anyone holding the link: its recipe, or its collection's
  /// recipes as they are now.
  ///
  /// - Throws: ``ApplicationError/notFound(_:id:)`` for a revoked or unknown link, or a recipe
  ///   deleted since.
  public func openShareLink(token: String) throws -> SharedContent {
    let link = try shareLink(token: token)
    switch link.subject {
    case .recipe:
      return .recipe(try sharedRecipe(token: token))
    case .collection(let tag):
      let tagged = try collection(tag, household: link.householdID)
      return .collection(
        SharedCollection(
          name: tagged.name ?? tag, recipes: tagged.recipes.map(Self.withoutMarks), link: link))
    }
  }

  /// A recipe a share link shows, to anyone holding the link: with no `recipe`, the recipe of
  /// a link to one recipe; with one, that recipe of a link to a collection, when it is the
  /// household's and has the collection's tag now.
  ///
  /// - Throws: ``ApplicationError/notFound(_:id:)`` for a revoked or unknown link, a recipe
  ///   deleted since, a recipe not in the collection, or a link of the other kind.
  public func sharedRecipe(token: String, recipe id: RecipeID? = nil) throws -> SharedRecipe {
    let link = try shareLink(token: token)
    let found: Recipe?
    switch (link.subject, id) {
    case (.recipe(let shared), nil):
      found = try recipes.recipe(id: shared, household: link.householdID)
    case (.collection(let tag), .some(let id)):
      found = try recipes.recipe(id: id, household: link.householdID).flatMap {
        Self.tagKeys($0.keywords).contains(Self.tagKey(tag)) ? $0 : nil
      }
    default:
      found = nil
    }
    guard var recipe = found else {
      throw ApplicationError.notFound(id == nil ? .shareLink : .recipe, id: id?.rawValue ?? "")
    }
    recipe.notes = nil
    recipe.isFavorite = false
    recipe.rating = nil
    return SharedRecipe(recipe: recipe, link: link)
  }

  /// The stored image of a shared recipe (see ``sharedRecipe(token:recipe:)``), when it has one
  /// kept by this Larder.
  public func sharedImage(token: String, recipe id: RecipeID? = nil) throws -> StoredImage {
    let shared = try sharedRecipe(token: token, recipe: id)
    guard let images, let id = Self.storedImageID(of: shared.recipe),
      let image = try images.image(id: id, household: shared.link.householdID)
    else { throw ApplicationError.notFound(.image, id: "") }
    return image
  }

  /// The id of the recipe's main image when this Larder keeps it (`/images/{id}`).
  static func storedImageID(of recipe: Recipe) -> ImageID? {
    guard let main = recipe.images.first, main.hasPrefix("/images/") else { return nil }
    return ImageID(rawValue: String(main.dropFirst("/images/".count)))
  }

  /// Saves a copy of a shared recipe (see ``sharedRecipe(token:recipe:)``) into the caller's
  /// household, with its image.
  public func saveSharedCopy(
    token: String, recipe id: RecipeID? = nil, as caller: Caller
  ) throws -> Recipe {
    try caller.require(.change)
    let shared = try sharedRecipe(token: token, recipe: id)
    var copy = shared.recipe
    copy.id = RecipeID(rawValue: "")
    copy.householdID = caller.household
    if let images, let id = Self.storedImageID(of: shared.recipe),
      let image = try images.image(id: id, household: shared.link.householdID)
    {
      let stored = try ApplicationError.translating {
        try images.putImage(
          image.data, declaredType: image.format.contentType, household: caller.household,
          now: clock())
      }
      copy.images[0] = stored.path
    }
    return try createRecipe(copy, as: caller)
  }

  private func shareLink(token: String) throws -> ShareLinkRecord {
    guard let link = try accountSupport().store.shareLink(tokenHash: Secrets.sha256Hex(token))
    else { throw ApplicationError.notFound(.shareLink, id: "") }
    return link
  }

  /// The household's recipes with the tag now, by name (from the library's index, which
  /// follows every change), and the tag as the first of them spells it (nil when none has it).
  private func collection(
    _ tag: String, household: HouseholdID
  ) throws -> (name: String?, recipes: [RecipeSummary]) {
    let key = Self.tagKey(tag)
    let snapshot = try library.current(store: recipes, household: household)
    let tagged = snapshot.order(.name).map { snapshot.entries[$0] }.filter {
      $0.tags.contains(key)
    }.map(\.summary)
    let name = tagged.first?.keywords.first(where: { Self.tagKey($0) == key })
    return (name?.trimmingCharacters(in: .whitespaces), tagged)
  }

  /// A tag as the library compares it: trimmed, ignoring case.
  private static func tagKey(_ tag: String) -> String {
    tag.trimmingCharacters(in: .whitespaces).lowercased()
  }

  private static func tagKeys(_ tags: [String]) -> Set<String> { Set(tags.map(tagKey)) }

  /// A summary without the household's own marks on it.
  private static func withoutMarks(_ summary: RecipeSummary) -> RecipeSummary {
    var summary = summary
    summary.isFavorite = false
    summary.rating = nil
    return summary
  }
}
