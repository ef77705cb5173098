import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// Accounts over HTTP, for scripts and other apps (the web app uses the account page):
///
/// - `GET /api/v1/me`: who is asking, their households and the form token a browser's
///   uploads carry (`X-Larder-Form-Token`).
/// - `GET /api/v1/sessions`, `DELETE /api/v1/sessions/{id}`: where you are signed in.
/// - `GET|POST /api/v1/tokens`, `DELETE /api/v1/tokens/{id}`: personal API tokens (`name`,
///   `readOnly`); the token is in the answer to `POST` only.
/// - `POST /api/v1/password`: `currentPassword`, `newPassword`.
/// - `GET|POST /api/v1/households`, `POST /api/v1/households/current` (`household`): list,
///   make (`name`) and switch a browser session's household.
/// - `GET /api/v1/members`, `PATCH /api/v1/members/{id}` (`role`), `DELETE
///   /api/v1/members/{id}`: the household's members (owners).
/// - `GET|POST /api/v1/invitations`, `DELETE /api/v1/invitations/{id}`: invitations (`role`,
///   `days`, `uses`; owners); the link is in the answer to `POST` only.
/// - `GET|POST /api/v1/share-links`, `DELETE /api/v1/share-links/{id}`: public links to a
///   recipe (`recipe`) or a collection (`collection`, a tag); the link is in the answer to
///   `POST` only.
struct AccountAPI: Sendable {
  let larder: Larder

  /// `GET /api/v1/me`'s answer.
  struct Me: Encodable {
    let caller: CallerView
    let formToken: String?

    func encode(to encoder: Encoder) throws {
      try caller.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(formToken, forKey: .formToken)
    }

    enum Keys: String, CodingKey { case formToken }
  }

  func register(in router: inout AppRouter) {
    router.get("/api/v1/me") { _, caller in
      try encodedJSON(
        Me(caller: try larder.whoAmI(as: caller), formToken: Larder.formToken(for: caller)))
    }
    router.get("/api/v1/sessions") { _, caller in
      try encodedJSON(["sessions": try larder.sessions(as: caller)])
    }
    router.delete("/api/v1/sessions/:id") { request, caller in
      try larder.endSession(id(request), as: caller)
      return HTTPResponse(status: 204)
    }
    router.get("/api/v1/tokens") { _, caller in
      try encodedJSON(["tokens": try larder.apiTokens(as: caller)])
    }
    router.post("/api/v1/tokens") { request, caller in
      try encodedJSON(
        try larder.createAPIToken(try body(NewAPITokenRequest.self, request), as: caller),
        status: 201)
    }
    router.delete("/api/v1/tokens/:id") { request, caller in
      try larder.revokeAPIToken(id(request), as: caller)
      return HTTPResponse(status: 204)
    }
    router.post("/api/v1/password") { request, caller in
      try larder.changePassword(try body(ChangePasswordRequest.self, request), as: caller)
      return HTTPResponse(status: 204)
    }
    router.get("/api/v1/households") { _, caller in
      try encodedJSON(["households": try larder.whoAmI(as: caller).households])
    }
    router.post("/api/v1/households") { request, caller in
      try encodedJSON(
        try larder.createHousehold(try body(HouseholdNameRequest.self, request), as: caller),
        status: 201)
    }
    router.post("/api/v1/households/current") { request, caller in
      let moved = try larder.switchHousehold(
        try body(HouseholdChoiceRequest.self, request), as: caller)
      return try encodedJSON(try larder.whoAmI(as: moved))
    }
    router.get("/api/v1/members") { _, caller in
      try encodedJSON(["members": try larder.members(as: caller)])
    }
    router.patch("/api/v1/members/:id") { request, caller in
      try encodedJSON(
        try larder.changeRole(
          ofMember: id(request), try body(RoleChangeRequest.self, request), as: caller))
    }
    router.delete("/api/v1/members/:id") { request, caller in
      try larder.removeMember(id(request), as: caller)
      return HTTPResponse(status: 204)
    }
    router.get("/api/v1/invitations") { _, caller in
      try encodedJSON(["invitations": try larder.invitations(as: caller)])
    }
    router.post("/api/v1/invitations") { request, caller in
      try encodedJSON(
        try larder.createInvitation(try body(NewInvitationRequest.self, request), as: caller),
        status: 201)
    }
    router.delete("/api/v1/invitations/:id") { request, caller in
      try larder.revokeInvitation(id(request), as: caller)
      return HTTPResponse(status: 204)
    }
    router.get("/api/v1/share-links") { _, caller in
      try encodedJSON(["shareLinks": try larder.shareLinks(as: caller)])
    }
    router.post("/api/v1/share-links") { request, caller in
      try encodedJSON(
        try larder.createShareLink(try body(NewShareLinkRequest.self, request), as: caller),
        status: 201)
    }
    router.delete("/api/v1/share-links/:id") { request, caller in
      try larder.revokeShareLink(id(request), as: caller)
      return HTTPResponse(status: 204)
    }
  }

  private func id(_ request: HTTPRequest) -> String { request.pathParameters["id"] ?? "" }

  private func body<Request: RequestFields>(
    _ type: Request.Type, _ request: HTTPRequest
  ) throws -> Request {
    let decoded = try Request.decode(
      json: request.body, contentType: request.headers["content-type"])
    try decoded.validate()
    return decoded
  }
}
