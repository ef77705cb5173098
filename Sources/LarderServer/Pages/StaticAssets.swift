import Foundation
import LarderHTTP

/// The stylesheet and icon, compiled into the binary so Larder runs as one file.
enum StaticAssets {
  static func register(in router: inout Router) {
    router.get("/static/larder.css") { _ in asset(stylesheet, type: "text/css; charset=utf-8") }
    router.get("/static/icon.svg") { _ in asset(icon, type: "image/svg+xml") }
    router.get("/favicon.ico") { _ in asset(icon, type: "image/svg+xml") }
  }

  private static func asset(_ text: String, type: String) -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: ["Content-Type": type, "Cache-Control": "public, max-age=3600"],
      body: Data(text.utf8))
  }

  static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" \
    fill="#2f6f4f"/><path d="M18 40c0-9 6-16 14-16s14 7 14 16z" fill="#f4efe6"/><rect x="14" y="40" \
    width="36" height="6" rx="3" fill="#f4efe6"/><circle cx="32" cy="21" r="3" fill="#f4efe6"/></svg>
    """

  static let stylesheet = """
    :root {
      --bg: #faf8f4; --fg: #1f2421; --muted: #5c655f; --card: #ffffff; --line: #e4ded3;
      --accent: #2f6f4f; --accent-fg: #ffffff; --chip: #eef4ef; --star: #c98a00;
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      line-height: 1.5;
    }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #171a18; --fg: #ecefe9; --muted: #a4ada6; --card: #202522; --line: #333a35;
        --accent: #7cc19a; --accent-fg: #0d1a12; --chip: #26332b; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); }
    a { color: var(--accent); }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
      clip: rect(0 0 0 0); white-space: nowrap; }
    .top { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; padding: .75rem 1rem;
      background: var(--card); border-bottom: 1px solid var(--line); position: sticky; top: 0; }
    .brand { font-weight: 700; font-size: 1.25rem; text-decoration: none; color: var(--fg); }
    .search { display: flex; flex: 1 1 16rem; gap: .5rem; }
    .search input { flex: 1; min-width: 0; font: inherit; padding: .55rem .75rem;
      border: 1px solid var(--line); border-radius: .6rem; background: var(--bg); color: var(--fg); }
    button { font: inherit; padding: .55rem 1rem; border: 0; border-radius: .6rem;
      background: var(--accent); color: var(--accent-fg); cursor: pointer; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    main { max-width: 70rem; margin: 0 auto; padding: 1rem; }
    .library-head { display: flex; align-items: baseline; gap: 1rem; flex-wrap: wrap; }
    .library-head h1 { margin: .25rem 0; font-size: 1.5rem; }
    .count, .meta, .byline { color: var(--muted); margin: 0; }
    .sort { display: flex; flex-wrap: wrap; gap: .4rem; margin: .5rem 0 1rem; }
    .sort a { padding: .3rem .7rem; border-radius: 999px; background: var(--chip);
      text-decoration: none; font-size: .9rem; }
    .sort a[aria-current] { background: var(--accent); color: var(--accent-fg); }
    .cards { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem;
      grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
    .card a { display: flex; flex-direction: column; height: 100%; background: var(--card);
      border: 1px solid var(--line); border-radius: .9rem; overflow: hidden; color: inherit;
      text-decoration: none; }
    .card a:hover { border-color: var(--accent); }
    .card img, .placeholder { width: 100%; aspect-ratio: 16 / 10; object-fit: cover; }
    .placeholder { display: grid; place-items: center; font-size: 2.5rem; font-weight: 700;
      background: hsl(var(--hue, 150) 40% 90%); color: hsl(var(--hue, 150) 45% 28%); }
    @media (prefers-color-scheme: dark) {
      .placeholder { background: hsl(var(--hue, 150) 25% 22%); color: hsl(var(--hue, 150) 45% 75%); }
    }
    .card-body { padding: .75rem .9rem 1rem; }
    .card h2 { font-size: 1.05rem; margin: 0 0 .25rem; }
    .star { color: var(--star); }
    .diets { display: flex; flex-wrap: wrap; gap: .3rem; margin: .5rem 0 0; }
    .diets span { font-size: .75rem; padding: .1rem .5rem; border-radius: 999px;
      background: var(--chip); }
    .pages { display: flex; justify-content: center; gap: 1rem; align-items: center;
      margin: 1.5rem 0; }
    .empty, .notice { padding: 2rem 0; color: var(--muted); }
    .recipe { max-width: 60rem; margin: 0 auto; }
    .recipe h1 { font-size: 1.9rem; line-height: 1.2; margin: .5rem 0; }
    .hero { width: 100%; max-height: 24rem; object-fit: cover; border-radius: .9rem; }
    .lede { font-size: 1.1rem; }
    .facts { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin: 1rem 0; }
    .facts div { display: flex; flex-direction: column; }
    .facts dt { font-size: .8rem; color: var(--muted); text-transform: uppercase; }
    .facts dd { margin: 0; font-weight: 600; }
    .columns { display: grid; gap: 1.5rem; }
    @media (min-width: 48rem) { .columns { grid-template-columns: 1fr 2fr; } }
    .ingredients ul { padding-left: 1.1rem; }
    .ingredients li, .method li { margin: .35rem 0; }
    .method ol { padding-left: 1.3rem; }
    .method li { margin-bottom: .8rem; }
    .nutrition dl { display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
      gap: .25rem 1rem; }
    .nutrition dd { margin: 0 0 .5rem; font-weight: 600; }
    .recipe-foot { border-top: 1px solid var(--line); margin-top: 2rem; color: var(--muted); }
    .bottom { text-align: center; padding: 2rem 1rem; color: var(--muted); font-size: .9rem; }
    @media print { .top, .bottom, .sort { display: none; } body { background: #fff; } }
    """
}
