import Foundation

/// Tells which language a recipe is written in from its words: each language scores the
/// words of its own that are common in recipes and rare elsewhere (articles, "and", "with",
/// spoon measures, "to taste"), and letters only some languages write (ß, ł, ø, ñ, ã, and
/// the Cyrillic alphabet).
///
/// English is the answer unless another language clearly leads, so a recipe with a few
/// foreign food names ("crème fraîche", "pâte brisée") stays English.
public enum LanguageDetector {
  private static let markers: [RecipeLanguage: Set<String>] = [
    .english: [
      "the", "and", "with", "of", "cup", "cups", "tablespoon", "tablespoons", "teaspoon",
      "teaspoons", "tbsp", "tsp", "chopped", "into", "until", "minutes", "add", "or", "for",
      "large", "oz", "heat", "stir", "taste", "fresh", "ground", "pound", "sliced", "then", "is",
    ],
    .german: [
      "und", "mit", "der", "die", "das", "den", "dem", "ein", "eine", "einen", "el", "tl",
      "prise", "zucker", "mehl", "salz", "pfeffer", "butter", "eier", "milch", "zwiebel",
      "zwiebeln", "nach", "belieben", "oder", "auf", "zu", "von", "im", "minuten", "gehackt",
      "geben", "ist", "bis", "sahne", "knoblauch", "etwas", "frisch", "dann", "hinzufügen",
    ],
    .french: [
      "et", "de", "la", "le", "les", "des", "du", "avec", "une", "pour", "dans", "sur",
      "cuillère", "cuillères", "soupe", "café", "pincée", "sel", "poivre", "beurre", "farine",
      "sucre", "oeufs", "œufs", "lait", "oignon", "ail", "minutes", "ajouter", "puis", "au",
      "aux", "gousse", "gousses", "huile", "d'huile", "c.", "à",
    ],
    .spanish: [
      "y", "de", "la", "el", "los", "las", "con", "una", "para", "del", "cucharada",
      "cucharadas", "cucharadita", "pizca", "sal", "pimienta", "azúcar", "harina", "huevos",
      "leche", "cebolla", "ajo", "aceite", "minutos", "añadir", "agregar", "al", "gusto",
      "diente", "dientes", "taza", "tazas", "en", "se",
    ],
    .italian: [
      "e", "di", "il", "la", "le", "con", "una", "per", "del", "della", "cucchiaio",
      "cucchiai", "cucchiaino", "pizzico", "sale", "pepe", "zucchero", "farina", "uova",
      "latte", "cipolla", "aglio", "olio", "minuti", "aggiungere", "q.b.", "qb", "spicchio",
      "spicchi", "burro", "gli", "nel", "nella", "in",
    ],
    .dutch: [
      "en", "de", "het", "een", "met", "van", "op", "voor", "el", "tl", "eetlepel",
      "theelepel", "snufje", "zout", "peper", "suiker", "bloem", "eieren", "melk", "ui",
      "knoflook", "olie", "minuten", "toevoegen", "naar", "smaak", "teentje", "teentjes",
      "boter", "gesnipperd", "bak", "doe", "tot", "in",
    ],
    .portuguese: [
      "e", "de", "o", "os", "as", "com", "uma", "para", "do", "da", "dos", "das", "colher",
      "colheres", "sopa", "chá", "pitada", "sal", "pimenta", "açúcar", "farinha", "ovos",
      "leite", "cebola", "alho", "azeite", "minutos", "adicionar", "gosto", "xícara",
      "xícaras", "dente", "dentes", "em", "q.b.", "manteiga", "não",
    ],
    .swedish: [
      "och", "med", "en", "ett", "på", "till", "av", "msk", "tsk", "krm", "salt", "peppar",
      "socker", "vetemjöl", "mjöl", "ägg", "mjölk", "lök", "vitlök", "smör", "minuter",
      "efter", "smak", "i", "gul", "grädde", "som", "klyfta", "klyftor", "st",
      "olja", "vatten", "potatis", "rödlök", "färsk", "hackad", "riven", "skivad", "morötter",
      "gräddfil", "kyckling", "burk", "påse", "persilja", "buljong", "finhackad", "nypa",
    ],
    .danish: [
      "og", "med", "en", "et", "på", "til", "af", "spsk", "tsk", "salt", "peber", "sukker",
      "hvedemel", "mel", "æg", "mælk", "løg", "hvidløg", "smør", "minutter", "efter", "smag",
      "i", "fløde", "som", "fed", "stk", "gulerødder", "kød", "evt", "hakket",
      "olie", "vand", "kartofler", "rødløg", "peber", "piskefløde", "dåse", "persille",
      "bouillon", "finthakket", "knivspids", "hakkede", "revet", "skiver", "bundt",
    ],
    .norwegian: [
      "og", "med", "en", "ei", "et", "på", "til", "av", "ss", "ts", "salt", "pepper",
      "sukker", "hvetemel", "mel", "egg", "melk", "løk", "hvitløk", "smør", "minutter",
      "etter", "smak", "i", "fløte", "som", "fedd", "stk", "gulrøtter", "kjøtt", "hakket",
      "olje", "vann", "poteter", "rødløk", "sitron", "boks", "buljong", "finhakket", "klype",
      "kremfløte", "persille", "revet", "skiver", "bunt", "potet",
    ],
    .polish: [
      "i", "z", "w", "na", "do", "oraz", "lub", "łyżka", "łyżki", "łyżeczka", "łyżeczki",
      "szklanka", "szklanki", "szczypta", "sól", "soli", "pieprz", "pieprzu", "cukier",
      "cukru", "mąka", "mąki", "jajka", "jaj", "mleko", "mleka", "cebula", "cebuli",
      "czosnek", "czosnku", "masło", "masła", "minut", "smaku", "ząbki", "ząbek", "się",
    ],
    .russian: [
      "и", "с", "в", "на", "для", "по", "или", "до", "вкусу", "ст", "ч", "л", "г", "гр", "кг",
      "мл", "шт", "стакан", "стакана", "ложка", "ложки", "щепотка", "соль", "соли", "сахар",
      "сахара", "мука", "муки", "яйца", "яйцо", "масло", "масла", "молоко", "молока", "лук",
      "лука", "чеснок", "чеснока", "перец", "минут", "добавить", "зубчика", "вода", "воды",
      "нарезать", "смешать", "тесто", "теста", "сметана", "сметаны", "морковь", "картофель",
    ],
  ]

  /// Letters that point at a language (each seen adds to its score).
  private static let letters: [Character: [RecipeLanguage]] = [
    "ß": [.german], "ä": [.german, .swedish], "ö": [.german, .swedish], "ü": [.german],
    "å": [.swedish, .danish, .norwegian], "æ": [.danish, .norwegian],
    "ø": [.danish, .norwegian], "ł": [.polish], "ą": [.polish], "ę": [.polish],
    "ś": [.polish], "ż": [.polish], "ź": [.polish], "ć": [.polish], "ń": [.polish],
    "ñ": [.spanish], "ã": [.portuguese], "õ": [.portuguese], "ç": [.portuguese, .french],
    "è": [.french, .italian], "ê": [.french, .portuguese], "œ": [.french], "ù": [.italian],
    "ì": [.italian], "ò": [.italian],
  ].merging(
    // The Cyrillic alphabet, Russian's alone among the languages Larder reads.
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюя".map { ($0, [RecipeLanguage.russian]) },
    uniquingKeysWith: { first, _ in first })

  /// The language of a text (a recipe's title, lines and steps), or nil when it says too
  /// little to tell: fewer than three marker words.
  public static func detect(_ text: String) -> RecipeLanguage? {
    var scores: [RecipeLanguage: Double] = [:]
    var total = 0.0
    let edges = CharacterSet(charactersIn: ".'")
    for word in text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "." && $0 != "'" })
    {
      let word = String(word).trimmingCharacters(in: edges)
      for (language, set) in markers where set.contains(word) {
        scores[language, default: 0] += 1
        total += 1
      }
    }
    // Units after a number ("2 EL", "1 msk") and food names only one language writes
    // ("Kartoffeln", "cebolla"), unless English writes them too ("pasta", "salt").
    var afterNumber = false
    for piece in text.split(whereSeparator: { $0.isWhitespace || ",;:()".contains($0) }) {
      let word = LanguageText.fold(String(piece)).filter { $0 != " " }
      defer { afterNumber = word.first?.isNumber == true }
      guard word.count >= 2, word.first?.isLetter == true else { continue }
      var knownIn: [RecipeLanguage] = []
      for language in RecipeLanguage.allCases where language != .english {
        if afterNumber, LanguageLexicon.of(language).distinctiveUnits.contains(word) {
          scores[language, default: 0] += 1
          total += 1
        }
        if word.count >= 4, FoodNames.bundled.knows(word: word, language: language) {
          knownIn.append(language)
        }
      }
      if !knownIn.isEmpty, FoodCatalog.bundled.match(String(piece)) == nil {
        for language in knownIn { scores[language, default: 0] += 1 }
        total += 1
      }
    }
    var cyrillic = 0.0
    for character in text.lowercased() {
      guard let languages = letters[character] else { continue }
      if languages == [.russian] {
        cyrillic += 0.5
        continue
      }
      for language in languages { scores[language, default: 0] += 0.5 }
    }
    // Every letter of a Russian text is Cyrillic: they count as a few marker words at most,
    // so a Russian title on an English recipe does not outweigh its English words.
    if cyrillic > 0 { scores[.russian, default: 0] += min(cyrillic, 3) }
    guard total >= 3 else { return nil }
    let ranked = scores.sorted {
      $0.value > $1.value || ($0.value == $1.value && $0.key == .english)
    }
    guard let best = ranked.first else { return nil }
    if best.key == .english { return .english }
    // Another language must clearly lead English.
    let english = scores[.english] ?? 0
    guard best.value >= english * 1.5 + 2 else { return .english }
    return best.key
  }

  /// The language of a recipe: the one it was given, else the one its text reads as,
  /// else English.
  public static func language(of recipe: Recipe) -> RecipeLanguage {
    if let language = recipe.language { return language }
    var text = recipe.name
    for line in recipe.ingredientLines { text += "\n" + line.text }
    for step in recipe.steps.prefix(8) { text += "\n" + step.text }
    if let known = remembered.answer(for: text) { return known }
    let language = detect(text) ?? .english
    remembered.remember(language, for: text)
    return language
  }

  /// The languages recently told from recipes' texts: a recipe's page asks for it for the
  /// page, its lines and its nutrition, and the plan and shopping list for each planned
  /// recipe, and telling it (a millisecond or two) was half of a recipe page's time.
  private static let remembered = RememberedLanguages()
}

/// Answers of ``LanguageDetector/detect(_:)`` by the text they were told from, at most a few
/// thousand, forgotten all at once when full. A text is known by its hash and length; the
/// hash is Swift's seeded 64-bit one, so two texts mistaken for each other are not a concern.
private final class RememberedLanguages: @unchecked Sendable {
  // @unchecked Sendable: `answers` is read and written only while holding `lock`.
  private let lock = NSLock()
  private var answers: [Key: RecipeLanguage] = [:]
  private static let capacity = 4096

  private struct Key: Hashable {
    var hash: Int
    var length: Int
    init(_ text: String) {
      hash = text.hashValue
      length = text.utf8.count
    }
  }

  func answer(for text: String) -> RecipeLanguage? {
    let key = Key(text)
    lock.lock()
    defer { lock.unlock() }
    return answers[key]
  }

  func remember(_ language: RecipeLanguage, for text: String) {
    let key = Key(text)
    lock.lock()
    defer { lock.unlock() }
    if answers.count >= Self.capacity { answers.removeAll(keepingCapacity: true) }
    answers[key] = language
  }
}
