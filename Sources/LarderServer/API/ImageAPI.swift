import Foundation
import LarderCore
import LarderHTTP

/// Stored images: served to pages and uploaded by the web form.
///
/// - `GET /images/:id`: the image, with its content type, a year-long immutable cache and an
///   ETag (an ID's bytes never change)
/// - `POST /api/v1/images`: upload raw bytes with an image Content-Type; 201 with
///   `{"id", "url", "contentType", "bytes"}` and `Location`
/// - `DELETE /api/v1/images/:id`: delete (204)
struct ImageAPI: Sendable {
  let images: (any ImageStore)?
  let household: HouseholdID
  let clock: @Sendable () -> Date

  func register(in router: inout Router) {
    router.get("/images/:id") { request in try serve(request) }
    router.post("/api/v1/images") { request in try upload(request) }
    router.delete("/api/v1/images/:id") { request in
      try store().deleteImage(
        id: ImageID(rawValue: request.pathParameters["id"] ?? ""),
        household: household)
      return HTTPResponse(status: 204)
    }
  }

  private func store() throws -> any ImageStore {
    guard let images else {
      throw LarderServerError(
        status: 404, code: "not_found", message: "this server does not store images")
    }
    return images
  }

  private func serve(_ request: HTTPRequest) throws -> HTTPResponse {
    let id = ImageID(rawValue: request.pathParameters["id"] ?? "")
    guard let image = try store().image(id: id, household: household) else {
      throw LarderCoreError.imageNotFound(id)
    }
    let tag = "\"\(image.id.rawValue)\""
    var headers = [
      "Cache-Control": "public, max-age=31536000, immutable",
      "ETag": tag,
      // The bytes were checked to be an image; these stop a browser from treating them as
      // anything else.
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
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

  private func upload(_ request: HTTPRequest) throws -> HTTPResponse {
    let type = request.headers["content-type"] ?? ""
    let media =
      type.split(separator: ";").first.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      } ?? ""
    guard media.hasPrefix("image/") else {
      throw LarderServerError(
        status: 415, code: "unsupported_media_type",
        message: "expected an image body (Content-Type: image/jpeg, image/png, image/webp, "
          + "image/gif or image/avif), got '\(type)'")
    }
    guard !request.body.isEmpty else {
      throw LarderServerError(
        status: 400, code: "empty_body", message: "the request needs the image's bytes")
    }
    let id = try store().putImage(
      request.body, declaredType: media, household: household, now: clock())
    let format = try store().image(id: id, household: household)?.format
    let body: [String: Any] = [
      "id": id.rawValue, "url": id.path, "contentType": format?.contentType ?? media,
      "bytes": request.body.count,
    ]
    var response = try JSONValue.response(body, status: 201)
    response.headers["Location"] = id.path
    return response
  }
}
