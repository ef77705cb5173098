import Foundation
import LarderCore

/// Reads the `recipes.html` in Recipe Keeper's export zip: one `<div class="recipe-details">`
/// per recipe whose fields carry microdata-like `itemprop` names: `recipeName` (or `name`),
/// `recipeCourse`, `recipeCategory`, `recipeSource`, `recipeYield`, `prepTime` and `cookTime`
/// (ISO 8601, often on `<meta content>`), `recipeIngredients` and `recipeDirections` (one line
/// each), `recipeNotes`, `recipeIsFavourite`, `recipeRating` and `photo0`, `photo1`, ... images.
///
/// Written from Recipe Keeper's published description of its export, without a real export to
/// check against. Each recipe is read on its own: one without a name or ingredients is reported
/// in its item and the others are still read. Photos are files in the zip, handed to the bulk
/// reader as ``EmbeddedImage``s to read beside the HTML.
public enum RecipeKeeperReader {
  /// Whether the start of an HTML document looks like a Recipe Keeper export.
  public static func isRecipeKeeperExport(_ head: String) -> Bool {
    head.contains("recipe-details") || head.contains("itemprop=\"recipeIngredients\"")
      || head.contains("itemprop=\"recipeDirections\"")
  }

  /// Every recipe in the export, in order.
  ///
  /// - Throws: ``LarderImportError/unreadable(source:reason:)`` when the bytes are not HTML,
  ///   ``LarderImportError/noRecipe(source:)`` when no recipe is in it.
  public static func read(html: Data, source: String) throws -> [FoundRecipe] {
    let document = try MarkupDocument.html(html, source: source)
    var containers = document.elements(named: "div").filter {
      $0.tokens("class").contains("recipe-details")
    }
    if containers.isEmpty {
      // Without the class, each element holding a recipeName is taken as one recipe.
      containers = document.elements().filter { element in
        element.elementChildren.contains { ["recipename", "name"].contains(prop($0)) }
          && element.descendants().contains { prop($0) == "recipeingredients" }
      }
    }
    guard !containers.isEmpty else { throw LarderImportError.noRecipe(source: source) }
    return containers.enumerated().map { index, element in
      let fields = Fields(element)
      return FoundRecipe.reading(
        index: index, name: fields.text("recipename", "name"), field: "recipe"
      ) { try readRecipe(fields, index: index, warnings: &$0) }
      .embedding(fields.photoFiles)
    }
  }

  /// The lowercase `itemprop` of an element, or nil.
  static func prop(_ element: MarkupNode) -> String? {
    element.attribute("itemprop").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
  }

  /// The `itemprop` elements of one recipe, found once.
  private struct Fields {
    let elements: [(prop: String, node: MarkupNode)]

    init(_ recipe: MarkupNode) {
      elements = recipe.descendants().compactMap { node in prop(node).map { ($0, node) } }
    }

    /// The value of the first element with one of `props`: a `<meta>`'s `content`, an
    /// `<img>`'s `src`, otherwise the text; nil when empty.
    func text(_ props: String...) -> String? {
      for wanted in props {
        for (name, node) in elements where name == wanted {
          let value: String
          switch node.name {
          case "meta": value = MarkupNode.plainText(node.attribute("content") ?? "")
          case "img": value = node.attribute("src") ?? ""
          default: value = MarkupNode.plainText(node.text)
          }
          if !value.isEmpty { return value }
        }
      }
      return nil
    }

    /// The lines of the first element with `prop`, one per paragraph, list item or `<br>`.
    func lines(_ prop: String) -> [String] {
      guard let node = elements.first(where: { $0.prop == prop })?.node else { return [] }
      return node.textWithLineBreaks.components(separatedBy: "\n")
        .map(MarkupNode.plainText).filter { !$0.isEmpty }
    }

    /// Every value of the elements with `prop` (Recipe Keeper repeats `recipeCourse` and
    /// `recipeCategory` once per value).
    func all(_ prop: String) -> [String] {
      elements.filter { $0.prop == prop }.map { element in
        element.node.name == "meta"
          ? element.node.attribute("content") ?? "" : element.node.text
      }
      .flatMap { $0.split(separator: ",") }.map { MarkupNode.plainText(String($0)) }
      .filter { !$0.isEmpty }
    }

    /// The `itemprop` and `src` of every photo (`photo`, `photo0`, `photo1`, ...).
    var photos: [(prop: String, source: String)] {
      elements.filter { $0.prop.hasPrefix("photo") }.compactMap { element in
        (element.node.attribute("src") ?? element.node.attribute("content")).map {
          (element.prop, $0.trimmingCharacters(in: .whitespaces))
        }
      }
      .filter { !$0.source.isEmpty }
    }

    /// The photos that are not web addresses: files in the export, for the bulk reader to
    /// read beside the HTML, or base64 `data:` addresses.
    var photoFiles: [EmbeddedImage] {
      photos.filter { !ShownImage.isRemote($0.source) }.map { prop, source in
        if source.lowercased().hasPrefix("data:") {
          guard let comma = source.firstIndex(of: ","),
            source[..<comma].lowercased().hasSuffix(";base64")
          else {
            return EmbeddedImage(
              field: prop, content: .unreadable("a data: address that is not base64"))
          }
          return .base64(String(source[source.index(after: comma)...]), field: prop)
        }
        return EmbeddedImage(field: "\(prop) (\(source.prefix(80)))", content: .file(source))
      }
    }
  }

  private static func readRecipe(
    _ fields: Fields, index: Int, warnings: inout [String]
  ) throws -> Recipe {
    guard let name = fields.text("recipename", "name") else {
      throw LarderCoreError.missingField(field: "recipeName", item: index)
    }
    var recipe = Recipe(name: name)
    recipe.courses = fields.all("recipecourse")
    recipe.keywords = fields.all("recipecategory")
    if let source = fields.text("recipesource") {
      if ShownImage.isRemote(source) {
        recipe.sourceURL = source
      } else {
        recipe.author = source
      }
    }
    recipe.yield = fields.text("recipeyield").flatMap { RecipeYield(texts: [$0]) }
    for (prop, path) in [("preptime", \Recipe.prepTime), ("cooktime", \Recipe.cookTime)] {
      guard let text = fields.text(prop) else { continue }
      if let duration = RecipeDuration.parse(text) {
        if duration.seconds > 0 { recipe[keyPath: path] = duration }
      } else {
        warnings.append(
          "\(prop == "preptime" ? "prepTime" : "cookTime"): '\(text.prefix(40))'"
            + " is not a time; left empty")
      }
    }
    let ingredients = fields.lines("recipeingredients")
    guard !ingredients.isEmpty else {
      throw LarderCoreError.missingField(field: "recipeIngredients", item: index)
    }
    recipe.ingredientSections = [
      IngredientSection(lines: ingredients.map { IngredientLine(text: $0) })
    ]
    let steps = fields.lines("recipedirections").map { InstructionStep(text: $0) }
    if !steps.isEmpty { recipe.instructionSections = [InstructionSection(steps: steps)] }
    let notes = fields.lines("recipenotes")
    if !notes.isEmpty { recipe.notes = notes.joined(separator: "\n") }
    if let favourite = fields.text("recipeisfavourite", "recipeisfavorite") {
      recipe.isFavorite = ["true", "yes", "1"].contains(favourite.lowercased())
    }
    if let rating = fields.text("reciperating").flatMap({ Double($0) }),
      (1...5).contains(Int(rating.rounded()))
    {
      recipe.rating = Int(rating.rounded())
    }
    recipe.images = fields.photos.map(\.source).filter(ShownImage.isRemote)
    return recipe
  }
}
