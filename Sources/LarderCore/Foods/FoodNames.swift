import Foundation

/// Catalog foods by their names in other languages (`Resources/food-names.tsv`: Open Tandoor
/// Data's translations and Larder's own list), and a matcher from a name as written in a
/// recipe of that language to a food id.
///
/// ```swift
/// FoodNames.bundled.match("fint sammalt hvetemel", language: .danish)  // "all-purpose-flour"
/// FoodNames.bundled.match("Knoblauchzehen, gehackt", language: .german) // "garlic"
/// ```
///
/// How a name is matched: it is folded (``LanguageText/fold(_:)``) and split into words; the
/// longest run of words that is a known name wins (the earliest in the Romance languages and
/// Polish, whose head noun comes first; the latest in the Germanic ones). A name that joins two
/// foods with "and" gives the first ("Salz und Pfeffer" → salt) unless the whole phrase is a
/// food of its own. Words are also compared by their stems (plural and case endings dropped:
/// Polish "mąki" is "mąka"), and in the compounding languages (German, Dutch, Swedish, Danish,
/// Norwegian) a word no name spells is read as a compound: its longest known ending
/// ("Rapsöl" → öl, "Weizenmehl" → mehl), or its beginning before a part word ("Knoblauchzehe").
/// Names missing in a language are looked up in its neighbours (Danish in Norwegian...).
public struct FoodNames: Sendable {
  private struct Table: Sendable {
    var exact: [String: String] = [:]
    var stems: [String: String] = [:]
    var longest = 1

    /// Adds a name, unless an earlier food claimed it.
    mutating func add(key: String, stemmed: String, id: String, words: Int) {
      if exact[key] == nil { exact[key] = id }
      if stems[stemmed] == nil { stems[stemmed] = id }
      longest = max(longest, words)
    }
  }

  private var tables: [RecipeLanguage: Table] = [:]

  /// The names shipped with Larder, loaded on first use.
  public static let bundled: FoodNames = {
    guard
      let url = Bundle.module.url(
        forResource: "food-names", withExtension: "tsv", subdirectory: "Resources")
        ?? Bundle.module.url(forResource: "food-names", withExtension: "tsv"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return FoodNames(entries: []) }
    return FoodNames(tsv: text)
  }()

  /// Names from the TSV form (language, food id, names joined by ";"; "#" lines skipped).
  public init(tsv: String) {
    var entries: [(RecipeLanguage, String, String)] = []
    for line in tsv.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard parts.count == 3, let language = RecipeLanguage(rawValue: String(parts[0])) else {
        continue
      }
      for name in parts[2].split(separator: ";") {
        entries.append((language, String(parts[1]), String(name)))
      }
    }
    self.init(entries: entries)
  }

  /// Names from (language, food id, name) triples; the first food to claim a name keeps it.
  public init(entries: [(RecipeLanguage, String, String)]) {
    for (language, id, name) in entries {
      let words = LanguageText.words(name)
      guard !words.isEmpty else { continue }
      let key = words.joined(separator: " ")
      let stemmed = words.map { Self.stem($0, language) }.joined(separator: " ")
      // Changed in place: a copy of the language's table taken out and put back was copied
      // whole for every name (about 3 s for the shipped names, the first recipe page's wait).
      tables[language, default: Table()].add(key: key, stemmed: stemmed, id: id, words: words.count)
    }
  }

  /// Whether a folded word is a food's whole name in `language` ("kartoffeln", "cebolla").
  func knows(word: String, language: RecipeLanguage) -> Bool {
    tables[language]?.exact[word] != nil
  }

  /// How many names a language has.
  public func count(for language: RecipeLanguage) -> Int { tables[language]?.exact.count ?? 0 }

  /// The food a name written in `language` stands for, or nil when no name fits.
  public func match(_ name: String, language: RecipeLanguage) -> String? {
    let words = LanguageText.words(name)
    guard !words.isEmpty, words.count <= 32 else { return nil }
    // "zumo de 1 limón", "la scorza di un'arancia": a citrus fruit's juice or zest.
    if let cut = words.prefix(2).firstIndex(where: {
      LanguageLexicon.juiceWords.contains($0) || LanguageLexicon.zestWords.contains($0)
    }), cut + 1 < words.count,
      let fruit = match(Array(words[(cut + 1)...]).joined(separator: " "), language: language),
      Self.citrus.contains(fruit)
    {
      return fruit + (LanguageLexicon.juiceWords.contains(words[cut]) ? "-juice" : "-zest")
    }
    for candidate in [language] + language.neighbours {
      if let found = match(words, in: candidate, lexicon: language) { return found }
    }
    return nil
  }

  /// The food a name written in `language` stands for, as every reader of such lines reads it
  /// (the analysis stored with a recipe, and `ingredients/parse`): its name in the language
  /// (``match(_:language:)``), else `matchFood` (the catalog's match, as English names are
  /// matched), else a word of five letters or more the catalog knows by its own name ("queso
  /// manchego", "guanciale a listarelle"), else a slip from a known name
  /// (``nearMatch(_:language:)``).
  public func food(
    named name: String, language: RecipeLanguage, matchFood: (String) -> String?
  ) -> String? {
    if let found = match(name, language: language) ?? matchFood(name) { return found }
    for word in LanguageText.words(name) where word.count >= 5 {
      if let found = matchFood(word) { return found }
    }
    return nearMatch(name, language: language)
  }

  /// The food a name stands for when one of its words is a slip from a known name: a letter
  /// too many ("hønsebouillion", "Emmenthaler"), too few ("Mozarella", "laubærblade") or wrong
  /// ("Parmasan", "Muscatnød"). Only words of six to ``nearWordLimit`` letters are read so
  /// (each costs about 52 lookups a letter), in the language's head order, each by its own
  /// slips before the next word; the language's own unit and number words are never read as
  /// a slip ("scatola" is a box, not escarole). Meant as the last resort, when
  /// ``match(_:language:)`` and every other reading found nothing.
  public func nearMatch(_ name: String, language: RecipeLanguage) -> String? {
    let words = LanguageText.words(name)
    guard !words.isEmpty, words.count <= 32 else { return nil }
    let ordered = Self.headFirst(language) ? words : words.reversed()
    guard let table = tables[language] else { return nil }
    let lexicon = LanguageLexicon.of(language)
    for word in ordered where (6...Self.nearWordLimit).contains(word.count) {
      if lexicon.units[word] != nil || lexicon.numbers[word] != nil { continue }
      if let id = near(word, table, language) { return id }
    }
    return nil
  }

  /// The longest word ``nearMatch(_:language:)`` reads: longer than any one-word name shipped
  /// (the longest are about 26 letters folded), short enough that a line of long nonsense
  /// words costs little.
  static let nearWordLimit = 32

  /// The letters a folded word is made of (``LanguageText/fold(_:)`` spells accents and
  /// ligatures out in ASCII).
  private static let foldedLetters = Array("abcdefghijklmnopqrstuvwxyz")

  private func near(_ word: String, _ table: Table, _ language: RecipeLanguage) -> String? {
    let letters = Array(word)
    // A corrected word shorter than seven letters is too often another word ("kleine" is one
    // letter from "Kleie", "Trauben" from "Tauben"). A letter dropped may leave a plural or
    // case form, matched by its stem ("tortillias"); a letter changed or added must make a
    // name as written, as stems widen the net too far ("Trauben" is two letters from
    // "Träuble", currants, but one from its stem).
    func named(_ variant: [Character], stemmed: Bool = false) -> String? {
      guard variant.count >= 7 else { return nil }
      let text = String(variant)
      return table.exact[text] ?? (stemmed ? table.stems[Self.stem(text, language)] : nil)
    }
    for index in letters.indices {
      var shorter = letters
      shorter.remove(at: index)
      if let id = named(shorter, stemmed: true) { return id }
    }
    for index in letters.indices {
      var changed = letters
      for letter in Self.foldedLetters where letter != letters[index] {
        changed[index] = letter
        if let id = named(changed) { return id }
      }
    }
    for index in 0...letters.count {
      var longer = letters
      longer.insert(" ", at: index)
      for letter in Self.foldedLetters {
        longer[index] = letter
        if let id = named(longer) { return id }
      }
    }
    return nil
  }

  private func match(
    _ words: [String], in language: RecipeLanguage, lexicon: RecipeLanguage
  )
    -> String?
  {
    guard let table = tables[language] else { return nil }
    // The whole phrase, and the phrase before "and" ("Salz und Pfeffer" → Salz).
    let and = LanguageLexicon.andWords(lexicon)
    guard let cut = words.firstIndex(where: { and.contains($0) }), cut > 0 else {
      return longest(words, table, language)?.id
    }
    // A phrase spanning "and" that is a food of its own ("salt and pepper") wins; else the
    // food before "and", else the one after.
    for start in 0..<cut {
      let upper = min(words.count, start + table.longest)
      guard upper >= cut + 2 else { continue }
      for end in (cut + 2)...upper {
        if let id = table.exact[words[start..<end].joined(separator: " ")] { return id }
      }
    }
    if let found = longest(Array(words[..<cut]), table, language) { return found.id }
    return longest(Array(words[(cut + 1)...]), table, language)?.id
  }

  private struct Found {
    var id: String
    var length: Int
  }

  /// The longest run of words that names a food, exact before stemmed, then compounds.
  private func longest(_ words: [String], _ table: Table, _ language: RecipeLanguage) -> Found? {
    let and = LanguageLexicon.andWords(language)
    let headFirst = Self.headFirst(language)
    let stems = words.map { Self.stem($0, language) }
    for length in stride(from: min(table.longest, words.count), through: 1, by: -1) {
      let starts = Array(0...(words.count - length))
      let ordered = headFirst ? starts : starts.reversed()
      var found: [String] = []
      for start in ordered {
        let run = words[start..<(start + length)]
        // A run that spans "and" names one food only when the whole phrase is a name.
        if length > 1, run.contains(where: { and.contains($0) }) { continue }
        if let id = table.exact[run.joined(separator: " ")] { found.append(id) }
      }
      if let id = Self.mostSpecific(found) { return Found(id: id, length: length) }
      for start in ordered {
        let run = stems[start..<(start + length)]
        if length > 1, words[start..<(start + length)].contains(where: { and.contains($0) }) {
          continue
        }
        if let id = table.stems[run.joined(separator: " ")] { return Found(id: id, length: length) }
      }
    }
    guard Self.compounds(language) else { return nil }
    let ordered = headFirst ? Array(words.indices) : words.indices.reversed()
    for index in ordered {
      if let id = compound(words[index], table, language) { return Found(id: id, length: 1) }
    }
    return nil
  }

  /// Of the foods named by runs of one length, in the language's order, the first that is a
  /// kind of another one named: "queijo muçarela" is mozzarella, not cheese; "macarrão
  /// espaguete" spaghetti, not pasta. Otherwise the first.
  private static func mostSpecific(_ found: [String]) -> String? {
    guard found.count > 1 else { return found.first }
    let catalog = FoodCatalog.bundled
    return found.first { id in
      found.contains { other in other != id && catalog.isDescendant(id, of: other) }
    } ?? found.first
  }

  /// A compound word read by its longest known ending (at least four letters, or "öl"), or by
  /// its beginning when the rest is a part word ("knoblauchzehen" → knoblauch).
  private func compound(_ word: String, _ table: Table, _ language: RecipeLanguage) -> String? {
    let letters = Array(word)
    // Each split builds and hashes its ending, so a long word costs its length squared; no
    // compound food is near 64 letters.
    guard letters.count >= 6, letters.count <= 64 else { return nil }
    // "Zitronenschale", "appelsinskræl", "citroensap": a citrus fruit's zest or juice.
    for (ending, suffix) in Self.citrusParts where word.hasSuffix(ending) {
      var fruit = String(word.dropLast(ending.count))
      for _ in 0..<3 {
        if let id = table.exact[fruit] ?? table.stems[Self.stem(fruit, language)],
          Self.citrus.contains(id)
        {
          return id + suffix
        }
        guard fruit.hasSuffix("n") || fruit.hasSuffix("s") || fruit.hasSuffix("e") else { break }
        fruit.removeLast()
      }
    }
    for split in 2..<(letters.count - 2) {
      let ending = String(letters[split...])
      guard ending.count >= 4 || Self.shortHeads.contains(ending) else { continue }
      if let id = table.exact[ending] ?? table.stems[Self.stem(ending, language)] { return id }
    }
    for part in Self.partWords where word.hasSuffix(part) && letters.count - part.count >= 3 {
      var beginning = String(word.dropLast(part.count))
      if let id = table.exact[beginning] ?? table.stems[Self.stem(beginning, language)] {
        return id
      }
      // A linking "s" or "e": "Hühnerbrust", "kyllinge-".
      if beginning.hasSuffix("s") || beginning.hasSuffix("e") {
        beginning.removeLast()
        if let id = table.exact[beginning] { return id }
      }
    }
    return nil
  }

  /// Compound endings that make a citrus fruit its juice or zest.
  private static let citrusParts: [(String, String)] = [
    ("saft", "-juice"), ("sap", "-juice"), ("schale", "-zest"), ("abrieb", "-zest"),
    ("skal", "-zest"), ("skall", "-zest"), ("skrael", "-zest"), ("rasp", "-zest"),
    ("schil", "-zest"), ("zeste", "-zest"),
  ]

  /// Fruits whose juice and zest the catalog holds as foods of their own.
  private static let citrus: Set<String> = ["lemon", "lime", "orange"]

  private static let shortHeads: Set<String> = ["ol", "olie", "olje", "olja", "mel", "mjol", "ei"]
  /// Endings that name a cut or a form of the food before them ("Schinkenwürfel",
  /// "Parmesanflocken", "Knoblauchzehen"), not a food of their own.
  private static let partWords = [
    "zehen", "zehe", "stangen", "stange", "blatter", "blattchen", "blatt", "zweige", "zweig",
    "teentjes", "teentje", "klyftor", "klyfta", "fedd", "fed", "stilke", "stilk", "blade", "blad",
    "kvister", "kvist", "wurfeln", "wurfel", "scheiben", "scheibe", "streifen", "flocken",
    "stuckchen", "stucke", "spalten", "ringe", "raspeln", "blokjes", "plakjes", "reepjes",
    "schijfjes", "tarningar", "skivor", "strimlor", "terninger", "skiver", "strimler", "stykker",
    "fileter", "filetter", "filets", "filet", "filer", "file", "hoved", "tern",
  ]

  private static func headFirst(_ language: RecipeLanguage) -> Bool {
    switch language {
    case .french, .spanish, .italian, .portuguese, .polish, .russian: true
    default: false
    }
  }

  private static func compounds(_ language: RecipeLanguage) -> Bool {
    switch language {
    case .german, .dutch, .swedish, .danish, .norwegian: true
    default: false
    }
  }

  /// Russian case and plural endings of nouns and adjectives, longest first, folded as words
  /// are ("й" reads as "и"): "муки" and "мука", "оливкового" and "оливковое", "яиц" and "яйца".
  private static let russianEndings = [
    "ями", "ами", "ого", "его", "ому", "ему", "ыми", "ими", "ях", "ах", "ов", "ев", "ей", "ой",
    "ом", "ем", "ая", "яя", "ое", "ее", "ые", "ие", "ую", "юю", "ых", "их", "ый", "ий", "а",
    "я", "ы", "и", "у", "ю", "е", "о", "ь",
  ].map(LanguageText.fold)

  /// A word without its plural or case ending, so forms of one word meet: "tomaten" and
  /// "tomate", "mąki" and "mąka", "cebolas" and "cebola". Words of four letters or fewer stay.
  static func stem(_ word: String, _ language: RecipeLanguage) -> String {
    guard word.count >= 4 else { return word }
    let endings: [String]
    switch language {
    case .russian:
      endings = russianEndings
    case .polish:
      endings = [
        "ami", "ach", "owie", "ow", "om", "ej", "ego", "emu", "ymi", "imi", "a", "e", "i",
        "y", "u", "o",
      ]
    case .italian:
      endings = ["i", "e", "a", "o"]
    case .spanish, .portuguese:
      endings = ["es", "s", "a", "o", "e"]
    case .french:
      endings = ["es", "s", "x", "e"]
    case .german:
      endings = ["en", "er", "es", "n", "e", "s"]
    case .dutch:
      endings = ["en", "s", "e"]
    case .swedish:
      endings = ["orna", "arna", "erna", "or", "ar", "er", "na", "en", "et", "a", "e"]
    case .danish, .norwegian:
      endings = ["ene", "erne", "er", "en", "et", "e"]
    case .english:
      endings = ["es", "s"]
    }
    var stem = word
    for ending in endings where word.hasSuffix(ending) && word.count - ending.count >= 3 {
      stem = String(word.dropLast(ending.count))
      break
    }
    // Russian drops a vowel before a last "ц" or "к" when the word takes an ending: "перец"
    // and "перца", "кабачок" and "кабачка" meet as "перц" and "кабачк".
    if language == .russian, stem.count >= 5,
      stem.hasSuffix("ец") || stem.hasSuffix("ок") || stem.hasSuffix("ек")
    {
      stem.remove(at: stem.index(stem.endIndex, offsetBy: -2))
    }
    return stem
  }
}

extension FoodCatalog {
  /// The food a name written in `language` stands for: its name in that language
  /// (``FoodNames``), else the catalog's own match, as English names are matched.
  public func foodID(named name: String, in language: RecipeLanguage) -> String? {
    if language != .english, let id = FoodNames.bundled.match(name, language: language) {
      return id
    }
    return match(name)?.foodID
  }
}
