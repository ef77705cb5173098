import Foundation

/// The sizes a page offers of its pictures, for taking the main photo at the largest: a
/// recipe's image is often the page's 800-pixel rendition while the same `<img>` lists a
/// 1600-pixel one in its `srcset`, links to the original ("<a href="dish_original.jpg"><img
/// src="dish_800.jpg"></a>", a lightbox), or the page's `og:image` is the same file at twice
/// the size ("dish-1240x826.jpg" beside "dish-620x413.jpg").
///
/// A rendition counts as the same picture when its address is the image's, or differs only in
/// its query ("?width=800") or in a size suffix ("-620x413"). Only renditions at least a
/// tenth wider replace the image; a picture's linked original is taken as larger than any of
/// its renditions.
struct PhotoRenditions {
  /// One `<img>` of the page: every address it names, the widest of its `srcset` with that
  /// width, and the picture file its link opens, if any.
  struct Picture {
    var addresses: [String]
    var widest: (address: String, width: Double)?
    var linked: String?
    /// The addresses the picture is known by (``PhotoRenditions/init(document:resolve:)``).
    var names: [String] = []

    /// Each name with the original a proxy wraps in its place, and what it is compared by.
    var renditions: [Rendition] {
      names.map { address in
        let original = PhotoRenditions.wrappedOriginal(address)
        let shown = original ?? address
        return Rendition(address: shown, wrapsOriginal: original != nil, identity: Identity(shown))
      }
    }
  }

  /// An address a picture shows, read once.
  struct Rendition {
    var address: String
    var wrapsOriginal: Bool
    var identity: Identity
  }

  /// What ``samePicture(_:_:)`` compares: the picture's key, and its folder when its file
  /// name is nothing but sizes.
  struct Identity {
    var key: String
    var folder: String
    var nameless: Bool

    init(_ address: String) {
      key = PhotoRenditions.pictureKey(address)
      // (Empty parts kept, so that the folder is a prefix of the address: "https://…".)
      folder = (address.split(separator: "?").first ?? "")
        .split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/").lowercased()
      nameless = (key.split(separator: "/").last ?? "").hasPrefix(".")
    }

    func matches(_ other: Identity) -> Bool {
      if key == other.key { return true }
      return (nameless || other.nameless) && folder == other.folder
    }
  }

  /// At most this many pictures are looked at: a page's main photo comes early.
  static let maximumPictures = 400

  let pictures: [Picture]

  init(document: MarkupDocument, resolve: (String) -> String) {
    var pictures: [Picture] = []
    for element in document.root?.descendants() ?? []
    where element.name == "img" || element.name == "amp-img" {
      guard pictures.count < Self.maximumPictures else { break }
      var addresses: [String] = []
      for name in ["src", "data-src", "data-lazy-src", "data-original", "data-image"] {
        if let value = element.attribute(name), !value.isEmpty, !value.hasPrefix("data:") {
          addresses.append(resolve(value))
        }
      }
      // The addresses an attribute names whole; the srcset's are sizes of the same picture.
      let named = addresses.count
      var widest: (address: String, width: Double)?
      // A <picture>'s <source> elements offer the same photo in other sizes (the HTML parser
      // may nest the <img> inside them, as it does not know them as empty).
      var sources: [MarkupNode] = []
      var container = element.parent
      for _ in 0..<4 {
        guard let node = container else { break }
        if node.name == "picture" {
          sources = node.descendants().filter { $0.name == "source" }
          break
        }
        container = node.parent
      }
      for source in [element] + sources {
        for name in ["srcset", "data-srcset", "data-lazy-srcset"] {
          guard let value = source.attribute(name) else { continue }
          for candidate in ImageRanking.candidates(inSrcset: value) {
            let address = resolve(candidate.address)
            addresses.append(address)
            guard candidate.unit == "w", let width = candidate.size else { continue }
            if width > widest?.width ?? 0 { widest = (address, width) }
          }
        }
      }
      guard !addresses.isEmpty else { continue }
      var linked: String?
      var ancestor = element.parent
      for _ in 0..<2 {
        guard let node = ancestor else { break }
        if node.name == "a", let href = node.attribute("href"), Self.isPictureFile(href) {
          linked = resolve(href)
          break
        }
        ancestor = node.parent
      }
      var picture = Picture(addresses: addresses, widest: widest, linked: linked)
      // What the picture is known by: the addresses its attributes name and its widest size
      // (each srcset entry is a size of the same picture, looked at only once it matches).
      picture.names = Array(addresses[..<named]) + (widest.map { [$0.address] } ?? [])
      pictures.append(picture)
    }
    self.pictures = pictures
  }

  /// Whether a file name ends in the shape it was cropped to ("dish-1x1.jpg", "dish_16x9.jpg").
  static func isShapeCrop(_ address: String) -> Bool {
    let path = address.split(separator: "?").first ?? ""
    guard let file = path.split(separator: "/").last else { return false }
    let stem = file.split(separator: ".").first ?? file
    guard let last = stem.split(whereSeparator: { $0 == "-" || $0 == "_" }).last else {
      return false
    }
    return sides(of: last).map { $0.count <= 2 && $1.count <= 2 } == true
  }

  /// The two numbers of a word written "WxH" ("1200x630", "16x9"), or nil.
  private static func sides(of word: Substring) -> (Substring, Substring)? {
    let sides = word.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard sides.count == 2, sides.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    else { return nil }
    return (sides[0], sides[1])
  }

  /// Whether an address names a picture file by its extension.
  static func isPictureFile(_ address: String) -> Bool {
    let path = (address.split(separator: "?").first.map(String.init) ?? address).lowercased()
    return [".jpg", ".jpeg", ".png", ".webp"].contains(where: path.hasSuffix)
  }

  /// What the renditions of one picture share: the host and the file name without the sizes
  /// written into it ("dish-620x413.jpg", "dish_1200x630.jpg", "dish-1x1-1200.jpg",
  /// "dish-2048.jpg" are "dish.jpg"), whatever the folders ("styles/og_1200x630/…") and query.
  static func pictureKey(_ address: String) -> String {
    let bare = String(address.split(separator: "#").first ?? "")
    let path = String(bare.split(separator: "?").first ?? "")
    let host = path.components(separatedBy: "://").last?.split(separator: "/").first ?? ""
    guard let file = path.split(separator: "/").last, path.contains("/") else { return path }
    let dot = file.lastIndex(of: ".") ?? file.endIndex
    var stem = file[..<dot]
    // "dish-lede.1x1.w1200.jpg", "dish-lede.rhorizontal.w2200.jpg": qualifiers after the name's
    // first dot that say a width are a rendition's, and so is the rest of what they qualify.
    let qualifiers = stem.split(separator: ".")
    if qualifiers.count >= 2, qualifiers[0].contains(where: { $0 == "-" || $0 == "_" }),
      qualifiers.dropFirst().contains(where: { Self.widthMark($0) != nil })
    {
      stem = qualifiers[0]
    }
    let words = stem.split(whereSeparator: { $0 == "-" || $0 == "_" })
      .filter { !Self.isSizeWord($0) }
    return "\(host)/\(words.joined(separator: "-"))\(file[dot...])".lowercased()
  }

  /// "1200x630", "1x1", "2048", "og", "crop": a word of a file name that says its size, its
  /// use or how it was cut from the photo.
  private static func isSizeWord(_ word: Substring) -> Bool {
    if ["og", "crop", "cropped", "fill", "fit", "resize", "resized", "scaled"].contains(
      word.lowercased())
    {
      return true
    }
    if sides(of: word) != nil { return true }
    return (3...4).contains(word.count) && word.allSatisfy(\.isNumber)
  }

  /// The width a word of a file name says by its mark: "w1200" is 1200.
  static func widthMark(_ word: Substring) -> Int? {
    guard word.first == "w", (4...5).contains(word.count), word.dropFirst().allSatisfy(\.isNumber)
    else { return nil }
    return Int(word.dropFirst())
  }

  /// The width an address names: as ``ImageRanking/widthInAddress(_:)``, or a path segment
  /// of a width alone ("/750x/", as image resizers write it).
  static func width(of address: String) -> Int? {
    if let width = ImageRanking.widthInAddress(address) { return width }
    let parts = address.split(separator: "?", maxSplits: 1)
    let path = parts.first ?? ""
    // "?wid=1920&hei=1280" (an image server's), "?format=2500w": a width in the query.
    if parts.count == 2 {
      for pair in parts[1].split(separator: "&") {
        let keyValue = pair.split(separator: "=", maxSplits: 1)
        guard keyValue.count == 2 else { continue }
        let value = keyValue[1]
        if keyValue[0].lowercased() == "wid", let width = Int(value), width > 0, width < 20_000 {
          return width
        }
        if value.last == "w", (3...4).contains(value.count - 1),
          let width = Int(value.dropLast())
        {
          return width
        }
      }
    }
    // ".../w_1600,c_limit/...": a resizer's width among its options.
    for segment in path.split(separator: "/").reversed() where segment.contains(",") {
      for option in segment.split(separator: ",") where option.hasPrefix("w_") {
        if let width = Int(option.dropFirst(2)), width > 0, width < 20_000 { return width }
      }
    }
    // "dish-2048.jpg", ".../styles/article_1920/...": a width alone after a dash or underscore,
    // in the file name or a folder's.
    for segment in path.split(separator: "/").reversed() {
      let stem = segment.split(separator: ".").first ?? segment
      let last = stem.split(whereSeparator: { $0 == "-" || $0 == "_" }).last ?? ""
      if last.count < stem.count, (3...4).contains(last.count), last.allSatisfy(\.isNumber),
        let width = Int(last)
      {
        return width
      }
    }
    // "dish-lede.16x9.w1200.jpg": a width marked among a file name's dotted qualifiers.
    if let file = path.split(separator: "/").last {
      for word in file.split(separator: ".").dropFirst().reversed() {
        if let width = Self.widthMark(word) { return width }
      }
    }
    // "/size/w1200/": a folder that is the width, as blog platforms resize.
    for segment in path.split(separator: "/").reversed()
    where segment.first == "w" && (4...5).contains(segment.count)
      && segment.dropFirst().allSatisfy(\.isNumber)
    {
      return Int(segment.dropFirst())
    }
    for segment in path.split(separator: "/").reversed() where segment.last == "x" {
      let digits = segment.dropLast()
      if (2...5).contains(digits.count), digits.allSatisfy(\.isASCII), let width = Int(digits) {
        return width
      }
    }
    return nil
  }

  /// The widths two addresses differ in, when they differ only there, in one run of digits that
  /// is a folder or follows a width's mark ("…/800/dish.jpg" and "…/1600/dish.jpg",
  /// "resize:fit:1200" and "resize:fit:1400"); nil otherwise.
  static func differingNumbers(_ one: String, _ other: String) -> (Int, Int)? {
    let a = Array(one.utf8)
    let b = Array(other.utf8)
    var start = 0
    while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
    guard start < a.count, start < b.count else { return nil }
    var endA = a.count
    var endB = b.count
    while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
      endA -= 1
      endB -= 1
    }
    func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    // Widen to the whole run of digits on both sides of the difference.
    while start > 0, isDigit(a[start - 1]) { start -= 1 }
    while endA < a.count, isDigit(a[endA]), endB < b.count, isDigit(b[endB]) {
      endA += 1
      endB += 1
    }
    let digitsA = a[start..<endA]
    let digitsB = b[start..<endB]
    // Only a number that says it is a width: a folder of its own ("/800/"), or one after a
    // width's mark ("fit:1200", "w_1200", "w-1200"); "406.305" in a file name may be a height.
    let before = String(decoding: a[..<start].suffix(4), as: UTF8.self).lowercased()
    let wholeFolder = before.hasSuffix("/") && endA < a.count && a[endA] == UInt8(ascii: "/")
    guard wholeFolder || ["fit:", "w_", "w-", "/w"].contains(where: before.hasSuffix) else {
      return nil
    }
    guard (2...5).contains(digitsA.count), (2...5).contains(digitsB.count),
      digitsA.allSatisfy(isDigit), digitsB.allSatisfy(isDigit),
      let first = Int(String(decoding: digitsA, as: UTF8.self)),
      let second = Int(String(decoding: digitsB, as: UTF8.self))
    else { return nil }
    return (first, second)
  }

  /// The original an image address wraps, when a resizing proxy names it: percent-encoded in
  /// the path ("…/fetch/w_1200,c_fill/https%3A%2F%2Fmedia.example%2Fdish.jpeg") or as the
  /// `url` of the query ("/_next/image?url=%2Fimages%2Fdish.jpg&w=1080", resolved against the
  /// address).
  static func wrappedOriginal(_ address: String) -> String? {
    let parts = address.split(separator: "?", maxSplits: 1)
    if let path = parts.first,
      let start = path.range(of: "https%3A%2F%2F")
        ?? path.range(
          of: "http%3A%2F%2F")
    {
      let original = String(path[start.lowerBound...]).removingPercentEncoding
      return original.flatMap { isPictureFile($0) ? $0 : nil }
    }
    // "media/dish~mv2.jpg/v1/fill/w_1000,h_667/dish~mv2.jpg": the file named twice, the
    // first time as the original the rest of the path resizes.
    if let path = parts.first, let file = path.split(separator: "/").last,
      isPictureFile(
        String(file)), let first = path.range(of: "/\(file)/")
    {
      return String(path[..<first.lowerBound]) + "/" + file
    }
    guard parts.count == 2 else { return nil }
    // Only a path on the same site, or the address of Next.js's image optimizer, which serves
    // the picture it names resized: another service's url= may serve a changed picture.
    let optimizer = parts[0].hasSuffix("/_next/image")
    for pair in parts[1].split(separator: "&") where pair.hasPrefix("url=") {
      guard let value = String(pair.dropFirst(4)).removingPercentEncoding,
        optimizer || (value.hasPrefix("/") && !value.hasPrefix("//")), isPictureFile(value),
        let resolved = URL(string: value, relativeTo: URL(string: address))
      else { continue }
      return resolved.absoluteString
    }
    return nil
  }

  /// Whether an address looks like a site's stand-in picture rather than a photo of the dish
  /// ("share-default.png", "placeholder.jpg", "logo.png", "apple-touch-icon.png").
  static func isStandIn(_ address: String) -> Bool {
    let file = (address.split(separator: "?").first ?? "").split(separator: "/").last ?? ""
    let lowered = file.lowercased()
    // ("apple-touch-icon.png", "favicon-192.png": the site's icon; "dining-share.png": a
    // drawing made for sharing, where photos are JPEGs.)
    let words = lowered.split(whereSeparator: { "-_.@".contains($0) })
    if lowered.hasSuffix(".png"), words.contains(where: { $0 == "share" || $0 == "social" }) {
      return true
    }
    return ["default", "placeholder", "logo", "fallback", "touch-icon", "favicon"].contains(
      where: lowered.contains)
  }

  /// Whether `address` is a rendition an image service named after `original`, in its folder:
  /// the original's file name with more after it ("dish.jpg" and
  /// "dish_hu3f9a_1200x630_fill_q80.jpg", "dish-scaled.jpg").
  static func isRendition(_ address: String, of original: String) -> Bool {
    func split(_ address: String) -> (folder: Substring, stem: Substring)? {
      let path = address.split(separator: "?").first ?? ""
      guard let slash = path.lastIndex(of: "/") else { return nil }
      let file = path[path.index(after: slash)...]
      return (path[..<slash], file[..<(file.lastIndex(of: ".") ?? file.endIndex)])
    }
    guard let one = split(address), let other = split(original), one.folder == other.folder,
      other.stem.count >= 4, one.stem.count > other.stem.count + 1,
      one.stem.hasPrefix(other.stem)
    else { return false }
    let next = one.stem[one.stem.index(one.stem.startIndex, offsetBy: other.stem.count)]
    return next == "_" || next == "-"
  }

  /// Whether two addresses show one picture (``pictureKey(_:)``), or, when a file name is
  /// nothing but its sizes and use ("og-1200x630.jpg"), sit in one folder.
  static func samePicture(_ one: String, _ other: String) -> Bool {
    Identity(one).matches(Identity(other))
  }

  /// `image`, or the same picture at a larger size the page offers. Sizes are compared by
  /// width, as addresses and `srcset` name them; an image whose address names no size is kept
  /// unless a picture showing it links to its original.
  func largest(of image: String, pageImage: String?) -> String {
    if let original = Self.wrappedOriginal(image) { return original }
    // An http address the page also shows over https ("og:image" written long ago).
    if image.hasPrefix("http://") {
      let secure = "https://" + image.dropFirst("http://".count)
      let bare = { (address: String) in address.split(separator: "?").first.map(String.init) }
      if pictures.contains(where: { $0.addresses.contains { bare($0) == bare(secure) } }) {
        return largest(of: secure, pageImage: pageImage)
      }
    }
    // "dish-1x1.jpg", "dish-16x9.jpg": a crop named for its shape, of no known size, gives
    // way to any rendition that says its width.
    let width = Self.width(of: image) ?? (Self.isShapeCrop(image) ? 1 : nil)
    var best = image
    var bestWidth = width ?? 0
    // Only a clearly larger rendition (a tenth wider at least) replaces the image: a crop 2
    // pixels wider is not a better photo, and the page's own choice is kept.
    func consider(_ candidate: String, width candidateWidth: Int?) {
      var width = width
      var candidateWidth = candidateWidth
      // ".../crop/16x9/800/dish.jpg" beside ".../crop/16x9/1600/dish.jpg": the one number the
      // two addresses differ in is the size.
      if width == nil || candidateWidth == nil,
        let numbers = Self.differingNumbers(image, candidate)
      {
        (width, candidateWidth) = numbers
        bestWidth = max(bestWidth, numbers.0)
      }
      guard let width, let candidateWidth, candidateWidth * 10 >= width * 11,
        candidateWidth > bestWidth
      else { return }
      best = candidate
      bestWidth = candidateWidth
    }
    // The page's declared image, when it is the same picture at the same shape: a share
    // image cropped to another shape (1200 × 630 over a square) is not the photo enlarged.
    let identity = Identity(image)
    if let pageImage, pageImage != image, Identity(pageImage).matches(identity) {
      let shapes = [image, pageImage].compactMap(ImageRanking.sizeInPath)
      let sameShape =
        shapes.count < 2
        || abs(
          Double(shapes[0].width) / Double(max(shapes[0].height, 1))
            - Double(shapes[1].width) / Double(max(shapes[1].height, 1))) < 0.1
      // A thumbnail (500 wide or less) gives way to the page's image twice as wide whatever
      // its shape: a crop of the photo is better than a stamp of it.
      let pageWidth = Self.width(of: pageImage)
      let thumbnail =
        (width ?? Int.max) <= 500 && (pageWidth ?? 0) >= 2 * (width ?? Int.max)
      if sameShape || thumbnail { consider(pageImage, width: pageWidth) }
    }
    // A cheap first look before the full comparison: a picture of the same file names its
    // first word, or, for a file name of sizes only, its folder (or wraps another address).
    let clue: String = {
      if identity.nameless { return identity.folder }
      let name = identity.key.split(separator: "/").last ?? ""
      let stem = name.split(separator: ".").first ?? name
      return String(stem.split(separator: "-").first ?? stem)
    }()
    for picture in pictures {
      guard
        picture.names.contains(where: {
          $0.lowercased().contains(clue) || $0.contains("%2F") || $0.contains("url=")
        })
      else { continue }
      let renditions = picture.renditions
      guard
        renditions.contains(where: { $0.address == image || $0.identity.matches(identity) })
          || picture.linked.map({ Self.isRendition(image, of: $0) }) == true
      else { continue }
      if let linked = picture.linked, linked != image {
        // A lightbox's original is the largest there is of its picture, unless its address
        // says it is about the same size ("/750x/" for a "748x499" photo).
        guard let linkedWidth = Self.width(of: linked), let width,
          linkedWidth * 4 < width * 5
        else { return linked }
        continue
      }
      for rendition in renditions where rendition.address != image {
        // An original the proxy wraps is as large as there is.
        if rendition.wrapsOriginal, Self.width(of: rendition.address) == nil {
          return rendition.address
        }
      }
      for address in picture.addresses where address != image {
        consider(Self.wrappedOriginal(address) ?? address, width: Self.width(of: address))
      }
      if let widest = picture.widest {
        consider(Self.wrappedOriginal(widest.address) ?? widest.address, width: Int(widest.width))
      }
    }
    return best
  }
}
