import Foundation

extension HTTPRequest {
  /// The fields of an HTML form's body (`application/x-www-form-urlencoded`): `+` is a space,
  /// `%XX` a byte, read as UTF-8; when a name repeats the last value wins. Nil when the body
  /// is declared as another type or is not UTF-8.
  public var formFields: [String: String]? {
    let type = (headers["content-type"] ?? "").split(separator: ";").first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    guard type == "application/x-www-form-urlencoded" else { return nil }
    guard let text = String(data: body, encoding: .utf8) else { return nil }
    var fields: [String: String] = [:]
    for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
      }
      guard let name = decode(parts[0]), !name.isEmpty else { continue }
      guard let value = parts.count > 1 ? decode(parts[1]) : "" else { return nil }
      fields[name] = value
    }
    return fields
  }

  /// The value of the named cookie, or nil.
  public func cookie(named name: String) -> String? {
    guard let header = headers["cookie"] else { return nil }
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else {
        continue
      }
      return parts[1].trimmingCharacters(in: .whitespaces)
    }
    return nil
  }
}
