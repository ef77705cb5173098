import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// Stored images: served to pages and uploaded by the web form.
///
/// - `GET /images/:id`: the image, with its content type, a year-long immutable cache and an
///   ETag (an ID's bytes never change)
/// - `GET /recipes/:id/image`: the recipe's main image, where pages show a remote one from:
///   Larder keeps a copy on first view (``Larder/recipeImage(_:as:)``), fetched on the
///   outbound queue (503 `busy` when it is full); revalidated on each use, since the recipe's
///   image may change
/// - `POST /api/v1/images`: upload raw bytes with an image Content-Type; 201 with
///   `{"id", "url", "contentType", "bytes"}` and `Location`
/// - `DELETE /api/v1/images/:id`: delete (204)
struct ImageAPI: Sendable {
  let larder: Larder
  let outbound: OutboundQueue

  func register(in router: inout AppRouter) {
    router.get("/images/:id") { request, caller in
      Self.response(
        for: try larder.image(imageID(request), as: caller), request: request,
        cacheControl: "private, max-age=31536000, immutable")
    }
    router.get("/recipes/:id/image") { request, caller in
      let id = RecipeID(rawValue: request.pathParameters["id"] ?? "")
      if let kept = try larder.recipeImageWithoutFetching(id, as: caller) {
        return Self.response(for: kept, request: request, cacheControl: "private, no-cache")
      }
      // The first view of a remote image fetches it: on the outbound queue, like a clip.
      return try outbound.answerLater {
        Self.response(
          for: try larder.recipeImage(id, as: caller), request: request,
          cacheControl: "private, no-cache")
      }
    }
    router.post("/api/v1/images") { request, caller in try upload(request, as: caller) }
    router.delete("/api/v1/images/:id") { request, caller in
      try larder.deleteImage(imageID(request), as: caller)
      return HTTPResponse(status: 204)
    }
  }

  private func imageID(_ request: HTTPRequest) -> ImageID {
    ImageID(rawValue: request.pathParameters["id"] ?? "")
  }

  /// An image's answer: its bytes with an ETag, or 304 when the browser has them. Cached
  /// privately: an image belongs to a household, so no shared cache may keep it.
  static func response(
    for image: StoredImage, request: HTTPRequest,
    cacheControl: String = "private, max-age=31536000, immutable"
  ) -> HTTPResponse {
    let tag = "\"\(image.id.rawValue)\""
    var headers = [
      "Cache-Control": cacheControl,
      // The bytes were checked to be an image; the headers every image gets (nosniff and a
      // policy under which nothing runs or frames it) are added by LarderApp.respond.
      "ETag": tag,
    ]
    let matches = request.headers["if-none-match"].map { header in
      header.split(separator: ",").contains {
        let candidate = $0.trimmingCharacters(in: .whitespaces)
        return candidate == tag || candidate == "W/" + tag || candidate == "*"
      }
    }
    if matches == true { return HTTPResponse(status: 304, headers: headers) }
    headers["Content-Type"] = image.format.contentType
    return HTTPResponse(status: 200, headers: headers, body: image.data)
  }

  private func upload(_ request: HTTPRequest, as caller: Caller) throws -> HTTPResponse {
    let stored = try larder.storeImage(
      ImageUpload(data: request.body, declaredType: request.headers["content-type"] ?? ""),
      as: caller)
    var response = try encodedJSON(stored, status: 201)
    response.headers["Location"] = stored.url
    return response
  }
}
