import Foundation
import LarderCore

/// A recipe card written for the photo-import tests and `larder-bench photos`: rendered to an
/// image with ImageMagick and the Debian fonts, then read back by OCR.
public struct RecipeCard: Sendable, Hashable {
  /// How a card is laid out on the page.
  public enum Layout: String, Sendable, Hashable, CaseIterable {
    /// One column in a serif font.
    case plain
    /// The title above, ingredients in a left column and the method in a right one whose
    /// steps wrap, with a gutter between them as a printed page has.
    case twoColumns
    /// One column, the page turned 3° as a hand-held photo is.
    case rotated
    /// One column with grain, a slight blur and light falling off across the page.
    case noisy
    /// Harder, for the benchmark only: the page turned 8°.
    case steep
    /// Harder, for the benchmark only: half-size print (13 pt) with grain.
    case small
    /// Harder, for the benchmark only: grey print on grey paper, heavy grain and blur, as a
    /// dim photo.
    case faint
  }

  /// The card's name in test output (`plain-en`).
  public var name: String
  /// The language it is written in.
  public var language: RecipeLanguage
  /// The title.
  public var title: String
  /// The ingredients heading ("Ingredients", "Zutaten").
  public var ingredientsHeading: String
  /// The ingredient lines, each short enough never to wrap.
  public var ingredients: [String]
  /// The method heading ("Method", "Zubereitung").
  public var methodHeading: String
  /// The steps, numbered when rendered; long ones wrap.
  public var steps: [String]

  /// The card as text, one line per ingredient and step, blank lines between sections.
  public var text: String {
    (["\(title)", "", ingredientsHeading] + ingredients + ["", methodHeading]
      + steps.enumerated().map { "\($0.offset + 1). \($0.element)" }).joined(separator: "\n")
  }

  /// Makes a card.
  public init(
    name: String, language: RecipeLanguage, title: String, ingredientsHeading: String,
    ingredients: [String], methodHeading: String, steps: [String]
  ) {
    self.name = name
    self.language = language
    self.title = title
    self.ingredientsHeading = ingredientsHeading
    self.ingredients = ingredients
    self.methodHeading = methodHeading
    self.steps = steps
  }
}

/// One page to photograph: one card, or two, in a layout.
public struct RecipePage: Sendable, Hashable {
  /// The page's name in test output.
  public var name: String
  /// How it is laid out.
  public var layout: RecipeCard.Layout
  /// The recipes on it, top to bottom.
  public var cards: [RecipeCard]

  /// Makes a page.
  public init(name: String, layout: RecipeCard.Layout, cards: [RecipeCard]) {
    self.name = name
    self.layout = layout
    self.cards = cards
  }
}

extension RecipeCard {
  /// Written here for these tests: an English soup.
  public static let barleySoup = RecipeCard(
    name: "barley-soup", language: .english, title: "Lemon Barley Soup",
    ingredientsHeading: "Ingredients",
    ingredients: [
      "1 cup pearl barley", "2 tbsp olive oil", "1 large onion, chopped", "3 carrots, diced",
      "1.5 litres vegetable stock", "1 lemon, juiced",
    ],
    methodHeading: "Method",
    steps: [
      "Rinse the barley and drain it well.",
      "Warm the oil in a large pot and soften the onion and carrots for 8 minutes.",
      "Add the barley and stock, bring to a boil and simmer for 40 minutes until tender.",
      "Stir in the lemon juice and season to taste.",
    ])

  /// Written here: an English bake with eight lines.
  public static let oatBiscuits = RecipeCard(
    name: "oat-biscuits", language: .english, title: "Honey Oat Biscuits",
    ingredientsHeading: "Ingredients",
    ingredients: [
      "125 g butter", "2 tbsp honey", "100 g brown sugar", "150 g rolled oats",
      "100 g plain flour", "1 tsp baking soda", "2 tbsp boiling water", "1 pinch salt",
    ],
    methodHeading: "Method",
    steps: [
      "Heat the oven to 180 C and line two trays with baking paper.",
      "Melt the butter with the honey and sugar over a low heat.",
      "Mix the soda with the water and stir it into the butter.",
      "Pour it over the oats, flour and salt and mix well.",
      "Roll into balls, flatten on the trays and bake for 12 minutes.",
    ])

  /// Written here: a short English salad.
  public static let tomatoSalad = RecipeCard(
    name: "tomato-salad", language: .english, title: "Tomato and Bread Salad",
    ingredientsHeading: "Ingredients",
    ingredients: [
      "500 g ripe tomatoes", "2 slices stale bread", "1 red onion, sliced",
      "3 tbsp olive oil", "1 tbsp red wine vinegar",
    ],
    methodHeading: "Method",
    steps: [
      "Cut the tomatoes into chunks and salt them lightly.",
      "Tear the bread into pieces and toast it in a dry pan.",
      "Toss everything with the oil and vinegar and leave for 10 minutes.",
    ])

  /// Written here: a German cake.
  public static let apfelkuchen = RecipeCard(
    name: "apfelkuchen", language: .german, title: "Einfacher Apfelkuchen",
    ingredientsHeading: "Zutaten",
    ingredients: [
      "200 g Mehl", "150 g Zucker", "125 g Butter", "3 Eier", "1 TL Backpulver",
      "4 Äpfel, geschält",
    ],
    methodHeading: "Zubereitung",
    steps: [
      "Den Backofen auf 180 Grad vorheizen und eine Form fetten.",
      "Butter und Zucker schaumig rühren, dann die Eier einzeln unterrühren.",
      "Mehl und Backpulver mischen und unter den Teig heben.",
      "Die Äpfel in Spalten schneiden, auf den Teig legen und 45 Minuten backen.",
    ])

  /// Written here: a French gratin.
  public static let gratin = RecipeCard(
    name: "gratin", language: .french, title: "Gratin de courgettes",
    ingredientsHeading: "Ingrédients",
    ingredients: [
      "3 courgettes", "2 œufs", "20 cl de crème fraîche", "100 g de gruyère râpé",
      "1 gousse d'ail",
    ],
    methodHeading: "Préparation",
    steps: [
      "Préchauffer le four à 200 degrés.",
      "Couper les courgettes en rondelles et les faire revenir 10 minutes.",
      "Battre les œufs avec la crème et l'ail écrasé.",
      "Verser sur les courgettes, couvrir de fromage et cuire 25 minutes.",
    ])
}

extension RecipePage {
  /// Every page the tests and the benchmark read: each layout, German and French cards, and
  /// two recipes on one page.
  public static let all: [RecipePage] = [
    RecipePage(name: "plain-en", layout: .plain, cards: [.barleySoup]),
    RecipePage(name: "two-columns-en", layout: .twoColumns, cards: [.oatBiscuits]),
    RecipePage(name: "rotated-en", layout: .rotated, cards: [.tomatoSalad]),
    RecipePage(name: "noisy-en", layout: .noisy, cards: [.barleySoup]),
    RecipePage(name: "plain-de", layout: .plain, cards: [.apfelkuchen]),
    RecipePage(name: "two-columns-fr", layout: .twoColumns, cards: [.gratin]),
    RecipePage(name: "two-recipes-en", layout: .plain, cards: [.tomatoSalad, .oatBiscuits]),
  ]

  /// Pages past what the tests promise, for `larder-bench photos` to show where reading
  /// degrades: turned 8°, half-size print, and a dim, grainy, blurred page.
  public static let hard: [RecipePage] = [
    RecipePage(name: "steep-en", layout: .steep, cards: [.barleySoup]),
    RecipePage(name: "small-en", layout: .small, cards: [.barleySoup]),
    RecipePage(name: "faint-en", layout: .faint, cards: [.barleySoup]),
    RecipePage(name: "faint-de", layout: .faint, cards: [.apfelkuchen]),
  ]
}

/// Renders ``RecipePage``s to PNG with ImageMagick's `convert` (no shell; the text is an
/// argument, so Debian's policy against `@file` does not matter).
public struct RecipeCardRenderer: Sendable {
  /// The `convert` command found, or nil.
  public let convert: String?

  /// Finds `convert` in `searchPath` (the process's `PATH` by default).
  public init(searchPath: String? = nil) {
    let path =
      searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    convert = path.split(separator: ":").map { $0 + "/convert" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// What is wrong with the renderer, or nil when it can render.
  public var missing: String? {
    convert == nil ? "ImageMagick's convert is not installed (apt-get install imagemagick)" : nil
  }

  /// Renders `page` into `folder` and returns the PNG's URL.
  public func render(_ page: RecipePage, in folder: URL) throws -> URL {
    guard let convert else { throw RenderError(message: missing ?? "") }
    let output = folder.appendingPathComponent(page.name + ".png")
    var arguments: [String] = []
    switch page.layout {
    case .plain, .rotated, .noisy, .steep, .small, .faint:
      // Each card its own caption, stacked: ImageMagick 6 refuses a caption of many lines.
      arguments = ["-background", "white"]
      for card in page.cards {
        arguments += [
          "(", "-size", "1240x", "-background", "white", "-fill", "black", "-font",
          "DejaVu-Serif", "-pointsize", page.layout == .small ? "13" : "26",
          "caption:" + Self.escaped(card.text),
          "-bordercolor", "white", "-border", "0x40", ")",
        ]
      }
      arguments += ["-append", "-bordercolor", "white", "-border", "60"]
      if page.layout == .rotated || page.layout == .steep {
        arguments += ["-background", "white", "-rotate", page.layout == .steep ? "8" : "3"]
      }
      if page.layout == .small {
        arguments += ["-attenuate", "0.6", "+noise", "Gaussian"]
      }
      if page.layout == .faint {
        arguments += [
          "-fill", "gray45", "-opaque", "black", "+level", "30%,85%", "-attenuate", "1.2",
          "+noise", "Gaussian", "-blur", "0x1.6",
        ]
      }
      if page.layout == .noisy {
        arguments += [
          "-attenuate", "0.5", "+noise", "Gaussian", "-blur", "0x1", "(", "+clone",
          "-sparse-color", "Barycentric", "0,0 white %[fx:w],%[fx:h] gray60", ")",
          "-compose", "Multiply", "-composite",
        ]
      }
    case .twoColumns:
      let card = page.cards[0]
      let left = ([card.ingredientsHeading] + card.ingredients).joined(separator: "\n")
      let right =
        ([card.methodHeading] + card.steps.enumerated().map { "\($0.offset + 1). \($0.element)" })
        .joined(separator: "\n")
      let font = ["-background", "white", "-fill", "black", "-font", "Liberation-Sans"]
      arguments =
        ["("] + font + [
          "-size", "1300x", "-pointsize", "40", "caption:" + Self.escaped(card.title), ")",
          "(", "(",
        ] + font + [
          "-size", "400x", "-pointsize", "24", "caption:" + Self.escaped(left),
          "-bordercolor", "white", "-border", "60x30", ")", "(",
        ] + font + [
          "-size", "620x", "-pointsize", "24", "caption:" + Self.escaped(right),
          "-bordercolor", "white", "-border", "20x30", ")", "-background", "white",
          "-gravity", "North", "+append", ")", "-gravity", "West", "-append",
          "-bordercolor", "white", "-border", "60",
        ]
    }
    // A fixed seed: the same grain on every run, so the figures and the tests repeat.
    arguments = ["-seed", "19"] + arguments
    arguments += ["-colorspace", "Gray", "-depth", "8", "png:" + output.path]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: convert)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw RenderError(
        message: "convert failed for \(page.name): \(String(decoding: message, as: UTF8.self))")
    }
    return output
  }

  /// Text as ImageMagick's `caption:` reads it literally: `%` and `\` doubled.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "%%")
  }

  /// A page that could not be rendered.
  public struct RenderError: Error, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The message.
    public var description: String { message }
  }
}

/// How closely OCR read a card: per line, the edit distance between what was written and what
/// was read, over the written line's length, after collapsing spaces.
public struct CardAccuracy: Sendable, Equatable {
  /// One written line and what was read for it.
  public struct Line: Sendable, Equatable {
    /// What the card says.
    public var expected: String
    /// What was read ("" when the line is missing).
    public var read: String
    /// Characters to insert, delete or change to turn `read` into `expected`.
    public var edits: Int
    /// `edits` over the expected line's length.
    public var errorRate: Double { Double(edits) / Double(max(expected.count, 1)) }
  }

  /// Every line: the title, each ingredient and each step, in order.
  public var lines: [Line]

  /// Compares a card with the title, ingredient lines and steps read for it; lines are paired
  /// in order, and a missing one counts as read empty.
  public init(card: RecipeCard, title: String, ingredients: [String], steps: [String]) {
    func pair(_ expected: [String], _ read: [String]) -> [Line] {
      expected.enumerated().map { index, line in
        let got = index < read.count ? Self.normalized(read[index]) : ""
        let want = Self.normalized(line)
        return Line(expected: want, read: got, edits: Self.distance(want, got))
      }
    }
    lines =
      pair([card.title], [title]) + pair(card.ingredients, ingredients) + pair(card.steps, steps)
  }

  /// One minus all edits over all expected characters.
  public var characterAccuracy: Double {
    let characters = lines.reduce(0) { $0 + $1.expected.count }
    let edits = lines.reduce(0) { $0 + $1.edits }
    return 1 - Double(edits) / Double(max(characters, 1))
  }

  /// The share of lines read exactly.
  public var lineAccuracy: Double {
    Double(lines.filter { $0.edits == 0 }.count) / Double(max(lines.count, 1))
  }

  /// Spaces collapsed, typographic quotes made plain.
  static func normalized(_ text: String) -> String {
    text.replacingOccurrences(of: "’", with: "'").replacingOccurrences(of: "‘", with: "'")
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The Levenshtein distance in characters.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
