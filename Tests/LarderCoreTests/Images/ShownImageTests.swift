import Foundation
import LarderCore
import LarderTestSupport
import Testing

/// Pages load a recipe's picture only from Larder itself: its stored copy, or the path where
/// Larder keeps a copy of a remote one; anything else is no picture.
@Suite struct ShownImageTests {
  static let id = RecipeID(rawValue: "0f3c2a9e-1b7d-4c56-9a8b-123456789abc")

  @Test(
    arguments: [
      ("/images/5e1d", "/images/5e1d"),
      ("https://example.com/soup.jpg", "/recipes/0f3c2a9e-1b7d-4c56-9a8b-123456789abc/image"),
      ("HTTP://example.com/soup.jpg?w=800", "/recipes/0f3c2a9e-1b7d-4c56-9a8b-123456789abc/image"),
      ("data:image/png;base64,iVBORw0KGgo=", nil),
      ("javascript:alert(1)", nil),
      ("ftp://example.com/soup.jpg", nil),
      ("//example.com/soup.jpg", nil),
      ("soup.jpg", nil),
      ("/images/", nil),
      ("/images/a/../../api/v1/recipes", nil),
      ("/static/icon.svg", nil),
      ("https:///nohost.jpg", nil),
    ] as [(String, String?)])
  func aPictureIsShownFromLarderOrNotAtAll(image: String, shown: String?) {
    #expect(ShownImage.path(for: image, recipeID: Self.id) == shown)
  }

  @Test func noImageIsNoPicture() {
    #expect(ShownImage.path(for: nil, recipeID: Self.id) == nil)
  }

  @Test func theRecipeAndItsSummaryShowTheMainImageTheSameWay() throws {
    var recipe = Fixtures.pancakes()
    recipe.id = Self.id
    recipe.images = ["https://example.com/pancakes.jpg", "/images/5e1d"]
    #expect(recipe.imagePath == "/recipes/\(Self.id)/image")
    #expect(RecipeSummary(recipe).imagePath == recipe.imagePath)
    recipe.images = ["/images/5e1d", "https://example.com/pancakes.jpg"]
    #expect(RecipeSummary(recipe).imagePath == "/images/5e1d")

    let json = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(RecipeSummary(recipe)))
        as? [String: Any])
    #expect(json["imagePath"] as? String == "/images/5e1d")
    #expect(json["image"] as? String == "/images/5e1d")
  }

  @Test func anIDInThePathIsPercentEncoded() {
    #expect(
      ShownImage.recipeImagePath(RecipeID(rawValue: "a b/c?d")) == "/recipes/a%20b%2Fc%3Fd/image")
  }

  @Test(
    arguments: [
      ("/images/5e1d", "5e1d"), ("/images/", nil), ("/images/a/b", nil), ("/images/a?x", nil),
      ("images/5e1d", nil), ("https://x/images/5e1d", nil),
    ] as [(String, String?)])
  func aStoredImagesPathNamesItsID(path: String, id: String?) {
    #expect(ImageID(path: path)?.rawValue == id)
  }
}
