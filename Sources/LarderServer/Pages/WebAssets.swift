import Foundation
import LarderHTTP

/// The web app's static files (stylesheet, JavaScript modules, icons, manifest, service
/// worker), shipped as this module's `Resources/web` folder and read once at start-up.
///
/// Each answer carries an ETag, so a browser revalidates with `If-None-Match` and gets a 304
/// when nothing changed; `no-cache` makes it check on every load, which keeps unversioned file
/// names safe after an upgrade.
struct WebAssets: Sendable {
  /// A file ready to serve.
  struct Asset: Sendable {
    let body: Data
    let contentType: String
    let etag: String
  }

  let files: [String: Asset]

  /// The shipped files.
  static let bundled = WebAssets(folder: Bundle.module.resourceURL?.appendingPathComponent("web"))

  init(folder: URL?) {
    var files: [String: Asset] = [:]
    if let folder,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    {
      for name in names {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else {
          continue
        }
        files[name] = Asset(
          body: data, contentType: Self.contentType(of: name), etag: Self.etag(of: data))
      }
    }
    self.files = files
  }

  func register(in router: inout PublicRouter) {
    router.get("/static/*path") { request, _ in
      try serve(request.pathParameters["path"] ?? "", request)
    }
    // The service worker must sit at the root to control every page; the manifest sits beside it.
    router.get("/sw.js") { request, _ in
      var response = try serve("sw.js", request)
      response.headers["Service-Worker-Allowed"] = "/"
      return response
    }
    router.get("/manifest.webmanifest") { request, _ in try serve("manifest.webmanifest", request) }
    // What the service worker shows for a page it has no copy of, offline; public, so the worker
    // can keep it whoever is signed in.
    router.get("/offline") { _, _ in .html(PageLayout.offlinePage) }
    router.get("/favicon.ico") { request, _ in try serve("icon.svg", request) }
  }

  func serve(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
    guard let asset = files[name] else {
      throw LarderServerError(status: 404, code: "not_found", message: "no such file: \(name)")
    }
    var headers = [
      "Content-Type": asset.contentType, "ETag": asset.etag, "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    ]
    if let match = request.headers["if-none-match"],
      match.split(separator: ",").contains(where: {
        $0.trimmingCharacters(in: .whitespaces) == asset.etag
      })
    {
      headers["Content-Type"] = nil
      return HTTPResponse(status: 304, headers: headers)
    }
    return HTTPResponse(status: 200, headers: headers, body: asset.body)
  }

  static func contentType(of name: String) -> String {
    switch (name as NSString).pathExtension.lowercased() {
    case "css": "text/css; charset=utf-8"
    case "js", "mjs": "text/javascript; charset=utf-8"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "webmanifest": "application/manifest+json"
    case "json": "application/json; charset=utf-8"
    case "html": "text/html; charset=utf-8"
    case "txt": "text/plain; charset=utf-8"
    default: "application/octet-stream"
    }
  }

  /// A strong validator: FNV-1a over the bytes, quoted as RFC 9110 asks.
  static func etag(of data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return "\"" + String(hash, radix: 16) + "-" + String(data.count, radix: 16) + "\""
  }
}
