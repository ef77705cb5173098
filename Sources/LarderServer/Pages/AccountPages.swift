import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// Setting up, signing in and out, joining by invitation, and the account page where a user
/// manages sessions, tokens, households, members and invitations. Every form posts back to
/// these routes and carries the session's form token (``formTokenHeader`` for uploads) when
/// there is a session.
struct AccountPages: Sendable {
  let larder: Larder
  let requestGuard: RequestGuard

  /// The form field carrying the form token.
  static let formTokenField = "csrf"
  /// The header a browser's upload carries the form token in.
  static let formTokenHeader = "x-larder-form-token"

  /// The routes anyone may open.
  func registerPublic(in router: inout PublicRouter) {
    router.get("/setup") { request, caller in try setupPage(request, caller: caller) }
    router.post("/setup") { request, caller in try setup(request, caller: caller) }
    router.get("/login") { request, caller in try loginPage(request, caller: caller) }
    router.post("/login") { request, _ in try signIn(request) }
    router.get("/join/:token") { request, caller in try joinPage(request, caller: caller) }
    router.post("/join/:token") { request, caller in try join(request, caller: caller) }
  }

  /// The routes for a signed-in caller.
  func register(in router: inout AppRouter) {
    router.post("/logout") { request, caller in try signOut(request, caller: caller) }
    router.get("/account") { request, caller in
      .html(try accountPage(caller: caller, done: request.query["done"]))
    }
    router.post("/account/password") { request, caller in
      let fields = try form(request, caller: caller)
      try larder.changePassword(
        ChangePasswordRequest(
          currentPassword: fields["currentPassword"] ?? "",
          newPassword: fields["newPassword"] ?? ""), as: caller)
      return done("password")
    }
    router.post("/account/sessions/:id/end") { request, caller in
      _ = try form(request, caller: caller)
      try larder.endSession(request.pathParameters["id"] ?? "", as: caller)
      return done("session")
    }
    router.post("/account/tokens") { request, caller in
      let fields = try form(request, caller: caller)
      let created = try larder.createAPIToken(
        NewAPITokenRequest(
          name: fields["name"] ?? "", readOnly: FieldValues.flag(fields["readOnly"] ?? "") ?? false),
        as: caller)
      return .html(
        shownOnce(
          title: "Your new API token",
          explanation: "Copy it now: it is shown only this once. Send it as "
            + "'Authorization: Bearer …'.",
          value: created.token))
    }
    router.post("/account/tokens/:id/revoke") { request, caller in
      _ = try form(request, caller: caller)
      try larder.revokeAPIToken(request.pathParameters["id"] ?? "", as: caller)
      return done("token")
    }
    router.post("/account/household") { request, caller in
      let fields = try form(request, caller: caller)
      _ = try larder.switchHousehold(
        HouseholdChoiceRequest(household: fields["household"] ?? ""), as: caller)
      return .redirect(to: "/")
    }
    router.post("/account/households") { request, caller in
      let fields = try form(request, caller: caller)
      _ = try larder.createHousehold(HouseholdNameRequest(name: fields["name"] ?? ""), as: caller)
      return done("household")
    }
    router.post("/account/invitations") { request, caller in
      let fields = try form(request, caller: caller)
      let role = try fields["role"].map {
        try FieldValues.choice($0, field: Field("role"), as: Role.self)
      }
      let created = try larder.createInvitation(
        NewInvitationRequest(
          role: role ?? .member,
          days: try fields["days"].map {
            try FieldValues.wholeNumber($0, field: Field("days"), expected: "a whole number")
          } ?? 7,
          uses: try fields["uses"].map {
            try FieldValues.wholeNumber($0, field: Field("uses"), expected: "a whole number")
          } ?? 1),
        as: caller)
      return .html(
        shownOnce(
          title: "Invitation link",
          explanation:
            "Send this link to the people you invite. It works \(created.invitation.maxUses) "
            + "time\(created.invitation.maxUses == 1 ? "" : "s") until "
            + created.invitation.expiresAt.formatted(date: .abbreviated, time: .shortened)
            + ", and is shown only this once.",
          value: absolute(created.path, request)))
    }
    router.post("/account/invitations/:id/revoke") { request, caller in
      _ = try form(request, caller: caller)
      try larder.revokeInvitation(request.pathParameters["id"] ?? "", as: caller)
      return done("invitation")
    }
    router.post("/account/members/:id/role") { request, caller in
      let fields = try form(request, caller: caller)
      guard let text = fields["role"] else { throw ApplicationError.missingValue(Field("role")) }
      _ = try larder.changeRole(
        ofMember: request.pathParameters["id"] ?? "",
        RoleChangeRequest(role: try FieldValues.choice(text, field: Field("role"), as: Role.self)),
        as: caller)
      return done("member")
    }
    router.post("/account/members/:id/remove") { request, caller in
      _ = try form(request, caller: caller)
      try larder.removeMember(request.pathParameters["id"] ?? "", as: caller)
      return done("member")
    }
    router.post("/recipes/:id/share") { request, caller in
      _ = try form(request, caller: caller)
      let created = try larder.createShareLink(
        NewShareLinkRequest(recipe: request.pathParameters["id"] ?? ""), as: caller)
      return sharedOnce(created, request)
    }
    router.post("/account/share-links") { request, caller in
      let fields = try form(request, caller: caller)
      let created = try larder.createShareLink(
        NewShareLinkRequest(recipe: fields["recipe"], collection: fields["collection"]),
        as: caller)
      return sharedOnce(created, request)
    }
    router.post("/account/share-links/:id/revoke") { request, caller in
      _ = try form(request, caller: caller)
      try larder.revokeShareLink(request.pathParameters["id"] ?? "", as: caller)
      return done("share")
    }
  }

  // MARK: - Setup, sign-in, sign-out

  private func setupPage(_ request: HTTPRequest, caller: Caller?) throws -> HTTPResponse {
    if try larder.hasAccounts() { return .redirect(to: caller == nil ? "/login" : "/") }
    guard Credentials.isFromThisMachine(request) else { return setupFromElsewhere() }
    return .html(Self.setupForm(code: request.query["code"] ?? "", message: nil))
  }

  private func setup(_ request: HTTPRequest, caller: Caller?) throws -> HTTPResponse {
    if try larder.hasAccounts() { return .redirect(to: "/login") }
    guard Credentials.isFromThisMachine(request) else { return setupFromElsewhere() }
    let fields = request.formFields ?? [:]
    let code = fields["code"] ?? ""
    guard fields["password"] == fields["confirm"] else {
      return .html(
        Self.setupForm(code: code, message: "The two passwords differ."), status: 422)
    }
    do {
      let signedIn = try larder.createFirstOwner(
        NewAccountRequest(
          login: fields["login"] ?? "", displayName: fields["displayName"] ?? "",
          password: fields["password"] ?? ""), setupCode: code,
        client: Credentials.client(request))
      return startSession(signedIn, request: request, next: "/")
    } catch let error as ApplicationError where error.isAboutAField {
      return .html(Self.setupForm(code: code, message: message(error)), status: 422)
    }
  }

  private func setupFromElsewhere() -> HTTPResponse {
    .html(
      PageLayout.errorPage(
        status: 403,
        message: "This Larder has no account yet. Create the first one on the machine it runs "
          + "on (open http://127.0.0.1/setup there, with Larder's port), or run "
          + "'larder users add NAME --owner --password-stdin'."), status: 403)
  }

  private func loginPage(_ request: HTTPRequest, caller: Caller?) throws -> HTTPResponse {
    let next = Credentials.safeNext(request.query["next"])
    if caller != nil { return .redirect(to: next) }
    if try !larder.hasAccounts() { return .redirect(to: "/setup") }
    return .html(Self.loginForm(next: next, login: "", message: nil))
  }

  private func signIn(_ request: HTTPRequest) throws -> HTTPResponse {
    let fields = request.formFields ?? [:]
    let next = Credentials.safeNext(fields["next"])
    let login = fields["login"] ?? ""
    do {
      let signedIn = try larder.signIn(
        SignInRequest(login: login, password: fields["password"] ?? ""),
        client: Credentials.client(request))
      return startSession(signedIn, request: request, next: next)
    } catch let error as ApplicationError {
      guard let known = ErrorResponses.classify(error) else { throw error }
      if case .setupRequired = error { return .redirect(to: "/setup") }
      var response = HTTPResponse.html(
        Self.loginForm(next: next, login: login, message: known.message), status: known.status)
      for (name, value) in known.headers { response.headers[name] = value }
      return response
    }
  }

  private func signOut(_ request: HTTPRequest, caller: Caller) throws -> HTTPResponse {
    _ = try form(request, caller: caller)
    if let token = Credentials.sessionToken(request) { try larder.signOut(sessionToken: token) }
    var response = HTTPResponse.redirect(to: "/login")
    response.headers["Set-Cookie"] = Credentials.clearedCookie(
      secure: request.isSecure)
    // Recipe pages the service worker kept for offline use, and what the pages keep in the
    // browser, leave with the session: the next person on a shared phone sees none of it.
    response.headers["Clear-Site-Data"] = "\"cache\", \"storage\""
    return response
  }

  private func startSession(
    _ signedIn: SignedIn, request: HTTPRequest, next: String
  ) -> HTTPResponse {
    var response = HTTPResponse.redirect(to: next)
    response.headers["Set-Cookie"] = Credentials.sessionCookie(
      token: signedIn.token, maxAge: larder.accounts?.sessionLifetime ?? 0,
      secure: request.isSecure)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  // MARK: - Joining

  private func joinPage(_ request: HTTPRequest, caller: Caller?) throws -> HTTPResponse {
    let token = request.pathParameters["token"] ?? ""
    let preview = try larder.invitationPreview(token: token)
    return .html(Self.joinForm(preview: preview, token: token, caller: caller, message: nil))
  }

  private func join(_ request: HTTPRequest, caller: Caller?) throws -> HTTPResponse {
    let token = request.pathParameters["token"] ?? ""
    if let caller {
      _ = try form(request, caller: caller)
      _ = try larder.acceptInvitation(token: token, as: caller)
      return .redirect(to: "/")
    }
    let fields = request.formFields ?? [:]
    let preview = try larder.invitationPreview(token: token)
    guard fields["password"] == fields["confirm"] else {
      return .html(
        Self.joinForm(
          preview: preview, token: token, caller: nil, message: "The two passwords differ."),
        status: 422)
    }
    do {
      let signedIn = try larder.acceptInvitation(
        token: token,
        newAccount: NewAccountRequest(
          login: fields["login"] ?? "", displayName: fields["displayName"] ?? "",
          password: fields["password"] ?? ""), client: Credentials.client(request))
      return startSession(signedIn, request: request, next: "/")
    } catch let error as ApplicationError where error.isAboutAField {
      return .html(
        Self.joinForm(preview: preview, token: token, caller: nil, message: message(error)),
        status: 422)
    }
  }

  // MARK: - Helpers

  /// The form's fields, once its form token is checked.
  private func form(_ request: HTTPRequest, caller: Caller) throws -> [String: String] {
    try Self.checkedForm(request, caller: caller)
  }

  /// A form's fields, once its form token is checked: every page form a signed-in browser
  /// posts (here and on share pages) goes through this.
  static func checkedForm(_ request: HTTPRequest, caller: Caller) throws -> [String: String] {
    let fields = request.formFields ?? [:]
    guard Larder.formTokenMatches(fields[Self.formTokenField], for: caller) else {
      throw LarderServerError(
        status: 403, code: "cross_site",
        message: "the form's token is missing or out of date; reload the page and try again")
    }
    return fields
  }

  /// The page showing a share link just made, the only time it is shown.
  private func sharedOnce(_ created: CreatedShareLink, _ request: HTTPRequest) -> HTTPResponse {
    let what =
      created.link.collection.map { "the recipes tagged “\($0)” (as they are tagged then)" }
      ?? "the recipe"
    return .html(
      shownOnce(
        title: created.link.kind == .collection ? "Collection link" : "Share link",
        explanation: "Anyone with this link can read \(what), signed in or not, until you "
          + "revoke it on your account page.",
        value: absolute(created.path, request)))
  }

  private func done(_ what: String) -> HTTPResponse { .redirect(to: "/account?done=" + what) }

  private func message(_ error: ApplicationError) -> String {
    error.message(naming: .api(defaultLocation: .body))
  }

  /// The link as the person receiving it opens it: on the public URL when there is one, else
  /// on the name this request used.
  private func absolute(_ path: String, _ request: HTTPRequest) -> String {
    if let origin = requestGuard.publicOrigins.first {
      let defaultPort = origin.scheme == "https" ? 443 : 80
      let port = origin.port == defaultPort ? "" : ":\(origin.port)"
      return "\(origin.scheme)://\(origin.host)\(port)\(path)"
    }
    return "\(request.scheme)://\(request.host ?? "127.0.0.1")\(path)"
  }

  /// The hidden field with the caller's form token, or nothing for callers without one.
  static func tokenField(_ caller: Caller?) -> HTML {
    guard let caller, let token = Larder.formToken(for: caller) else { return .empty }
    return "<input type=\"hidden\" name=\"\(formTokenField)\" value=\"\(token)\">"
  }
}

// MARK: - Markup

extension AccountPages {
  /// The setup form; the code comes in the link `larder serve` prints, or is typed.
  static func setupForm(code: String, message: String?) -> HTML {
    let codeField: HTML =
      code.isEmpty
      ? """
      <label for="a-code">Setup code</label>
      <input id="a-code" name="code" required autocomplete="off" autocapitalize="none" \
      spellcheck="false" aria-describedby="a-code-help">
      <p id="a-code-help" class="muted">Printed by <code>larder serve</code> when it started \
      (the link it shows fills it in).</p>
      """
      : "<input type=\"hidden\" name=\"code\" value=\"\(code)\">"
    return PageLayout.page(
      title: "Welcome",
      body: """
        <section class="settings account-form">
        <h1>Welcome to Larder</h1>
        <p>Create the first account. It owns this Larder: its recipes, pantry, plan and list.
        You can invite the rest of your household afterwards.</p>
        \(notice(message))
        <form method="post" action="/setup">
        \(codeField)
        \(accountFields())
        <p><button type="submit">Create account</button></p>
        </form>
        </section>
        """)
  }

  static func accountFields() -> HTML {
    """
    <label for="a-name">Your name</label>
    <input id="a-name" name="displayName" autocomplete="name" maxlength="100">
    <label for="a-login">Sign-in name</label>
    <input id="a-login" name="login" required autocomplete="username" autocapitalize="none" \
    spellcheck="false" maxlength="64">
    <label for="a-password">Password</label>
    <input id="a-password" name="password" type="password" required minlength="8" \
    autocomplete="new-password" aria-describedby="a-password-help">
    <p id="a-password-help" class="muted">At least 8 characters.</p>
    <label for="a-confirm">Password again</label>
    <input id="a-confirm" name="confirm" type="password" required minlength="8" \
    autocomplete="new-password">
    """
  }

  static func loginForm(next: String, login: String, message: String?) -> HTML {
    PageLayout.page(
      title: "Sign in",
      body: """
        <section class="settings account-form">
        <h1>Sign in</h1>
        \(notice(message))
        <form method="post" action="/login">
        <input type="hidden" name="next" value="\(next)">
        <label for="l-login">Sign-in name</label>
        <input id="l-login" name="login" required autocomplete="username" autocapitalize="none" \
        spellcheck="false" value="\(login)">
        <label for="l-password">Password</label>
        <input id="l-password" name="password" type="password" required \
        autocomplete="current-password">
        <p><button type="submit">Sign in</button></p>
        </form>
        <p class="muted">Forgot your password? An owner can set a new one with
        <code>larder users passwd NAME --password-stdin</code> on the machine Larder runs on.</p>
        </section>
        """)
  }

  static func joinForm(
    preview: InvitationPreview, token: String, caller: Caller?, message: String?
  ) -> HTML {
    let intro: HTML =
      "<p>\(preview.invitedBy) invites you to <strong>\(preview.household)</strong> as a \(preview.role.rawValue).</p>"
    let body: HTML
    if let caller {
      body = """
        <form method="post" action="/join/\(token)">
        \(tokenField(caller))
        <p><button type="submit">Join \(preview.household)</button></p>
        </form>
        """
    } else {
      body = """
        <form method="post" action="/join/\(token)">
        \(accountFields())
        <p><button type="submit">Create account and join</button></p>
        </form>
        <p>Already have an account here? \
        <a href="/login?next=\(escapeQueryValue("/join/" + token))">Sign in</a>, then open the link again.</p>
        """
    }
    return PageLayout.page(
      title: "Join \(preview.household)",
      body: """
        <section class="settings account-form">
        <h1>Join \(preview.household)</h1>
        \(intro)
        \(notice(message))
        \(body)
        </section>
        """)
  }

  static func notice(_ message: String?) -> HTML {
    guard let message else { return .empty }
    return "<p class=\"form-error\" role=\"alert\">\(message)</p>"
  }

  func shownOnce(title: String, explanation: String, value: String) -> HTML {
    PageLayout.page(
      title: title,
      body: """
        <section class="settings">
        <h1>\(title)</h1>
        <p>\(explanation)</p>
        <p><input class="shown-once" readonly value="\(value)" aria-label="\(title)"></p>
        <p><a href="/account">Back to your account</a></p>
        </section>
        """)
  }

  static let doneMessages = [
    "password": "Your password is changed; your other sessions were signed out.",
    "session": "That session is signed out.",
    "token": "The token is revoked.",
    "household": "The household is made; you are in it now.",
    "invitation": "The invitation is revoked.",
    "member": "The member list is updated.",
    "share": "The share link is revoked.",
  ]

  func accountPage(caller: Caller, done: String?) throws -> HTML {
    let me = try larder.whoAmI(as: caller)
    let token = Self.tokenField(caller)
    var sections: [HTML] = []
    let name = me.user?.displayName ?? "the command line"
    sections.append(
      """
      <section class="settings">
      <h1>Your account</h1>
      \(Self.doneMessages[done ?? ""].map { "<p class=\"form-done\" role=\"status\">\($0)</p>" as HTML })
      <p>Signed in as <strong>\(name)</strong>\(me.user.map { " (\($0.login))" as HTML }) in \
      <strong>\(me.household.name)</strong>, as \(me.household.role.rawValue).</p>
      <form method="post" action="/logout">\(token)<button type="submit" class="secondary">Sign out</button></form>
      </section>
      """)
    if me.households.count > 1 {
      let options = me.households.map { household -> HTML in
        "<option value=\"\(household.id)\"\(attribute: "selected", if: household.isCurrent)>\(household.name) (\(household.role.rawValue))</option>"
      }
      sections.append(
        """
        <section class="settings">
        <h2>Households</h2>
        <form method="post" action="/account/household">\(token)
        <label for="h-switch">Cook and plan in</label>
        <select id="h-switch" name="household">\(options)</select>
        <p><button type="submit">Switch</button></p>
        </form>
        </section>
        """)
    }
    if me.canManage {
      sections.append(try membersSection(caller: caller, token: token))
    }
    sections.append(try sessionsSection(caller: caller, token: token))
    sections.append(try tokensSection(caller: caller, token: token))
    sections.append(try shareLinksSection(caller: caller, token: token))
    sections.append(
      """
      <section class="settings">
      <h2>Password</h2>
      <form method="post" action="/account/password">\(token)
      <label for="p-current">Current password</label>
      <input id="p-current" name="currentPassword" type="password" required autocomplete="current-password">
      <label for="p-new">New password</label>
      <input id="p-new" name="newPassword" type="password" required minlength="8" autocomplete="new-password">
      <p><button type="submit">Change password</button></p>
      </form>
      <h2>A new household</h2>
      <form method="post" action="/account/households">\(token)
      <label for="h-name">Name</label>
      <input id="h-name" name="name" required maxlength="100" placeholder="Cabin">
      <p><button type="submit" class="secondary">Make household</button></p>
      </form>
      </section>
      """)
    return PageLayout.page(
      title: "Account", section: .settings, body: "\(sections, separator: "\n")")
  }

  private func membersSection(caller: Caller, token: HTML) throws -> HTML {
    let members = try larder.members(as: caller).map { member -> HTML in
      let roles = Role.allCases.reversed().map { role -> HTML in
        "<option value=\"\(role.rawValue)\"\(attribute: "selected", if: role == member.role)>\(role.rawValue)</option>"
      }
      return """
        <li><span>\(member.user.displayName) <span class="muted">(\(member.user.login))</span></span>
        <form method="post" action="/account/members/\(member.user.id)/role" class="inline">\(token)
        <label class="visually-hidden" for="r-\(member.user.id)">Role of \(member.user.displayName)</label>
        <select id="r-\(member.user.id)" name="role">\(roles)</select>
        <button type="submit" class="secondary">Set</button></form>
        <form method="post" action="/account/members/\(member.user.id)/remove" class="inline">\(token)
        <button type="submit" class="link">Remove</button></form></li>
        """
    }
    let invitations = try larder.invitations(as: caller).map { invitation -> HTML in
      """
      <li><span>\(invitation.role.rawValue), \(invitation.uses) of \(invitation.maxUses) used, until \
      \(invitation.expiresAt.formatted(date: .abbreviated, time: .shortened))</span>
      <form method="post" action="/account/invitations/\(invitation.id)/revoke" class="inline">\(token)
      <button type="submit" class="link">Revoke</button></form></li>
      """
    }
    return """
      <section class="settings">
      <h2>Members</h2>
      <ul class="account-list">\(members, separator: "\n")</ul>
      <h2>Invite someone</h2>
      <form method="post" action="/account/invitations">\(token)
      <label for="i-role">As</label>
      <select id="i-role" name="role"><option value="member">member: cooks, plans, edits</option>\
      <option value="viewer">viewer: reads and cooks only</option></select>
      <label for="i-days">Link works for (days)</label>
      <input id="i-days" name="days" type="number" min="1" max="30" value="7" inputmode="numeric">
      <label for="i-uses">How many people may use it</label>
      <input id="i-uses" name="uses" type="number" min="1" max="50" value="1" inputmode="numeric">
      <p><button type="submit">Make invitation link</button></p>
      </form>
      \(invitations.isEmpty ? HTML.empty : "<h3>Open invitations</h3><ul class=\"account-list\">\(invitations, separator: "\n")</ul>")
      </section>
      """
  }

  private func sessionsSection(caller: Caller, token: HTML) throws -> HTML {
    let sessions = try larder.sessions(as: caller).map { session -> HTML in
      """
      <li><span>\(session.userAgent.isEmpty ? "A browser" : String(session.userAgent.prefix(80))) \
      <span class="muted">from \(session.clientAddress), last used \
      \(session.lastSeenAt.formatted(date: .abbreviated, time: .shortened))\
      \(session.isCurrent ? " (this one)" : "")</span></span>
      \(session.isCurrent ? HTML.empty : """
        <form method="post" action="/account/sessions/\(session.id)/end" class="inline">\(token)\
        <button type="submit" class="link">Sign out</button></form>
        """)</li>
      """
    }
    return """
      <section class="settings">
      <h2>Where you are signed in</h2>
      <ul class="account-list">\(sessions, separator: "\n")</ul>
      </section>
      """
  }

  private func tokensSection(caller: Caller, token: HTML) throws -> HTML {
    let tokens = try larder.apiTokens(as: caller).map { apiToken -> HTML in
      let used =
        apiToken.lastUsedAt.map {
          "last used " + $0.formatted(date: .abbreviated, time: .shortened)
        }
        ?? "never used"
      return """
        <li><span>\(apiToken.name) <span class="muted">(\(apiToken.readOnly ? "read-only" : "read and write"), \(used))</span></span>
        <form method="post" action="/account/tokens/\(apiToken.id)/revoke" class="inline">\(token)
        <button type="submit" class="link">Revoke</button></form></li>
        """
    }
    return """
      <section class="settings">
      <h2>API tokens</h2>
      <p class="muted">For scripts and other apps: send one as <code>Authorization: Bearer …</code>.</p>
      \(tokens.isEmpty ? HTML.empty : "<ul class=\"account-list\">\(tokens, separator: "\n")</ul>")
      <form method="post" action="/account/tokens">\(token)
      <label for="t-name">Label</label>
      <input id="t-name" name="name" required maxlength="100" placeholder="shopping script">
      <label><input type="checkbox" name="readOnly" value="true"> Read only</label>
      <p><button type="submit" class="secondary">Make token</button></p>
      </form>
      </section>
      """
  }

  private func shareLinksSection(caller: Caller, token: HTML) throws -> HTML {
    let links = try larder.shareLinks(as: caller)
    let items = links.map { link -> HTML in
      let shown: HTML
      if let tag = link.collection {
        shown = """
          Collection <a href="/library?tag=\(escapeQueryValue(tag))">\(tag)</a>
          """
      } else {
        let id = link.recipeID ?? ""
        let name = (try? larder.recipe(RecipeID(rawValue: id), as: caller).name) ?? id
        shown = "<a href=\"/recipes/\(id)\">\(name)</a>"
      }
      return """
        <li><span>\(shown) <span class="muted">shared \
        \(link.createdAt.formatted(date: .abbreviated, time: .omitted))</span></span>
        <form method="post" action="/account/share-links/\(link.id)/revoke" class="inline">\(token)
        <button type="submit" class="link">Revoke</button></form></li>
        """
    }
    var newLink: HTML = .empty
    if caller.may(.change) {
      let tags = try larder.browseLibrary(LibraryRequest(limit: 1), as: caller).facets.tags
      if !tags.isEmpty {
        let options = tags.map { tag -> HTML in
          "<option value=\"\(tag.value)\">\(tag.value) (\(tag.count))</option>"
        }
        newLink = """
          <form method="post" action="/account/share-links">\(token)
          <label for="s-collection">Share a collection</label>
          <select id="s-collection" name="collection">\(options)</select>
          <p><button type="submit" class="secondary">Make collection link</button></p>
          </form>
          """
      }
    }
    guard !items.isEmpty || !newLink.isEmpty else { return .empty }
    return """
      <section class="settings">
      <h2>Shared recipes and collections</h2>
      <p class="muted">Anyone with one of these links can read what it shows, signed out; \
      "Share link" on a recipe shares that recipe.</p>
      \(items.isEmpty ? HTML.empty : "<ul class=\"account-list\">\(items, separator: "\n")</ul>")
      \(newLink)
      </section>
      """
  }
}
