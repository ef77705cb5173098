import Foundation
import LarderApplication
import LarderCore

/// What a recipe card shows: the same fields wherever a card appears.
struct RecipeCardModel: Sendable, Hashable {
  var id: String
  /// Where the card opens: the recipe's page, or its page through a share link.
  var link: String
  var name: String
  /// Where the picture is loaded from: always Larder itself (``RecipeSummary/imagePath``).
  var image: String?
  var isFavorite: Bool
  /// Time, yield, first cuisine and first course, as far as the recipe has them.
  var meta: [String]
  /// The placeholder tile's hue, for a recipe without a photo.
  var hue: Int
  /// The diets worth a badge on a card.
  var diets: [String]

  /// The diets a card names; the recipe page names them all.
  static let badgeDiets: [DietLabel] = [.vegan, .vegetarian, .glutenFree]

  init(_ summary: RecipeSummary) {
    id = summary.id.rawValue
    link = "/recipes/" + summary.id.rawValue
    name = summary.name
    image = summary.imagePath
    isFavorite = summary.isFavorite
    meta = summary.cardFacts
    hue = summary.placeholderHue
    diets = summary.diets.filter(Self.badgeDiets.contains).map(\.rawValue)
  }
}

/// A line of the shopping list: its text with the merged amount, and what it is for.
struct AmountLineModel: Sendable, Hashable {
  var id: String
  var text: String
  var isChecked: Bool
  var isStaple: Bool
  /// "for Pancakes, Soup", "you have 200 g", "added by hand".
  var notes: [String]

  init(_ line: ShoppingItemView) {
    let item = line.item
    id = item.id.rawValue
    text = line.text
    isChecked = item.isChecked
    isStaple = item.isStaple
    notes = line.notes
  }
}

/// A pantry item: what it is, how much, when it expires, where it is kept.
struct PantryItemModel: Sendable, Hashable {
  /// How soon an item expires, as its badge says it.
  struct Badge: Sendable, Hashable {
    /// "expired", "soon" (three days or fewer) or "ok".
    var kind: String
    var text: String
  }

  var id: String
  var name: String
  var amount: String?
  var expiry: Badge?
  /// Where it is kept, when it was added and its use-by day; the script says the days in the
  /// browser's language.
  var meta: [String]

  /// The item as the application layer shows it, so the page and the API say the same amount
  /// and expiry.
  init(_ view: PantryItemView) {
    let item = view.item
    id = item.id.rawValue
    name = item.name
    amount = view.amountText
    expiry = view.expiry.map { Badge(kind: $0.kind.rawValue, text: $0.text) }
    let location = item.location.rawValue
    var meta = [location.prefix(1).uppercased() + location.dropFirst()]
    meta.append("added \(Self.shortDay(item.addedOn))")
    if let expiresOn = item.expiresOn { meta.append("use by \(Self.shortDay(expiresOn))") }
    if let note = item.note, !note.isEmpty { meta.append(note) }
    self.meta = meta
  }

  /// An item from its parts, for the template.
  init(id: String, name: String, amount: String?, expiry: Badge?, meta: [String]) {
    self.id = id
    self.name = name
    self.amount = amount
    self.expiry = expiry
    self.meta = meta
  }

  /// "24 Sep".
  static func shortDay(_ day: CalendarDay) -> String {
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    return "\(day.day) \(months[max(0, min(11, day.month - 1))])"
  }
}

/// The UI components that both the server's pages and the scripts show, each defined once here.
///
/// A page renders a component filled in; a script that must show more of them clones the
/// component's `<template>` (rendered by the same function, with every optional part present)
/// and fills its parts (marked `data-card`, `data-line` or `data-action`, or found by class),
/// removing those it has no value for. So the markup, heading level and fields cannot drift
/// between the two. The autocomplete's markup is here too; its behaviour is combobox.js's.
enum Components {
  // MARK: recipe card

  /// The recipe card for scripts to clone (app.js `recipeCard`): every part present.
  static let recipeCardTemplate: HTML = """
    <template id="recipe-card-template" \
    data-badge-diets="\(RecipeCardModel.badgeDiets.map(\.rawValue).joined(separator: " "))">\(recipeCard(
      RecipeCardModel(
        id: "", link: "/recipes/", name: "", image: "", isFavorite: true, meta: [], hue: 0, diets: [""])))</template>
    """

  /// A recipe card in a `.cards` list.
  static func recipeCard(_ card: RecipeCardModel) -> HTML {
    // The placeholder is always there, under the picture: a picture that cannot be loaded
    // (a remote one Larder could not keep) leaves it showing rather than a broken image.
    let image: HTML? = card.image.map {
      "<img src=\"\($0)\" alt=\"\" loading=\"lazy\" data-card=\"image\">"
    }
    let placeholder: HTML = """
      <div class="placeholder hue-\(card.hue / 30)" aria-hidden="true" \
      data-card="placeholder">\(String(card.name.prefix(1)))</div>
      """
    let star: HTML? =
      card.isFavorite
      ? "<span class=\"star\" title=\"Favourite\" data-card=\"star\">★</span> " : nil
    let diets: HTML? =
      card.diets.isEmpty
      ? nil
      : """
      <p class="diets" data-card="diets">\(card.diets.map { "<span>\($0)</span>" as HTML })</p>
      """
    return """
      <li class="card"><a href="\(card.link)" data-card="link">
      \(placeholder)\(image)
      <div class="card-body"><h3 data-card="heading">\(star)\(card.name)</h3>
      <p class="meta" data-card="meta">\(card.meta.joined(separator: " · "))</p>
      \(diets)
      </div></a></li>
      """
  }

  // MARK: autocomplete

  /// A labelled text box with a list of suggestions, as WAI-ARIA's combobox pattern asks; the
  /// behaviour is combobox.js's (one for every page).
  static func combobox(
    id: String, label: String, listLabel: String, placeholder: String, listID: String? = nil,
    isRequired: Bool = false
  ) -> HTML {
    let listID = listID ?? "\(id)-options"
    return """
      <div class="combo">
      <label for="\(id)">\(label)</label>
      <input id="\(id)" type="text" role="combobox" aria-autocomplete="list"
        aria-expanded="false" aria-controls="\(listID)" autocomplete="off"
        placeholder="\(placeholder)"\(attribute: "required", if: isRequired)>
      <ul id="\(listID)" class="suggestions" role="listbox" aria-label="\(listLabel)" hidden></ul>
      </div>
      """
  }

  // MARK: amount lines

  /// An ingredient line of a recipe; recipe.js replaces its text when it rescales and marks
  /// what the pantry has.
  static func ingredientLine(index: Int, text: String) -> HTML {
    "<li data-line=\"\(index)\"><span class=\"line-text\">\(text)</span></li>"
  }

  /// The shopping list line for list.js to clone.
  static let amountLineTemplate: HTML = """
    <template id="amount-line-template">\(amountLine(
      AmountLineModel(id: "", text: "", isChecked: false, isStaple: true, notes: [""])
    ))</template>
    """

  /// An aisle of the shopping list, as list.js clones it (its title and lines filled in).
  static let aisleGroupTemplate: HTML = """
    <template id="aisle-group-template">\(aisleGroup(index: 0, aisle: nil, title: "", lines: []))</template>
    """

  /// An aisle's section of the shopping list: its heading and its lines; `index` makes the
  /// heading's id, `aisle` is the aisle's id (nil for "Other").
  static func aisleGroup(index: Int, aisle: String?, title: String, lines: [HTML]) -> HTML {
    """
    <section class="aisle-group" aria-labelledby="aisle-\(index)" data-aisle="\(aisle ?? "other")">\
    <h2 id="aisle-\(index)" data-group="title">\(title)</h2>\
    <ul class="list-lines" data-group="lines">\(lines)</ul></section>
    """
  }

  /// A line of the shopping list: a box to check it off, its text, and a button to remove it.
  /// The controls stay disabled until list.js can keep what they do; `actions: false` (a
  /// viewer's list) leaves out the button, and the box only shows whether the line is checked.
  static func amountLine(_ line: AmountLineModel, actions: Bool = true) -> HTML {
    let box = "line-\(line.id)"
    let notes: HTML? =
      line.notes.isEmpty
      ? nil
      : """
      <p class="line-notes" id="\(box)-notes" data-line="notes">\(line.notes.joined(separator: " · "))</p>
      """
    return """
      <li class="list-line\(line.isChecked ? " checked" : "")\(line.isStaple ? " staple" : "")" \
      data-id="\(line.id)"><input type="checkbox" id="\(box)" data-line="check"\
      \(attribute: "checked", if: line.isChecked)\
      \(attribute: "aria-describedby", line.notes.isEmpty ? nil : "\(box)-notes") disabled>\
      <label for="\(box)" data-line="label"><span class="line-text" data-line="text">\(line.text)</span>\
      \(line.isStaple ? "<span class=\"tag\" data-line=\"staple\">staple</span>" : HTML.empty)</label>\
      \(actions ? removeButton(line.text) : HTML.empty)\(notes)</li>
      """
  }

  /// The button that removes a shopping list line, disabled until list.js runs.
  private static func removeButton(_ text: String) -> HTML {
    """
    <button type="button" class="remove" title="Remove" aria-label="Remove \(text)" \
    data-line="remove" disabled>×</button>
    """
  }
}

extension Components {
  // MARK: pantry items

  /// A pantry item in the pantry's list, with buttons to edit and remove it that stay disabled
  /// until pantry.js can do what they say.
  /// The pantry item for pantry.js to clone.
  static let pantryItemTemplate: HTML = """
    <template id="pantry-item-template">\(pantryItem(
      PantryItemModel(id: "", name: "", amount: "", expiry: .init(kind: "ok", text: ""), meta: [])
    ))</template>
    """

  static func pantryItem(_ item: PantryItemModel, actions: Bool = true) -> HTML {
    let amount: HTML? = item.amount.map { "<span class=\"item-amount\">\($0)</span>" }
    let badge: HTML? = item.expiry.map {
      "<span class=\"badge \($0.kind)\">\($0.text)</span>"
    }
    return """
      <li class="pantry-item" data-id="\(item.id)"><div class="item-main">\
      <span class="item-name">\(item.name)</span>\(amount)\(badge)</div>\
      <p class="item-meta">\(item.meta.joined(separator: " · "))</p>\
      \(actions ? pantryItemActions(item.name) : HTML.empty)</li>
      """
  }

  /// A pantry item's edit and remove buttons (none on a viewer's page), disabled until
  /// pantry.js runs.
  private static func pantryItemActions(_ name: String) -> HTML {
    """
    <div class="item-actions"><button type="button" class="secondary small-button" \
    aria-label="Edit \(name)" data-action="edit" disabled>Edit</button> \
    <button type="button" class="secondary small-button" aria-label="Remove \(name)" \
    data-action="remove" disabled>Remove</button></div>
    """
  }
}

extension AmountLineModel {
  /// A line from its parts, for the template.
  init(id: String, text: String, isChecked: Bool, isStaple: Bool, notes: [String]) {
    self.id = id
    self.text = text
    self.isChecked = isChecked
    self.isStaple = isStaple
    self.notes = notes
  }
}

extension RecipeCardModel {
  /// A card from its parts, for the template.
  init(
    id: String, link: String, name: String, image: String?, isFavorite: Bool, meta: [String],
    hue: Int, diets: [String]
  ) {
    self.id = id
    self.link = link
    self.name = name
    self.image = image
    self.isFavorite = isFavorite
    self.meta = meta
    self.hue = hue
    self.diets = diets
  }
}
