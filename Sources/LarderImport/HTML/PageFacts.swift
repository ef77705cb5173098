import Foundation
import LarderCore

/// What a page says about itself outside any recipe markup: its address, title, image and
/// description, from `<base>`, `<link rel=canonical>`, Open Graph and `<title>`.
struct PageFacts {
  /// The address relative links resolve against: `<base href>` resolved against the page URL.
  let baseURL: URL?
  /// The page's own address: canonical link, else `og:url`, else the URL it was fetched from.
  let canonicalURL: String?
  /// `og:title`, else the first `<h1>`, else `<title>`.
  let title: String?
  /// The first `<h1>` that is not the site's name, whitespace collapsed.
  let heading: String?
  /// The parts of `<title>` between separators ("Lemon Tart | Kitchen": both).
  let titleParts: [String]
  /// `og:image`, resolved.
  let image: String?
  /// `og:description`, else `<meta name=description>`.
  let description: String?
  /// `<meta name=author>`, unless it is a URL.
  let author: String?
  /// `og:site_name` or `application-name`: what the site calls itself.
  let siteName: String?
  /// The host of the page's address, without "www.".
  let host: String?
  /// The page's language, from `<html lang>` or `og:locale`, when Larder reads it.
  let language: RecipeLanguage?
  /// The page's language code as declared ("hr", "de-AT"), lowercased; nil when none is.
  let languageCode: String?

  init(document: MarkupDocument, url: String?) {
    let pageURL = url.flatMap { URL(string: $0.trimmingCharacters(in: .whitespaces)) }
    var base = pageURL
    var canonical: String?
    var ogURL: String?
    var ogTitle: String?
    var ogImage: String?
    var ogDescription: String?
    var siteName: String?
    var authorName: String?
    var metaDescription: String?
    var titleText: String?
    var firstHeadings: [String] = []
    var banner: String?
    var subheadings: [String] = []
    var bigFonts: [String] = []
    var languageCode: String?
    for element in document.elements() {
      switch element.name {
      case "html":
        languageCode = languageCode ?? element.attribute("lang") ?? element.attribute("xml:lang")
      case "base":
        if let href = element.attribute("href"),
          let resolved = URL(string: href.trimmingCharacters(in: .whitespaces), relativeTo: pageURL)
        {
          base = resolved.absoluteURL
        }
      case "link":
        if element.tokens("rel").contains(where: { $0.lowercased() == "canonical" }),
          canonical == nil
        {
          canonical = element.attribute("href")
        }
      case "meta":
        let key = (element.attribute("property") ?? element.attribute("name") ?? "").lowercased()
        let content = element.attribute("content")?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let content, !content.isEmpty else { continue }
        switch key {
        case "og:title": ogTitle = ogTitle ?? content
        case "og:image", "og:image:url", "og:image:secure_url", "twitter:image":
          ogImage = ogImage ?? content
        case "og:url": ogURL = ogURL ?? content
        case "og:site_name", "application-name": siteName = siteName ?? content
        case "og:description": ogDescription = ogDescription ?? content
        case "og:locale": languageCode = languageCode ?? content
        case "description": metaDescription = metaDescription ?? content
        case "author", "article:author": authorName = authorName ?? content
        default: break
        }
      case "title":
        titleText = titleText ?? element.text
      // Word's saved page: its Title style is the document's heading.
      case "p" where element.tokens("class").contains("MsoTitle") && firstHeadings.count < 5:
        let text = MarkupNode.collapse(element.text)
        if !text.isEmpty && text.count <= 200 { firstHeadings.append(text) }
      case "h1":
        // A blog's banner ("<h1><a href="/">crumbs and chaos</a></h1>") names the site.
        if Self.isLinkHome(element) {
          banner = banner ?? MarkupNode.collapse(element.text)
        } else if firstHeadings.count < 5 {
          let text = MarkupNode.collapse(element.text)
          if !text.isEmpty && text.count <= 200 { firstHeadings.append(text) }
        }
      case "h2", "h3":
        if subheadings.count < 50 { subheadings.append(MarkupNode.collapse(element.text)) }
      case "font":
        // The headings of pages written before style sheets: <font size="5"> or "+2".
        guard bigFonts.count < 20, let size = element.attribute("size"),
          let number = Int(
            size.trimmingCharacters(in: .whitespaces).replacingOccurrences(
              of: "+", with: "")),
          size.contains("+") ? number >= 2 : number >= 5, element.hasAtMost(8)
        else { continue }
        let text = MarkupNode.collapse(element.text)
        if !text.isEmpty, text.count <= 120 { bigFonts.append(text) }
      default:
        break
      }
    }
    baseURL = base
    // (Without a forum board's "View topic" part, which names no page.)
    let titleParts = (titleText.map { Self.parts(of: MarkupNode.collapse($0)) } ?? [])
      .filter { !Self.forumPrefixes.contains($0.lowercased()) }
    // A site's name set as its first heading ("<h1>U Kratochvílů</h1>" over "Bramboráky jako
    // od babičky | U Kratochvílů"): the name og:site_name gives, or a later part of the title
    // when its first part is the heading of the post below.
    func namesSite(_ text: String) -> Bool {
      let lowered = text.lowercased()
      if siteName.map({ MarkupNode.collapse($0).lowercased() == lowered }) == true { return true }
      guard let first = titleParts.first, first.lowercased() != lowered,
        titleParts.dropFirst().contains(where: { $0.lowercased() == lowered })
      else { return false }
      // ("Pierogi ruskie teściowej - sprawdzony przepis - Forum": the post's heading may hold
      // more than one part of the title.)
      return subheadings.contains { $0 == first || $0.hasPrefix(first + " ") }
    }
    var heading = firstHeadings.first { !namesSite($0) }
    if let site = firstHeadings.first(where: namesSite) { banner = banner ?? site }
    siteName = siteName ?? banner
    if let name = ogTitle, let banner, MarkupNode.collapse(name) == banner { ogTitle = nil }
    // "From The Hearth Table: Buttermilk Skillet Cornbread" over the og:title "The Hearth
    // Table: Cooking from a Wood-Fired Kitchen": the share title is the book's.
    if let quoted = heading, case let dish = Self.withoutSourcePrefix(quoted), dish != quoted {
      let source = quoted.dropLast(dish.count).drop { $0 != " " }
        .trimmingCharacters(in: .whitespaces.union([":"]))
      if let name = ogTitle, !source.isEmpty, name.lowercased().hasPrefix(source.lowercased()) {
        ogTitle = nil
      }
      heading = dish
    }
    func absolute(_ text: String?) -> String? {
      guard let text, !text.isEmpty else { return nil }
      let resolved = Self.resolve(text, against: base)
      return resolved.hasPrefix("http") ? resolved : nil
    }
    canonicalURL = absolute(canonical) ?? absolute(ogURL) ?? pageURL?.absoluteString
    // Without og:title or an h1, "Lemon Tart | A Kitchen Blog" in <title> is the recipe's name
    // and the site's: the part a heading repeats, else the first part.
    let address = canonicalURL.flatMap(URL.init(string:)) ?? pageURL
    let host = address?.host.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 }
    let headedPart = titleParts.first { part in subheadings.contains(part) }
    // "Dot's Kitchen Korner - Molasses Crinkles" over a big font saying "Grandma Dot's Molasses
    // Crinkles": that font names the recipe, another part of the title (the banner's) does not.
    let fontHeading =
      ogTitle == nil && heading == nil && titleParts.count > 1
      ? bigFonts.first { text in
        let lowered = text.lowercased()
        return titleParts.contains { part in
          part.count >= 4 && part != text && lowered.contains(part.lowercased())
        }
      } : nil
    // "Bea's Country Kitchen - Skillet Cornbread" on beascountrykitchen.example: not the site.
    let collapsedTitle = titleText.map(MarkupNode.collapse)
    let withoutHost = collapsedTitle.map { Self.withoutSiteName($0, siteNames: [], host: host) }
    let firstPart =
      titleParts.count > 1 && siteName == nil
      ? (withoutHost != collapsedTitle ? withoutHost : titleParts.first) : nil
    // "Mama Wanjiru's Beef Pilau" over the share title "Beef Pilau | Jikoni Mwangu": the
    // heading says whose dish it is.
    let ownedHeading = heading.map(MarkupNode.collapse).flatMap { heading -> String? in
      let shareTitle = (ogTitle ?? titleText).map(MarkupNode.collapse)
      guard let share = shareTitle.flatMap({ Self.parts(of: $0).first }),
        share.count >= 3, heading.lowercased().hasSuffix(" " + share.lowercased())
      else { return nil }
      let owner = heading.dropLast(share.count + 1)
      guard owner.split(separator: " ").count <= 3, owner.hasSuffix("'s") || owner.hasSuffix("’s")
      else { return nil }
      return heading
    }
    var chosen = [
      ownedHeading,
      Self.withoutShowName(Self.withoutCredit(ogTitle, heading: heading), heading: heading),
      heading, fontHeading, headedPart, firstPart,
      titleText,
    ]
    .compactMap { $0 }
    .map {
      Self.withoutForumPrefix(Self.withoutSiteName(MarkupNode.collapse($0), siteName: siteName))
    }
    .first { !$0.isEmpty }
    // "Black Bean & Sweet Potato Chili | NSU Campus Dining" where a subheading says one part:
    // that part.
    if let headedPart, let name = chosen, name != headedPart,
      Self.parts(of: name).count >= 2, Self.parts(of: name).contains(headedPart),
      // (Not a section's name: "Lemon Tart - Recipes - Kitchen Corner" under "<h2>Recipes".)
      !Self.recipeWords.contains(where: { headedPart.lowercased().hasPrefix($0) })
    {
      chosen = headedPart
    }
    title = chosen
    image = absolute(ogImage)
    self.siteName = siteName.map(MarkupNode.collapse)
    self.language = languageCode.flatMap(RecipeLanguage.init(code:))
    self.languageCode = languageCode.map { $0.lowercased() }
    self.host = host
    self.heading = heading.map(MarkupNode.collapse)
    self.titleParts = titleParts
    description = ogDescription ?? metaDescription
    author = authorName.flatMap { $0.contains("://") ? nil : MarkupNode.collapse($0) }
  }

  /// A name without a subtitle after a colon that only says it is the recipe ("Parmigiana di
  /// melanzane: la ricetta classica, passo passo", "Tarte Tatin : la recette facile") or is a
  /// lowercase tagline after a colon or a dash ("Polpette al sugo della nonna: morbidissime e
  /// facili").
  static func withoutRecipeSubtitle(_ name: String) -> String {
    // "Charred Leek & Brown Butter Orzo, the Staff-Meal Dish That Made the Menu": a clause
    // after a comma that opens with an article says what the dish is, not its name.
    if let range = name.range(of: ", "),
      case let after = name[range.upperBound...].split(separator: " "), after.count >= 3,
      ["the", "a", "an", "der", "die", "das", "le", "la", "il", "el", "het", "de"].contains(
        after[0].lowercased()),
      name.distance(from: name.startIndex, to: range.lowerBound) >= 3
    {
      return String(name[..<range.lowerBound])
    }
    // "Powidlbuchteln – flaumig, süß und wie früher": a dash before a lowercase promise of two
    // words or more.
    for separator in [" – ", " — ", " - "] {
      guard let range = name.range(of: separator) else { continue }
      let before = name[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
      let after = name[range.upperBound...]
      // (A diet is part of the name: "Gâteau au chocolat - sans gluten".)
      let diet =
        [
          "sans ", "senza ", "sin ", "ohne ", "without ", "bez ", "zonder ", "uten ",
          "utan ", "uden ",
        ].contains(where: after.lowercased().hasPrefix)
        || ["gluten", "vegan", "végé", "vegetar", "lactose"].contains(
          where: after.lowercased().contains)
      if before.count >= 3, after.split(separator: " ").count >= 2, !diet,
        after.first(where: \.isLetter)?.isLowercase == true
      {
        return before
      }
    }
    guard let colon = name.firstIndex(of: ":") else { return name }
    let before = name[..<colon].trimmingCharacters(in: .whitespaces)
    let after = name[name.index(after: colon)...].lowercased()
    let words = nordicRecipeWords + ["recepty"]
    // "Polpette al sugo della nonna: morbidissime e facili": a lowercase promise after a
    // name of two words or more is a tagline too.
    let tagline =
      before.split(separator: " ").count >= 2
      && after.first(where: \.isLetter).map { _ in
        name[name.index(after: colon)...].first(where: \.isLetter)?.isLowercase == true
      } == true
    guard before.count >= 3, tagline || words.contains(where: after.contains) else { return name }
    return before
  }

  /// A name read from a heading without a label saying it is the recipe, before it ("Recipe:
  /// Berbere Red Lentil Stew", "The recipe: Poolish Country Loaf", "Rezept: Zwiebelkuchen")
  /// or, unless `after` is false, after it ("Slow Cooker Chicken Thighs Recipe").
  static func withoutRecipeLabel(_ name: String, after: Bool = true) -> String {
    let labels = recipeLabels
    let lowered = name.lowercased()
    for label in labels {
      for separator in [": ", " : ", " – ", " - "] where lowered.hasPrefix(label + separator) {
        let rest = name.dropFirst(label.count + separator.count)
          .trimmingCharacters(in: .whitespaces)
        // "Receta: marmitako de bonito": the name, as a name starts, in capitals.
        if rest.count >= 3 { return rest.prefix(1).uppercased() + rest.dropFirst() }
      }
    }
    for label in ["recipe", "rezept"] where after && lowered.hasSuffix(" " + label) {
      let rest = name.dropLast(label.count + 1).trimmingCharacters(in: .whitespaces)
      if rest.count >= 3 { return rest }
    }
    return name
  }

  /// Labels that say what follows is the recipe, lowercased ("The recipe", "Rezept").
  static let recipeLabels = [
    "recipe of the week", "recipe of the month", "recipe of the day", "rezept der woche",
    "recette de la semaine", "the recipe", "recipe card", "recipe", "das rezept", "rezept",
    "la recette", "recette",
    "la receta",
    "receta", "la ricetta", "ricetta", "a receita", "receita", "het recept", "recept",
    "przepis", "opskrift", "oppskrift", "resepti",
  ]

  /// A name without the book it is quoted from before it ("From The Hearth Table: Buttermilk
  /// Skillet Cornbread", "Aus „Wintergemüse“: Kohlrouladen").
  static func withoutSourcePrefix(_ name: String) -> String {
    let lowered = name.lowercased()
    guard
      ["from ", "aus ", "tiré de ", "extrait de ", "da ", "de "].contains(where: lowered.hasPrefix),
      let colon = name.range(of: ": ")
    else { return name }
    let rest = name[colon.upperBound...].trimmingCharacters(in: .whitespaces)
    return rest.count >= 3 ? rest : name
  }

  /// A name without the publication number in brackets after it ("Refrigerator Pickled
  /// Carrots (FP-219)", as extension services and manufacturers number their leaflets).
  static func withoutCatalogNumber(_ name: String) -> String {
    guard name.hasSuffix(")"), let open = name.lastIndex(of: "(") else { return name }
    let code = name[name.index(after: open)..<name.index(before: name.endIndex)]
    let letters = code.prefix { $0.isASCII && $0.isUppercase }
    let rest = code.dropFirst(letters.count).drop { $0 == "-" || $0 == " " }
    guard (1...6).contains(letters.count), (1...6).contains(rest.count),
      rest.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return name }
    let before = name[..<open].trimmingCharacters(in: .whitespaces)
    return before.isEmpty ? name : before
  }

  /// A recipe's name without what sites add after the dish (``withoutNameTail(_:)``), and
  /// without the word "Recipe" that a search-minded site adds to it ("Sticky Toffee Pudding
  /// Recipe") when the page's heading names the dish without it.
  static func withoutRecipeWord(_ name: String, heading: String?) -> String {
    let name = withoutNameTail(name)
    guard let heading, name.count > heading.count, name.hasPrefix(heading) else { return name }
    let rest = name.dropFirst(heading.count).trimmingCharacters(in: .whitespaces)
    return recipeWords.contains(rest.lowercased()) ? heading : name
  }

  /// A name without what a site adds after the dish: the word "recipe" after a separator
  /// ("Kardemummabullar – recept") or a promise that it tastes as a grandmother's does
  /// ("Pierogi ruskie jak u babci"; "… della nonna", whose dish it is, stays).
  static func withoutNameTail(_ name: String) -> String {
    let lowered = name.lowercased()
    for word in nordicRecipeWords {
      for separator in [" – ", " — ", " - ", " | ", ": "] where lowered.hasSuffix(separator + word)
      {
        let rest = name.dropLast(separator.count + word.count)
        if rest.count >= 3 { return String(rest) }
      }
    }
    // "Pierogi ruskie - przepis babci Heleny": a last part that says whose recipe it is, or
    // names the user who uploaded it ("Rakott krumpli – Marika62 receptje").
    for separator in [" - ", " – ", " — "] {
      guard let range = name.range(of: separator, options: .backwards),
        name.distance(from: name.startIndex, to: range.lowerBound) >= 3
      else { continue }
      let part = name[range.upperBound...].lowercased().split(separator: " ")
      if let first = part.first, recipeWords.contains(String(first)), part.count <= 5 {
        return String(name[..<range.lowerBound])
      }
      let isUser = { (word: Substring) in
        word.contains(where: \.isLetter) && word.contains(where: { $0.isNumber || $0 == "_" })
      }
      if let first = part.first, isUser(first),
        part.count == 1
          || (part.count == 2 && recipeWords.contains(where: { part[1].hasPrefix($0) }))
      {
        return String(name[..<range.lowerBound])
      }
    }
    for tail in grandmothersWays where lowered.hasSuffix(" " + tail) {
      let rest = name.dropLast(tail.count + 1).trimmingCharacters(in: .whitespaces.union([","]))
      if rest.count >= 3 { return rest }
    }
    // ", comme chez ma grand-mère à Douarnenez": such a promise with more after it.
    for opener in grandmothersOpenings {
      // (Found in the name itself: lowercasing may change a string's length.)
      guard
        let range = name.range(of: ", " + opener, options: .caseInsensitive)
          ?? name.range(of: " " + opener, options: .caseInsensitive),
        name[range.upperBound...].split(separator: " ").count <= 6
      else { continue }
      let rest = String(name[..<range.lowerBound]).trimmingCharacters(
        in: .whitespaces.union([","]))
      if rest.count >= 3 { return rest }
    }
    return name
  }

  /// How a promise that a dish tastes as a grandmother's does opens ("comme chez ma
  /// grand-mère à Douarnenez"), lowercased.
  static let grandmothersOpenings = [
    "comme chez ma grand-mère", "comme chez mamie", "comme chez mémé", "wie bei oma",
    "wie bei meiner oma", "jak u babci", "como la de mi abuela", "como el de mi abuela",
    "come quella della nonna", "zoals bij oma", "like grandma", "like my grandma",
  ]

  /// A forum topic's title without the board's "View topic - " before it ("Zobacz temat -
  /// Pierogi ruskie").
  static func withoutForumPrefix(_ title: String) -> String {
    let lowered = title.lowercased()
    for prefix in forumPrefixes {
      for separator in [" - ", " :: ", ": ", " – "] where lowered.hasPrefix(prefix + separator) {
        let rest = title.dropFirst(prefix.count + separator.count)
        if rest.count >= 3 { return String(rest) }
      }
    }
    return title
  }

  /// What forum software writes before a topic's title, lowercased.
  static let forumPrefixes = [
    "view topic", "zobacz temat", "thema anzeigen", "voir le sujet", "ver tema",
    "visualizza argomento", "bekijk onderwerp", "vis emne", "visa ämne", "vis tråd",
    "näytä aihe", "ver tópico", "téma megtekintése",
  ]

  /// "Like grandma's" as sites add it to a dish's name, in the languages Larder reads.
  static let grandmothersWays = [
    "like grandma's", "like grandma’s", "like grandma used to make", "jak u babci",
    "jak od babci", "wie bei oma", "wie von oma", "wie bei omi", "comme chez mamie",
    "comme chez grand-mère", "como la de la abuela", "como el de la abuela",
    "come quelle della nonna", "come quella della nonna", "zoals bij oma", "zoals oma ze maakte",
    "som hos mormor", "som hos farmor", "som mormor gjorde", "como a da avó", "como o da avó",
  ]

  /// The word "recipe" in the languages whose sites add it to names, titles and class names.
  static let recipeWords = [
    "recipe", "rezept", "recette", "receta", "ricetta", "recept", "receita", "przepis",
  ]

  /// ``recipeWords`` and the Nordic words for it, which sites set apart from a name but
  /// seldom in class names.
  static let nordicRecipeWords = recipeWords + ["opskrift", "oppskrift", "resepti"]

  /// Whether an `<h1>` is only a link to the site's home page: the banner of a blog, whose
  /// post titles sit lower.
  static func isLinkHome(_ element: MarkupNode) -> Bool {
    guard element.hasAtMost(8) else { return false }
    let links = element.descendants().filter { $0.name == "a" }
    guard links.count == 1, let href = links[0].attribute("href"),
      MarkupNode.collapse(links[0].text) == MarkupNode.collapse(element.text),
      !element.text.isEmpty
    else { return false }
    let trimmed = href.trimmingCharacters(in: .whitespaces)
    if trimmed == "/" { return true }
    guard let url = URL(string: trimmed), url.host != nil else { return false }
    return url.path.isEmpty || url.path == "/"
  }

  /// The page's heading, when `title` is that heading followed by a separator and more
  /// ("Parmigiana di melanzane - Mezzogiorno in Cucina" over "Parmigiana di melanzane"): the
  /// rest names the show, the site or the section. Else `title`.
  static func withoutShowName(_ title: String?, heading: String?) -> String? {
    guard let title, let heading = heading.map(MarkupNode.collapse), heading.count >= 8 else {
      return title
    }
    let shortTitle = MarkupNode.collapse(title)
    // ("Frico con patate, il piatto simbolo della Carnia": the rest is a subtitle.)
    for separator in [" | ", " - ", " – ", " — ", " :: ", " · ", " » ", ", ", ": "]
    where shortTitle.hasPrefix(heading + separator) {
      return heading
    }
    return title
  }

  /// A name read from a post's headline without the writer's aside in brackets after it,
  /// which starts in lowercase or exclaims ("Bolo de fubá cremoso (o da vó Cida!)",
  /// "Cookies (the 2am version)"). A capitalised one is kept: dish names carry their other
  /// names and kinds so ("Boxty (Irish Potato Cakes)", "Chili (Vegan)").
  static func withoutRemark(_ name: String) -> String {
    guard name.hasSuffix(")"), let open = name.lastIndex(of: "(") else { return name }
    let before = name[..<open].trimmingCharacters(in: .whitespaces)
    let remark = name[name.index(after: open)..<name.index(before: name.endIndex)]
    // "(Ep. 42)", "(Folge 7)": a show's episode.
    let words = remark.lowercased().split(separator: " ")
    if words.count == 2,
      ["ep.", "ep", "episode", "épisode", "folge", "episodio", "afl."].contains(
        String(words[0])), words[1].allSatisfy(\.isNumber), before.count >= 3
    {
      return before
    }
    guard before.count >= 3, !before.contains("("),
      remark.first(where: \.isLetter)?.isLowercase == true || remark.hasSuffix("!")
    else { return name }
    return before
  }

  /// A name set in capitals ("JALAPEÑO CORN PUDDING") as a part of the page's title writes
  /// it ("Ruth's Kitchen - Jalapeño Corn Pudding"); any other name unchanged.
  func asTheTitleWrites(_ name: String) -> String {
    guard name.uppercased() == name, name.lowercased() != name else { return name }
    let lowered = name.lowercased()
    return titleParts.first { $0.lowercased() == lowered } ?? name
  }

  /// A name a headline sets in capitals ("ZAGORSKI ŠTRUKLI") as the language writes it:
  /// English in title case ("Classic French Baguettes"), most others in sentence case
  /// ("Zagorski štrukli"). German, whose nouns keep their capitals, and a page that declares
  /// no language are left as written, as is any name with a lowercase letter.
  static func withoutShouting(_ name: String, languageCode: String?) -> String {
    let letters = name.filter(\.isLetter)
    guard letters.count >= 4, letters.allSatisfy({ $0.isUppercase }), let code = languageCode
    else { return name }
    let base = code.prefix { $0.isLetter }
    if base == "de" { return name }
    let lowered = name.lowercased()
    if base == "en" {
      let small: Set<String> = [
        "a", "an", "and", "or", "of", "the", "with", "in", "on", "for", "to",
      ]
      return lowered.split(separator: " ", omittingEmptySubsequences: false).enumerated().map {
        index, word in
        index > 0 && small.contains(String(word))
          ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
      }.joined(separator: " ")
    }
    return lowered.prefix(1).uppercased() + lowered.dropFirst()
  }

  /// Words that credit a recipe's author after its name ("Lemon Tart by anna_k").
  private static let creditWords: Set<String> = [
    "by", "von", "par", "door", "av", "af", "di", "de", "por", "da", "przez", "od",
  ]

  /// The page's heading, when `title` is that heading followed by its author's credit
  /// ("Zwiebelkuchen von backfee_77" over the heading "Zwiebelkuchen"): a portal's share
  /// title names who uploaded the recipe, its heading names the recipe. Else `title`.
  static func withoutCredit(_ title: String?, heading: String?) -> String? {
    guard let title, let heading else { return title }
    let shortTitle = MarkupNode.collapse(title)
    let name = MarkupNode.collapse(heading)
    guard name.count >= 3, shortTitle.count > name.count, shortTitle.hasPrefix(name + " ")
    else { return title }
    let rest = shortTitle.dropFirst(name.count + 1).split(separator: " ")
    guard (2...4).contains(rest.count), creditWords.contains(rest[0].lowercased()) else {
      return title
    }
    return heading
  }

  /// The parts of a page title between separators: "Lemon Tart | Kitchen" → both.
  static func parts(of title: String) -> [String] {
    var parts = [title]
    for separator in [" | ", " – ", " — ", " :: ", " · ", " » ", " - "] {
      parts = parts.flatMap { $0.components(separatedBy: separator) }
    }
    return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// "Lemon Tart | Kitchen" -> "Lemon Tart" when the site calls itself "Kitchen".
  static func withoutSiteName(_ title: String, siteName: String?) -> String {
    guard let siteName = siteName.map(MarkupNode.collapse), !siteName.isEmpty,
      title.count > siteName.count
    else { return title }
    for separator in [" | ", " - ", " – ", " — ", " :: ", " · ", " » "] {
      if title.hasSuffix(separator + siteName) {
        return String(title.dropLast(separator.count + siteName.count))
      }
      if title.hasPrefix(siteName + separator) {
        return String(title.dropFirst(separator.count + siteName.count))
      }
    }
    // "Adaeze's Kitchen: Nigerian Party Jollof Rice", as Blogger titles a post.
    if title.hasPrefix(siteName + ": ") { return String(title.dropFirst(siteName.count + 2)) }
    return title
  }

  /// "Lemon Tart | Kitchen", "Lemon Tart - Kitchen" or "Kitchen – Lemon Tart" without the
  /// part that names the site: one of `siteNames` (`og:site_name`, the JSON-LD WebSite,
  /// Organization or publisher) or the host ("Cocina de Lola" on cocinadelola.es), compared
  /// without case, accents, spaces or punctuation. Any other title is returned unchanged.
  static func withoutSiteName(_ title: String, siteNames: [String], host: String?) -> String {
    let keys = Set(siteNames.map(siteKey).filter { $0.count >= 3 })
    var hostKeys: Set<String> = []
    if let host {
      let labels = host.lowercased().split(separator: ".").map(String.init)
      hostKeys.insert(labels.joined())
      // "cocinadelola" of cocinadelola.es, "bbcgoodfood" of bbcgoodfood.co.uk.
      let generic: Set<String> = ["com", "co", "org", "net", "www", "m"]
      let named = labels.dropLast().filter { !generic.contains($0) }
      if let longest = named.max(by: { $0.count < $1.count }) { hostKeys.insert(longest) }
    }
    func namesSite(_ part: Substring) -> Bool {
      let key = siteKey(String(part))
      return key.count >= 3 && (keys.contains(key) || hostKeys.contains(key))
    }
    for separator in [" | ", " - ", " – ", " — ", " :: ", " · ", " » ", " / ", " ~ "] {
      if let range = title.range(of: separator, options: .backwards),
        namesSite(title[range.upperBound...])
      {
        let head = title[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
        if !head.isEmpty { return head }
      }
      if let range = title.range(of: separator), namesSite(title[..<range.lowerBound]) {
        let tail = title[range.upperBound...].trimmingCharacters(in: .whitespaces)
        if !tail.isEmpty { return tail }
      }
    }
    return title
  }

  /// A name reduced to its letters and digits, lowercased and without accents.
  private static func siteKey(_ name: String) -> String {
    let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    return String(
      folded.unicodeScalars.filter(CharacterSet.alphanumerics.contains).map(Character.init))
  }

  /// `reference` made absolute against the page; returned unchanged when it cannot be.
  func resolve(_ reference: String) -> String { Self.resolve(reference, against: baseURL) }

  static func resolve(_ reference: String, against base: URL?) -> String {
    let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, !trimmed.hasPrefix("data:") else { return trimmed }
    let lowered = trimmed.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return trimmed }
    let escaped =
      trimmed.addingPercentEncoding(
        withAllowedCharacters: .urlFragmentAllowed.union(["#", "%"])) ?? trimmed
    guard let base, let url = URL(string: escaped, relativeTo: base) else { return trimmed }
    return url.absoluteString
  }
}
