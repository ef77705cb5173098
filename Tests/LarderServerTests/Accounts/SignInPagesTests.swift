import Foundation
import LarderApplication
import LarderCore
import LarderHTTP
import LarderServer
import LarderTestSupport
import Testing

@Suite struct FirstRunTests {
  @Test func withNoAccountEverythingLeadsToTheSetupPage() throws {
    let web = try AccountsApp()
    let home = web.send("GET", "/")
    #expect(home.status == 303)
    #expect(home.headerValue(named: "Location") == "/setup")
    let api = web.send("GET", "/api/v1/recipes")
    #expect(api.status == 401)
    #expect(api.errorCode == "setup_required")
    #expect(web.send("GET", "/login").headerValue(named: "Location") == "/setup")
    #expect(web.send("GET", "/api/v1/health").object["status"] as? String == "ok")
    #expect(web.send("GET", "/api/v1/health").object["recipes"] == nil)
  }

  @Test func theSetupPageAnswersOnlyOnThisMachine() throws {
    let web = try AccountsApp(
      requestGuard: RequestGuard(publicURLs: [RequestGuard.Origin("https://larder.example")!]))
    #expect(web.send("GET", "/setup").status == 200)
    #expect(web.send("GET", "/setup", from: "192.168.1.20").status == 403)
    #expect(web.send("GET", "/setup", headers: ["host": "larder.example"]).status == 403)
    #expect(
      web.send("GET", "/setup", headers: ["x-forwarded-for": "203.0.113.9"]).status == 403)
    let refused = web.send(
      "POST", "/setup",
      form: [
        "login": "eve", "password": "password1", "confirm": "password1",
        "code": web.larder.accounts!.setupCode,
      ],
      from: "192.168.1.20")
    #expect(refused.status == 403)
    #expect(try web.larder.hasAccounts() == false)
  }

  @Test func settingUpSignsTheOwnerInWithASafeCookie() throws {
    let web = try AccountsApp()
    let response = web.send(
      "POST", "/setup",
      form: [
        "displayName": "Ana", "login": "ana", "password": "correct horse",
        "confirm": "correct horse", "code": web.larder.accounts!.setupCode,
      ])
    #expect(response.status == 303)
    let cookie = try #require(response.headerValue(named: "Set-Cookie"))
    #expect(cookie.contains("HttpOnly"))
    #expect(cookie.contains("SameSite=Lax"))
    #expect(cookie.contains("Path=/"))
    #expect(!cookie.contains("Secure"))
    let token = try #require(AccountsApp.sessionToken(response))
    let me = web.send("GET", "/api/v1/me", as: .init(session: token))
    #expect(me.status == 200)
    #expect((me.object["user"] as? [String: Any])?["login"] as? String == "ana")
    // Once an account exists, setup is over.
    #expect(web.send("GET", "/setup").headerValue(named: "Location") == "/login")
  }

  @Test func setupNeedsTheCodeTheServerPrinted() throws {
    let web = try AccountsApp()
    let page = web.send("GET", "/setup")
    #expect(page.text.contains("name=\"code\" required"))
    let linked = web.send("GET", "/setup", query: ["code": web.larder.accounts!.setupCode])
    #expect(linked.text.contains("type=\"hidden\" name=\"code\""))
    for code in ["", "guess", String(web.larder.accounts!.setupCode.dropLast())] {
      let refused = web.send(
        "POST", "/setup",
        form: ["login": "ana", "password": "password1", "confirm": "password1", "code": code])
      #expect(refused.status == 422)
      #expect(refused.text.contains("is not the setup code"))
    }
    #expect(try web.larder.hasAccounts() == false)
    #expect(
      LarderApp.redactedForLog("/setup?code=abc&x=1") == "/setup?code=…&x=1")
    #expect(LarderApp.redactedForLog("/join/SECRET") == "/join/…")
    #expect(LarderApp.redactedForLog("/s/SECRET/image") == "/s/…/image")
    #expect(
      LarderApp.redactedForLog("/login?next=%2Fjoin%2FSECRET") == "/login?next=…")
  }

  @Test func setupFormErrorsAreShownAndNothingIsMade() throws {
    let web = try AccountsApp()
    let mismatch = web.send(
      "POST", "/setup",
      form: [
        "login": "ana", "password": "password1", "confirm": "password2",
        "code": web.larder.accounts!.setupCode,
      ])
    #expect(mismatch.status == 422)
    #expect(mismatch.text.contains("The two passwords differ."))
    let short = web.send(
      "POST", "/setup",
      form: [
        "login": "ana", "password": "short", "confirm": "short",
        "code": web.larder.accounts!.setupCode,
      ])
    #expect(short.status == 422)
    #expect(short.text.contains("needs at least 8 characters"))
    #expect(try web.larder.hasAccounts() == false)
  }

  @Test func behindAnHTTPSProxyTheCookieIsSecure() throws {
    let web = try AccountsApp(
      requestGuard: RequestGuard(
        publicURLs: [RequestGuard.Origin("https://larder.example")!],
        trustedProxies: TrustedProxies([TrustedProxies.Network("127.0.0.1")!])))
    _ = try web.larder.createFirstOwner(
      NewAccountRequest(login: "ana", password: "correct horse"),
      setupCode: web.larder.accounts!.setupCode,
      client: ClientInfo(address: "127.0.0.1", userAgent: ""))
    let response = web.send(
      "POST", "/login", form: ["login": "ana", "password": "correct horse"],
      headers: [
        "host": "larder.example", "origin": "https://larder.example",
        "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.5",
      ])
    #expect(response.status == 303)
    let cookie = try #require(response.headerValue(named: "Set-Cookie"))
    #expect(cookie.hasPrefix("__Host-larder_session="))
    #expect(cookie.contains("; Secure"))
    #expect(response.headerValue(named: "Strict-Transport-Security") == "max-age=31536000")
    // The session remembers the client, not the proxy.
    let sessions = try web.larder.accounts!.store.sessions(
      user: try #require(try web.larder.accounts!.store.user(login: "ana")).id)
    #expect(sessions.map(\.clientAddress).sorted() == ["127.0.0.1", "203.0.113.5"])
  }
}

@Suite struct SignInPagesTests {
  func ready() throws -> AccountsApp {
    let web = try AccountsApp()
    _ = try web.larder.createFirstOwner(
      NewAccountRequest(login: "ana", displayName: "Ana", password: "correct horse"),
      setupCode: web.larder.accounts!.setupCode,
      client: ClientInfo(address: "127.0.0.1", userAgent: ""))
    return web
  }

  @Test func signedOutPagesGoToSignInAndComeBack() throws {
    let web = try ready()
    let library = web.send("GET", "/library", query: ["q": "soup"])
    #expect(library.status == 303)
    #expect(library.headerValue(named: "Location") == "/login?next=%2Flibrary%3Fq%3Dsoup")
    let page = web.send("GET", "/login", query: ["next": "/library?q=soup"])
    #expect(page.status == 200)
    #expect(page.text.contains("name=\"next\" value=\"/library?q=soup\""))
    let signedIn = web.send(
      "POST", "/login",
      form: ["login": "Ana", "password": "correct horse", "next": "/library?q=soup"])
    #expect(signedIn.status == 303)
    #expect(signedIn.headerValue(named: "Location") == "/library?q=soup")
  }

  @Test(arguments: [
    "//evil.example/", "https://evil.example/", "/\\evil.example", "library", "/\t/evil.example",
    "/\t\\evil", "/\n/evil.example", "/ /evil.example", "/\u{2028}/evil",
  ])
  func signInNeverSendsYouToAnotherSite(next: String) throws {
    let web = try ready()
    let response = web.send(
      "POST", "/login", form: ["login": "ana", "password": "correct horse", "next": next])
    #expect(response.headerValue(named: "Location") == "/")
  }

  @Test func aWrongPasswordShowsTheFormAgainWithoutSayingWhichWasWrong() throws {
    let web = try ready()
    for login in ["ana", "nobody"] {
      let response = web.send("POST", "/login", form: ["login": login, "password": "nope nope"])
      #expect(response.status == 401)
      #expect(response.text.contains("that name and password do not match an account"))
      #expect(response.headerValue(named: "Set-Cookie") == nil)
    }
  }

  @Test func guessingIsSlowedAndSaysWhenToTryAgain() throws {
    let web = try ready()
    for _ in 0..<5 {
      _ = web.send("POST", "/login", form: ["login": "ana", "password": "guess"])
    }
    let slowed = web.send("POST", "/login", form: ["login": "ana", "password": "correct horse"])
    #expect(slowed.status == 429)
    #expect(slowed.headerValue(named: "Retry-After") == "1")
    let api = web.send("GET", "/api/v1/recipes")
    #expect(api.status == 401)
  }

  @Test func signingOutNeedsTheFormTokenAndEndsTheSession() throws {
    let web = try ready()
    let ana = try web.signIn("ana", "correct horse")
    var forged = ana
    forged.formToken = "not-the-token"
    let refused = web.send("POST", "/logout", form: [:], as: forged)
    #expect(refused.status == 403)
    #expect(web.send("GET", "/api/v1/me", as: ana).status == 200)
    let out = web.send("POST", "/logout", form: [:], as: ana)
    #expect(out.status == 303)
    #expect(out.headerValue(named: "Set-Cookie")?.contains("Max-Age=0") == true)
    #expect(out.headerValue(named: "Clear-Site-Data") == #""cache", "storage""#)
    #expect(web.send("GET", "/api/v1/me", as: ana).status == 401)
    #expect(
      web.send("GET", "/", as: ana).headerValue(named: "Location")?.hasPrefix("/login") == true)
  }

  @Test func aBrowsersUploadMustCarryTheFormToken() throws {
    let web = try ready()
    let ana = try web.signIn("ana", "correct horse")
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
    let bare = web.send(
      "POST", "/api/v1/images", body: png, headers: ["content-type": "image/png"],
      as: .init(session: ana.session))
    #expect(bare.status == 403)
    let withToken = web.send(
      "POST", "/api/v1/images", body: png,
      headers: ["content-type": "image/png", "x-larder-form-token": ana.formToken ?? ""],
      as: ana)
    #expect(withToken.status != 403)
    // A script's bearer token needs no form token: another site cannot send it.
    let token = try web.larder.createAPIToken(
      NewAPITokenRequest(name: "uploader"), as: web.larder.authenticate(sessionToken: ana.session!))
    let scripted = web.send(
      "POST", "/api/v1/images", body: png, headers: ["content-type": "image/png"],
      as: .init(bearer: token.token))
    #expect(scripted.status != 403)
  }

  @Test func theAccountPageListsSessionsAndMakesATokenShownOnce() throws {
    let web = try ready()
    let ana = try web.signIn("ana", "correct horse")
    let page = web.send("GET", "/account", as: ana)
    #expect(page.status == 200)
    #expect(page.text.contains("Signed in as <strong>Ana</strong>"))
    #expect(page.text.contains("(this one)"))
    let made = web.send(
      "POST", "/account/tokens", form: ["name": "shopping script", "readOnly": "true"], as: ana)
    #expect(made.status == 200)
    let token = try #require(
      made.text.components(separatedBy: "value=\"").dropFirst().first {
        $0.hasPrefix(Larder.apiTokenPrefix)
      }?.prefix { $0 != "\"" })
    let read = web.send("GET", "/api/v1/recipes", as: .init(bearer: String(token)))
    #expect(read.status == 200)
    let write = web.send(
      "POST", "/api/v1/recipes", json: #"{"name": "Toast"}"#, as: .init(bearer: String(token)))
    #expect(write.status == 403)
    #expect(write.errorCode == "forbidden")
    let again = web.send("GET", "/account", as: ana)
    #expect(again.text.contains("shopping script"))
    #expect(!again.text.contains(String(token)))
  }
}
