import Foundation

/// The sizes a page offers of its pictures, for taking the main photo at the largest: a
/// recipe's image is often the page's 800-pixel rendition while the same `<img>` lists a
/// 1600-pixel one in its `srcset`, links to the original ("<a href="dish_original.jpg"><img
/// src="dish_800.jpg"></a>", a lightbox), or the page's `og:image` is the same file at twice
/// the size ("dish-1240x826.jpg" beside "dish-620x413.jpg").
///
/// A rendition counts as the same picture when its address is the image's, or differs only in
/// its query ("?width=800") or in a size suffix ("-620x413"). Only renditions at least a
/// quarter wider replace the image; a picture's linked original is taken as larger than any of
/// its renditions.
struct PhotoRenditions {
  /// One `<img>` of the page: every address it names, the widest of its `srcset` with that
  /// width, and the picture file its link opens, if any.
  struct Picture {
    var addresses: [String]
    var widest: (address: String, width: Double)?
    var linked: String?
  }

  /// At most this many pictures are looked at: a page's main photo comes early.
  static let maximumPictures = 400

  let pictures: [Picture]

  init(document: MarkupDocument, resolve: (String) -> String) {
    var pictures: [Picture] = []
    for element in document.root?.descendants() ?? [] where element.name == "img" {
      guard pictures.count < Self.maximumPictures else { break }
      var addresses: [String] = []
      for name in ["src", "data-src", "data-lazy-src", "data-original", "data-image"] {
        if let value = element.attribute(name), !value.isEmpty, !value.hasPrefix("data:") {
          addresses.append(resolve(value))
        }
      }
      var widest: (address: String, width: Double)?
      for name in ["srcset", "data-srcset", "data-lazy-srcset"] {
        guard let value = element.attribute(name) else { continue }
        for candidate in value.split(separator: ",") {
          let parts = candidate.split(whereSeparator: \.isWhitespace)
          guard let first = parts.first else { continue }
          let address = resolve(String(first))
          addresses.append(address)
          guard parts.count == 2, parts[1].last == "w", let width = Double(parts[1].dropLast())
          else { continue }
          if width > widest?.width ?? 0 { widest = (address, width) }
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
      pictures.append(Picture(addresses: addresses, widest: widest, linked: linked))
    }
    self.pictures = pictures
  }

  /// Whether an address names a picture file by its extension.
  static func isPictureFile(_ address: String) -> Bool {
    let path = (address.split(separator: "?").first.map(String.init) ?? address).lowercased()
    return [".jpg", ".jpeg", ".png", ".webp"].contains(where: path.hasSuffix)
  }

  /// The address without its query and fragment, and without a size suffix in its file name
  /// ("dish-620x413.jpg" → "dish.jpg"): what the renditions of one picture share.
  static func pictureKey(_ address: String) -> String {
    let bare = String(address.split(separator: "#").first ?? "")
    let path = String(bare.split(separator: "?").first ?? "")
    return ImageRanking.sizedStem(path) ?? path
  }

  /// The width an address names: as ``ImageRanking/widthInAddress(_:)``, or a path segment
  /// of a width alone ("/750x/", as image resizers write it).
  static func width(of address: String) -> Int? {
    if let width = ImageRanking.widthInAddress(address) { return width }
    let path = address.split(separator: "?").first ?? ""
    for segment in path.split(separator: "/").reversed() where segment.last == "x" {
      let digits = segment.dropLast()
      if (2...5).contains(digits.count), digits.allSatisfy(\.isASCII), let width = Int(digits) {
        return width
      }
    }
    return nil
  }

  /// `image`, or the same picture at a larger size the page offers. Sizes are compared by
  /// width, as addresses and `srcset` name them; an image whose address names no size is kept
  /// unless a picture showing it links to its original.
  func largest(of image: String, pageImage: String?) -> String {
    let key = Self.pictureKey(image)
    let width = ImageRanking.widthInAddress(image)
    var best = image
    var bestWidth = width ?? 0
    // Only a clearly larger rendition replaces the image: a crop 2 pixels wider is not a
    // better photo, and the page's own choice is kept.
    func consider(_ candidate: String, width candidateWidth: Int?) {
      guard let width, let candidateWidth, candidateWidth * 4 >= width * 5,
        candidateWidth > bestWidth
      else { return }
      best = candidate
      bestWidth = candidateWidth
    }
    if let pageImage, pageImage != image, Self.pictureKey(pageImage) == key {
      consider(pageImage, width: ImageRanking.widthInAddress(pageImage))
    }
    for picture in pictures
    where picture.addresses.contains(image)
      || picture.addresses.contains(where: { Self.pictureKey($0) == key })
    {
      if let linked = picture.linked, linked != image {
        // A lightbox's original is the largest there is of its picture, unless its address
        // says it is about the same size ("/750x/" for a "748x499" photo).
        guard let linkedWidth = Self.width(of: linked), let width = Self.width(of: image),
          linkedWidth * 4 < width * 5
        else { return linked }
        continue
      }
      if let widest = picture.widest { consider(widest.address, width: Int(widest.width)) }
    }
    return best
  }
}
