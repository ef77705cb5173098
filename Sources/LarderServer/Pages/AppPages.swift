import Foundation
import LarderCore

/// The Cook page, the home page: a pantry picker and the recipes it makes possible. The
/// picker itself is the script's work; the page gives it labelled controls to fill. Its
/// pantry is the household's stored one (the Pantry page's), read and changed through the
/// pantry API; `canChange: false` (a viewer) shows it read-only, and says so.
enum CookPage {
  static let diets = [
    "vegetarian", "vegan", "gluten-free", "dairy-free", "nut-free", "egg-free", "pescatarian",
  ]

  static func render(canChange: Bool = true) -> HTML {
    let dietOptions = diets.map { "<option value=\"\($0)\">\($0)</option>" as HTML }
    let body: HTML = """
      <section class="cook" id="cook" data-can-change="\(canChange ? "true" : "false")">
      <h1>What can I cook?</h1>
      <noscript><p class="notice">The pantry picker needs JavaScript. You can still
      <a href="/library">browse and search the library</a>.</p></noscript>
      <div class="cook-grid">
      <section class="pantry" aria-labelledby="pantry-h">
      <h2 id="pantry-h">Your pantry</h2>
      \(canChange ? HTML.empty : Self.readOnlyNote)<div class="pantry-entry"\(attribute: "hidden", if: !canChange)>
      \(Components.combobox(
        id: "food-input", label: "Add what you have", listLabel: "Matching foods",
        placeholder: "eggs, rice, spinach…", listID: "food-suggestions"))
      </div>
      <p id="food-entry-status" class="muted entry-status" role="status" aria-live="polite"></p>
      <ul id="pantry-chips" class="chips" aria-label="In your pantry"></ul>
      <p id="pantry-empty" class="muted">\(canChange
        ? "Your pantry is empty: add what you have, or pick by aisle below."
        : "The household's pantry is empty.")</p>
      <p id="pantry-sync" class="muted" role="status" aria-live="polite"></p>
      <p id="results-bar" class="results-bar" hidden><a href="#results-start">\
      <span id="results-bar-count"></span> <span class="results-bar-go">See them ↓</span></a></p>
      <section id="staples-picker" class="staples-picker" aria-labelledby="staples-picker-h" hidden>
      <h3 id="staples-picker-h">New here? Tick what you always have</h3>
      <p class="muted">Each one you tick goes in your pantry.</p>
      <div id="staples-picker-foods" class="staple-ticks"></div>
      <p class="staples-picker-actions"><button type="button" id="staples-picker-done">Done</button>
      <button type="button" id="staples-picker-dismiss" class="link">Not now</button></p>
      </section>
      <p class="pantry-links"><a href="/pantry">Amounts and dates on the Pantry page</a>
      <button type="button" id="pantry-clear" class="link" hidden>Clear pantry</button></p>
      <details id="aisles" class="aisles"\(attribute: "hidden", if: !canChange)><summary>Pick by aisle</summary>
      <div id="categories" class="categories"></div>
      </details>
      </section>
      <section class="results-pane" aria-labelledby="results-h">
      <h2 id="results-h" class="visually-hidden">Recipes you can make</h2>
      <form id="cook-filters" class="filters">
      <fieldset class="segmented" id="missing-choice"><legend>Show</legend>
      <label><input type="radio" name="missing" value="0"> Can make now</label>
      <label><input type="radio" name="missing" value="1" checked> Missing 1</label>
      <label><input type="radio" name="missing" value="2"> Missing 2</label>
      </fieldset>
      <details class="more-filters"><summary>Filters</summary>
      <div class="filter-grid">
      <label>Meal type <select name="course" id="filter-course"><option value="">Any</option></select></label>
      <label>Cuisine <select name="cuisine" id="filter-cuisine"><option value="">Any</option></select></label>
      <label>Diet <select name="diet" id="filter-diet"><option value="">Any</option>\(dietOptions)</select></label>
      <label>Ready in <select name="maxTime" id="filter-time"><option value="">Any time</option>
      <option value="15">15 min</option><option value="30">30 min</option><option value="45">45 min</option>
      <option value="60">1 hour</option><option value="120">2 hours</option></select></label>
      <label>Ingredients <select name="maxIngredients" id="filter-count"><option value="">Any number</option>
      <option value="5">5 or fewer</option><option value="8">8 or fewer</option>
      <option value="10">10 or fewer</option><option value="15">15 or fewer</option></select></label>
      <label>Leave out <input type="text" name="exclude" id="filter-exclude" placeholder="nuts, pork"></label>
      </div></details>
      </form>
      <p id="staples-warning" class="warning" hidden></p>
      <div class="results-head" id="results-start"><p id="cook-status" class="status" aria-live="polite" role="status"></p>
      <button type="button" id="surprise" class="secondary">Surprise me</button></div>
      <p id="cook-nearest" class="nearest" hidden></p>
      <ul id="cook-results" class="cards results" aria-busy="false"></ul>
      <p><button type="button" id="cook-more" class="secondary" hidden>Show more</button></p>
      </section>
      </div>
      </section>
      """
    return PageLayout.page(
      title: "Cook", section: .cook, script: "cook.js", templates: [Components.recipeCardTemplate],
      foldsSearch: true, body: body)
  }

  /// What a viewer reads instead of the entry box: the pantry is the household's, theirs to
  /// cook from but not to change.
  static let readOnlyNote: HTML = """
    <p id="pantry-read-only" class="read-only-note">You can cook from your household's pantry, but as a \
    viewer you cannot change it. Ask the household's owner to add or remove foods.</p>

    """
}

/// The add / edit form. Without a recipe it adds one, and offers import from a URL, from
/// pasted text, from a photo of a page and from a file; with one it edits it. The script sends the form as JSON.
enum EditorPage {
  static func render(recipe: Recipe?) -> HTML {
    func value(_ text: String?) -> String { text ?? "" }
    let ingredients =
      recipe?.ingredientSections.flatMap { section in
        (section.title.map { [$0 + ":"] } ?? []) + section.lines.map(\.text)
      }.joined(separator: "\n") ?? ""
    let steps =
      recipe?.instructionSections.flatMap { $0.steps.map(\.text) }.joined(separator: "\n\n") ?? ""
    let heading = recipe.map { "Edit “\($0.name)”" } ?? "Add a recipe"
    let importPanel: HTML =
      recipe == nil
      ? """
      <section class="import-panel" aria-labelledby="import-h">
      <h2 id="import-h">Start from somewhere</h2>
      <form id="clip-form" class="inline-form">
      <label for="clip-url">Import from a web page</label>
      <div class="row"><input id="clip-url" type="url" placeholder="https://…" required>
      <button type="submit">Import</button></div>
      <p id="clip-status" class="status" role="status" aria-live="polite"></p>
      </form>
      <details><summary>Paste a recipe as text</summary>
      <label for="paste-text">Title, ingredients and method, in any common layout</label>
      <textarea id="paste-text" rows="8"></textarea>
      <button type="button" id="paste-apply" class="secondary">Fill the form</button>
      <p id="paste-status" class="status" role="status" aria-live="polite"></p>
      </details>
      <details><summary>Take a photo of a recipe</summary>
      <label for="photo-file">A cookbook page, a printed recipe or a card in clear handwriting: \
      photograph it straight on, in good light, filling the frame. Larder reads the text and \
      fills the form for you to check.</label>
      <input id="photo-file" type="file" accept="image/*" capture="environment">
      <p id="photo-status" class="status" role="status" aria-live="polite"></p>
      <ul id="photo-recipes" class="import-report"></ul>
      </details>
      <details><summary>Import a file or another app&#39;s export</summary>
      <label for="import-file">An export from Paprika, Mealie, Tandoor, Nextcloud Cookbook, Copy Me \
      That, Mela, RecipeSage, Recipe Keeper, Plan to Eat or MyRecipeBox, or a .cook, .mmf, .mx2, \
      .grmt, .md, .csv or JSON-LD file</label>
      <input id="import-file" type="file">
      <p id="import-status" class="status" role="status" aria-live="polite"></p>
      <ul id="import-report" class="import-report"></ul>
      </details>
      </section>

      """ : .empty
    let body: HTML = """
      <section class="editor">
      <h1>\(heading)</h1>
      <noscript><p class="notice">Saving needs JavaScript.</p></noscript>
      \(importPanel)
      <form id="recipe-form" class="recipe-form" data-recipe-id="\(value(recipe?.id.rawValue))">
      <label for="f-name">Title <span aria-hidden="true">*</span></label>
      <input id="f-name" name="name" required value="\(value(recipe?.name))">
      <label for="f-description">Summary</label>
      <textarea id="f-description" name="description" rows="2">\(value(recipe?.description))</textarea>
      <label for="f-image">Image URL</label>
      <input id="f-image" name="image" type="url" value="\(value(recipe?.images.first))"
        aria-describedby="f-image-help">
      <p id="f-image-help" class="muted">A link to a photo, or upload one:</p>
      <label for="f-image-file" class="visually-hidden">Upload a photo</label>
      <input id="f-image-file" type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif">
      <p id="image-status" class="status" role="status" aria-live="polite"></p>
      <img id="image-preview" class="image-preview" alt="The recipe's photo" hidden>
      <div class="field-row">
      <div><label for="f-prep">Prep time</label>
      <input id="f-prep" name="prepTime" placeholder="15 mins" value="\(value(recipe?.prepTime?.description))"></div>
      <div><label for="f-cook">Cook time</label>
      <input id="f-cook" name="cookTime" placeholder="1 hr" value="\(value(recipe?.cookTime?.description))"></div>
      <div><label for="f-servings">Servings</label>
      <input id="f-servings" name="servings" type="number" min="1" value="\(recipe?.yield?.servings.map { String(format: "%g", $0) } ?? "")"></div>
      </div>
      <div class="field-row">
      <div><label for="f-courses">Meal type</label>
      <input id="f-courses" name="courses" placeholder="Dinner" value="\(value(recipe?.courses.joined(separator: ", ")))"></div>
      <div><label for="f-cuisines">Cuisine</label>
      <input id="f-cuisines" name="cuisines" placeholder="Italian" value="\(value(recipe?.cuisines.joined(separator: ", ")))"></div>
      </div>
      <label for="f-diets">Diets</label>
      <input id="f-diets" name="diets" placeholder="vegetarian, gluten-free" value="\(value(recipe?.diets.map(\.rawValue).joined(separator: ", ")))">
      <label for="f-keywords">Tags and collections</label>
      <input id="f-keywords" name="keywords" placeholder="weeknight, soup" value="\(value(recipe?.keywords.joined(separator: ", ")))">
      <label for="f-ingredients">Ingredients, one a line</label>
      <div class="with-feedback">
      <textarea id="f-ingredients" name="ingredients" rows="10" aria-describedby="parse-feedback-h">\(ingredients)</textarea>
      <section class="parse-feedback" aria-live="polite"><h2 id="parse-feedback-h" class="small">How Larder reads them</h2>
      <ol id="parse-feedback"></ol></section>
      </div>
      <label for="f-steps">Method: one step a paragraph</label>
      <textarea id="f-steps" name="steps" rows="10">\(steps)</textarea>
      <label for="f-notes">Notes</label>
      <textarea id="f-notes" name="notes" rows="3">\(value(recipe?.notes))</textarea>
      <label for="f-language">Language</label>
      <select id="f-language" name="language" aria-describedby="f-language-help">
      <option value="">Tell from the text</option>
      \(RecipeLanguage.allCases.map { language in
        language == recipe?.language
          ? "<option value=\"\(language.rawValue)\" selected>\(language.nativeName)</option>" as HTML
          : "<option value=\"\(language.rawValue)\">\(language.nativeName)</option>" as HTML
      })
      </select>
      <p id="f-language-help" class="muted">The ingredient lines are read with this language's units and food names.</p>
      <p><button type="submit" id="save">Save recipe</button>
      \(recipe.map { "<a class=\"button secondary\" href=\"/recipes/\($0.id.rawValue)\">Cancel</a>" as HTML })</p>
      <p id="save-status" class="status" role="status" aria-live="polite"></p>
      </form>
      </section>
      """
    return PageLayout.page(
      title: recipe.map { "Edit \($0.name)" } ?? "Add a recipe",
      section: recipe == nil ? .add : nil, script: "edit.js", body: body)
  }

  /// What a viewer gets at /add or a recipe's edit address: a note instead of a form whose
  /// saving, importing and clipping the server refuses them.
  static func readOnly(recipe: Recipe?) -> HTML {
    let heading = recipe.map { "Edit “\($0.name)”" } ?? "Add a recipe"
    let back: HTML =
      recipe.map { "<a href=\"/recipes/\($0.id.rawValue)\">Back to the recipe</a>" }
      ?? "<a href=\"/library\">Browse the library</a>"
    let body: HTML = """
      <section class="editor" id="editor-read-only">
      <h1>\(heading)</h1>
      <p class="read-only-note" id="read-only-note">As a viewer you can read and cook the \
      household's recipes, but you cannot add or change them: ask the household's owner.</p>
      <p>\(back)</p>
      </section>
      """
    return PageLayout.page(
      title: recipe.map { "Edit \($0.name)" } ?? "Add a recipe",
      section: recipe == nil ? .add : nil, body: body)
  }
}

/// The settings page: the signed-in user's staples, diets applied by default and units (kept on
/// the server, so every browser the user signs in on has them), and the theme (this browser's).
enum SettingsPage {
  /// The settings page; with `accounts`, it leads to the account page first.
  static func render(accounts: Bool = false) -> HTML {
    let diets = CookPage.diets.map {
      "<label><input type=\"checkbox\" name=\"diets\" value=\"\($0)\"> \($0)</label>" as HTML
    }
    let body: HTML = """
      <section class="settings">
      <h1>Settings</h1>
      \(accounts ? "<p><a class=\"button secondary\" href=\"/account\">Your account, household and sign-out</a></p>" as HTML : HTML.empty)
      <p class="muted">Kept for your account, so every browser you sign in on has them; the theme is this browser's.</p>
      <form id="settings-form">
      <div class="combo">
      <label for="s-staples">Staples you always have</label>
      <input id="s-staples" name="staples" type="text" value="salt, black pepper, water" role="combobox"
        aria-autocomplete="list" aria-expanded="false" aria-controls="s-staples-options"
        autocomplete="off" aria-describedby="s-staples-help">
      <ul id="s-staples-options" class="suggestions" role="listbox" aria-label="Matching foods" hidden></ul>
      </div>
      <p id="s-staples-help" class="muted">They never count as missing. Separate with commas.</p>
      <p id="s-staples-warning" class="warning" role="status" hidden></p>
      <fieldset><legend>Diets, applied everywhere by default</legend>
      <div class="checks">\(diets, separator: "\n")</div></fieldset>
      <fieldset class="segmented"><legend>Units</legend>
      <label><input type="radio" name="units" value="original" checked> As written</label>
      <label><input type="radio" name="units" value="us"> US</label>
      <label><input type="radio" name="units" value="metric"> Metric</label>
      </fieldset>
      <fieldset class="segmented"><legend>Theme</legend>
      <label><input type="radio" name="theme" value="system" checked> System</label>
      <label><input type="radio" name="theme" value="light"> Light</label>
      <label><input type="radio" name="theme" value="dark"> Dark</label>
      </fieldset>
      <p><button type="submit">Save settings</button> <span id="settings-status" role="status" aria-live="polite"></span></p>
      </form>
      </section>
      """
    return PageLayout.page(
      title: "Settings", section: .settings, script: "settings.js", body: body)
  }
}
