import Foundation
import LarderApplication
import LarderHTTP

/// Each signed-in user's own settings over HTTP:
///
/// - `GET /api/v1/settings`: `{"staples", "diets", "units", "unknownStaples", "isStored"}`, the
///   usual ones (`isStored` false) until the user saves some
/// - `PUT /api/v1/settings` `{"staples", "diets", "units"}`: replace them; an unknown diet or
///   unit is 422 `invalid_field`, an unknown staple is left out and named in `unknownStaples`
struct SettingsAPI {
  let larder: Larder

  func register(in router: inout AppRouter) {
    router.get("/api/v1/settings") { request, caller in
      try encodedJSON(larder.userSettings(as: caller))
    }
    router.put("/api/v1/settings") { request, caller in
      try encodedJSON(
        larder.saveUserSettings(
          try UserSettingsRequest.decode(
            json: request.body, contentType: request.headers["content-type"]),
          as: caller))
    }
  }
}
