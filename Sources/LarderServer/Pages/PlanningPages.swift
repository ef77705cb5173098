import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// The planning pages: the pantry (`/pantry`), the meal plan (`/plan`) and the shopping list
/// (`/list`). Each page renders labelled controls and, where it can, what is stored (so the
/// pantry and the list can be read without JavaScript); its module (pantry.js, plan.js,
/// list.js) then takes over through the JSON API.
struct PlanningPages: Sendable {
  /// The use cases the pages show; without a planning store the pages say so.
  let larder: Larder

  func register(in router: inout AppRouter) {
    router.get("/pantry") { _, caller in
      .html(
        PantryPage.render(
          items: try larder.planning.map { _ in
            try larder.pantry(PantryListRequest(), as: caller).items
          }, canChange: caller.may(.change)))
    }
    router.get("/plan") { _, caller in
      .html(PlanPage.render(available: larder.planning != nil, canChange: caller.may(.change)))
    }
    router.get("/list") { _, caller in
      .html(
        ShoppingListPage.render(
          list: try larder.planning.map { _ in
            try larder.shoppingList(ShoppingListRequest(), as: caller)
          }, canChange: caller.may(.change)))
    }
  }

  /// What a viewer reads instead of the forms they may not use (the server refuses a viewer's
  /// changes): the household's `what`, theirs to read but not to change. Each page's section
  /// carries `data-can-change`, so its script leaves those forms and buttons hidden.
  static func readOnlyNote(_ what: String) -> HTML {
    """
    <p class="read-only-note" id="read-only-note">This is your household's \(what). As a viewer \
    you can read it, but you cannot change it: ask the household's owner.</p>

    """
  }

  /// Said instead of the page when the server keeps no planning data.
  static let unavailable: HTML =
    "<p class=\"notice\">This server keeps no pantry, plan or list (it runs without a planning store).</p>"
}

/// The stored pantry: quick add by a typed line, items by location or soonest expiry, edit and
/// remove, and recipes that use up what expires first.
enum PantryPage {
  static let locations = ["fridge", "freezer", "cupboard"]

  static func render(items: [PantryItemView]?, canChange: Bool = true) -> HTML {
    let locationOptions = locations.map { "<option value=\"\($0)\"></option>" as HTML }
    let list: HTML? = items.map { items in
      let rows = items.map { Components.pantryItem(PantryItemModel($0), actions: canChange) }
      return "<ul id=\"pantry-items\" class=\"plan-items pantry-items\">\(rows)</ul>"
    }
    let body: HTML = """
      <section class="planning pantry-page" id="pantry-page" data-can-change="\(canChange ? "true" : "false")">
      <div class="planning-head"><h1>Pantry</h1>
      <p class="muted">What you have at home, soonest to expire first.</p></div>
      \(items == nil ? PlanningPages.unavailable : .empty)\
      \(canChange ? HTML.empty : PlanningPages.readOnlyNote("pantry"))
      <noscript><p class="notice">Adding and editing need JavaScript.</p></noscript>
      <form id="pantry-add" class="panel quick-add" hidden>
      <h2 id="pantry-add-h">Quick add</h2>
      <label for="pantry-line">What you have</label>
      <div class="row"><input id="pantry-line" name="line" required autocomplete="off"
        placeholder="2 lb chicken thighs" aria-describedby="pantry-line-help">
      <button type="submit">Add</button></div>
      <p id="pantry-line-help" class="muted">Type it as you would say it; Larder reads the amount.</p>
      <div class="field-row">
      <div><label for="pantry-expires">Expires on <span class="muted">(optional)</span></label>
      <input id="pantry-expires" name="expiresOn" type="date"></div>
      <div><label for="pantry-location">Kept in <span class="muted">(optional)</span></label>
      <input id="pantry-location" name="location" list="pantry-locations" maxlength="40"
        placeholder="e.g. fridge" autocomplete="off"></div>
      </div>
      <datalist id="pantry-locations">\(locationOptions)</datalist>
      </form>
      <p id="pantry-status" class="status" role="status" aria-live="polite"></p>
      <div class="planning-bar" id="pantry-controls" hidden>
      <fieldset class="segmented" id="pantry-order"><legend>Show</legend>
      <label><input type="radio" name="order" value="location" checked> By location</label>
      <label><input type="radio" name="order" value="expiry"> Soonest expiry</label>
      </fieldset>
      <button type="button" id="use-it-up" class="secondary">Use it up</button>
      </div>
      <div id="pantry-list" aria-live="polite">\(list)</div>
      <p id="pantry-empty" class="empty" hidden>Your pantry is empty.\
      \(canChange ? " Add what you have above." : "")</p>
      <section id="use-it-up-pane" class="use-it-up" aria-labelledby="use-it-up-h" hidden>
      <h2 id="use-it-up-h">Use it up</h2>
      <p class="muted">Recipes for what expires soonest, fewest missing first. <a id="use-it-up-cook" href="/?useItUp=true">More on the Cook page</a></p>
      <ul id="use-it-up-results" class="cards results"></ul>
      </section>
      </section>
      """
    return PageLayout.page(
      title: "Pantry", section: .pantry, script: "pantry.js",
      templates: [Components.pantryItemTemplate, Components.recipeCardTemplate], body: body)
  }
}

/// The meal plan: a week (or a list) of planned recipes with each day's total time and
/// nutrition (one serving of each meal) and the week's, adding from a search of the library,
/// "fill my week" suggestions, and the shopping list from it.
enum PlanPage {
  static func render(available: Bool, canChange: Bool = true) -> HTML {
    let meals = ["breakfast", "lunch", "dinner", "snack"].map { meal -> HTML in
      "<option value=\"\(meal)\"\(attribute: "selected", if: meal == "dinner")>\(meal.capitalized)</option>"
    }
    let body: HTML = """
      <section class="planning plan-page" id="plan-page" data-can-change="\(canChange ? "true" : "false")">
      <div class="planning-head"><h1>Meal plan</h1>
      <p id="plan-range" class="muted" aria-live="polite"></p>
      <p id="plan-nutrition" class="muted plan-nutrition"></p></div>
      \(available ? .empty : PlanningPages.unavailable)\
      \(canChange ? HTML.empty : PlanningPages.readOnlyNote("meal plan"))
      <noscript><p class="notice">The meal plan needs JavaScript.</p></noscript>
      <div class="planning-bar" id="plan-controls" hidden>
      <nav class="week-nav" aria-label="Weeks">
      <button type="button" id="week-prev" class="secondary">← <span class="visually-hidden">Previous week</span><span aria-hidden="true">Prev</span></button>
      <button type="button" id="week-today" class="secondary">This week</button>
      <button type="button" id="week-next" class="secondary"><span class="visually-hidden">Next week</span><span aria-hidden="true">Next</span> →</button>
      </nav>
      <fieldset class="segmented" id="plan-view"><legend>View</legend>
      <label><input type="radio" name="view" value="week" checked> Week</label>
      <label><input type="radio" name="view" value="list"> List</label>
      </fieldset>
      </div>
      <div id="plan-days" class="plan-days week"></div>
      <div class="planning-bar plan-actions" id="plan-actions" hidden>
      <span class="fill-meal"><label for="fill-meal">Meal to fill</label>
      <select id="fill-meal">\(meals)</select></span>
      <button type="button" id="plan-fill" class="secondary">Fill my week</button>
      <button type="button" id="plan-to-list">Make the shopping list</button>
      </div>
      <p id="plan-status" class="status" role="status" aria-live="polite"></p>
      <form id="plan-add" class="panel plan-add" hidden>
      <h2>Plan a recipe</h2>
      \(Components.combobox(
        id: "plan-recipe", label: "Recipe", listLabel: "Matching recipes",
        placeholder: "Search your recipes…", isRequired: true))
      <div class="field-row">
      <div><label for="plan-date">Day</label><select id="plan-date" name="date"></select></div>
      <div><label for="plan-meal">Meal</label><select id="plan-meal" name="meal">\(meals)</select></div>
      <div><label for="plan-servings">Servings</label>
      <input id="plan-servings" name="servings" type="number" min="1" max="1000" step="1" inputmode="numeric" placeholder="As written"></div>
      </div>
      <p><button type="submit">Add to plan</button></p>
      </form>
      <section id="fill-pane" class="panel fill-pane" aria-labelledby="fill-h" hidden>
      <h2 id="fill-h">Suggestions for the empty days</h2>
      <ul id="fill-results" class="fill-results"></ul>
      <p><button type="button" id="fill-accept-all">Plan them all</button>
      <button type="button" id="fill-close" class="secondary">Close</button></p>
      </section>
      </section>
      """
    return PageLayout.page(title: "Meal plan", section: .plan, script: "plan.js", body: body)
  }
}

/// The shopping list: generated from the plan or from chosen recipes, grouped by aisle with
/// merged amounts, checked off, moved to the pantry, shared and printed.
enum ShoppingListPage {
  static func render(list answer: ShoppingListAnswer?, canChange: Bool = true) -> HTML {
    let groups = answer?.groups ?? []
    let list = groups.enumerated().map { index, group in
      Components.aisleGroup(
        index: index, aisle: group.aisle?.rawValue, title: group.title,
        lines: group.items.map { Components.amountLine(AmountLineModel($0), actions: canChange) })
    }
    let body: HTML = """
      <section class="planning list-page" id="list-page" data-can-change="\(canChange ? "true" : "false")">
      <div class="planning-head"><h1>Shopping list</h1>
      <p id="list-count" class="muted" aria-live="polite"></p></div>
      \(answer == nil ? PlanningPages.unavailable : .empty)\
      \(canChange ? HTML.empty : PlanningPages.readOnlyNote("shopping list"))
      <noscript><p class="notice">Checking off and making the list need JavaScript.</p></noscript>
      <details id="list-generate" class="panel generate" hidden>
      <summary>Make the list</summary>
      <form id="generate-plan" class="generate-form">
      <h2 class="small">From the meal plan</h2>
      <div class="field-row">
      <div><label for="gen-from">From</label><input id="gen-from" type="date" required></div>
      <div><label for="gen-to">To</label><input id="gen-to" type="date" required></div>
      </div>
      <p><button type="submit">Make from the plan</button></p>
      </form>
      <form id="generate-recipes" class="generate-form">
      <h2 class="small">From recipes you choose</h2>
      \(Components.combobox(
        id: "gen-recipe", label: "Recipe", listLabel: "Matching recipes",
        placeholder: "Search your recipes…"))
      <ul id="gen-chosen" class="chosen" aria-label="Chosen recipes"></ul>
      <p><button type="submit" id="gen-recipes-submit" disabled>Make from these recipes</button></p>
      </form>
      <p class="muted">Making the list again keeps the lines you added by hand.</p>
      </details>
      <div class="planning-bar list-tools" id="list-tools" hidden>
      <label class="check"><input type="checkbox" id="show-staples"> Show staples</label>
      <button type="button" id="list-share" class="secondary">Share</button>
      <button type="button" id="list-print" class="secondary">Print</button>
      <button type="button" id="list-to-pantry" class="secondary" disabled aria-controls="list-to-pantry-form" aria-expanded="false">Checked → pantry</button>
      </div>
      <form id="list-to-pantry-form" class="inline-form" hidden>
      <label for="list-to-pantry-expiry">Use by (optional)</label>
      <div class="row"><input type="date" id="list-to-pantry-expiry">
      <button type="submit">Move checked to pantry</button>
      <button type="button" id="list-to-pantry-cancel" class="secondary">Cancel</button></div>
      </form>
      <form id="list-add" class="inline-form list-add" hidden>
      <label for="list-line">Add an item</label>
      <div class="row"><input id="list-line" required autocomplete="off" placeholder="2 lemons">
      <button type="submit">Add</button></div>
      </form>
      <p id="list-status" class="status" role="status" aria-live="polite"></p>
      <div id="list-groups" class="list-groups">\(list)</div>
      <p id="list-empty" class="empty" hidden>The list is empty. Make it from your meal plan or from recipes, or add items by hand.</p>
      </section>
      """
    return PageLayout.page(
      title: "Shopping list", section: .list, script: "list.js",
      templates: [Components.aisleGroupTemplate, Components.amountLineTemplate], body: body)
  }
}
