import Foundation

/// Where Larder's own pages load a recipe's main image from: always Larder itself, so that
/// opening a recipe never makes the viewer's browser contact another host (which would tell it
/// the viewer's address, and could aim requests at devices on their network).
///
/// - A stored copy (`/images/{id}`) is shown as is.
/// - An `http` or `https` URL (an image imported from a file, or clipped before copies were
///   kept) is shown from `/recipes/{id}/image`, where the server keeps a copy the first time it
///   is asked, under the clipper's address policy, and serves it.
/// - Anything else is no image: the card shows its placeholder.
///
/// The server's pages and the web app's cards both read it (as ``RecipeSummary/imagePath``),
/// so the two cannot disagree about which images a browser loads.
public enum ShownImage {
  /// The path to show `image`, the main image of the recipe `recipeID`, from; nil for none.
  public static func path(for image: String?, recipeID: RecipeID) -> String? {
    guard let image else { return nil }
    if ImageID(path: image) != nil { return image }
    guard isRemote(image) else { return nil }
    return recipeImagePath(recipeID)
  }

  /// `/recipes/{id}/image`: the recipe's main image, as a copy kept by Larder.
  public static func recipeImagePath(_ recipeID: RecipeID) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove("/")
    let id = recipeID.rawValue.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    return "/recipes/\(id)/image"
  }

  /// Whether `image` is an absolute `http` or `https` URL with a host.
  public static func isRemote(_ image: String) -> Bool {
    guard let url = URL(string: image), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { return false }
    return true
  }
}

extension ImageID {
  /// The ID in a stored image's path (`/images/0f3c…`); nil for any other text.
  public init?(path: String) {
    let prefix = "/images/"
    guard path.hasPrefix(prefix) else { return nil }
    let id = path.dropFirst(prefix.count)
    guard !id.isEmpty, !id.contains(where: { "/?#".contains($0) }) else { return nil }
    self.init(rawValue: String(id))
  }
}

extension Recipe {
  /// Where Larder's pages load the main image from (see ``ShownImage``); nil for none.
  public var imagePath: String? { ShownImage.path(for: images.first, recipeID: id) }
}

extension RecipeSummary {
  /// Where a card loads the main image from (see ``ShownImage``); nil shows the placeholder.
  public var imagePath: String? { ShownImage.path(for: image, recipeID: id) }
}
