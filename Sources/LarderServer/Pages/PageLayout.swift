import Foundation

/// The frame every page shares: head, header with navigation and the search box, and footer.
enum PageLayout {
  /// Headers every HTML answer carries. Scripts come only from Larder's own files (no inline
  /// script or style), images too (a recipe's remote image is shown through Larder's copy, see
  /// `ShownImage`, so opening a page never tells another host who is looking), and nothing may
  /// frame the app.
  static let securityHeaders = [
    "Content-Security-Policy":
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
      + "connect-src 'self'; font-src 'self'; media-src 'self'; object-src 'none'; "
      + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; manifest-src 'self'; "
      + "worker-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
  ]

  /// The security headers for an answer of this media type: a page gets ``securityHeaders``;
  /// JSON and images a policy under which nothing runs or frames them if opened directly;
  /// scripts and styles only nosniff and the referrer policy (a policy on a script would bind
  /// the service worker it starts).
  static func securityHeaders(forContentType type: String) -> [String: String] {
    let type = type.lowercased()
    if type.hasPrefix("text/html") { return securityHeaders }
    var headers = ["X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"]
    if type.contains("json") || type.hasPrefix("image/") {
      headers["Content-Security-Policy"] = "default-src 'none'; frame-ancestors 'none'; sandbox"
    }
    return headers
  }

  /// The sections of the app, in the order the navigation shows them.
  enum Section: String, CaseIterable {
    case cook, library, plan, list, pantry, add, settings

    var path: String {
      switch self {
      case .cook: "/"
      case .library: "/library"
      case .plan: "/plan"
      case .list: "/list"
      case .pantry: "/pantry"
      case .add: "/add"
      case .settings: "/settings"
      }
    }

    var label: String {
      switch self {
      case .cook: "Cook"
      case .library: "Library"
      case .plan: "Plan"
      case .list: "List"
      case .pantry: "Pantry"
      case .add: "Add"
      case .settings: "Settings"
      }
    }
  }

  /// What a page no search engine should index or follow says, in its `robots` meta tag and
  /// its `X-Robots-Tag` header.
  static let unindexed = "noindex, nofollow"

  /// A whole page. `script` names a module under /static/ that enhances it; `templates` are
  /// the components (see ``Components``) its script clones; `indexed: false` asks search
  /// engines to leave it out (``unindexed``); `head` is more of the head, such as a recipe's
  /// structured data (``RecipeStructuredData``).
  ///
  /// The header's recipe search folds behind a Search button on phones (so the header keeps
  /// to one row), except on the Library, where it is the page's own search box. With
  /// `foldsSearch` it folds at every width: a page whose first field is its own (the Cook
  /// page's pantry) must not have the header's search come first.
  static func page(
    title: String, search: String = "", section: Section? = nil, script: String? = nil,
    templates: [HTML] = [], indexed: Bool = true, foldsSearch: Bool = false, head: HTML = .empty,
    body: HTML
  ) -> HTML {
    let robots: HTML? = indexed ? nil : "<meta name=\"robots\" content=\"\(unindexed)\">\n"
    let navigation = Section.allCases.map { item -> HTML in
      "<a href=\"\(item.path)\"\(attribute: "aria-current", item == section ? "page" : nil)>\(item.label)</a>"
    }
    let headerClasses: [String?] = [
      "top", foldsSearch ? "folds-search" : nil, section == .library ? "search-page" : nil,
    ]
    let headerClass = headerClasses.compactMap { $0 }.joined(separator: " ")
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <meta name="theme-color" content="#2f6f4f">
      \(robots)<title>\(title) · Larder</title>
      <link rel="stylesheet" href="/static/larder.css">
      <link rel="stylesheet" href="/static/planning.css">
      <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
      <link rel="manifest" href="/manifest.webmanifest">
      <link rel="apple-touch-icon" href="/static/icon-192.png">
      <script src="/static/theme.js"></script>
      <script type="module" src="/static/\(script ?? "app.js")"></script>
      \(head)\(head.isEmpty ? "" : "\n")</head>
      <body>
      <a class="skip" href="#main">Skip to content</a>
      <header class="\(headerClass)">
        <a class="brand" href="/"><img src="/static/icon.svg" alt="" width="28" height="28"> <span class="brand-name">Larder</span></a>
        <nav class="main-nav" aria-label="Main">\(navigation)</nav>
        <button type="button" class="search-toggle secondary" aria-expanded="false" aria-controls="site-search">\
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">\
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" stroke-width="2.5"/>\
      <path d="M15.5 15.5 21 21" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"/></svg>\
      <span class="search-toggle-label">Search recipes</span></button>
        <form class="search" id="site-search" action="/library" method="get" role="search">
          <label class="visually-hidden" for="q">Search recipes</label>
          <input id="q" name="q" type="search" placeholder="Search recipes, ingredients, tags…"
            value="\(search)" autocomplete="off">
          <button type="submit">Search</button>
        </form>
      </header>
      <main id="main" tabindex="-1">
      \(body)
      </main>
      <footer class="bottom"><a href="/api/v1/recipes">JSON API</a></footer>
      \(templates, separator: "\n")\(templates.isEmpty ? "" : "\n")</body>
      </html>
      """
  }

  /// The page the service worker shows, offline, for a page never opened on this device: the
  /// app's own frame (so it is styled and sized for a phone), what still works, and a way back.
  /// app.js shows the Go back button when there is somewhere to go back to.
  static let offlinePage: HTML = page(
    title: "Offline", indexed: false,
    body: """
      <section class="notice offline-notice">
      <h1>You are offline</h1>
      <p>This page has not been opened on this device before, so there is no copy of it here. \
      It will open when Larder can be reached again.</p>
      <p>What you have opened before still works offline: recipes, the shopping list (ticks and \
      additions are sent when you are back online), the meal plan and the pantry.</p>
      <p class="offline-actions"><button type="button" class="secondary" id="offline-back" hidden>Go back</button>
      <a href="/list">Shopping list</a> <a href="/plan">Meal plan</a> <a href="/pantry">Pantry</a> \
      <a href="/library">Library</a></p>
      </section>
      """)

  /// The page for an error answered to a browser: a heading for the kind of error and its message.
  static func errorPage(status: Int, message: String) -> HTML {
    let heading = status == 404 ? "Not found" : status >= 500 ? "Something went wrong" : "Sorry"
    return page(
      title: heading,
      body: """
        <section class="notice">
        <h1>\(heading)</h1>
        <p>\(message)</p>
        <p><a href="/library">Back to the library</a></p>
        </section>
        """)
  }
}
