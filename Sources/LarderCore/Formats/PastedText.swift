import Foundation

/// A recipe read from pasted text, with the lines the reader was unsure about.
public struct PastedRecipe: Hashable, Sendable {
  /// The recipe, not yet stored: its ingredient lines carry no facts until a store analyses
  /// them.
  public var recipe: Recipe
  /// What the reader was unsure about, each naming the line ("line 12: ...") when there is one,
  /// and what it could not find ("no steps found ...").
  public var warnings: [String]

  /// Makes a result.
  public init(recipe: Recipe, warnings: [String]) {
    self.recipe = recipe
    self.warnings = warnings
  }
}

/// Turns a block of pasted text (title, ingredients and steps in any common layout) into a
/// ``Recipe`` by rules.
///
/// The rules, in the order they apply to each line:
///
/// - Line endings (`\r\n`, `\r`, `\n`, Unicode separators), tabs, non-breaking and other
///   special spaces become plain breaks and spaces; control characters, zero-width characters
///   and U+FFFD are removed. A line with no letter or digit ("-----") is skipped; a line that
///   was mostly unreadable characters is skipped with a warning.
/// - Bullets (`•`, `-`, `*`, `▢`, `☐`, `✓`, emoji, `[ ]`, ...) and numbering (`1.`, `1)`,
///   `Step 1:`, `Schritt 1`, `Étape 1`, `1️⃣`) are removed from the start of a line; they
///   mark a new ingredient or step. Markdown `#` headings and `**bold**` lines are unwrapped.
/// - Buttons, unit toggles and ratings copied from recipe pages ("Print Recipe",
///   "Jump to Recipe", "US Customary - Metric", "4.8 from 126 votes") are dropped.
/// - The **title** is the line after `Title:` (or `Name:`, `Recipe:`), else the first line
///   that is not a URL, a yield or time line or a heading, unless that line is numbered, a
///   sentence, or an amount of a food ("200 g flour"; "3 Bean Chili" is a title). Without a
///   title the text is refused (``LarderCoreError/invalidField(field:value:reason:item:)`` on
///   `text`, naming the first line): a recipe needs a name, and a guessed one would be wrong.
/// - A line that is only a `http(s)://` URL (optionally after `Source:`) becomes the source URL.
/// - **Headings** switch what follows: ingredients ("Ingredients", "What you need", "Zutaten",
///   "Ingrédients", "Ingredientes", "Ingredienti"), steps ("Method", "Directions",
///   "Instructions", "Steps", "Preparation", "Zubereitung", "Préparation", "Preparación",
///   "Preparazione"), notes ("Notes", "Tips", "Variations", "Storage", "Equipment",
///   "Nutrition", ...) and description. Case, a trailing colon, markdown and a parenthesis
///   ("Ingredients (serves 4)") do not matter; "Ingredients for the dough" also starts a
///   section, and "Notes: keeps a week" carries its text.
/// - **Yield and time lines** ("Serves 4", "Makes 12 muffins", "Yield: 1 loaf",
///   "Für 4 Personen", "Prep time: 15 min", "Cook: 1 hr", "Total time", "Zubereitungszeit",
///   several on one line separated by `|`, `·`, `;`, `,` or tabs) fill the yield and times.
///   Before the first ingredients any such line counts; later only yields and labels that say
///   "time", so that "Bake 25 minutes" stays a step. A `Label:` whose value cannot be read is
///   dropped with a warning. `Author:`, `Course:`, `Cuisine:` and `Tags:` are read there too.
/// - **Sub-sections**: a short line ending in a colon ("For the dough:"), a markdown heading or
///   bold line, a short line in capitals ("FOR THE SAUCE"), a "For the ..." line the
///   ``IngredientParser`` calls a section header, or a short capitalised name after a heading
///   or a blank line and above ingredients ("Salsa" above "4 tomatoes") or steps ("Cake" above
///   "Beat the butter ...") starts an ingredient section among ingredients and an instruction
///   section among steps.
/// - **Without headings**, line shape decides: a short line that parses as an amount and a
///   food is an ingredient; a line that starts with a cooking verb, is numbered, or is a long
///   sentence is a step; a paragraph (lines between blank lines) of ingredients and short
///   lines is an ingredient block; but when an ingredients heading comes further down, the
///   lines before it are all description. Prose before the first ingredients is the description,
///   prose after them is the method. The parser reads at most ``maximumParserLines`` lines;
///   after that a short line starting with a number counts as an ingredient.
/// - **Steps**: each numbered, bulleted or blank-line-separated line starts a step; an
///   unmarked line continues the step before it when it starts in lower case, or when the
///   step stops mid-sentence after a long line and the line does not start with a cooking verb
///   (a wrapped paragraph); otherwise it starts a new step. A long paragraph stays one step;
///   sentences are never split.
/// - Everything from a notes heading or a "Note:"/"Tip:" line to the next heading becomes the
///   notes.
///
/// Warnings name the line number and text of every line the reader had to guess about, and say
/// when no ingredients or no steps were found; the recipe is still returned. The text may be at
/// most ``maximumBytes`` of UTF-8; reading is linear in its length (no regular expressions).
public struct PastedRecipeReader: Sendable {
  /// The largest text read, in UTF-8 bytes (1 MiB).
  public static let maximumBytes = 1 << 20
  /// How many warnings are listed before the rest are summed up in one.
  public static let maximumWarnings = 50
  /// How many lines the ingredient parser reads to tell ingredients from other lines: more
  /// than any recipe has, few enough that a megabyte of short lines is read in moments.
  public static let maximumParserLines = 2_000

  /// Tells ingredient lines from steps by their amount and food.
  public let parser: IngredientParser

  /// Makes a reader with the shipped ingredient parser, or another one.
  public init(parser: IngredientParser = IngredientParser()) {
    self.parser = parser
  }

  /// Reads pasted text into a recipe and warnings.
  ///
  /// Throws ``LarderCoreError/invalidField(field:value:reason:item:)`` for field `text` when
  /// the text is empty or blank, larger than ``maximumBytes``, or has no line that can be the
  /// recipe's title.
  public func read(_ text: String) throws -> PastedRecipe {
    let size = text.utf8.count
    guard size <= Self.maximumBytes else {
      throw LarderCoreError.invalidField(
        field: "text", value: "",
        reason:
          "is \(size) bytes; pasted text may be at most \(Self.maximumBytes) bytes (1 MiB)")
    }
    let lines = PastedTextLines.split(text)
    guard lines.contains(where: { $0.kind != .blank }) else {
      throw LarderCoreError.invalidField(
        field: "text", value: "",
        reason: "is empty; paste a recipe with its title on the first line")
    }
    var assembler = PastedRecipeAssembler(lines: lines, parser: parser)
    return try assembler.assemble()
  }
}

// MARK: - Lines

/// One line of pasted text, cleaned and with its bullet or number taken off.
struct PastedLine {
  enum Kind: Equatable {
    /// Empty, or only decoration: a paragraph break.
    case blank
    /// Mostly unreadable characters.
    case junk
    /// Text.
    case text
  }

  enum Marker: Equatable {
    case none
    case bullet
    case number
  }

  /// The 1-based line number in the pasted text.
  var number: Int
  var kind: Kind
  /// The whole line, spaces collapsed.
  var text: String
  /// The line without its bullet, number or markdown.
  var content: String
  var marker: Marker
  /// A markdown `#` heading or a line that is all `**bold**`.
  var isEmphasized: Bool
  /// The line with tabs and runs of spaces kept, to split "Prep 10 min\tCook 20 min".
  var spaced: String
  /// The line as a title: without markdown, and keeping emoji ("🥕 Carrot Soup").
  var titleText: String
}

enum PastedTextLines {
  /// Splits text into cleaned lines in one pass over its scalars.
  static func split(_ text: String) -> [PastedLine] {
    var lines: [PastedLine] = []
    var current = String.UnicodeScalarView()
    var removed = 0
    var previousWasCR = false
    func finish() {
      lines.append(makeLine(number: lines.count + 1, scalars: current, removed: removed))
      current = String.UnicodeScalarView()
      removed = 0
    }
    for scalar in text.unicodeScalars {
      let wasCR = previousWasCR
      previousWasCR = scalar == "\r"
      switch scalar.value {
      case 0x0A:
        if wasCR { continue }
        finish()
      case 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
        finish()
      case 0x09:
        current.append("\t")
      case 0x00A0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
        current.append(" ")
      case 0x00...0x1F, 0x7F...0x9F, 0x00AD, 0x200B, 0x2060, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF:
        removed += 1
      default:
        current.append(scalar)
      }
    }
    if !current.isEmpty || removed > 0 { finish() }
    return lines
  }

  private static func makeLine(
    number: Int, scalars: String.UnicodeScalarView, removed: Int
  ) -> PastedLine {
    let spaced = trimmed(Substring(String(scalars)))
    let text = spaced.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    var line = PastedLine(
      number: number, kind: .text, text: text, content: text, marker: .none,
      isEmphasized: false, spaced: spaced, titleText: text)
    let readable = text.unicodeScalars.filter { $0.properties.isAlphabetic || isDigit($0) }.count
    if readable == 0 {
      line.kind = removed > 0 && removed >= 4 ? .junk : .blank
      return line
    }
    // Binary data decoded as text is mostly control characters and replacement characters.
    if removed > 0 && removed >= text.unicodeScalars.count {
      line.kind = .junk
      return line
    }
    stripMarkers(&line)
    if line.content.unicodeScalars.allSatisfy({ !$0.properties.isAlphabetic && !isDigit($0) }) {
      // "Step 1" alone: the marker starts a step; the text follows on the next line.
      line.content = ""
    }
    return line
  }

  /// The text without spaces and tabs at either end; cheaper than Foundation's trimming, which
  /// matters when a megabyte arrives as half a million lines.
  static func trimmed(_ text: Substring) -> String {
    let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
    let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
    return String(text[start..<max(start, end)])
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x30 && scalar.value <= 0x39
  }

  /// Characters that start a bullet without needing a space after them.
  private static let symbolBullets: Set<Character> = [
    "•", "·", "–", "—", "▢", "☐", "☑", "☒", "✓", "✔", "✗", "✘", "▪", "▫", "◦", "○", "●", "■", "□",
    "►", "▶", "▸", "▹", "‣", "⁃", "→", "➤", "➢", "❖", "◆", "◇", "♦", "★", "☆", "⦁", "∙", "⚬",
  ]

  /// ASCII characters that are bullets only when a space follows ("- 2 eggs", not "-2").
  private static let asciiBullets: Set<Character> = ["-", "*", "+", ">", "~", "o"]

  /// The words "Step", "Schritt", "Étape", "Paso", "Passo", "Stap" before a step number.
  private static let stepWords: Set<String> = [
    "step", "schritt", "étape", "etape", "paso", "passo", "stap", "stage",
  ]

  private static func stripMarkers(_ line: inout PastedLine) {
    var rest = Substring(line.text)
    // Markdown headings and bold lines.
    if rest.hasPrefix("#") {
      let hashes = rest.prefix { $0 == "#" }
      if hashes.count <= 6, rest.dropFirst(hashes.count).first == " " {
        rest = rest.dropFirst(hashes.count).drop { $0 == " " }
        line.isEmphasized = true
      }
    }
    for wrapper in ["**", "__"] where rest.count > 4 && rest.hasPrefix(wrapper) {
      var inner = rest.dropFirst(2)
      if inner.hasSuffix(wrapper + ":") {
        inner = inner.dropLast(3)
        rest = Substring(String(inner) + ":")
        line.isEmphasized = true
      } else if inner.hasSuffix(wrapper) {
        rest = inner.dropLast(2)
        line.isEmphasized = true
      }
    }
    let afterMarkdown = rest
    var onlyEmoji = true
    // Bullets, possibly several ("- [ ] 2 eggs", "👉 • 2 eggs").
    var stripped = true
    var rounds = 0
    while stripped && rounds < 4 {
      stripped = false
      rounds += 1
      guard let first = rest.first else { break }
      if symbolBullets.contains(first) {
        rest = rest.dropFirst().drop { $0 == " " }
        line.marker = .bullet
        stripped = true
        onlyEmoji = false
      } else if asciiBullets.contains(first), rest.dropFirst().first == " " {
        rest = rest.dropFirst(2).drop { $0 == " " }
        line.marker = .bullet
        stripped = true
        onlyEmoji = false
      } else if rest.hasPrefix("[ ]") || rest.hasPrefix("[x]") || rest.hasPrefix("[X]") {
        rest = rest.dropFirst(3).drop { $0 == " " }
        line.marker = .bullet
        stripped = true
        onlyEmoji = false
      } else if isEmojiBullet(first) {
        rest = rest.dropFirst().drop { $0 == " " }
        line.marker = line.marker == .number ? .number : .bullet
        stripped = true
      } else if let afterKeycap = keycapNumber(rest) {
        rest = afterKeycap
        line.marker = .number
        stripped = true
        onlyEmoji = false
      }
    }
    if let afterNumber = stepNumber(rest) ?? listNumber(rest) {
      rest = afterNumber
      line.marker = .number
    }
    line.content = trimmed(rest)
    line.titleText = line.marker == .bullet && onlyEmoji ? trimmed(afterMarkdown) : line.content
  }

  /// An emoji used as a bullet ("✅", "👉", "🥚"); digits, `#` and `*` are emoji too, but not
  /// these.
  private static func isEmojiBullet(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    if scalar.properties.isEmojiPresentation { return true }
    return scalar.properties.isEmoji && scalar.value >= 0x2000 && !"½⅓⅔¼¾⅛".contains(character)
  }

  /// "1️⃣ Mix" → "Mix".
  private static func keycapNumber(_ text: Substring) -> Substring? {
    guard let first = text.first, first.unicodeScalars.contains("\u{20E3}") else { return nil }
    return text.dropFirst().drop { $0 == " " }
  }

  /// "Step 1: Mix", "STEP 2 - Mix", "Schritt 3. Mix" → "Mix".
  private static func stepNumber(_ text: Substring) -> Substring? {
    let word = text.prefix { $0.isLetter }
    guard word.count <= 7, stepWords.contains(word.lowercased()) else { return nil }
    let afterWord = text.dropFirst(word.count).drop { $0 == " " }
    let digits = afterWord.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 3 else { return nil }
    let afterDigits = afterWord.dropFirst(digits.count)
    guard afterDigits.isEmpty || afterDigits.first.map({ ":.)-– ".contains($0) }) == true else {
      return nil
    }
    return afterDigits.drop { ":.)-–— ".contains($0) }
  }

  /// "1. Mix", "2) Mix", "(3) Mix" → "Mix"; not "1.5 kg" or "2 eggs".
  private static func listNumber(_ text: Substring) -> Substring? {
    var rest = text
    let parenthesized = rest.first == "("
    if parenthesized { rest = rest.dropFirst() }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 3 else { return nil }
    rest = rest.dropFirst(digits.count)
    guard let mark = rest.first, mark == "." || mark == ")" else { return nil }
    if parenthesized && mark != ")" { return nil }
    rest = rest.dropFirst()
    guard rest.isEmpty || rest.first == " " else { return nil }
    return rest.drop { $0 == " " }
  }
}

// MARK: - Words the rules know

enum PastedTextVocabulary {
  enum Heading: Equatable {
    case ingredients
    case instructions
    case notes
    /// A notes section whose heading is kept in the notes ("Equipment:").
    case labeledNotes
    case description
  }

  static let headings: [String: Heading] = {
    var table: [String: Heading] = [:]
    let ingredients = [
      "ingredients", "ingredient", "ingredient list", "the ingredients", "what you need",
      "what you'll need", "what you will need", "you will need", "you'll need", "you need",
      "shopping list", "zutaten", "zutatenliste", "ingrédients", "ingredients:", "ingredientes",
      "ingredienti", "ingrediënten", "ingredienten",
    ]
    let instructions = [
      "method", "methods", "directions", "direction", "instructions", "instruction", "steps",
      "preparation", "how to make it", "how to make", "how to", "procedure", "the method",
      "cooking instructions", "zubereitung", "anleitung", "so geht's", "zubereitungsschritte",
      "préparation", "preparation", "instructions", "étapes", "etapes", "recette", "preparación",
      "preparacion", "elaboración", "elaboracion", "instrucciones", "pasos", "modo de preparación",
      "modo de preparacion", "preparazione", "procedimento", "bereiding", "bereidingswijze",
    ]
    let notes = [
      "notes", "note", "tips", "tip", "recipe notes", "recipe note", "cook's notes",
      "cooks notes", "cook's note", "chef's notes", "notes and tips", "tips and notes",
      "tips & notes", "notes & tips", "tips and tricks", "hints", "hinweise", "hinweis",
      "tipps", "tipp", "notizen", "anmerkungen", "remarques", "remarque", "astuces", "astuce",
      "conseils", "notas", "nota", "consejos", "trucos", "consigli", "note e consigli",
    ]
    let labeledNotes = [
      "variations", "variation", "storage", "to store", "storing", "make ahead", "make-ahead",
      "equipment", "nutrition", "nutrition facts", "nutrition information", "serving suggestions",
      "substitutions", "faq", "leftovers", "to freeze", "freezing",
    ]
    let description = ["description", "about", "about this recipe", "intro", "introduction"]
    for key in ingredients { table[key] = .ingredients }
    for key in instructions { table[key] = .instructions }
    for key in notes { table[key] = .notes }
    for key in labeledNotes { table[key] = .labeledNotes }
    for key in description { table[key] = .description }
    return table
  }()

  /// Lines that recipe pages show around a recipe and that come along when it is copied.
  static let noiseLines: Set<String> = [
    "print", "pin", "print pin", "print recipe", "pin recipe", "print recipe pin recipe",
    "jump to recipe", "jump to video", "save recipe", "save", "share", "email", "tweet",
    "rate this recipe", "rate recipe", "advertisement", "us customary", "metric",
    "us customary - metric", "us customary metric", "1x 2x 3x", "1x2x3x", "cook mode",
    "prevent your screen from going dark", "scale", "video", "watch the video",
  ]

  /// Whether a line is a button, a unit toggle or a rating ("4.9 from 35 votes").
  static func isNoise(_ content: String) -> Bool {
    guard content.utf8.count <= 60 else { return false }
    let key = content.lowercased()
    if noiseLines.contains(key) { return true }
    let words = key.split(separator: " ")
    guard words.count >= 2, words.count <= 6, let last = words.last,
      ["votes", "vote", "reviews", "review", "ratings", "rating"].contains(last)
    else { return false }
    return words.dropLast().allSatisfy { word in
      word.allSatisfy { $0.isNumber || $0 == "." || $0 == "," || $0 == "(" || $0 == ")" }
        || ["from", "of", "stars", "star", "out", "based", "on", "/"].contains(word)
    }
  }

  /// Labels whose value is the recipe's title.
  static let titleLabels: Set<String> = [
    "title", "name", "recipe", "recipe name", "titel", "titre", "título", "titulo", "titolo",
  ]

  /// Labels of one-line notes ("Tip: chill the dough").
  static let noteLabels: Set<String> = [
    "note", "notes", "tip", "tips", "hint", "hinweis", "tipp", "astuce", "remarque", "nota",
    "consejo", "consiglio",
  ]

  /// Labels of a source: a URL after them is the source URL.
  static let sourceLabels: Set<String> = [
    "source", "from", "url", "link", "original", "adapted from", "quelle", "fuente", "fonte",
  ]

  enum Meta: Equatable {
    case servings
    case makes
    case prep
    case cook
    case total
    case course
    case cuisine
    case author
    case keywords
  }

  /// Labels, lowercased, longest tried first.
  static let metaLabels: [(label: String, meta: Meta)] = {
    var labels: [(String, Meta)] = []
    for label in [
      "serves", "serving", "servings", "portions", "portion", "personen", "portionen",
      "personnes", "parts", "porciones", "raciones", "comensales", "porzioni", "persone",
      "dosi", "number of servings", "rendimiento", "for", "für", "pour", "para", "per",
    ] {
      labels.append((label, .servings))
    }
    for label in [
      "yield", "yields", "makes", "recipe makes", "ergibt", "menge", "quantité", "rinde",
    ] {
      labels.append((label, .makes))
    }
    for label in [
      "prep time", "prep", "preparation time", "prep.", "active time", "hands-on time",
      "hands on time", "zubereitungszeit", "vorbereitungszeit", "vorbereitung", "arbeitszeit",
      "temps de préparation", "temps de preparation", "préparation", "preparation",
      "tiempo de preparación", "tiempo de preparacion", "preparación", "preparacion",
      "tempo di preparazione", "preparazione", "zubereitung",
    ] {
      labels.append((label, .prep))
    }
    for label in [
      "cook time", "cooking time", "cook", "bake time", "baking time", "bake", "roast time",
      "kochzeit", "backzeit", "garzeit", "temps de cuisson", "cuisson", "tiempo de cocción",
      "tiempo de coccion", "cocción", "coccion", "tempo di cottura", "cottura",
    ] {
      labels.append((label, .cook))
    }
    for label in [
      "total time", "total", "ready in", "time", "time needed", "gesamtzeit", "temps total",
      "tiempo total", "tempo totale", "durée", "duración", "durata",
    ] {
      labels.append((label, .total))
    }
    for label in ["course", "category", "meal", "kategorie", "catégorie", "categoría"] {
      labels.append((label, .course))
    }
    for label in ["cuisine", "küche", "cocina", "cucina"] { labels.append((label, .cuisine)) }
    for label in ["author", "by", "recipe by", "autor", "auteur", "autore"] {
      labels.append((label, .author))
    }
    for label in ["keywords", "keyword", "tags", "schlagwörter", "mots-clés", "etiquetas"] {
      labels.append((label, .keywords))
    }
    return labels.sorted { $0.0.count > $1.0.count }
  }()

  /// The labels by their first word, so that a line is compared only with labels that can
  /// match it.
  static let metaLabelsByFirstWord: [String: [(label: String, meta: Meta)]] = {
    var table: [String: [(label: String, meta: Meta)]] = [:]
    for entry in metaLabels {
      table[String(entry.label.prefix { $0.isLetter || $0 == "-" }), default: []].append(entry)
    }
    return table
  }()

  /// The first words of the headings, to rule out most lines at once.
  static let headingFirstWords: Set<String> = Set(
    headings.keys.map { String($0.prefix { $0.isLetter || $0 == "'" || $0 == "-" }) })

  /// Words after a number that make it a number of servings ("4 people").
  static let servingNouns: Set<String> = [
    "people", "persons", "person", "servings", "serving", "portions", "portion", "guests",
    "personen", "person", "portionen", "portion", "personnes", "parts", "portions", "personas",
    "porciones", "raciones", "persone", "porzioni", "pax",
  ]

  static let numberWords: [String: Double] = [
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a dozen": 12, "dozen": 12,
  ]

  /// Foreign words for time units and "and", mapped to the English ones
  /// ``RecipeDuration/parse(_:)`` reads.
  static let durationWords: [String: String] = [
    "std": "h", "stunde": "hour", "stunden": "hours", "min": "min", "minute": "minute",
    "heure": "hour", "heures": "hours", "hora": "hour", "horas": "hours", "ora": "hour",
    "ore": "hours", "uur": "hours", "minuto": "minute", "minutos": "minutes", "minuti": "minutes",
    "minuut": "minutes", "minuten": "minutes", "sekunden": "seconds", "secondes": "seconds",
    "segundos": "seconds", "secondi": "seconds", "tag": "day", "tage": "days", "jour": "day",
    "jours": "days", "día": "day", "días": "days", "giorno": "day", "giorni": "days", "und": "and",
    "et": "and", "y": "and", "e": "and", "ca": "about", "env": "about", "environ": "about",
    "unos": "about", "circa": "about", "etwa": "about", "mins": "mins", "hrs": "hrs",
  ]

  /// Imperative verbs that start a step ("Preheat the oven", "Stir in the cream").
  static let stepVerbs: Set<String> = [
    "add", "adjust", "allow", "arrange", "assemble", "bake", "baste", "beat", "blanch", "blend",
    "blitz", "boil", "braise", "bring", "broil", "brown", "brush", "char", "check", "chill",
    "chop", "coat", "combine", "cook", "cool", "cover", "cream", "crush", "cut", "decorate",
    "deglaze", "dice", "discard", "dissolve", "divide", "dot", "drain", "drizzle", "dust",
    "empty", "enjoy", "fill", "finish", "flip", "fold", "form", "freeze", "fry", "garnish",
    "grate", "grease", "grill", "grind", "heat", "insert", "keep", "knead", "ladle", "layer",
    "leave", "let", "line", "lower", "make", "marinate", "mash", "measure", "melt", "microwave",
    "mix", "peel", "pipe", "place", "plate", "poach", "pop", "pour", "preheat", "prepare",
    "press", "prick", "pulse", "purée", "puree", "put", "reduce", "refrigerate", "reheat",
    "remove", "repeat", "rest", "return", "rinse", "roast", "roll", "rub", "saute", "sauté",
    "scatter", "scoop", "scrape", "sear", "season", "separate", "serve", "set", "shake",
    "shape", "shred", "sift", "simmer", "skim", "slice", "soak", "spoon", "spray", "spread",
    "sprinkle", "squeeze", "steam", "stir", "store", "strain", "stuff", "swirl", "take",
    "taste", "tear", "thread", "toast", "top", "toss", "transfer", "trim", "turn", "wash",
    "whip", "whisk", "wipe", "wrap", "zest",
  ]

  /// Words that open a sentence of a method but also of a description ("When the butter
  /// foams, ..."): a line they start is prose, a step only once the ingredients are read.
  static let sentenceOpeners: Set<String> = [
    "meanwhile", "once", "when", "while", "then", "after", "before", "next", "finally", "first",
    "using", "in", "on", "into", "to", "until", "if", "continue", "lightly", "carefully",
    "quickly", "slowly", "now", "again", "gently",
  ]

  /// Words after a number that make it a time, not an amount ("10 minutes later, ...").
  static let timeWords: Set<String> = [
    "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs", "second", "seconds",
    "sec", "secs", "day", "days", "more", "times", "to", "or",
  ]

  /// Phrases that end an ingredient line without an amount ("Salt, to taste").
  static let ingredientEndings: [String] = [
    "to taste", "as needed", "as required", "optional", "(optional)", "for garnish",
    "to garnish", "for serving", "to serve", "for frying", "for dusting", "for greasing",
    "nach belieben", "nach geschmack", "au goût", "al gusto", "q.b.", "quanto basta",
  ]

  /// Words that can stand for an amount at the start of an ingredient line.
  static let amountWords: Set<String> = [
    "a", "an", "one", "two", "three", "four", "five", "six", "half", "pinch", "handful",
    "dash", "splash", "few", "some", "ein", "eine", "un", "une", "una", "uno",
  ]
}

// MARK: - Assembling

/// The reading state: which part of the recipe the lines belong to, and what is built so far.
struct PastedRecipeAssembler {
  enum Phase: Equatable {
    case preamble
    case ingredients
    case instructions
    case notes
    case description
  }

  enum Shape: Equatable {
    /// An amount and a food, or a short line ending "to taste".
    case ingredient
    /// Starts with a cooking verb.
    case step
    /// A sentence or a long line that is not obviously a step.
    case prose
    /// A few words that could be anything ("Fresh basil").
    case short
  }

  private let lines: [PastedLine]
  private let parser: IngredientParser
  /// Each line's shape, worked out when first needed.
  private var shapes: [Shape?]
  /// The first line of each line's paragraph (the lines between blank lines).
  private let paragraphStarts: [Int]
  /// Lines read as the title, a time, a yield, a URL or a heading: not part of any list.
  private var setAside: [Bool]

  private var title: String?
  private var titleSearchOver = false
  private var firstLineWithoutTitle: PastedLine?
  private var description: [[String]] = []
  private var notes: [[String]] = []
  private var ingredientSections: [IngredientSection] = []
  private var instructionSections: [InstructionSection] = []
  private var yield: RecipeYield?
  private var prepTime: RecipeDuration?
  private var cookTime: RecipeDuration?
  private var totalTime: RecipeDuration?
  private var sourceURL: String?
  private var author: String?
  private var courses: [String] = []
  private var cuisines: [String] = []
  private var keywords: [String] = []
  private var warnings: [String] = []
  private var droppedWarnings = 0

  private var phase = Phase.preamble
  /// Whether an ingredients heading comes somewhere: then shape decides nothing before it.
  private var hasIngredientsHeading = false
  /// Whether a heading set the phase (rather than the shape of a line).
  private var phaseFromHeading = false
  private var afterBlank = true
  /// Whether the line before was a heading.
  private var afterHeading = false
  /// A lone "Step 3" or a heading came before: the next line starts a step.
  private var stepBreakPending = false
  /// Whether the current description or notes paragraph has lines yet.
  private var paragraphOpen = false

  init(lines: [PastedLine], parser: IngredientParser) {
    self.lines = lines
    self.parser = parser
    shapes = Array(repeating: nil, count: lines.count)
    setAside = Array(repeating: false, count: lines.count)
    var starts: [Int] = []
    starts.reserveCapacity(lines.count)
    var start = 0
    for index in lines.indices {
      if lines[index].kind != .text { start = index + 1 }
      starts.append(start)
    }
    paragraphStarts = starts
  }

  mutating func assemble() throws -> PastedRecipe {
    hasIngredientsHeading = lines.contains { $0.kind == .text && heading($0)?.kind == .ingredients }
    for index in lines.indices {
      let line = lines[index]
      switch line.kind {
      case .blank:
        afterBlank = true
        paragraphOpen = false
        continue
      case .junk:
        warn(line, "skipped: it is not readable text")
        afterBlank = true
        continue
      case .text:
        break
      }
      if PastedTextVocabulary.isNoise(line.content) {
        // "Print", "Jump to Recipe", "5 from 120 votes": buttons and ratings copied along.
        setAside[index] = true
        continue
      }
      if line.content.isEmpty {
        // A lone "Step 3" or "1.": the step's text is on the next line.
        setAside[index] = true
        stepBreakPending = true
        if phase != .instructions && phase != .notes && title != nil {
          switchPhase(.instructions)
        }
        continue
      }
      read(index)
      afterBlank = false
      afterHeading = setAside[index] && heading(line) != nil
    }
    return try finish()
  }

  // MARK: Reading one line

  private mutating func read(_ index: Int) {
    let line = lines[index]
    let content = line.content
    let labeled = Self.labeled(content)
    if let (label, value) = labeled, !value.isEmpty {
      if PastedTextVocabulary.titleLabels.contains(label), title == nil, phase == .preamble {
        title = String(value.prefix(500))
        setAside[index] = true
        return
      }
      if PastedTextVocabulary.sourceLabels.contains(label), Self.isURL(value) {
        setSourceURL(value, line: line)
        setAside[index] = true
        return
      }
    }
    if Self.isURL(content) {
      // The first URL is the source; later ones in the notes stay there.
      if sourceURL != nil && phase == .notes {
        addNote(line.text)
      } else {
        setSourceURL(content, line: line)
      }
      setAside[index] = true
      return
    }
    // Before headings, so that "Preparation: 15 min" is a time and "Preparation" a heading.
    if readMeta(line) {
      setAside[index] = true
      return
    }
    if let heading = heading(line) {
      setAside[index] = true
      apply(heading, line: line)
      return
    }
    if title == nil && !titleSearchOver {
      readTitle(index)
      if title != nil { return }
    }
    if phase != .notes, let (label, value) = labeled, !value.isEmpty,
      PastedTextVocabulary.noteLabels.contains(label)
    {
      notes.append([content])
      paragraphOpen = false
      return
    }
    switch phase {
    case .preamble: readPreamble(index)
    case .ingredients: readIngredient(index)
    case .instructions: readStep(index)
    case .notes: addNote(line.marker == .none ? content : line.text)
    case .description: addDescription(content)
    }
  }

  /// The first line that is not a fact or heading names the recipe, unless it is numbered,
  /// a sentence, or an amount of a food ("200 g flour"); then the text has no title.
  private mutating func readTitle(_ index: Int) {
    titleSearchOver = true
    let line = lines[index]
    let content = line.content
    let words = Self.wordCount(content)
    let isSentence = content.count > 200 || words >= 14 || (content.hasSuffix(".") && words >= 6)
    var isAmount = false
    if let first = content.unicodeScalars.first,
      PastedTextLines.isDigit(first) || "½⅓⅔¼¾⅛".unicodeScalars.contains(first),
      content.count <= 160
    {
      // "3 Bean Chili" is a title; "3 cups beans" is not.
      isAmount = parser.parse(content).unit != nil
    }
    if line.marker == .number || isSentence || isAmount {
      firstLineWithoutTitle = line
      return
    }
    let text = line.titleText
    title = text.hasSuffix(":") ? String(text.dropLast()) : text
    setAside[index] = true
  }

  private mutating func readPreamble(_ index: Int) {
    let line = lines[index]
    // With an "Ingredients" heading further down, everything before it describes the recipe.
    if hasIngredientsHeading {
      addDescription(line.content)
      return
    }
    if let subtitle = subsectionTitle(index), nextLineIsIngredient(after: index) {
      switchPhase(.ingredients)
      startIngredientSection(subtitle)
      setAside[index] = true
      return
    }
    let lineShape = shape(index)
    if line.marker == .number || lineShape == .step {
      switchPhase(.instructions)
      readStep(index)
      return
    }
    if lineShape == .ingredient || (lineShape == .short && paragraphIsIngredients(index))
      || (line.marker == .bullet && lineShape == .short)
    {
      switchPhase(.ingredients)
      readIngredient(index)
      return
    }
    addDescription(line.content)
  }

  private mutating func readIngredient(_ index: Int) {
    let line = lines[index]
    if let subtitle = subsectionTitle(index) ?? groupTitle(index) {
      startIngredientSection(subtitle)
      setAside[index] = true
      return
    }
    let lineShape = shape(index)
    let isSentence = lineShape == .step || lineShape == .prose
    if phaseFromHeading {
      // Steps pasted under "Ingredients" without a heading of their own: a new paragraph of
      // sentences, or a numbered sentence.
      if isSentence && (afterBlank || line.marker == .number) && !paragraphIsIngredients(index) {
        warn(line, "read as the first step, though no 'Method' heading comes before it")
        switchPhase(.instructions)
        readStep(index)
        return
      }
      if isSentence {
        warn(line, "looks like a sentence but is under the ingredients; kept as an ingredient")
      }
    } else if isSentence || line.marker == .number
      || (afterBlank && paragraphHasSentences(index))
    {
      switchPhase(.instructions)
      readStep(index)
      return
    }
    if ingredientSections.isEmpty { ingredientSections.append(IngredientSection(lines: [])) }
    ingredientSections[ingredientSections.count - 1].lines.append(
      IngredientLine(text: line.content))
  }

  private mutating func readStep(_ index: Int) {
    let line = lines[index]
    if let subtitle = subsectionTitle(index) {
      startInstructionSection(subtitle)
      setAside[index] = true
      stepBreakPending = true
      return
    }
    if !phaseFromHeading && afterBlank && line.marker != .number && !instructionSections.isEmpty
      && (shape(index) == .ingredient || groupTitle(index) != nil)
      && paragraphIsIngredients(index)
    {
      // A second block of ingredients after the steps, as in a recipe of two parts.
      warn(line, "more ingredients after the steps; read as ingredients")
      switchPhase(.ingredients)
      readIngredient(index)
      return
    }
    if let title = stepGroupTitle(index) {
      startInstructionSection(title)
      setAside[index] = true
      stepBreakPending = true
      return
    }
    if instructionSections.isEmpty { instructionSections.append(InstructionSection(steps: [])) }
    let last = instructionSections.count - 1
    let previous = instructionSections[last].steps.last?.text
    let startsStep =
      line.marker != .none || stepBreakPending || afterBlank || previous == nil
      || !Self.continuesStep(previous ?? "", line.content)
    stepBreakPending = false
    if startsStep {
      instructionSections[last].steps.append(InstructionStep(text: line.content))
    } else {
      let stepIndex = instructionSections[last].steps.count - 1
      instructionSections[last].steps[stepIndex].text += " " + line.content
    }
  }

  /// Whether an unmarked line continues the step before it, as in a paragraph wrapped by an
  /// email program: it starts in lower case, or the step stops mid-sentence after a long line
  /// and the line does not start with a cooking verb.
  static func continuesStep(_ previous: String, _ line: String) -> Bool {
    guard let first = line.first else { return false }
    if first.isLowercase { return true }
    guard let last = previous.last, !".!?:;)…".contains(last) else { return false }
    let firstWord = line.prefix { $0.isLetter }.lowercased()
    return previous.count >= 50 && !PastedTextVocabulary.stepVerbs.contains(firstWord)
  }

  private mutating func addDescription(_ text: String) {
    if paragraphOpen, !description.isEmpty {
      description[description.count - 1].append(text)
    } else {
      description.append([text])
      paragraphOpen = true
    }
  }

  private mutating func addNote(_ text: String) {
    if paragraphOpen, !notes.isEmpty {
      notes[notes.count - 1].append(text)
    } else {
      notes.append([text])
      paragraphOpen = true
    }
  }

  private mutating func switchPhase(_ next: Phase, fromHeading: Bool = false) {
    phase = next
    phaseFromHeading = fromHeading
    paragraphOpen = false
  }

  private mutating func startIngredientSection(_ title: String) {
    if let last = ingredientSections.last, last.lines.isEmpty {
      ingredientSections[ingredientSections.count - 1].title = title
    } else {
      ingredientSections.append(IngredientSection(title: title, lines: []))
    }
  }

  private mutating func startInstructionSection(_ title: String) {
    if let last = instructionSections.last, last.steps.isEmpty {
      instructionSections[instructionSections.count - 1].title = title
    } else {
      instructionSections.append(InstructionSection(title: title, steps: []))
    }
  }

  private mutating func setSourceURL(_ url: String, line: PastedLine) {
    if sourceURL == nil {
      sourceURL = url
    } else if sourceURL != url {
      warn(line, "a second URL; the first one is kept as the source")
    }
  }

  // MARK: Headings

  private struct HeadingMatch {
    var kind: PastedTextVocabulary.Heading
    /// "Ingredients for the dough" → "For the dough".
    var subtitle: String?
    /// "Notes: keeps for a week" → "keeps for a week"; "Ingredients (serves 4)" → "serves 4".
    var rest: String?
    /// The heading as written, without its colon.
    var label: String
  }

  private func heading(_ line: PastedLine) -> HeadingMatch? {
    let content = line.content
    guard line.marker != .number, content.utf8.count <= 240 else { return nil }
    let firstWord = content.prefix { $0.isLetter || $0 == "'" || $0 == "’" || $0 == "-" }
      .lowercased().replacingOccurrences(of: "’", with: "'")
    guard PastedTextVocabulary.headingFirstWords.contains(firstWord) else { return nil }
    var head = Substring(content)
    var rest: String?
    if let colon = content.firstIndex(of: ":") {
      head = content[..<colon]
      let after = content[content.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if !after.isEmpty { rest = after }
    }
    if rest == nil, let open = head.firstIndex(of: "("), head.hasSuffix(")") {
      rest = String(head[head.index(after: open)..<head.index(before: head.endIndex)])
      head = head[..<open]
    }
    head = Substring(head.trimmingCharacters(in: .whitespaces))
    let key = Self.normalizedKey(head)
    if let kind = PastedTextVocabulary.headings[key] {
      return HeadingMatch(kind: kind, subtitle: nil, rest: rest, label: String(head))
    }
    // "Ingredients for the dough", "Zutaten für den Teig".
    let lowerHead = head.lowercased()
    guard rest == nil, lowerHead.count == head.count else { return nil }
    for joiner in [" for ", " für ", " pour ", " para ", " per "] {
      guard let range = lowerHead.range(of: joiner) else { continue }
      let left = Self.normalizedKey(lowerHead[..<range.lowerBound])
      guard let kind = PastedTextVocabulary.headings[left],
        kind == .ingredients || kind == .instructions
      else { continue }
      let offset = lowerHead.distance(from: lowerHead.startIndex, to: range.lowerBound) + 1
      let subtitle = head.dropFirst(offset).trimmingCharacters(in: .whitespaces)
      return HeadingMatch(
        kind: kind, subtitle: subtitle.prefix(1).uppercased() + subtitle.dropFirst(), rest: nil,
        label: String(head))
    }
    return nil
  }

  private mutating func apply(_ heading: HeadingMatch, line: PastedLine) {
    if title == nil && !titleSearchOver {
      titleSearchOver = true
      firstLineWithoutTitle = line
    }
    switch heading.kind {
    case .ingredients:
      switchPhase(.ingredients, fromHeading: true)
      if let subtitle = heading.subtitle { startIngredientSection(subtitle) }
      if let rest = heading.rest, !readMetaText(rest, line: line, labelsOnly: false) {
        if ingredientSections.isEmpty {
          ingredientSections.append(IngredientSection(lines: []))
        }
        ingredientSections[ingredientSections.count - 1].lines.append(IngredientLine(text: rest))
      }
    case .instructions:
      switchPhase(.instructions, fromHeading: true)
      stepBreakPending = true
      if let subtitle = heading.subtitle { startInstructionSection(subtitle) }
      if let rest = heading.rest, !readMetaText(rest, line: line, labelsOnly: false) {
        // "Method: mix everything and bake" is a step.
        if instructionSections.isEmpty {
          instructionSections.append(InstructionSection(steps: []))
        }
        instructionSections[instructionSections.count - 1].steps.append(
          InstructionStep(text: rest))
        stepBreakPending = false
      }
    case .notes, .labeledNotes:
      switchPhase(.notes, fromHeading: true)
      if heading.kind == .labeledNotes {
        addNote(heading.rest.map { "\(heading.label): \($0)" } ?? "\(heading.label):")
      } else if let rest = heading.rest {
        addNote(rest)
      }
    case .description:
      switchPhase(.description, fromHeading: true)
      if let rest = heading.rest { addDescription(rest) }
    }
  }

  /// A sub-section title ("For the dough:", "### Sauce", "FOR THE GLAZE"), or nil.
  private func subsectionTitle(_ index: Int) -> String? {
    let line = lines[index]
    let content = line.content
    guard line.marker != .number, content.count <= 60, let first = content.unicodeScalars.first,
      !PastedTextLines.isDigit(first), !"(½⅓⅔¼¾⅛".unicodeScalars.contains(first)
    else { return nil }
    let words = Self.wordCount(content)
    guard words <= 8 else { return nil }
    if content.hasSuffix(":") {
      let head = content.dropLast().trimmingCharacters(in: .whitespaces)
      guard !head.isEmpty, !head.contains(":") else { return nil }
      return head
    }
    if line.isEmphasized { return content }
    let hasLower = content.contains { $0.isLowercase }
    let letters = content.filter(\.isLetter).count
    let minimumWords = phase == .instructions ? 1 : 2
    if !hasLower, letters >= 3, words >= minimumWords, words <= 5, !content.hasSuffix("."),
      !content.contains(where: \.isNumber)
    {
      return content
    }
    // "For the filling" without a colon, as the ingredient parser reads it.
    if phase == .ingredients, line.marker == .none, content.lowercased().hasPrefix("for "),
      !content.contains(where: \.isNumber), parser.parse(content).isSectionHeader
    {
      return content
    }
    return nil
  }

  /// A short unmarked name opening a paragraph of ingredients ("Salsa" above "4 tomatoes"):
  /// the title of a group of ingredients written without a colon.
  private mutating func groupTitle(_ index: Int) -> String? {
    guard isShortName(index), nextLineIsIngredient(after: index) else { return nil }
    return lines[index].content
  }

  /// The same among the steps: "Cake" above "Beat the butter and sugar ...".
  private mutating func stepGroupTitle(_ index: Int) -> String? {
    let next = index + 1
    guard isShortName(index), next < lines.count, lines[next].kind == .text,
      !lines[next].content.isEmpty,
      lines[next].marker == .number || [.step, .prose].contains(shape(next))
    else { return nil }
    return lines[index].content
  }

  /// A few capitalised words without digits or a full stop, opening a paragraph or following a
  /// heading.
  private mutating func isShortName(_ index: Int) -> Bool {
    let line = lines[index]
    let content = line.content
    return (afterBlank || afterHeading) && line.marker == .none && content.utf8.count <= 60
      && Self.wordCount(content) <= 3 && content.first?.isUppercase == true
      && !content.contains(where: \.isNumber) && !content.hasSuffix(".")
      && shape(index) == .short
  }

  private mutating func nextLineIsIngredient(after index: Int) -> Bool {
    let next = index + 1
    guard next < lines.count, lines[next].kind == .text, !lines[next].content.isEmpty else {
      return false
    }
    return shape(next) == .ingredient || lines[next].marker == .bullet
  }

  // MARK: Yield, times and other facts

  /// Reads a yield or time line; true when the line was one.
  private mutating func readMeta(_ line: PastedLine) -> Bool {
    guard phase != .notes, phase != .description, line.marker != .number,
      line.content.count <= 160
    else { return false }
    // Before the ingredients "Serves 4" and "Bake 25 min" count; later only yields and labels
    // that say "time", so that "Bake 25 minutes" stays a step.
    var text = line.marker == .none && !line.isEmphasized ? line.spaced : line.content
    // "**Serves:** 4": markdown bold around the label.
    if text.hasPrefix("**") || text.hasPrefix("__") {
      text = text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
    }
    return readMetaText(text, line: line, labelsOnly: phase != .preamble)
  }

  /// Reads one or more "label value" segments; true when the text was such a line.
  private mutating func readMetaText(_ text: String, line: PastedLine, labelsOnly: Bool) -> Bool {
    typealias Meta = PastedTextVocabulary.Meta
    let segments = Self.metaSegments(text)
    var found: [(meta: Meta, label: String, value: String, hasColon: Bool)] = []
    for segment in segments {
      guard let match = Self.metaLabel(segment), Self.allows(match, labelsOnly: labelsOnly)
      else { break }
      found.append(match)
    }
    if found.count < segments.count {
      // The whole line as one fact: "Serves 4, or 6 as a side", "Serves<tab>4".
      guard let whole = Self.metaLabel(Self.collapse(text)),
        Self.allows(whole, labelsOnly: labelsOnly)
      else { return false }
      found = [whole]
    }
    // Without a colon, every value must read ("Bake the cake" is no time); with one, an
    // unreadable value is dropped with a warning, unless the label is also a heading
    // ("Zubereitung: Mehl sieben" is a step).
    for item in found
    where !item.hasColon || PastedTextVocabulary.headings[item.label] != nil {
      switch item.meta {
      case .servings, .makes:
        if Self.yield(item.value, meta: item.meta) == nil { return false }
      case .prep, .cook, .total:
        if Self.duration(item.value) == nil { return false }
      case .course, .cuisine, .author, .keywords:
        return false
      }
    }
    for item in found {
      switch item.meta {
      case .servings, .makes:
        guard let parsed = Self.yield(item.value, meta: item.meta) else {
          warn(line, "no number of servings in '\(item.value)'")
          continue
        }
        if yield == nil {
          yield = parsed
        } else if yield != parsed {
          warn(line, "a second yield; the first one is kept")
        }
      case .prep, .cook, .total:
        guard let duration = Self.duration(item.value) else {
          warn(line, "no time in '\(item.value)'")
          continue
        }
        switch item.meta {
        case .prep: prepTime = prepTime ?? duration
        case .cook: cookTime = cookTime ?? duration
        default: totalTime = totalTime ?? duration
        }
      case .course: courses += Self.list(item.value)
      case .cuisine: cuisines += Self.list(item.value)
      case .author: author = author ?? item.value
      case .keywords: keywords += Self.list(item.value)
      }
    }
    return true
  }

  /// Whether a fact counts where it is: after the preamble only yields, labels that say
  /// "time" and labels that are also headings do.
  private static func allows(
    _ match: (meta: PastedTextVocabulary.Meta, label: String, value: String, hasColon: Bool),
    labelsOnly: Bool
  ) -> Bool {
    // A label that is also a heading ("Préparation : 10 min") counts when its value is a time,
    // which the caller checks.
    !labelsOnly || match.meta == .servings || match.meta == .makes || namesTime(match.label)
      || PastedTextVocabulary.headings[match.label] != nil
  }

  private static func namesTime(_ label: String) -> Bool {
    ["time", "zeit", "temps", "tiempo", "tempo", "ready in", "durée", "duración", "durata"]
      .contains { label.contains($0) }
  }

  /// "Prep 10 min | Cook 20 min", "Prep: 10 min, Cook: 20 min", "Serves 4 · 30 min".
  static func metaSegments(_ text: String) -> [String] {
    var segments: [String] = []
    var current = ""
    var previousWasSpace = false
    func flush() {
      let segment = collapse(current)
      if !segment.isEmpty { segments.append(segment) }
      current = ""
    }
    for character in text {
      if "|·•;,\t".contains(character) || (character == " " && previousWasSpace) {
        flush()
        previousWasSpace = false
        continue
      }
      previousWasSpace = character == " "
      current.append(character)
    }
    flush()
    return segments
  }

  static func collapse(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
  }

  /// The label a segment starts with, the value after it, and whether a colon came between.
  static func metaLabel(
    _ segment: String
  ) -> (meta: PastedTextVocabulary.Meta, label: String, value: String, hasColon: Bool)? {
    let lower = segment.lowercased()
    // Lowercasing can change the length of a few letters; then the segment is not a label.
    guard lower.count == segment.count else { return nil }
    let firstWord = String(lower.prefix { $0.isLetter || $0 == "-" })
    let candidates = PastedTextVocabulary.metaLabelsByFirstWord[firstWord] ?? []
    for (label, meta) in candidates where lower.hasPrefix(label) {
      let after = lower.dropFirst(label.count)
      // "Prep Time10 minutes", as recipe cards copy, has no space before the number.
      guard let next = after.first, " :-–=".contains(next) || next.isNumber else { continue }
      let separator = segment.dropFirst(label.count).prefix { " :-–=".contains($0) }
      let value = segment.dropFirst(label.count + separator.count)
        .trimmingCharacters(in: .whitespaces)
      guard !value.isEmpty else { return nil }
      // "For 4 people" is a yield; "For the sauce" is not.
      if ["for", "für", "pour", "para", "per"].contains(label) {
        let words = value.split(separator: " ")
        guard words[0].allSatisfy(\.isNumber),
          words.count == 1
            || (words.count == 2
              && PastedTextVocabulary.servingNouns.contains(words[1].lowercased()))
        else { return nil }
      }
      let hasColon = separator.contains(":") || separator.contains("=")
      return (meta, label, value, hasColon)
    }
    // "4 servings", "6 Portionen".
    let words = segment.split(separator: " ")
    if words.count == 2, words[0].allSatisfy({ $0.isNumber || $0 == "-" }),
      words[0].first?.isNumber == true,
      PastedTextVocabulary.servingNouns.contains(words[1].lowercased())
    {
      return (.servings, "", segment, false)
    }
    return nil
  }

  /// A yield from the words after its label: "4" and "4-6" are servings, "12 muffins" is what
  /// it makes.
  static func yield(_ value: String, meta: PastedTextVocabulary.Meta) -> RecipeYield? {
    let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: " .,;"))
    var servings = RecipeYield.firstNumber(in: trimmed)
    if servings == nil {
      let lower = trimmed.lowercased()
      for (word, number) in PastedTextVocabulary.numberWords
      where lower == word || lower.hasPrefix(word + " ") {
        servings = number
      }
    }
    guard let servings, !trimmed.isEmpty else { return nil }
    if trimmed.allSatisfy(\.isNumber) { return RecipeYield(servings: servings) }
    let isRange = trimmed.allSatisfy { $0.isNumber || " -–to".contains($0) }
    if meta == .servings && isRange {
      return RecipeYield(servings: servings, text: "\(trimmed) servings")
    }
    return RecipeYield(servings: servings, text: trimmed)
  }

  /// A time in English or in common words of other languages ("1 Std. 20 Min."), ignoring
  /// parentheses and words after the time ("30 minutes plus chilling").
  static func duration(_ value: String) -> RecipeDuration? {
    guard value.count <= 120 else { return nil }
    if let direct = RecipeDuration.parse(value) { return direct }
    var translated = ""
    var word = ""
    var depth = 0
    func flush() {
      guard !word.isEmpty else { return }
      translated += PastedTextVocabulary.durationWords[word.lowercased()] ?? word
      word = ""
    }
    for character in value {
      if character == "(" || character == "[" {
        flush()
        depth += 1
      } else if character == ")" || character == "]" {
        depth = max(0, depth - 1)
      } else if depth > 0 {
        continue
      } else if character.isLetter {
        word.append(character)
      } else {
        flush()
        translated.append(character)
      }
    }
    flush()
    if let parsed = RecipeDuration.parse(translated) { return parsed }
    var tokens = translated.split(separator: " ")
    while tokens.count > 1 {
      tokens.removeLast()
      if let parsed = RecipeDuration.parse(tokens.joined(separator: " ")) { return parsed }
    }
    return nil
  }

  static func list(_ value: String) -> [String] {
    value.split(whereSeparator: { ",;".contains($0) })
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  // MARK: Line shape

  /// What a line looks like on its own, worked out once per line.
  private mutating func shape(_ index: Int) -> Shape {
    if let known = shapes[index] { return known }
    var parsed = false
    let computed = Self.shape(
      of: lines[index].content,
      parser: parserCalls < PastedRecipeReader.maximumParserLines ? parser : nil,
      parsed: &parsed)
    if parsed { parserCalls += 1 }
    shapes[index] = computed
    return computed
  }

  private var parserCalls = 0

  /// The shape of a line. With no parser (its budget spent), a short line that starts with a
  /// number and does not end a sentence counts as an ingredient.
  static func shape(of content: String, parser: IngredientParser?, parsed: inout Bool) -> Shape {
    // Only the first words matter, so a 500 KB line costs no more than a short one.
    let words = content.prefix(400).split(separator: " ")
    guard let firstWord = words.first else { return .short }
    let wordCount = words.count < 20 ? words.count : Self.wordCount(content)
    let first = firstWord.lowercased().trimmingCharacters(in: .punctuationCharacters)
    let second = words.count > 1 ? words[1].lowercased() : ""
    let startsWithNumber =
      firstWord.unicodeScalars.first.map {
        PastedTextLines.isDigit($0) || "½⅓⅔¼¾⅛⅜⅝⅞".unicodeScalars.contains($0)
      } ?? false
    if (startsWithNumber || PastedTextVocabulary.amountWords.contains(first)) && wordCount <= 14
      && content.count <= 160 && !PastedTextVocabulary.timeWords.contains(second)
    {
      if let parser {
        parsed = true
        let line = parser.parse(content)
        let hasAmount =
          startsWithNumber ? (line.quantity != nil || line.unit != nil) : line.unit != nil
        if hasAmount, line.name != nil, !line.isSectionHeader,
          !(wordCount > 8 && content.hasSuffix("."))
        {
          return .ingredient
        }
      } else if startsWithNumber, wordCount > 1, wordCount <= 8, !content.hasSuffix(".") {
        return .ingredient
      }
    }
    if PastedTextVocabulary.stepVerbs.contains(first), wordCount >= 2, !startsWithNumber {
      return .step
    }
    // "Flour 200g", "Eggs 2": the amount after the food.
    if !startsWithNumber, wordCount >= 2, wordCount <= 6, !content.hasSuffix("."),
      words.last?.first?.isNumber == true
    {
      if let parser {
        parsed = true
        let line = parser.parse(content)
        if line.quantity != nil, line.name != nil, !line.isSectionHeader { return .ingredient }
      } else {
        return .ingredient
      }
    }
    if wordCount <= 10 {
      let lower = content.lowercased()
      if PastedTextVocabulary.ingredientEndings.contains(where: { lower.hasSuffix($0) }) {
        return .ingredient
      }
    }
    if wordCount >= 14 { return .prose }
    if PastedTextVocabulary.sentenceOpeners.contains(first), wordCount >= 4 { return .prose }
    if wordCount >= 5 && (content.hasSuffix(".") || content.hasSuffix("!")) { return .prose }
    if wordCount >= 5, content.contains(". ") { return .prose }
    return .short
  }

  /// How many ingredient-shaped and sentence-shaped lines the paragraph of a line holds,
  /// leaving out lines read as something else; long paragraphs are judged by their first 24
  /// lines, which keeps reading linear.
  private mutating func paragraphCounts(_ index: Int) -> (ingredients: Int, sentences: Int) {
    var ingredients = 0
    var sentences = 0
    var other = paragraphStarts[index]
    let end = min(lines.count, other + 24)
    while other < end, lines[other].kind == .text {
      defer { other += 1 }
      if setAside[other] || lines[other].content.isEmpty { continue }
      if other > index, heading(lines[other]) != nil { break }
      switch shape(other) {
      case .ingredient: ingredients += 1
      case .step, .prose: sentences += 1
      case .short: break
      }
    }
    return (ingredients, sentences)
  }

  /// Whether a line's paragraph reads as a list of ingredients.
  private mutating func paragraphIsIngredients(_ index: Int) -> Bool {
    let counts = paragraphCounts(index)
    return counts.ingredients > 0 && counts.ingredients >= counts.sentences
  }

  /// Whether a line's paragraph holds more sentences than ingredients: a method, not a list.
  /// Never true together with ``paragraphIsIngredients(_:)``, so a line cannot be passed back
  /// and forth between the ingredients and the steps.
  private mutating func paragraphHasSentences(_ index: Int) -> Bool {
    let counts = paragraphCounts(index)
    return counts.sentences > counts.ingredients
  }

  // MARK: Small readers

  /// "Label: value" with a short label → (normalised label, value).
  static func labeled(_ content: String) -> (String, String)? {
    guard let colon = content.prefix(40).firstIndex(of: ":") else { return nil }
    let label = content[..<colon]
    guard label.count <= 24, !label.isEmpty else { return nil }
    // "**Title:** Pancakes": markdown bold around the label.
    let value = content[content.index(after: colon)...].trimmingCharacters(
      in: CharacterSet(charactersIn: " *_"))
    if value.hasPrefix("//") { return nil }
    return (normalizedKey(label), value)
  }

  static func normalizedKey(_ text: Substring) -> String {
    collapse(
      text.lowercased().replacingOccurrences(of: "’", with: "'")
        .trimmingCharacters(in: CharacterSet(charactersIn: " :*_#.-–—")))
  }

  static func isURL(_ text: String) -> Bool {
    guard text.utf8.count <= 2000 else { return false }
    let lower = text.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), !text.contains(" ") else {
      return false
    }
    return URLComponents(string: text)?.host?.isEmpty == false
  }

  static func wordCount(_ text: String) -> Int {
    var count = 0
    var inWord = false
    for byte in text.utf8 {
      if byte == 0x20 {
        inWord = false
      } else if !inWord {
        inWord = true
        count += 1
      }
    }
    return count
  }

  private mutating func warn(_ line: PastedLine, _ message: String) {
    guard warnings.count < PastedRecipeReader.maximumWarnings else {
      droppedWarnings += 1
      return
    }
    let shown = line.text.count > 60 ? line.text.prefix(57) + "..." : Substring(line.text)
    warnings.append("line \(line.number): \(message): '\(shown)'")
  }

  // MARK: Finishing

  private func joined(_ paragraphs: [[String]], lines separator: String) -> String? {
    paragraphs.isEmpty
      ? nil : paragraphs.map { $0.joined(separator: separator) }.joined(separator: "\n\n")
  }

  private mutating func finish() throws -> PastedRecipe {
    guard let title, !title.isEmpty else {
      let line = firstLineWithoutTitle ?? lines.first { $0.kind == .text }
      let shown = line.map { " (line \($0.number) is '\($0.text.prefix(60))')" } ?? ""
      throw LarderCoreError.invalidField(
        field: "text", value: "",
        reason: "has no title\(shown); put the recipe's name on the first line")
    }
    var recipe = Recipe(
      name: title, description: joined(description, lines: " "), author: author,
      sourceURL: sourceURL, yield: yield, prepTime: prepTime, cookTime: cookTime,
      totalTime: totalTime, ingredientSections: ingredientSections,
      instructionSections: instructionSections, keywords: keywords, courses: courses,
      cuisines: cuisines, notes: joined(notes, lines: "\n"))
    recipe = try recipe.validated()
    if droppedWarnings > 0 {
      warnings.append("\(droppedWarnings) more lines were unclear; only the first are listed")
    }
    if recipe.ingredientLines.isEmpty {
      warnings.append("no ingredients found; put them under an 'Ingredients' heading")
    }
    if recipe.steps.isEmpty {
      warnings.append("no steps found; put them under a 'Method' heading")
    }
    return PastedRecipe(recipe: recipe, warnings: warnings)
  }
}
