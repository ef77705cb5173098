import Foundation

/// Escapes text for HTML element content and attribute values.
func escapeHTML(_ text: String) -> String {
  var output = ""
  output.reserveCapacity(text.utf8.count)
  for character in text {
    switch character {
    case "&": output += "&amp;"
    case "<": output += "&lt;"
    case ">": output += "&gt;"
    case "\"": output += "&quot;"
    case "'": output += "&#39;"
    default: output.append(character)
    }
  }
  return output
}

/// Percent-encodes a query parameter value.
func escapeQueryValue(_ text: String) -> String {
  var allowed = CharacterSet.alphanumerics
  allowed.insert(charactersIn: "-._~")
  return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
}

/// The frame every page shares: head, header with the search box, and footer.
enum PageLayout {
  static func page(title: String, search: String = "", body: String) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>\(escapeHTML(title)) · Larder</title>
    <link rel="stylesheet" href="/static/larder.css">
    <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
    </head>
    <body>
    <header class="top">
      <a class="brand" href="/">Larder</a>
      <form class="search" action="/" method="get" role="search">
        <label class="visually-hidden" for="q">Search recipes</label>
        <input id="q" name="q" type="search" placeholder="Search recipes, ingredients, tags…"
          value="\(escapeHTML(search))" autocomplete="off">
        <button type="submit">Search</button>
      </form>
    </header>
    <main>
    \(body)
    </main>
    <footer class="bottom"><a href="/api/v1/recipes">JSON API</a></footer>
    </body>
    </html>
    """
  }

  static func errorPage(status: Int, message: String) -> String {
    let heading = status == 404 ? "Not found" : status >= 500 ? "Something went wrong" : "Sorry"
    return page(
      title: heading,
      body: """
        <section class="notice">
        <h1>\(escapeHTML(heading))</h1>
        <p>\(escapeHTML(message))</p>
        <p><a href="/">Back to the library</a></p>
        </section>
        """)
  }
}
