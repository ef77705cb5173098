import Foundation
import LarderCore

/// Reads MasterCook's XML export (`.mx2`, MasterCook 5 and later): one `<RcpE>` per recipe
/// with servings (`<Serv>`), times (`<PrpT>`, `<CTim>`, `<TTim>`), categories (`<CatT>`),
/// ingredients (`<IngR name unit qty>` with an optional `<IPrp>` preparation), directions
/// (`<DirS><DirT>`), source (`<Srce>`), yield (`<Yield>`) and notes (`<Note>`).
///
/// The document's own encoding declaration is honoured (MasterCook writes ISO-8859-1). Each
/// recipe is read on its own, so one without a name is reported in its item and the others
/// are still read. The `<RTxt>` plain-text copy of each recipe is ignored.
public enum MasterCookReader {
  /// Every recipe in an `.mx2` document, in order.
  ///
  /// - Throws: ``LarderImportError/unreadable(source:reason:)`` when the bytes are not XML or
  ///   not a MasterCook export, ``LarderImportError/noRecipe(source:)`` when it has no recipe.
  public static func read(_ data: Data, source: String) throws -> [FoundRecipe] {
    let document = try MarkupDocument.xml(data, source: source)
    guard let root = document.root, root.name == "mx2" || root.name == "mx" else {
      throw LarderImportError.unreadable(
        source: source, reason: "not a MasterCook export (no <mx2> root element)")
    }
    let recipes = root.elementChildren.filter { $0.name == "rcpe" }
    guard !recipes.isEmpty else { throw LarderImportError.noRecipe(source: source) }
    return recipes.enumerated().map { index, element in
      let name = element.attribute("name").map(MarkupNode.collapse).flatMap {
        $0.isEmpty ? nil : $0
      }
      return FoundRecipe.reading(index: index, name: name, field: "RcpE") {
        try readRecipe(element, warnings: &$0)
      }
    }
  }

  private static func readRecipe(
    _ element: MarkupNode, warnings: inout [String]
  ) throws
    -> Recipe
  {
    var recipe = Recipe(name: MarkupNode.collapse(element.attribute("name") ?? ""))
    if let author = element.attribute("author").map(MarkupNode.collapse), !author.isEmpty,
      author.lowercased() != "n/a"
    {
      recipe.author = author
    }
    var ingredientSections: [IngredientSection] = []
    var current = IngredientSection(lines: [])
    var steps: [InstructionStep] = []
    var notes: [String] = []
    var servings: Double?
    var yieldText: String?
    for child in element.elementChildren {
      switch child.name {
      case "serv":
        if let quantity = child.attribute("qty").flatMap(Double.init), quantity > 0 {
          servings = quantity
        }
      case "prpt", "ctim", "ttim":
        let value = child.attribute("elapsed") ?? child.text
        guard let duration = elapsed(value) else {
          if !value.isEmpty {
            warnings.append("<\(child.name)>: '\(value.prefix(40))' is not a time; left empty")
          }
          continue
        }
        guard duration.seconds > 0 else { continue }
        switch child.name {
        case "prpt": recipe.prepTime = duration
        case "ctim": recipe.cookTime = duration
        default: recipe.totalTime = duration
        }
      case "cats":
        recipe.keywords += child.elementChildren.filter { $0.name == "catt" }.map(\.text)
          .filter { !$0.isEmpty }
      case "ingr":
        let line = ingredientLine(child)
        guard !line.isEmpty else { continue }
        // A subtitle ("code" S) or an amount-less line ending in ":" starts a section.
        // So does "=== SEASONINGS ===", MasterCook's other way of writing one.
        let hasNoAmount =
          (child.attribute("qty") ?? "").isEmpty && (child.attribute("unit") ?? "").isEmpty
        let isHeader =
          child.attribute("code") == "S"
          || hasNoAmount && line.count <= 60
            && (line.hasSuffix(":") || line.hasPrefix("==") && line.hasSuffix("=="))
        if isHeader {
          if !current.lines.isEmpty { ingredientSections.append(current) }
          current = IngredientSection(
            title: line.trimmingCharacters(in: [":", " ", "="]), lines: [])
        } else {
          current.lines.append(IngredientLine(text: line))
        }
      case "dirs":
        for direction in child.elementChildren where direction.name == "dirt" {
          let text = direction.text
          if !text.isEmpty { steps.append(InstructionStep(text: text)) }
        }
      case "srce":
        let text = child.text
        if !text.isEmpty { notes.append("Source: \(text)") }
      case "note":
        let text = child.textWithLineBreaks
        if !text.isEmpty { notes.append(text) }
      case "yield":
        let quantity = child.attribute("qty").flatMap(Double.init)
        let unit = MarkupNode.collapse(child.attribute("unit") ?? "")
        if let quantity, quantity > 0 {
          let number =
            quantity.rounded() == quantity ? String(Int(quantity)) : String(quantity)
          yieldText = unit.isEmpty ? number : "\(number) \(unit)"
        }
      default:
        break
      }
    }
    if !current.lines.isEmpty { ingredientSections.append(current) }
    recipe.ingredientSections = ingredientSections
    if !steps.isEmpty { recipe.instructionSections = [InstructionSection(steps: steps)] }
    if servings != nil || yieldText != nil {
      recipe.yield = RecipeYield(
        servings: servings ?? yieldText.flatMap { Double($0.prefix { $0.isNumber || $0 == "." }) },
        text: yieldText)
    }
    if !notes.isEmpty { recipe.notes = notes.joined(separator: "\n") }
    return try recipe.validated()
  }

  /// "2 tablespoons sliced pitted ripe olives, (4 oz)": amount, unit, name and preparation.
  private static func ingredientLine(_ element: MarkupNode) -> String {
    var name = MarkupNode.collapse(element.attribute("name") ?? "")
    let preparation = element.elementChildren.filter { $0.name == "iprp" }.map(\.text)
      .filter { !$0.isEmpty }.joined(separator: " ")
    if !preparation.isEmpty {
      // MasterCook leaves the "-" of its "name -- preparation" layout on the name.
      while name.hasSuffix("-") {
        name = String(name.dropLast()).trimmingCharacters(in: .whitespaces)
      }
      name += preparation.hasPrefix("(") ? " \(preparation)" : ", \(preparation)"
    }
    let parts = [element.attribute("qty"), element.attribute("unit"), name]
      .compactMap { $0.map(MarkupNode.collapse) }.filter { !$0.isEmpty }
    return parts.joined(separator: " ")
  }

  /// MasterCook's "h:mm" elapsed time ("0:45", "1:30"), or plain minutes.
  static func elapsed(_ text: String) -> RecipeDuration? {
    let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":")
    if parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), hours >= 0,
      minutes >= 0
    {
      return RecipeDuration(minutes: hours * 60 + minutes)
    }
    if parts.count == 1, let minutes = Int(parts[0]), minutes >= 0 {
      return RecipeDuration(minutes: minutes)
    }
    return RecipeDuration.parse(text)
  }
}
