import Foundation
import LarderCore

/// The file formats bulk import recognises.
public enum RecipeFormat: String, Sendable, CaseIterable, Codable {
  /// schema.org/Recipe JSON-LD (also each Nextcloud Cookbook `recipe.json`).
  case schemaOrg = "schema.org"
  /// A Nextcloud Cookbook folder's `recipe.json` (schema.org).
  case nextcloud = "Nextcloud Cookbook"
  /// A Mealie recipe JSON.
  case mealie = "Mealie"
  /// A Tandoor `recipe.json`.
  case tandoor = "Tandoor"
  /// A Paprika `.paprikarecipe` (gzipped JSON).
  case paprika = "Paprika"
  /// A Chowdown Markdown recipe.
  case chowdown = "Chowdown"
  /// Plan to Eat CSV.
  case planToEat = "Plan to Eat CSV"
  /// MyRecipeBox CSV.
  case myRecipeBox = "MyRecipeBox CSV"
  /// Another recipe CSV with recognisable columns.
  case csv = "CSV"
  /// MealMaster text (`.mmf`, `.mxp`).
  case mealMaster = "MealMaster"
  /// MasterCook's text export (`.mxp`).
  case masterCookText = "MasterCook text"
  /// Cooklang (`.cook`).
  case cooklang = "Cooklang"
  /// MasterCook XML (`.mx2`); read by the HTML/XML readers.
  case masterCook = "MasterCook"
  /// Copy Me That's `recipes.html`; read by the HTML readers.
  case copyMeThat = "Copy Me That"
  /// Gourmet Recipe Manager's XML export (`.grmt`).
  case gourmet = "Gourmet XML"
  /// A Mela `.melarecipe` (JSON; a `.melarecipes` export is a zip of them).
  case mela = "Mela"
  /// RecipeSage's JSON-LD export (schema.org Recipes with RecipeSage's extras).
  case recipeSage = "RecipeSage"
  /// A Markdown recipe: `# Title`, `## Ingredients`, `## Instructions` (front matter optional).
  case markdown = "Markdown"
  /// Recipe Keeper's `recipes.html` (in its export zip); read by the HTML readers.
  case recipeKeeper = "Recipe Keeper"
}

/// Reads one document of a format into per-item results: the bytes and the document's name
/// (for formats that name a recipe after its file, such as Cooklang).
public typealias RecipeFormatReader =
  @Sendable (_ data: Data, _ name: String) throws -> [FoundRecipe]

extension RecipeFormat {
  /// The readers Larder has for each format; formats without one are reported as unsupported.
  public static var standardReaders: [RecipeFormat: RecipeFormatReader] {
    let readers: [RecipeFormat: RecipeFormatReader] = [
      .schemaOrg: { data, _ in try SchemaOrg.readRecipes(from: data) },
      .nextcloud: { data, _ in try SchemaOrg.readRecipes(from: data) },
      .mealie: { data, _ in try MealieExport.readRecipes(from: data) },
      .tandoor: { data, _ in try TandoorExport.readRecipes(from: data) },
      .paprika: { data, _ in try PaprikaExport.readRecipes(from: data) },
      .mela: { data, _ in try MelaExport.readRecipes(from: data) },
      .recipeSage: { data, _ in try RecipeSageExport.readRecipes(from: data) },
      .chowdown: { data, _ in Chowdown.readRecipes(from: try text(data)) },
      .markdown: { data, _ in MarkdownRecipe.readRecipes(from: try text(data)) },
      .planToEat: { data, _ in try RecipeCSV.readRecipes(from: try text(data)) },
      .myRecipeBox: { data, _ in try RecipeCSV.readRecipes(from: try text(data)) },
      .csv: { data, _ in try RecipeCSV.readRecipes(from: try text(data)) },
      .mealMaster: { data, _ in try MealMaster.readRecipes(from: legacyText(data)) },
      .masterCookText: { data, _ in try MasterCookText.readRecipes(from: legacyText(data)) },
      .cooklang: { data, name in
        let base = ((name as NSString).lastPathComponent as NSString).deletingPathExtension
        return Cooklang.readRecipes(from: try text(data), fileName: base.isEmpty ? nil : base)
      },
      // The libxml2 readers: MasterCook's and Gourmet's XML, Copy Me That's and Recipe Keeper's
      // recipes.html.
      .masterCook: { data, name in try MasterCookReader.read(data, source: name) },
      .copyMeThat: { data, name in CopyMeThatReader.read(html: data, source: name) },
      .gourmet: { data, name in try GourmetReader.read(data, source: name) },
      .recipeKeeper: { data, name in try RecipeKeeperReader.read(html: data, source: name) },
    ]
    return readers
  }

  static func text(_ data: Data) throws -> String { try RecipeText.utf8(data) }

  static func legacyText(_ data: Data) -> String { RecipeText.legacy(data) }
}
