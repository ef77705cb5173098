import Foundation

/// Reads recipe spreadsheets exported as CSV by Plan to Eat and MyRecipeBox (and any CSV whose
/// header names columns the same way): one recipe per record, ingredient and step lists in
/// multi-line fields.
public enum RecipeCSV {
  /// The apps whose CSV layout is recognised.
  public enum Layout: String, Sendable {
    /// Plan to Eat: `Title`, `Ingredients`, `Directions`, times in minutes; ingredient lines
    /// starting with ", " are headings.
    case planToEat = "Plan to Eat"
    /// MyRecipeBox: `title`, `ingredients`, `instructions`, `nutrition` as "name : value" lines.
    case myRecipeBox = "MyRecipeBox"
    /// Another app with recognisable column names.
    case generic = "CSV"
  }

  /// The layout a CSV header describes, or nil when it names no recipe title and ingredients.
  public static func layout(ofHeader header: [String]) -> Layout? {
    let names = Set(header.map(FrontMatter.normalize))
    guard !names.isDisjoint(with: ["title", "name", "recipe", "recipename"]),
      names.contains("ingredients")
    else { return nil }
    if names.contains("urlhost") || names.contains("mainingredient") { return .planToEat }
    if names.contains("preparationtime") || names.contains("originalpicture") {
      return .myRecipeBox
    }
    return .generic
  }

  /// Reads every record; a record without a title fails alone, naming its line.
  ///
  /// - Throws: ``LarderCoreError/invalidField(field:value:reason:item:)`` when the CSV is
  ///   malformed (naming the line) or its header has no title and ingredients columns.
  public static func readRecipes(from text: String) throws -> [FoundRecipe] {
    let table = try CSVTable.read(text)
    guard let layout = layout(ofHeader: table.header) else {
      throw LarderCoreError.invalidField(
        field: "CSV header", value: table.header.prefix(8).joined(separator: ","),
        reason: "has no recipe title and ingredients columns")
    }
    let columns = Dictionary(
      table.header.enumerated().map { (FrontMatter.normalize($0.element), $0.offset) },
      uniquingKeysWith: { first, _ in first })
    return table.records.enumerated().map { index, record in
      let line = table.lineNumbers[index]
      func field(_ names: String...) -> String? {
        for name in names {
          if let column = columns[name], column < record.count {
            let value = record[column].trimmingCharacters(in: .whitespacesAndNewlines)
            if !value.isEmpty { return value }
          }
        }
        return nil
      }
      let title = field("title", "name", "recipe", "recipename")
      return FormatSupport.item(index, name: title) { warnings in
        guard let title else {
          throw LarderCoreError.invalidField(
            field: "title", value: "", reason: "line \(line): the recipe has no title")
        }
        return recipe(title: title, layout: layout, field: field, warnings: &warnings)
      }
    }
  }

  private static func recipe(
    title: String, layout: Layout, field: (String...) -> String?, warnings: inout [String]
  ) -> Recipe {
    var recipe = Recipe(name: title)
    recipe.description = field("description", "summary")
    recipe.sourceURL = field("url", "sourceurl", "source", "link").flatMap {
      $0.hasPrefix("http") ? $0 : nil
    }
    if let image = field("photourl", "originalpicture", "image", "imageurl", "photo"),
      image.hasPrefix("http")
    {
      recipe.images = [image]
    }
    recipe.prepTime = FormatSupport.duration(
      field("preptime", "preparationtime"), field: "prep time", warnings: &warnings)
    recipe.cookTime = FormatSupport.duration(
      field("cooktime", "cookingtime"), field: "cook time", warnings: &warnings)
    recipe.totalTime = FormatSupport.duration(
      field("totaltime"), field: "total time", warnings: &warnings)
    recipe.yield = RecipeYield(
      texts: [field("servings", "quantity"), field("yield")].compactMap { $0 })
    recipe.courses = list(field("course", "categories", "category"))
    recipe.cuisines = list(field("cuisine"))
    recipe.keywords = list(field("tags", "keywords"))
    recipe.notes = field("notes")
    if let rating = field("rating").flatMap(Double.init), (1...5).contains(rating) {
      recipe.rating = Int(rating.rounded())
    }
    recipe.isFavorite = ["true", "yes", "1"].contains(field("favorite")?.lowercased() ?? "")
    var ingredientLines = FormatSupport.lines(field("ingredients"))
    if layout == .planToEat {
      // ", Heading" lines are headings.
      ingredientLines = ingredientLines.map { line in
        line.hasPrefix(",") ? line.dropFirst().trimmingCharacters(in: .whitespaces) + ":" : line
      }
    }
    recipe.ingredientSections = SchemaOrg.ingredientSections(ingredientLines)
    recipe.instructionSections = FormatSupport.steps(
      field("directions", "instructions", "method", "steps"))
    var nutrition = Nutrition()
    for (column, name) in [
      ("calories", "calories"), ("fat", "fatContent"), ("saturatedfat", "saturatedFatContent"),
      ("cholesterol", "cholesterolContent"), ("sodium", "sodiumContent"),
      ("sugar", "sugarContent"), ("carbohydrate", "carbohydrateContent"),
      ("fiber", "fiberContent"), ("protein", "proteinContent"),
    ] {
      if let value = field(column) { nutrition.set(name, to: value) }
    }
    // MyRecipeBox: "calories : 150 kcal" lines in one field.
    for line in FormatSupport.lines(field("nutrition")) {
      let parts = line.split(separator: ":", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count == 2 else { continue }
      let key = parts[0]
      let name = key == "calories" || key == "servingSize" ? key : key + "Content"
      nutrition.set(name, to: parts[1])
    }
    recipe.nutrition = nutrition.isEmpty ? nil : nutrition
    return recipe
  }

  private static func list(_ text: String?) -> [String] {
    (text ?? "").split(whereSeparator: { $0 == "," || $0 == "\n" }).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }
}
