import Foundation

/// Orders a recipe's images so that the main one comes first: the largest the page declares
/// or its address shows, not the first thumbnail of a list.
///
/// Sizes come from JSON-LD `ImageObject` width and height, else from the address
/// ("-150x150.jpg", "/crop-960x720/", "?w=300"). An address whose sized variants are also in
/// the list ("photo.jpg" beside "photo-150x150.jpg") is the original and ranks above them; an
/// image of unknown size counts as a full-size one (1000 × 1000). When the best image is still
/// a thumbnail (under 300 × 300) the page's `og:image` goes first; ties keep the page's order.
enum ImageRanking {
  /// Below this many pixels an image is a thumbnail.
  static let thumbnailArea = 300 * 300
  /// What an image of unknown size is taken to be.
  static let unknownArea = 1000 * 1000

  /// `images` with the main image first.
  static func ranked(
    _ images: [String], declaredAreas: [String: Int], pageImage: String?
  )
    -> [String]
  {
    var result = images
    if images.count > 1 {
      let stems = Set(images.compactMap { sizedStem($0) })
      func area(_ image: String) -> Int {
        if let declared = declaredAreas[image], declared > 0 { return declared }
        if let shown = areaInAddress(image) { return shown }
        // The original of resized copies is larger than any of them.
        return stems.contains(image) ? Int.max / 2 : unknownArea
      }
      let areas = images.map(area)
      result = images.indices.sorted { left, right in
        areas[left] != areas[right] ? areas[left] > areas[right] : left < right
      }.map { images[$0] }
    }
    if let pageImage, !pageImage.isEmpty, let first = result.first, first != pageImage {
      let firstArea = declaredAreas[first] ?? areaInAddress(first)
      if let firstArea, firstArea < thumbnailArea {
        result.removeAll { $0 == pageImage }
        result.insert(pageImage, at: 0)
      }
    }
    return result
  }

  /// The pixels an address names: the last "WxH" of its path, else `w=`/`width=` (squared)
  /// in its query.
  static func areaInAddress(_ address: String) -> Int? {
    sizeInAddress(address).map { $0.width * $0.height }
  }

  /// The width an address names (``areaInAddress(_:)``'s sources).
  static func widthInAddress(_ address: String) -> Int? { sizeInAddress(address)?.width }

  /// The width and height an address's path names ("-620x413", "w1200-h630"), or nil.
  static func sizeInPath(_ address: String) -> (width: Int, height: Int)? {
    let withoutQuery = address.split(separator: "?", maxSplits: 1)
    guard let first = withoutQuery.first else { return nil }
    let path = first.split(separator: "/")
    let segments = first.contains("://") ? path.dropFirst(2) : path[...]
    for segment in segments.reversed() {
      if let size = lastSize(in: segment) ?? resizingSegment(segment) { return size }
    }
    return nil
  }

  /// The size an address names: the last "WxH" of its path, else `w=`/`width=` in its query
  /// (as a square).
  private static func sizeInAddress(_ address: String) -> (width: Int, height: Int)? {
    if let size = sizeInPath(address) { return size }
    let withoutQuery = address.split(separator: "?", maxSplits: 1)
    if withoutQuery.count > 1 {
      for pair in withoutQuery[1].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, ["w", "width", "imwidth"].contains(parts[0].lowercased()),
          let width = Int(parts[1]), width > 0, width < 20_000
        else { continue }
        return (width, width)
      }
    }
    return nil
  }

  /// The size a resizing image host writes as a path segment of its own: "s1600" (the longer
  /// side) or "w1200-h630", optionally followed by more options ("w1200-h630-p-k-no-nu").
  private static func resizingSegment(_ segment: Substring) -> (Int, Int)? {
    let options = segment.split(separator: "-")
    func number(_ option: Substring?, after prefix: Character) -> Int? {
      guard let option, option.first == prefix, (3...6).contains(option.count) else { return nil }
      return Int(option.dropFirst()).flatMap { $0 > 0 ? $0 : nil }
    }
    if let side = number(options.first, after: "s") { return (side, side) }
    if let width = number(options.first, after: "w"),
      let height = number(options.dropFirst().first, after: "h")
    {
      return (width, height)
    }
    return nil
  }

  /// The last "640x480" in `text`, each side 2 to 5 digits.
  private static func lastSize(in text: Substring) -> (Int, Int)? {
    let characters = Array(text)
    var found: (Int, Int)?
    var index = 0
    while index < characters.count {
      guard characters[index] == "x" || characters[index] == "×" else {
        index += 1
        continue
      }
      var start = index
      while start > 0, characters[start - 1].isASCII, characters[start - 1].isNumber {
        start -= 1
      }
      var end = index + 1
      while end < characters.count, characters[end].isASCII, characters[end].isNumber {
        end += 1
      }
      let width = index - start
      let height = end - index - 1
      if (2...5).contains(width), (2...5).contains(height),
        let w = Int(String(characters[start..<index])),
        let h = Int(String(characters[(index + 1)..<end])), w > 0, h > 0
      {
        found = (w, h)
      }
      index += 1
    }
    return found
  }

  /// "photo.jpg" for "photo-150x150.jpg": the address without a WordPress-style size suffix.
  static func sizedStem(_ address: String) -> String? {
    guard let dot = address.lastIndex(of: "."), let dash = address[..<dot].lastIndex(of: "-")
    else { return nil }
    let size = address[address.index(after: dash)..<dot]
    let parts = size.split(separator: "x")
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    else { return nil }
    return String(address[..<dash] + address[dot...])
  }

  /// Every image object's declared area in a JSON-LD value, by its resolved address.
  static func declaredAreas(in json: Any, resolve: (String) -> String) -> [String: Int] {
    var areas: [String: Int] = [:]
    var stack: [(Any, Int)] = [(json, 0)]
    while let (value, depth) = stack.popLast() {
      guard depth < 64 else { continue }
      if let array = value as? [Any] {
        stack += array.map { ($0, depth + 1) }
      } else if let object = value as? [String: Any] {
        if let address = (object["url"] ?? object["contentUrl"]) as? String,
          let width = dimension(object["width"]), let height = dimension(object["height"])
        {
          areas[resolve(address)] = width * height
        }
        stack += object.values.map { ($0, depth + 1) }
      }
    }
    return areas
  }

  /// 1200, "1200", "1200px" or {"@type": "QuantitativeValue", "value": 1200}.
  private static func dimension(_ value: Any?) -> Int? {
    switch value {
    case let number as NSNumber:
      let double = number.doubleValue
      return double.isFinite && double > 0 && double < 100_000 ? Int(double) : nil
    case let text as String:
      return Int(text.prefix { $0.isNumber }).flatMap { $0 > 0 && $0 < 100_000 ? $0 : nil }
    case let object as [String: Any]:
      return dimension(object["value"])
    default:
      return nil
    }
  }

  /// The widest candidate of a `srcset` ("a.jpg 640w, b.jpg 1280w" → b.jpg; "2x" counts as
  /// wider than "1x"), or nil when it names none with a width or density.
  static func widest(inSrcset value: String) -> String? {
    var best: (address: String, size: Double)?
    for candidate in candidates(inSrcset: value) {
      guard let size = candidate.size, size > 0 else { continue }
      if size > (best?.size ?? 0) { best = (candidate.address, size) }
    }
    return best?.address
  }

  /// The candidates of a `srcset`, each address with its descriptor: `unit` "w" for a width,
  /// "x" for a density, nil (and no size) when it gives none or one that is not a number.
  static func candidates(
    inSrcset value: String
  ) -> [(address: String, size: Double?, unit: Character?)] {
    // As HTML reads it: an address is a run of non-space characters (commas inside it stay,
    // as "c_fill,w_1200" in an image server's path), a comma ending it ends the candidate;
    // else its descriptor runs to the next comma.
    var result: [(address: String, size: Double?, unit: Character?)] = []
    var rest = Substring(value)
    while true {
      rest = rest.drop { $0.isWhitespace || $0 == "," }
      guard !rest.isEmpty else { break }
      var address = rest.prefix { !$0.isWhitespace }
      rest = rest.dropFirst(address.count)
      var descriptor: Substring = ""
      if address.hasSuffix(",") {
        address = address.dropLast()
        while address.hasSuffix(",") { address = address.dropLast() }
      } else {
        descriptor = rest.prefix { $0 != "," }
        rest = rest.dropFirst(descriptor.count)
      }
      let parts = descriptor.split(whereSeparator: \.isWhitespace)
      if parts.count == 1, let unit = parts[0].last, unit == "w" || unit == "x",
        let size = Double(parts[0].dropLast())
      {
        result.append((String(address), size, unit))
      } else {
        result.append((String(address), nil, nil))
      }
    }
    return result
  }
}
