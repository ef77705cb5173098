import Foundation

/// The words of one language that an ingredient line's amount is made of: units and their
/// abbreviations, number words, "about", range and "or" words, and the phrases that make a line
/// optional ("nach Belieben", "q.b.", "do smaku").
///
/// Keys are written folded (``LanguageText/fold(_:)``: lower case, accents and dots dropped),
/// so "EL", "El." and "el" are one key, and "c. à s." is "c a s".
struct LanguageLexicon: Sendable {
  /// What a unit phrase means: a unit, and a factor when the word is a multiple of it
  /// (Polish "dag" is 10 g, German "Pfund" 500 g, Dutch "ons" 100 g).
  struct UnitMeaning: Sendable {
    var unit: String?
    var factor: Double = 1
    /// The word names the food too ("Knoblauchzehe" is a clove of garlic): it stays in the
    /// name.
    var namesFood = false
  }

  let language: RecipeLanguage
  /// Unit phrases, each one or more folded words. A meaning without a unit is a word that only
  /// counts items ("Stück", "stk", "unidade").
  let units: [String: UnitMeaning]
  /// The longest unit phrase, in words.
  let longestUnit: Int
  /// Number words ("zwei", "une", "pół").
  let numbers: [String: Double]
  /// Words between two numbers that make a range ("bis", "à", "do").
  let rangeWords: Set<String>
  /// Words before an amount that only say it is rough ("ca", "environ", "około").
  let approximateWords: Set<String>
  /// Words after a unit that join it to the food ("de", "di", "d").
  let joiners: Set<String>
  /// Words that offer an alternative ("oder", "ou", "lub").
  let orWords: Set<String>
  /// Words that join two foods both needed ("und", "et", "i").
  let andWords: Set<String>
  /// How a group heading without a colon opens ("Für den Teig", "Pour la sauce", "Na ciasto"),
  /// folded, per language.
  static let headingOpeners: [RecipeLanguage: [String]] = [
    .german: ["fur den", "fur die", "fur das", "fur den", "fur"],
    .french: ["pour la", "pour le", "pour les", "pour l", "pour"],
    .spanish: ["para el", "para la", "para los", "para las", "para"],
    .italian: ["per il", "per la", "per lo", "per le", "per i", "per gli", "per l"],
    .dutch: ["voor de", "voor het", "voor"],
    .portuguese: ["para o", "para a", "para os", "para as"],
    .swedish: ["till", "for"],
    .danish: ["til"],
    .norwegian: ["til"],
    .polish: ["na", "do"],
    .russian: ["для"],
  ]

  /// Words for "a few" that stand in for an amount ("quelques brins", "ein paar Zweige").
  static let fewWords: Set<String> = [
    "einige", "paar", "ein paar", "wenige", "quelques", "algunos", "algunas", "unos", "unas",
    "qualche", "alcuni", "alcune", "enkele", "wat", "paar", "några", "nogle", "noen", "kilka",
    "kilkanascie", "alguns", "algumas", "nagra", "et par", "ett par", "een paar", "un paio",
    "un par", "um par", "un peu", "ein wenig", "etwas", "lidt", "litt", "lite", "troche",
    "несколько", "немного", "пара", "немножко",
  ].reduce(into: Set<String>()) { $0.insert(LanguageText.fold($1)) }

  /// Words for the juice and the grated peel of a fruit ("zumo de 1 limón", "sok z cytryny",
  /// "la scorza di 1 arancia"), folded.
  static let juiceWords: Set<String> = [
    "saft", "zitronensaft", "sap", "jus", "zumo", "jugo", "succo", "suco", "sumo", "sok", "soku",
    "сок", "сока",
  ]
  static let zestWords: Set<String> = [
    "abrieb", "schale", "zeste", "zestes", "ralladura", "scorza", "scorzetta", "raspas",
    "raspa", "skal", "skall", "skalet", "skorka", "skorki", "rasp", "schil", "piel", "casca",
    "skrael", "skorke", "цедра", "цедры",
  ]

  /// Phrases that make the line optional, folded.
  let optionalPhrases: [String]
  /// Words between an amount and its unit that only qualify it ("gestrichener", "rasa").
  let unitQualifiers: Set<String>
  /// Unit words of this language that metric and English units do not share ("el", "msk",
  /// "łyżka"): after a number, a sign of the language.
  let distinctiveUnits: Set<String>

  init(
    language: RecipeLanguage, units: [String: UnitMeaning], numbers: [String: Double],
    rangeWords: Set<String>, approximateWords: Set<String>, joiners: Set<String>,
    orWords: Set<String>, andWords: Set<String>, optionalPhrases: [String],
    unitQualifiers: Set<String> = []
  ) {
    self.language = language
    var folded: [String: UnitMeaning] = [:]
    for (key, meaning) in units { folded[LanguageText.fold(key)] = meaning }
    self.units = folded
    self.longestUnit = folded.keys.map { $0.split(separator: " ").count }.max() ?? 1
    self.numbers = Dictionary(
      numbers.map { (LanguageText.fold($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
    self.rangeWords = Set(rangeWords.map(LanguageText.fold))
    self.approximateWords = Set(approximateWords.map(LanguageText.fold))
    self.joiners = Set(joiners.map(LanguageText.fold))
    self.orWords = Set(orWords.map(LanguageText.fold))
    self.andWords = Set(andWords.map(LanguageText.fold))
    self.optionalPhrases = optionalPhrases.map(LanguageText.fold).sorted { $0.count > $1.count }
    self.unitQualifiers = Set(unitQualifiers.map(LanguageText.fold))
    let shared = Set(Self.metric.flatMap { $0.map { LanguageText.fold($0.0) } })
    self.distinctiveUnits = Set(folded.keys.filter { !shared.contains($0) && !$0.contains(" ") })
  }

  /// The lexicon of a language other than English.
  static func of(_ language: RecipeLanguage) -> LanguageLexicon {
    switch language {
    case .german: german
    case .french: french
    case .spanish: spanish
    case .italian: italian
    case .dutch: dutch
    case .portuguese: portuguese
    case .swedish: swedish
    case .danish: danish
    case .norwegian: norwegian
    case .polish: polish
    case .russian: russian
    case .english: english
    }
  }

  /// The words that join two foods both needed, in `language` ("and", "und", "i").
  static func andWords(_ language: RecipeLanguage) -> Set<String> { of(language).andWords }

  private static func unit(
    _ id: String?, _ words: [String], factor: Double = 1, namesFood: Bool = false
  ) -> [(String, UnitMeaning)] {
    words.map { ($0, UnitMeaning(unit: id, factor: factor, namesFood: namesFood)) }
  }

  private static func table(_ groups: [[(String, UnitMeaning)]]) -> [String: UnitMeaning] {
    var result: [String: UnitMeaning] = [:]
    for group in groups { for (key, meaning) in group { result[key] = meaning } }
    return result
  }

  /// Metric words every language writes alike.
  private static let metric: [[(String, UnitMeaning)]] = [
    unit(
      "g", ["g", "gr", "grs", "gram", "grams", "gramm", "gramme", "grammes", "gramo", "gramos"]),
    unit("g", ["grammi", "grammo", "grama", "gramas", "gramy", "gramów", "gramow"]),
    unit("kg", ["kg", "kilo", "kilos", "kilogramm", "kilogram", "kilogramme", "kilogramos"]),
    unit("mg", ["mg"]),
    unit("ml", ["ml", "milliliter", "millilitre", "mililitro", "mililitros", "millilitri"]),
    unit("ml", ["mililitrów", "mililitry"]),
    unit("cl", ["cl", "zentiliter", "centilitre", "centilitro", "centilitros"]),
    unit("dl", ["dl", "deciliter", "decilitre", "decilitro", "decilitros"]),
    unit("l", ["l", "ltr", "liter", "litre", "litres", "litro", "litros", "litri", "litr"]),
    unit("l", ["litry", "litrów", "litrow", "lt"]),
    unit("oz", ["oz"]), unit("lb", ["lb", "lbs"]),
    unit("cup", ["cup", "cups"]), unit("tbsp", ["tbsp"]), unit("tsp", ["tsp"]),
  ]

  /// English words, for what other languages' readers share with it ("and", "or"); English
  /// lines themselves go through ``IngredientParser``.
  static let english = LanguageLexicon(
    language: .english, units: table(metric), numbers: ["a": 1, "an": 1, "one": 1, "two": 2],
    rangeWords: ["to", "-", "–"], approximateWords: ["about", "approximately"], joiners: ["of"],
    orWords: ["or"], andWords: ["and", "&"], optionalPhrases: ["to taste", "optional"])

  static let german = LanguageLexicon(
    language: .german,
    units: table(
      metric + [
        unit("tbsp", ["el", "eßl", "essl", "esslöffel", "eßlöffel", "essloeffel", "löffel"]),
        unit("tsp", ["tl", "teel", "teelöffel", "teeloeffel", "kl", "kaffeelöffel"]),
        unit("pinch", ["prise", "prisen", "msp", "messerspitze", "messerspitzen", "mspr"]),
        unit("bunch", ["bund", "bd", "bündel", "büschel"]),
        unit("can", ["dose", "dosen", "büchse", "büchsen", "konserve"]),
        unit("package", ["päckchen", "pck", "pk", "pkg", "pkt", "packung", "packungen", "päckch"]),
        unit("package", ["tüte", "tüten", "beutel", "pack", "paket", "sachet", "btl"]),
        unit("clove", ["zehe", "zehen"]),
        unit("clove", ["knoblauchzehe", "knoblauchzehen"], namesFood: true),
        unit("container", ["becher"]),
        unit("cup", ["tasse", "tassen", "tas"]),
        unit("slice", ["scheibe", "scheiben", "sch"]),
        unit("stalk", ["stange", "stangen", "stängel", "stiel", "stiele"]),
        unit("sprig", ["zweig", "zweige", "zweiglein", "stängelchen"]),
        unit("leaf", ["blatt", "blätter"]),
        unit("jar", ["glas", "gläser", "gl"]),
        unit("bottle", ["flasche", "flaschen", "fl"]),
        unit("handful", ["handvoll", "hand voll"]),
        unit("dash", ["spritzer"]), unit("splash", ["schuss", "schuß", "schluck"]),
        unit("drop", ["tropfen"]), unit("cube", ["würfel"]),
        unit("head", ["kopf", "köpfe", "köpfchen"]), unit("bulb", ["knolle", "knollen"]),
        unit("g", ["pfund", "pfd"], factor: 500),
        unit(nil, ["stück", "stk", "st", "stck", "stücke", "stücken"]),
      ]),
    numbers: [
      "ein": 1, "eine": 1, "einen": 1, "einem": 1, "einer": 1, "eins": 1, "zwei": 2, "drei": 3,
      "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10,
      "zwölf": 12, "halb": 0.5, "halbe": 0.5, "halben": 0.5, "halber": 0.5, "halbes": 0.5,
      "anderthalb": 1.5, "eineinhalb": 1.5, "viertel": 0.25, "dutzend": 12,
    ],
    rangeWords: ["bis", "-", "–", "—", "oder", "od"],
    approximateWords: ["ca", "circa", "zirka", "etwa", "ungefähr", "knapp", "gut", "reichlich"],
    joiners: ["von"],
    orWords: ["oder", "od", "bzw", "alternativ"],
    andWords: ["und", "u", "&"],
    optionalPhrases: [
      "nach belieben", "nach geschmack", "nach bedarf", "optional", "evtl", "eventuell",
      "wer mag", "falls gewünscht", "zum bestreuen", "zum garnieren", "zum servieren",
      "zum dekorieren", "zum verzieren", "zur deko", "zum bestäuben", "für die deko",
    ],
    unitQualifiers: [
      "gestrichen", "gestrichene", "gestrichener", "gestrichenen", "gehäuft", "gehäufte",
      "gehäufter", "gehäuften", "geh", "gestr", "knapp", "knappe", "knapper", "gut", "gute",
      "guter", "großer", "große", "großes", "kleine", "kleiner", "kleines", "kl", "gr", "voll",
    ])

  static let dutch = LanguageLexicon(
    language: .dutch,
    units: table(
      metric + [
        unit("tbsp", ["el", "eetlepel", "eetlepels", "eetl", "lepel", "lepels"]),
        unit("tsp", ["tl", "theelepel", "theelepels", "theel", "kl", "koffielepel"]),
        unit("tsp", ["koffielepels", "koffielepeltje"]),
        unit("pinch", ["snufje", "snufjes", "snuf", "mespunt", "mespuntje", "mespuntjes"]),
        unit("clove", ["teentje", "teentjes", "teen", "tenen"]),
        unit("clove", ["knoflookteen", "knoflookteentje", "knoflookteentjes"], namesFood: true),
        unit("can", ["blik", "blikje", "blikjes", "blikken"]),
        unit("package", ["zak", "zakje", "zakjes", "pak", "pakje", "pakjes", "pakken", "sachet"]),
        unit("bunch", ["bos", "bosje", "bosjes", "bossen"]),
        unit("sprig", ["takje", "takjes", "tak", "takken"]),
        unit("slice", ["plak", "plakje", "plakjes", "plakken", "schijf", "schijfje", "schijfjes"]),
        unit("cup", ["kopje", "kopjes", "kop", "koppen", "beker", "bekers", "glas", "glazen"]),
        unit("jar", ["pot", "potje", "potjes", "potten", "pot(je)"]),
        unit("bottle", ["fles", "flessen", "flesje"]),
        unit("splash", ["scheutje", "scheut", "scheutjes"]), unit("drop", ["druppel", "druppels"]),
        unit("handful", ["handje", "handjevol", "handvol", "hand"]),
        unit("leaf", ["blaadje", "blaadjes", "blad", "bladen", "blaadjes"]),
        unit("stalk", ["stengel", "stengels", "steel", "stelen", "stengeltje"]),
        unit("container", ["bakje", "bakjes", "kuipje"]),
        unit("head", ["krop", "kropje", "kroppen"]), unit("cube", ["blokje", "blokjes"]),
        unit("g", ["pond"], factor: 500), unit("g", ["ons"], factor: 100),
        unit(nil, ["stuk", "stuks", "st", "stukje", "stukjes"]),
      ]),
    numbers: [
      "een": 1, "één": 1, "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7,
      "acht": 8, "negen": 9, "tien": 10, "twaalf": 12, "half": 0.5, "halve": 0.5,
      "anderhalf": 1.5, "anderhalve": 1.5,
    ],
    rangeWords: ["tot", "-", "–", "à", "a", "of"],
    approximateWords: ["ca", "circa", "ongeveer", "ong", "zo'n", "ruim"],
    joiners: ["van"],
    orWords: ["of", "ofwel"],
    andWords: ["en", "&"],
    optionalPhrases: [
      "naar smaak", "naar wens", "naar keuze", "optioneel", "eventueel", "evt", "facultatief",
      "ter garnering", "om te garneren", "om te serveren", "voor erbij", "ter decoratie",
      "om te bestrooien",
    ],
    unitQualifiers: [
      "grote", "groot", "kleine", "klein", "afgestreken", "volle", "ruime", "royale",
    ])

  static let french = LanguageLexicon(
    language: .french,
    units: table(
      metric + [
        unit(
          "tbsp",
          ["c a soupe", "c a s", "cs", "cas", "c s", "cuillere a soupe", "cuilleres a soupe"]),
        unit("tbsp", ["cuilleree a soupe", "cuillerees a soupe", "cuil a soupe", "c soupe"]),
        unit(
          "tbsp",
          ["cuillère", "cuillères", "cuillere", "cuilleres", "cuil", "cuillerée", "cuillerées"]),
        unit(
          "tsp", ["c a cafe", "c a c", "cc", "cac", "c c", "cuillere a cafe", "cuilleres a cafe"]),
        unit("tsp", ["cuilleree a cafe", "cuillerees a cafe", "cuil a cafe", "c cafe", "c a the"]),
        unit("tsp", ["cuillere a the", "cuilleres a the", "c the"]),
        unit("pinch", ["pincee", "pincees", "pointe", "pointe de couteau"]),
        unit("clove", ["gousse", "gousses"]),
        unit("can", ["boite", "boites", "conserve", "canette"]),
        unit("package", ["sachet", "sachets", "paquet", "paquets", "pqt", "sach"]),
        unit("bunch", ["botte", "bottes", "bouquet", "bouquets"]),
        unit("sprig", ["brin", "brins", "branche", "branches", "tige", "tiges"]),
        unit("slice", ["tranche", "tranches", "rondelle", "rondelles"]),
        unit("cup", ["verre", "verres", "tasse", "tasses", "bol", "bols", "mug"]),
        unit("container", ["pot", "pots", "barquette", "barquettes"]),
        unit("jar", ["bocal", "bocaux"]), unit("bottle", ["bouteille", "bouteilles"]),
        unit("fillet", ["filet", "filets"]), unit("splash", ["trait", "traits"]),
        unit("drop", ["goutte", "gouttes"]),
        unit("handful", ["poignee", "poignees"]), unit("knob", ["noix", "noisette"]),
        unit("leaf", ["feuille", "feuilles"]), unit("head", ["tete", "tetes"]),
        unit("cube", ["cube", "cubes"]), unit("stalk", ["baton", "batons"]),
        unit("g", ["livre", "livres"], factor: 500),
        unit(nil, ["piece", "pieces", "pce", "pcs"]), unit("piece", ["morceau", "morceaux"]),
      ]),
    numbers: [
      "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7,
      "huit": 8, "neuf": 9, "dix": 10, "douze": 12, "demi": 0.5, "demie": 0.5, "quart": 0.25,
      "douzaine": 12,
    ],
    rangeWords: ["a", "-", "–", "ou"],
    approximateWords: ["env", "environ", "approx", "ca", "bonne", "bon", "petite", "petit"],
    joiners: ["de", "d", "du", "des"],
    orWords: ["ou"],
    andWords: ["et", "&"],
    optionalPhrases: [
      "selon votre gout", "selon vos gouts", "selon gout", "selon le gout", "au gout",
      "a votre gout", "a volonte", "facultatif", "facultative", "optionnel", "optionnelle",
      "pour servir", "pour la decoration", "pour decorer", "pour le service", "pour garnir",
      "pour la finition", "si desire", "si vous aimez", "a convenance",
    ],
    unitQualifiers: [
      "rase", "rases", "bombee", "bombees", "grosse", "grosses", "bonne", "bonnes",
      "petite", "petites", "pleine", "pleines", "gros", "grand", "grande",
    ])

  static let spanish = LanguageLexicon(
    language: .spanish,
    units: table(
      metric + [
        unit(
          "tbsp",
          ["cucharada", "cucharadas", "cda", "cdas", "cucharada sopera", "cucharadas soperas"]),
        unit("tbsp", ["c sopera", "cs", "cuchara", "cucharas"]),
        unit("tsp", ["cucharadita", "cucharaditas", "cdta", "cdtas", "cdita", "cditas", "ctita"]),
        unit("tsp", ["c cafe", "cucharadita de cafe", "cucharaditas de cafe", "cc", "c/c"]),
        unit("dsp", ["cucharada de postre", "cucharadas de postre"]),
        unit("pinch", ["pizca", "pizcas", "pellizco"]),
        unit("clove", ["diente", "dientes"]),
        unit("can", ["lata", "latas", "tarro", "tarros"]),
        unit("cup", ["taza", "tazas", "tz", "vaso", "vasos", "pocillo"]),
        unit("package", ["sobre", "sobres", "paquete", "paquetes", "paq", "sobrecito"]),
        unit("bunch", ["manojo", "manojos", "atado", "atados", "ramillete"]),
        unit("sprig", ["rama", "ramas", "ramita", "ramitas"]),
        unit("slice", ["rebanada", "rebanadas", "rodaja", "rodajas", "loncha", "lonchas"]),
        unit("slice", ["lonja", "lonjas", "feta", "fetas", "tajada", "tajadas"]),
        unit("splash", ["chorrito", "chorritos", "chorro", "chorreon"]),
        unit("drop", ["gota", "gotas"]), unit("handful", ["puñado", "puñados"]),
        unit("leaf", ["hoja", "hojas"]), unit("stalk", ["tallo", "tallos", "rama de"]),
        unit("head", ["cabeza", "cabezas"]), unit("jar", ["frasco", "frascos", "bote", "botes"]),
        unit("bottle", ["botella", "botellas"]), unit("cube", ["cubito", "cubitos", "pastilla"]),
        unit("container", ["envase", "envases", "pote", "potes", "vasito"]),
        unit("knob", ["nuez"]), unit("lb", ["libra", "libras"]),
        unit(nil, ["pieza", "piezas", "unidad", "unidades", "ud", "uds", "u", "pza", "pzas"]),
        unit("piece", ["trozo", "trozos", "trocito", "trocitos"]),
      ]),
    numbers: [
      "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
      "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "doce": 12, "medio": 0.5, "media": 0.5,
      "docena": 12,
    ],
    rangeWords: ["a", "-", "–", "o"],
    approximateWords: ["aprox", "aproximadamente", "unos", "unas", "cerca de", "como"],
    joiners: ["de", "del"],
    orWords: ["o", "u"],
    andWords: ["y", "e", "&"],
    optionalPhrases: [
      "al gusto", "a gusto", "opcional", "c/s", "cs", "cantidad suficiente", "c/n",
      "cantidad necesaria", "para decorar", "para servir", "para acompañar", "para espolvorear",
      "si se desea", "a discrecion",
    ],
    unitQualifiers: [
      "colmada", "colmadas", "rasa", "rasas", "grande", "grandes", "pequeña",
      "pequeñas", "generosa", "generosas", "sopera", "soperas",
    ])

  static let italian = LanguageLexicon(
    language: .italian,
    units: table(
      metric + [
        unit("tbsp", ["cucchiaio", "cucchiai", "cucch", "c", "cucchiaio da tavola"]),
        unit(
          "tsp", ["cucchiaino", "cucchiaini", "cucchiaino da caffe", "cucchiaini da caffe", "cc"]),
        unit("pinch", ["pizzico", "pizzichi", "presa", "prese"]),
        unit("clove", ["spicchio", "spicchi"]),
        unit("can", ["lattina", "lattine", "scatola", "scatole", "scatoletta", "scatolette"]),
        unit("cup", ["bicchiere", "bicchieri", "tazza", "tazze", "tazzina", "tazzine"]),
        unit("package", ["bustina", "bustine", "busta", "confezione", "confezioni", "pacco"]),
        unit("package", ["pacchetto", "pacchetti", "panetto", "panetti", "cubetto"]),
        unit(
          "bunch", ["mazzetto", "mazzetti", "mazzo", "mazzi", "ciuffo", "ciuffi", "manciatina"]),
        unit("sprig", ["rametto", "rametti", "ramoscello", "ramoscelli", "rametto di"]),
        unit("slice", ["fetta", "fette", "fettina", "fettine"]),
        unit("jar", ["barattolo", "barattoli", "vaso", "vasetto", "vasetti"]),
        unit("bottle", ["bottiglia", "bottiglie"]),
        unit("splash", ["filo", "spruzzata", "spruzzo", "goccio"]),
        unit("drop", ["goccia", "gocce"]), unit("handful", ["manciata", "manciate", "pugno"]),
        unit("leaf", ["foglia", "foglie", "foglioline", "fogliolina"]),
        unit("stalk", ["gambo", "gambi", "costa", "coste", "costola"]),
        unit("head", ["cespo", "cespi", "testa"]), unit("knob", ["noce", "noci"]),
        unit(nil, ["pz", "unita"]), unit("piece", ["pezzo", "pezzi", "pezzetto", "pezzetti"]),
      ]),
    numbers: [
      "un": 1, "uno": 1, "una": 1, "un'": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5,
      "sei": 6, "sette": 7, "otto": 8, "nove": 9, "dieci": 10, "dodici": 12, "mezzo": 0.5,
      "mezza": 0.5, "dozzina": 12,
    ],
    rangeWords: ["a", "-", "–", "o"],
    approximateWords: ["circa", "ca", "abbondante", "scarso", "scarsi"],
    joiners: ["di", "d", "del", "della", "dello", "dei", "degli", "delle", "dell"],
    orWords: ["o", "oppure"],
    andWords: ["e", "ed", "&"],
    optionalPhrases: [
      "q b", "qb", "quanto basta", "a piacere", "facoltativo", "facoltativa", "opzionale",
      "per decorare", "per servire", "per guarnire", "per la decorazione", "a piacimento",
    ],
    unitQualifiers: [
      "raso", "rasi", "colmo", "colmi", "abbondante", "abbondanti", "scarso",
      "grande", "grandi", "piccolo", "piccoli", "da tavola",
    ])

  static let portuguese = LanguageLexicon(
    language: .portuguese,
    units: table(
      metric + [
        unit("tbsp", ["colher de sopa", "colheres de sopa", "colher sopa", "colheres sopa"]),
        unit("tbsp", ["c sopa", "c de sopa", "cs", "colher (sopa)", "colheres (sopa)", "csp"]),
        unit("tsp", ["colher de cha", "colheres de cha", "colher cha", "colheres cha", "c cha"]),
        unit("tsp", ["c de cha", "cc", "colher de cafe", "colheres de cafe", "colher (cha)"]),
        unit("tsp", ["colheres (cha)", "colher (cafe)"]),
        unit("tbsp", ["colher", "colheres"]),
        unit("cup", ["xicara", "xicaras", "xicara de cha", "xicaras de cha", "xic", "chavena"]),
        unit(
          "cup", ["chavenas", "copo", "copos", "xicara (cha)", "xicaras (cha)", "copo americano"]),
        unit("pinch", ["pitada", "pitadas"]),
        unit("clove", ["dente", "dentes"]),
        unit("can", ["lata", "latas"]),
        unit(
          "package", ["pacote", "pacotes", "saqueta", "saquetas", "envelope", "envelopes", "sache"]),
        unit("bunch", ["maco", "macos", "molho", "molhos", "ramo", "ramos"]),
        unit("sprig", ["raminho", "raminhos", "galho", "galhos"]),
        unit("slice", ["fatia", "fatias", "rodela", "rodelas"]),
        unit("drop", ["gota", "gotas"]), unit("handful", ["punhado", "punhados", "mao cheia"]),
        unit("leaf", ["folha", "folhas"]), unit("stalk", ["talo", "talos"]),
        unit("splash", ["fio", "fios", "borrifo", "salpico"]),
        unit("jar", ["frasco", "frascos", "pote", "potes", "vidro", "vidros", "boiao"]),
        unit("bottle", ["garrafa", "garrafas"]), unit("head", ["cabeca", "cabecas"]),
        unit("container", ["caixinha", "caixinhas", "embalagem", "copinho"]),
        unit("cube", ["cubo", "cubos", "tablete", "tabletes"]), unit("knob", ["noz"]),
        unit(nil, ["unidade", "unidades", "un", "und", "unid"]),
        unit("piece", ["pedaco", "pedacos", "pedacinho"]),
      ]),
    numbers: [
      "um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6,
      "sete": 7, "oito": 8, "nove": 9, "dez": 10, "doze": 12, "meio": 0.5, "meia": 0.5,
      "duzia": 12,
    ],
    rangeWords: ["a", "-", "–", "ou"],
    approximateWords: ["aprox", "aproximadamente", "cerca de", "cerca"],
    joiners: ["de", "do", "da", "dos", "das"],
    orWords: ["ou"],
    andWords: ["e", "&"],
    optionalPhrases: [
      "a gosto", "q b", "qb", "quanto baste", "opcional", "para decorar", "para servir",
      "para polvilhar", "se desejar", "para acompanhar", "para untar",
    ],
    unitQualifiers: [
      "rasa", "rasas", "cheia", "cheias", "bem cheia", "grande", "grandes",
      "pequena", "pequenas", "generosa", "nivelada",
    ])

  static let swedish = LanguageLexicon(
    language: .swedish,
    units: table(
      metric + [
        unit("tbsp", ["msk", "matsked", "matskedar"]),
        unit("tsp", ["tsk", "tesked", "teskedar"]),
        unit("ml", ["krm", "kryddmatt"]),
        unit("pinch", ["nypa", "nypor", "knivsudd"]),
        unit("bunch", ["knippe", "knippa", "knippen", "kruka", "krukor", "bunt"]),
        unit("can", ["burk", "burkar"]),
        unit("package", ["paket", "förpackning", "förp", "frp", "pkt"]),
        unit("bag", ["påse", "påsar"]),
        unit("clove", ["klyfta", "klyftor"]),
        unit("clove", ["vitlöksklyfta", "vitlöksklyftor"], namesFood: true),
        unit("slice", ["skiva", "skivor", "sk"]),
        unit("sprig", ["kvist", "kvistar"]), unit("leaf", ["blad"]),
        unit("stalk", ["stjälk", "stjälkar", "stång", "stänger"]),
        unit("bottle", ["flaska", "flaskor"]), unit("cup", ["kopp", "koppar", "glas"]),
        unit("handful", ["näve", "nävar", "handfull"]),
        unit("drop", ["droppe", "droppar"]), unit("splash", ["skvätt", "stänk"]),
        unit("head", ["huvud"]), unit("container", ["bägare", "tub"]),
        unit("cube", ["tärning", "tärningar"]),
        unit(nil, ["st", "styck", "stycken", "bit", "bitar"]),
      ]),
    numbers: [
      "en": 1, "ett": 1, "två": 2, "tre": 3, "fyra": 4, "fem": 5, "sex": 6, "sju": 7,
      "åtta": 8, "nio": 9, "tio": 10, "tolv": 12, "halv": 0.5, "halva": 0.5, "halvt": 0.5,
      "en halv": 0.5, "ett halvt": 0.5,
    ],
    rangeWords: ["till", "-", "–", "à", "a"],
    approximateWords: ["ca", "cirka", "ungefär", "drygt", "knappt", "ca."],
    joiners: ["av"],
    orWords: ["eller"],
    andWords: ["och", "&"],
    optionalPhrases: [
      "efter smak", "efter behag", "valfritt", "till servering", "till garnering", "eventuellt",
      "evt", "ev", "att servera", "till pynt", "om du vill",
    ],
    unitQualifiers: ["rågad", "rågade", "struken", "strukna", "stor", "stora", "liten", "små"])

  static let danish = LanguageLexicon(
    language: .danish,
    units: table(
      metric + [
        unit("tbsp", ["spsk", "spiseske", "spiseskefuld", "spiseskefulde", "ss", "spiseskeer"]),
        unit("tsp", ["tsk", "teske", "teskefuld", "teskefulde", "ts", "teskeer"]),
        unit("ml", ["krm"]),
        unit("pinch", ["knivspids", "knivspidser", "nip", "knsp"]),
        unit("bunch", ["bundt", "bundter", "potte"]),
        unit("can", ["dåse", "dåser", "ds"]),
        unit("package", ["pakke", "pakker", "pk", "pose", "poser", "brev", "breve", "pkt"]),
        unit("clove", ["fed"]), unit("clove", ["hvidløgsfed"], namesFood: true),
        unit("slice", ["skive", "skiver"]), unit("container", ["bæger", "bægre"]),
        unit("cup", ["kop", "kopper", "glas"]),
        unit("sprig", ["kvist", "kviste", "stilk", "stilke"]),
        unit("leaf", ["blad", "blade"]), unit("bottle", ["flaske", "flasker"]),
        unit("handful", ["håndfuld", "håndfulde", "hånd"]), unit("drop", ["dråbe", "dråber"]),
        unit("splash", ["sjat", "skvæt", "stænk"]), unit("bulb", ["knold"]),
        unit("head", ["hoved", "hoveder"]), unit("stalk", ["stang", "stænger"]),
        unit("cube", ["terning", "terninger"]),
        unit(nil, ["stk", "styk", "stykker", "st"]),
      ]),
    numbers: [
      "en": 1, "et": 1, "to": 2, "tre": 3, "fire": 4, "fem": 5, "seks": 6, "syv": 7,
      "otte": 8, "ni": 9, "ti": 10, "tolv": 12, "halv": 0.5, "halvt": 0.5, "halve": 0.5,
      "halvanden": 1.5,
    ],
    rangeWords: ["til", "-", "–", "à", "a"],
    approximateWords: ["ca", "cirka", "omkring", "godt", "knap", "gode"],
    joiners: ["af"],
    orWords: ["eller"],
    andWords: ["og", "&"],
    optionalPhrases: [
      "efter smag", "efter behag", "valgfrit", "til servering", "til pynt", "evt",
      "eventuelt", "til at servere", "til drys", "hvis du vil",
    ],
    unitQualifiers: [
      "topfyldt", "topfyldte", "strøget", "strøgne", "stor", "store", "lille",
      "små", "gode", "godt", "knappe",
    ])

  static let norwegian = LanguageLexicon(
    language: .norwegian,
    units: table(
      metric + [
        unit("tbsp", ["ss", "spiseskje", "spiseskjeer", "sskj", "spsk"]),
        unit("tsp", ["ts", "teskje", "teskjeer", "tskj", "tsk"]),
        unit("ml", ["krm"]),
        unit("pinch", ["klype", "klyper", "knivsodd"]),
        unit("bunch", ["bunt", "bunter", "potte"]),
        unit("can", ["boks", "bokser", "bx"]),
        unit("package", ["pakke", "pakker", "pk", "pose", "poser", "pakn", "pkt"]),
        unit("clove", ["fedd", "båt", "båter"]),
        unit("clove", ["hvitløksfedd"], namesFood: true),
        unit("slice", ["skive", "skiver"]), unit("container", ["beger"]),
        unit("cup", ["kopp", "kopper", "glass"]), unit("sprig", ["kvist", "kvister", "kvast"]),
        unit("leaf", ["blad"]), unit("bottle", ["flaske", "flasker"]),
        unit("handful", ["neve", "never", "håndfull"]), unit("drop", ["dråpe", "dråper"]),
        unit("splash", ["skvett", "dæsj"]), unit("head", ["hode", "hoder"]),
        unit("stalk", ["stang", "stenger", "stilk", "stilker"]),
        unit("cube", ["terning", "terninger"]),
        unit(nil, ["stk", "stykk", "stykker", "st"]),
      ]),
    numbers: [
      "en": 1, "ei": 1, "et": 1, "ett": 1, "to": 2, "tre": 3, "fire": 4, "fem": 5, "seks": 6,
      "sju": 7, "syv": 7, "åtte": 8, "ni": 9, "ti": 10, "tolv": 12, "halv": 0.5, "halvt": 0.5,
      "halvannen": 1.5,
    ],
    rangeWords: ["til", "-", "–", "à", "a"],
    approximateWords: ["ca", "cirka", "omtrent", "omkring", "drøyt", "godt"],
    joiners: ["av"],
    orWords: ["eller"],
    andWords: ["og", "&"],
    optionalPhrases: [
      "etter smak", "etter behov", "valgfritt", "til servering", "til pynt", "eventuelt",
      "evt", "til å servere", "om ønskelig",
    ],
    unitQualifiers: ["toppet", "strøken", "stor", "store", "liten", "lite", "små", "god", "gode"])

  static let polish = LanguageLexicon(
    language: .polish,
    units: table(
      metric + [
        unit("tbsp", ["łyżka", "łyżki", "łyżek", "łyżkę", "łyż", "lyzka", "łyżka stołowa"]),
        unit("tsp", ["łyżeczka", "łyżeczki", "łyżeczek", "łyżeczkę", "łyżeczkach", "lyzeczka"]),
        unit("cup", ["szklanka", "szklanki", "szklanek", "szklankę", "szkl", "kubek", "kubki"]),
        unit("pinch", ["szczypta", "szczypty", "szczyptę", "szczypt", "odrobina"]),
        unit("clove", ["ząbek", "ząbki", "ząbków", "ząbka", "ząbkach"]),
        unit("can", ["puszka", "puszki", "puszek", "puszkę", "puszce"]),
        unit(
          "package", ["opakowanie", "opakowania", "opakowań", "op", "opak", "paczka", "paczki"]),
        unit("package", ["paczkę", "paczek", "torebka", "torebki", "torebkę", "saszetka"]),
        unit("package", ["saszetki", "saszetkę"]),
        unit("bunch", ["pęczek", "pęczki", "pęczka", "pęczków", "wiązka", "wiązki"]),
        unit("handful", ["garść", "garści", "garstka"]),
        unit("slice", ["plaster", "plastry", "plasterek", "plasterki", "plasterków", "plastrów"]),
        unit("slice", ["kromka", "kromki", "kromek", "plasterka"]),
        unit("sprig", ["gałązka", "gałązki", "gałązek", "gałązkę"]),
        unit("leaf", ["listek", "listki", "listków", "liść", "liście", "liści"]),
        unit("stalk", ["łodyga", "łodygi", "łodyżka", "łodyżki"]),
        unit("jar", ["słoik", "słoiki", "słoika", "słoików", "słoiczek"]),
        unit("bottle", ["butelka", "butelki"]), unit("cube", ["kostka", "kostki", "kostkę"]),
        unit("drop", ["kropla", "krople", "kropli"]), unit("head", ["główka", "główki", "głowa"]),
        unit("container", ["kubeczek", "kubeczki", "pojemnik"]),
        unit("g", ["dag", "dkg", "deko"], factor: 10),
        unit(nil, ["szt", "sztuka", "sztuki", "sztuk", "sztukę"]),
        unit("piece", ["kawałek", "kawałki", "kawałka", "kawałków", "kawałeczek"]),
      ]),
    numbers: [
      "jeden": 1, "jedna": 1, "jedno": 1, "jedną": 1, "dwa": 2, "dwie": 2, "trzy": 3,
      "cztery": 4, "pięć": 5, "sześć": 6, "siedem": 7, "osiem": 8, "dziewięć": 9,
      "dziesięć": 10, "pół": 0.5, "półtora": 1.5, "półtorej": 1.5,
    ],
    rangeWords: ["do", "-", "–", "lub", "albo"],
    approximateWords: ["ok", "około", "ok.", "mniej więcej", "ca"],
    joiners: [],
    orWords: ["lub", "albo", "ewentualnie"],
    andWords: ["i", "oraz", "&"],
    optionalPhrases: [
      "do smaku", "opcjonalnie", "do dekoracji", "do podania", "do posypania",
      "według uznania", "wg uznania", "do przybrania", "wedle uznania", "jeśli lubisz",
      "do oprószenia",
    ],
    unitQualifiers: [
      "płaska", "płaskie", "płaskich", "czubata", "czubate", "czubatych", "duża",
      "duże", "dużych", "mała", "małe", "małych", "pełna", "pełne", "stołowa", "stołowe",
    ])

  /// Russian: units declined after their numbers ("1 стакан", "2 стакана", "5 стаканов"),
  /// spoons mostly abbreviated ("ст. л.", "ч.л."), metric symbols in Cyrillic ("г", "мл"), and
  /// "шт." counting items. Foods follow an amount in the genitive ("500 г муки"), or lead with
  /// the amount after a dash ("Мука пшеничная — 500 г").
  static let russian = LanguageLexicon(
    language: .russian,
    units: table(
      metric + [
        unit("g", ["г", "гр", "грамм", "грамма", "граммов"]),
        unit("kg", ["кг", "килограмм", "килограмма", "килограммов", "кило"]),
        unit("mg", ["мг"]),
        unit("ml", ["мл", "миллилитр", "миллилитра", "миллилитров"]),
        unit("l", ["л", "литр", "литра", "литров"]),
        unit("tbsp", ["ст л", "ст ложка", "ст ложки", "ст ложек", "стл", "ст лож"]),
        unit("tbsp", ["столовая ложка", "столовые ложки", "столовых ложек", "столовой ложки"]),
        unit("tbsp", ["столовую ложку", "стол л", "стол ложка", "стол ложки", "ложка", "ложки"]),
        unit("tbsp", ["ложек", "ложку"]),
        unit("tsp", ["ч л", "ч ложка", "ч ложки", "ч ложек", "чл", "чайная ложка"]),
        unit("tsp", ["чайные ложки", "чайных ложек", "чайной ложки", "чайную ложку"]),
        unit("dsp", ["дес л", "десертная ложка", "десертные ложки", "десертных ложек"]),
        unit("cup", ["стакан", "стакана", "стаканов", "ст", "стак", "чашка", "чашки", "чашек"]),
        unit("tbsp", ["столовых ложки", "стол ложки"]), unit("tsp", ["чайных ложки"]),
        unit("cup", ["полстакана", "пол-стакана"], factor: 0.5),
        unit("kg", ["полкило", "пол-кило"], factor: 0.5),
        unit("l", ["поллитра", "пол-литра"], factor: 0.5),
        unit("pinch", ["на кончике ножа", "кончик ножа"]),
        unit("pinch", ["щепотка", "щепотки", "щепоток", "щепоть", "щепотку", "щеп"]),
        unit("clove", ["зубчик", "зубчика", "зубчиков", "зуб", "зубок", "долька", "дольки"]),
        unit("clove", ["долек"]),
        unit("bunch", ["пучок", "пучка", "пучков", "пуч", "букет"]),
        unit("can", ["банка", "банки", "банок", "жестяная банка"]),
        unit("jar", ["баночка", "баночки", "баночек"]),
        unit("package", ["упаковка", "упаковки", "упаковок", "уп", "упак", "пачка", "пачки"]),
        unit("package", ["пачек", "пакетик", "пакетика", "пакетиков", "пакет", "пакета"]),
        unit("package", ["пакетов", "саше"]),
        unit("slice", ["ломтик", "ломтика", "ломтиков", "ломоть", "ломтя", "кружок", "кружочек"]),
        unit("piece", ["кусок", "куска", "кусков", "кусочек", "кусочка", "кусочков"]),
        unit("sprig", ["веточка", "веточки", "веточек", "веточку", "ветка", "ветки", "веток"]),
        unit("leaf", ["лист", "листа", "листов", "листик", "листика", "листиков", "листок"]),
        unit("leaf", ["листочка", "листочков", "листочек"]),
        unit("head", ["головка", "головки", "головок", "кочан", "кочана", "кочанов"]),
        unit("stalk", ["стебель", "стебля", "стеблей", "стебелёк"]),
        unit("drop", ["капля", "капли", "капель", "капл"]),
        unit("handful", ["горсть", "горсти", "горстей", "горсточка"]),
        unit("bottle", ["бутылка", "бутылки", "бутылок"]),
        unit("cube", ["кубик", "кубика", "кубиков"]),
        unit("container", ["стаканчик", "стаканчика", "баночку"]),
        unit(nil, ["шт", "штука", "штуки", "штук", "штучки", "штучка"]),
      ]),
    numbers: [
      "один": 1, "одна": 1, "одно": 1, "одну": 1, "два": 2, "две": 2, "три": 3, "четыре": 4,
      "пять": 5, "шесть": 6, "семь": 7, "восемь": 8, "девять": 9, "десять": 10,
      "пол": 0.5, "половина": 0.5, "половинка": 0.5, "половину": 0.5, "полтора": 1.5,
      "полторы": 1.5, "четверть": 0.25, "треть": 1.0 / 3,
    ],
    rangeWords: ["до", "-", "–", "или"],
    approximateWords: ["около", "примерно", "приблизительно", "ок", "~", "от"],
    joiners: [],
    orWords: ["или", "либо"],
    andWords: ["и", "&"],
    optionalPhrases: [
      "по вкусу", "по желанию", "при желании", "для подачи", "для украшения", "для посыпки",
      "опционально", "на ваш вкус", "для сервировки", "на свой вкус", "по необходимости",
    ],
    unitQualifiers: [
      "полная", "полные", "полных", "неполная", "неполный",
      "неполные", "большая", "большие", "больших", "маленькая", "маленькие", "маленьких",
      "горкой", "граненый", "гранёный",
    ])
}
