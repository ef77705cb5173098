import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// `POST /api/v1/import/photo[?language=de]`: a photo or scan of a recipe page as the raw body
/// (JPEG, PNG, WebP, GIF or AVIF, at most 10 MiB), read by OCR into recipe previews.
///
/// Answers 200 with `{"items": [{"recipe": {...}, "warnings": [...]}, ...], "text": "...",
/// "warnings": [...]}`: one preview per recipe on the page, its lines parsed and matched, with
/// no `id`, as `POST /api/v1/import/text` with `"save": false` answers; nothing is stored. The
/// client saves what the user keeps (`POST /api/v1/recipes`). Bytes that are not an image are
/// 422 `invalid_image`, an image the tools cannot read 422 `unreadable`, missing OCR tools 503
/// `ocr_unavailable`. OCR takes seconds, so it runs on the outbound queue (503 `busy` when
/// full), off the HTTP threads.
struct PhotoImportAPI: Sendable {
  let larder: Larder
  let outbound: OutboundQueue

  /// The path; its body limit is an image upload's.
  static let path = "/api/v1/import/photo"

  func register(in router: inout AppRouter) {
    router.post(Self.path) { request, caller in
      let options = try PhotoImportOptions.decode(query: request.query)
      let photo = PhotoImportRequest(data: request.body, language: options.language)
      return try outbound.answerLater {
        try encodedJSON(larder.importPhoto(photo, as: caller))
      }
    }
  }
}
