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

  /// Makes a public, read-only link to one of the household's recipes; the link is shown this
  /// once.
  public func createShareLink(
    _ request: NewShareLinkRequest, as caller: Caller
  ) throws -> CreatedShareLink {
    try caller.require(.change)
    try request.validate()
    let recipe = try resolveRecipe(request.recipe, as: caller)
    let token = Secrets.randomToken()
    let record = ShareLinkRecord(
      id: Secrets.randomToken(bytes: 9), tokenHash: Secrets.sha256Hex(token),
      householdID: caller.household, recipeID: recipe.id,
      createdBy: caller.user ?? UserID(rawValue: ""), createdAt: clock())
    try accountSupport().store.insertShareLink(record)
    return CreatedShareLink(path: "/s/" + token, link: ShareLinkView(record))
  }

  /// The household's share links, newest first.
  public func shareLinks(as caller: Caller) throws -> [ShareLinkView] {
    try accountSupport().store.shareLinks(household: caller.household).map(ShareLinkView.init)
  }

  /// Revokes a share link of the household.
  public func revokeShareLink(_ id: String, as caller: Caller) throws {
    try caller.require(.change)
    let store = try accountSupport().store
    guard try store.shareLinks(household: caller.household).contains(where: { $0.id == id })
    else { throw ApplicationError.notFound(.shareLink, id: id) }
    try store.deleteShareLink(id: id)
  }

  /// The recipe a share link shows, to anyone holding the link: what the recipe says, never
  /// what the household keeps about it (its notes, favourite and rating).
  ///
  /// - Throws: ``ApplicationError/notFound(_:id:)`` for a revoked or unknown link, or a recipe
  ///   deleted since.
  public func sharedRecipe(token: String) throws -> SharedRecipe {
    let store = try accountSupport().store
    guard let link = try store.shareLink(tokenHash: Secrets.sha256Hex(token)),
      var recipe = try recipes.recipe(id: link.recipeID, household: link.householdID)
    else { throw ApplicationError.notFound(.shareLink, id: "") }
    recipe.notes = nil
    recipe.isFavorite = false
    recipe.rating = nil
    return SharedRecipe(recipe: recipe, link: link)
  }

  /// The stored image of a shared recipe, when it has one kept by this Larder.
  public func sharedImage(token: String) throws -> StoredImage {
    let shared = try sharedRecipe(token: token)
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

  /// Saves a copy of a shared recipe into the caller's household (with its image).
  public func saveSharedCopy(token: String, as caller: Caller) throws -> Recipe {
    try caller.require(.change)
    let shared = try sharedRecipe(token: token)
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
}
