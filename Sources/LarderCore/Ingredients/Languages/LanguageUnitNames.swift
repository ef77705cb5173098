import Foundation

/// How a language writes an amount Larder works out for it: its unit words ("EL", "c. à
/// soupe", "łyżki"), its decimal comma ("1,5 kg") and its "up to".
///
/// A scaled or converted line of a German recipe reads "4 EL Olivenöl", not "4 tbsp
/// Olivenöl". Metric symbols ("g", "ml", "kg") and units a language has no word for here keep
/// Larder's names.
struct LanguageUnitNames: Sendable {
  /// A unit's words for one, for a few and for many (Polish "łyżka", "łyżki", "łyżek"; the
  /// other languages write the same plural for both).
  struct Forms: Sendable {
    var one: String
    var few: String
    var many: String

    init(_ one: String, _ plural: String, many: String? = nil) {
      self.one = one
      self.few = plural
      self.many = many ?? plural
    }

    var all: [String] { [one, few, many] }
  }

  let language: RecipeLanguage
  /// Words by unit ID.
  let names: [String: Forms]
  /// Whether numbers are written with a decimal comma.
  let decimalComma: Bool
  /// The words before the top of a range that starts at nothing ("up to 1 cup").
  let upTo: String

  /// The names of `language`; English's are Larder's own (an empty table).
  static func of(_ language: RecipeLanguage) -> LanguageUnitNames {
    table[language]
      ?? LanguageUnitNames(language: .english, names: [:], decimalComma: false, upTo: "up to")
  }

  /// The word for `unitID` at `value`, or nil when this language has none here.
  func name(_ unitID: String, for value: Double) -> String? {
    guard let forms = names[unitID] else { return nil }
    return forms.word(for: value, in: language)
  }

  /// A displayed amount as this language writes it. `written` is the unit as the line wrote it
  /// and `writtenUnitID` the unit it read there: when the amount is shown in that same unit,
  /// the writer's word is kept ("2 c. à s." stays "c. à s.", not "c. à soupe"), unless it is
  /// one of this table's own words, which then takes the number's form ("1 Dose" → "2 Dosen").
  /// A word that means a multiple of the unit ("Pfund" for 500 g) is never kept.
  func text(of shown: DisplayedMeasure, written: String?, writtenUnitID: String?) -> String {
    var quantity = shown.quantityText
    if quantity == "a" { quantity = "1" }  // "a pinch" → "1 Prise"
    if quantity.hasPrefix("up to ") { quantity = upTo + " " + quantity.dropFirst(6) }
    if decimalComma { quantity = quantity.replacingOccurrences(of: ".", with: ",") }
    guard let unit = shown.measure.unit else { return quantity }
    let value = shown.measure.upperBound
    let own = name(unit.id, for: value)
    if let written = written?.trimmingCharacters(in: .whitespaces), !written.isEmpty,
      unit.id == writtenUnitID, Self.keeps(written, as: unit.id, in: language)
    {
      let folded = LanguageText.fold(written)
      let isTableWord =
        names[unit.id]?.all.contains { LanguageText.fold($0) == folded } ?? false
      return quantity + " " + (isTableWord ? own ?? written : written)
    }
    return quantity + " " + (own ?? shown.unitText ?? unit.name(for: value))
  }

  /// Whether `written` reads as one `unitID` (not a multiple of it) in `language`.
  private static func keeps(
    _ written: String, as unitID: String, in language: RecipeLanguage
  ) -> Bool {
    let folded = LanguageText.fold(written)
    if let meaning = LanguageLexicon.of(language).units[folded] {
      return meaning.unit == unitID && meaning.factor == 1 && !meaning.namesFood
    }
    return IngredientUnit.unit(id: unitID).map { unit in
      ([unit.singular, unit.plural] + unit.aliases).contains { $0.lowercased() == folded }
    } ?? false
  }

  private static let table: [RecipeLanguage: LanguageUnitNames] = [
    .german: LanguageUnitNames(
      language: .german,
      names: [
        "tsp": Forms("TL", "TL"), "tbsp": Forms("EL", "EL"), "cup": Forms("Tasse", "Tassen"),
        "pinch": Forms("Prise", "Prisen"), "dash": Forms("Spritzer", "Spritzer"),
        "drop": Forms("Tropfen", "Tropfen"), "splash": Forms("Schuss", "Schuss"),
        "handful": Forms("Handvoll", "Handvoll"), "clove": Forms("Zehe", "Zehen"),
        "can": Forms("Dose", "Dosen"), "jar": Forms("Glas", "Gläser"),
        "bottle": Forms("Flasche", "Flaschen"), "package": Forms("Packung", "Packungen"),
        "bag": Forms("Beutel", "Beutel"), "bunch": Forms("Bund", "Bund"),
        "head": Forms("Kopf", "Köpfe"), "sprig": Forms("Zweig", "Zweige"),
        "stalk": Forms("Stange", "Stangen"), "slice": Forms("Scheibe", "Scheiben"),
        "piece": Forms("Stück", "Stück"), "leaf": Forms("Blatt", "Blätter"),
        "cube": Forms("Würfel", "Würfel"), "fillet": Forms("Filet", "Filets"),
        "container": Forms("Becher", "Becher"), "bulb": Forms("Knolle", "Knollen"),
      ], decimalComma: true, upTo: "bis zu"),
    .french: LanguageUnitNames(
      language: .french,
      names: [
        "tsp": Forms("c. à café", "c. à café"), "tbsp": Forms("c. à soupe", "c. à soupe"),
        "cup": Forms("tasse", "tasses"), "pinch": Forms("pincée", "pincées"),
        "dash": Forms("trait", "traits"), "drop": Forms("goutte", "gouttes"),
        "splash": Forms("filet", "filets"), "handful": Forms("poignée", "poignées"),
        "clove": Forms("gousse", "gousses"), "can": Forms("boîte", "boîtes"),
        "jar": Forms("pot", "pots"), "bottle": Forms("bouteille", "bouteilles"),
        "package": Forms("paquet", "paquets"), "bag": Forms("sachet", "sachets"),
        "bunch": Forms("botte", "bottes"), "head": Forms("tête", "têtes"),
        "sprig": Forms("brin", "brins"), "stalk": Forms("branche", "branches"),
        "slice": Forms("tranche", "tranches"), "piece": Forms("morceau", "morceaux"),
        "leaf": Forms("feuille", "feuilles"), "cube": Forms("cube", "cubes"),
        "fillet": Forms("filet", "filets"), "knob": Forms("noix", "noix"),
        "container": Forms("pot", "pots"),
      ], decimalComma: true, upTo: "jusqu’à"),
    .spanish: LanguageUnitNames(
      language: .spanish,
      names: [
        "tsp": Forms("cucharadita", "cucharaditas"), "tbsp": Forms("cucharada", "cucharadas"),
        "cup": Forms("taza", "tazas"), "pinch": Forms("pizca", "pizcas"),
        "dash": Forms("chorrito", "chorritos"), "drop": Forms("gota", "gotas"),
        "splash": Forms("chorro", "chorros"), "handful": Forms("puñado", "puñados"),
        "clove": Forms("diente", "dientes"), "can": Forms("lata", "latas"),
        "jar": Forms("tarro", "tarros"), "bottle": Forms("botella", "botellas"),
        "package": Forms("paquete", "paquetes"), "bag": Forms("bolsa", "bolsas"),
        "bunch": Forms("manojo", "manojos"), "head": Forms("cabeza", "cabezas"),
        "sprig": Forms("ramita", "ramitas"), "stalk": Forms("rama", "ramas"),
        "slice": Forms("rebanada", "rebanadas"), "piece": Forms("trozo", "trozos"),
        "leaf": Forms("hoja", "hojas"), "cube": Forms("cubo", "cubos"),
        "fillet": Forms("filete", "filetes"),
      ], decimalComma: true, upTo: "hasta"),
    .italian: LanguageUnitNames(
      language: .italian,
      names: [
        "tsp": Forms("cucchiaino", "cucchiaini"), "tbsp": Forms("cucchiaio", "cucchiai"),
        "cup": Forms("tazza", "tazze"), "pinch": Forms("pizzico", "pizzichi"),
        "dash": Forms("spruzzo", "spruzzi"), "drop": Forms("goccia", "gocce"),
        "splash": Forms("filo", "fili"), "handful": Forms("manciata", "manciate"),
        "clove": Forms("spicchio", "spicchi"), "can": Forms("scatola", "scatole"),
        "jar": Forms("vasetto", "vasetti"), "bottle": Forms("bottiglia", "bottiglie"),
        "package": Forms("confezione", "confezioni"), "bag": Forms("busta", "buste"),
        "bunch": Forms("mazzetto", "mazzetti"), "head": Forms("cespo", "cespi"),
        "sprig": Forms("rametto", "rametti"), "stalk": Forms("gambo", "gambi"),
        "slice": Forms("fetta", "fette"), "piece": Forms("pezzo", "pezzi"),
        "leaf": Forms("foglia", "foglie"), "cube": Forms("cubetto", "cubetti"),
        "fillet": Forms("filetto", "filetti"), "knob": Forms("noce", "noci"),
      ], decimalComma: true, upTo: "fino a"),
    .dutch: LanguageUnitNames(
      language: .dutch,
      names: [
        "tsp": Forms("tl", "tl"), "tbsp": Forms("el", "el"), "cup": Forms("kopje", "kopjes"),
        "pinch": Forms("snufje", "snufjes"), "dash": Forms("scheutje", "scheutjes"),
        "drop": Forms("druppel", "druppels"), "splash": Forms("scheut", "scheuten"),
        "handful": Forms("handje", "handjes"), "clove": Forms("teentje", "teentjes"),
        "can": Forms("blik", "blikken"), "jar": Forms("pot", "potten"),
        "bottle": Forms("fles", "flessen"), "package": Forms("pak", "pakken"),
        "bag": Forms("zak", "zakken"), "bunch": Forms("bos", "bossen"),
        "head": Forms("krop", "kroppen"), "sprig": Forms("takje", "takjes"),
        "stalk": Forms("stengel", "stengels"), "slice": Forms("plak", "plakken"),
        "piece": Forms("stuk", "stuks"), "leaf": Forms("blad", "blaadjes"),
        "cube": Forms("blokje", "blokjes"), "fillet": Forms("filet", "filets"),
      ], decimalComma: true, upTo: "tot"),
    .portuguese: LanguageUnitNames(
      language: .portuguese,
      names: [
        "tsp": Forms("colher de chá", "colheres de chá"),
        "tbsp": Forms("colher de sopa", "colheres de sopa"),
        "cup": Forms("xícara", "xícaras"), "pinch": Forms("pitada", "pitadas"),
        "drop": Forms("gota", "gotas"), "splash": Forms("fio", "fios"),
        "handful": Forms("punhado", "punhados"), "clove": Forms("dente", "dentes"),
        "can": Forms("lata", "latas"), "jar": Forms("frasco", "frascos"),
        "bottle": Forms("garrafa", "garrafas"), "package": Forms("pacote", "pacotes"),
        "bag": Forms("saco", "sacos"), "bunch": Forms("maço", "maços"),
        "head": Forms("cabeça", "cabeças"), "sprig": Forms("raminho", "raminhos"),
        "stalk": Forms("talo", "talos"), "slice": Forms("fatia", "fatias"),
        "piece": Forms("pedaço", "pedaços"), "leaf": Forms("folha", "folhas"),
        "cube": Forms("cubo", "cubos"), "fillet": Forms("filé", "filés"),
      ], decimalComma: true, upTo: "até"),
    .swedish: LanguageUnitNames(
      language: .swedish,
      names: [
        "tsp": Forms("tsk", "tsk"), "tbsp": Forms("msk", "msk"), "cup": Forms("kopp", "koppar"),
        "pinch": Forms("nypa", "nypor"), "dash": Forms("stänk", "stänk"),
        "drop": Forms("droppe", "droppar"), "splash": Forms("skvätt", "skvättar"),
        "handful": Forms("näve", "nävar"), "clove": Forms("klyfta", "klyftor"),
        "can": Forms("burk", "burkar"), "jar": Forms("burk", "burkar"),
        "bottle": Forms("flaska", "flaskor"), "package": Forms("paket", "paket"),
        "bag": Forms("påse", "påsar"), "bunch": Forms("knippe", "knippen"),
        "head": Forms("huvud", "huvuden"), "sprig": Forms("kvist", "kvistar"),
        "stalk": Forms("stjälk", "stjälkar"), "slice": Forms("skiva", "skivor"),
        "piece": Forms("bit", "bitar"), "leaf": Forms("blad", "blad"),
        "cube": Forms("tärning", "tärningar"), "fillet": Forms("filé", "filéer"),
      ], decimalComma: true, upTo: "upp till"),
    .danish: LanguageUnitNames(
      language: .danish,
      names: [
        "tsp": Forms("tsk", "tsk"), "tbsp": Forms("spsk", "spsk"), "cup": Forms("kop", "kopper"),
        "pinch": Forms("knivspids", "knivspidser"), "drop": Forms("dråbe", "dråber"),
        "splash": Forms("skvæt", "skvæt"), "handful": Forms("håndfuld", "håndfulde"),
        "clove": Forms("fed", "fed"), "can": Forms("dåse", "dåser"),
        "jar": Forms("glas", "glas"), "bottle": Forms("flaske", "flasker"),
        "package": Forms("pakke", "pakker"), "bag": Forms("pose", "poser"),
        "bunch": Forms("bundt", "bundter"), "head": Forms("hoved", "hoveder"),
        "sprig": Forms("kvist", "kviste"), "stalk": Forms("stilk", "stilke"),
        "slice": Forms("skive", "skiver"), "piece": Forms("stk.", "stk."),
        "leaf": Forms("blad", "blade"), "cube": Forms("terning", "terninger"),
        "fillet": Forms("filet", "fileter"),
      ], decimalComma: true, upTo: "op til"),
    .norwegian: LanguageUnitNames(
      language: .norwegian,
      names: [
        "tsp": Forms("ts", "ts"), "tbsp": Forms("ss", "ss"), "cup": Forms("kopp", "kopper"),
        "pinch": Forms("klype", "klyper"), "drop": Forms("dråpe", "dråper"),
        "splash": Forms("skvett", "skvetter"), "handful": Forms("neve", "never"),
        "clove": Forms("fedd", "fedd"), "can": Forms("boks", "bokser"),
        "jar": Forms("glass", "glass"), "bottle": Forms("flaske", "flasker"),
        "package": Forms("pakke", "pakker"), "bag": Forms("pose", "poser"),
        "bunch": Forms("bunt", "bunter"), "head": Forms("hode", "hoder"),
        "sprig": Forms("kvist", "kvister"), "stalk": Forms("stilk", "stilker"),
        "slice": Forms("skive", "skiver"), "piece": Forms("stk.", "stk."),
        "leaf": Forms("blad", "blader"), "cube": Forms("terning", "terninger"),
        "fillet": Forms("filet", "fileter"),
      ], decimalComma: true, upTo: "opptil"),
    .polish: LanguageUnitNames(
      language: .polish,
      names: [
        "tsp": Forms("łyżeczka", "łyżeczki", many: "łyżeczek"),
        "tbsp": Forms("łyżka", "łyżki", many: "łyżek"),
        "cup": Forms("szklanka", "szklanki", many: "szklanek"),
        "pinch": Forms("szczypta", "szczypty", many: "szczypt"),
        "drop": Forms("kropla", "krople", many: "kropli"),
        "handful": Forms("garść", "garście", many: "garści"),
        "clove": Forms("ząbek", "ząbki", many: "ząbków"),
        "can": Forms("puszka", "puszki", many: "puszek"),
        "jar": Forms("słoik", "słoiki", many: "słoików"),
        "bottle": Forms("butelka", "butelki", many: "butelek"),
        "package": Forms("opakowanie", "opakowania", many: "opakowań"),
        "bag": Forms("torebka", "torebki", many: "torebek"),
        "bunch": Forms("pęczek", "pęczki", many: "pęczków"),
        "head": Forms("główka", "główki", many: "główek"),
        "sprig": Forms("gałązka", "gałązki", many: "gałązek"),
        "slice": Forms("plaster", "plastry", many: "plastrów"),
        "piece": Forms("kawałek", "kawałki", many: "kawałków"),
        "leaf": Forms("liść", "liście", many: "liści"),
        "cube": Forms("kostka", "kostki", many: "kostek"),
        "fillet": Forms("filet", "filety", many: "filetów"),
      ], decimalComma: true, upTo: "do"),
    .russian: LanguageUnitNames(
      language: .russian,
      names: [
        "g": Forms("г", "г"), "kg": Forms("кг", "кг"), "mg": Forms("мг", "мг"),
        "ml": Forms("мл", "мл"), "l": Forms("л", "л"),
        "tsp": Forms("ч. л.", "ч. л."), "tbsp": Forms("ст. л.", "ст. л."),
        "dsp": Forms("дес. л.", "дес. л."),
        "cup": Forms("стакан", "стакана", many: "стаканов"),
        "pinch": Forms("щепотка", "щепотки", many: "щепоток"),
        "drop": Forms("капля", "капли", many: "капель"),
        "handful": Forms("горсть", "горсти", many: "горстей"),
        "clove": Forms("зубчик", "зубчика", many: "зубчиков"),
        "can": Forms("банка", "банки", many: "банок"),
        "jar": Forms("баночка", "баночки", many: "баночек"),
        "bottle": Forms("бутылка", "бутылки", many: "бутылок"),
        "package": Forms("упаковка", "упаковки", many: "упаковок"),
        "bag": Forms("пакет", "пакета", many: "пакетов"),
        "bunch": Forms("пучок", "пучка", many: "пучков"),
        "head": Forms("головка", "головки", many: "головок"),
        "sprig": Forms("веточка", "веточки", many: "веточек"),
        "stalk": Forms("стебель", "стебля", many: "стеблей"),
        "slice": Forms("ломтик", "ломтика", many: "ломтиков"),
        "piece": Forms("кусок", "куска", many: "кусков"),
        "leaf": Forms("лист", "листа", many: "листов"),
        "cube": Forms("кубик", "кубика", many: "кубиков"),
        "fillet": Forms("филе", "филе"),
      ], decimalComma: true, upTo: "до"),
  ]
}

extension LanguageUnitNames.Forms {
  /// The form a number takes: one for 1; Polish a few for 2–4 (not 12–14) and for a part,
  /// many for the rest; Russian as Polish, but one for every whole number ending in 1 but 11
  /// ("21 стакан"); French one below 2; the others their plural above 1.
  func word(for value: Double, in language: RecipeLanguage) -> String {
    switch language {
    case .polish, .russian:
      guard value == value.rounded(), value < 1e9 else { return few }
      let whole = Int(value)
      let isOne = language == .russian ? whole % 10 == 1 && whole % 100 != 11 : whole == 1
      if isOne { return one }
      return (2...4).contains(whole % 10) && !(12...14).contains(whole % 100) ? few : many
    case .french:
      return value < 2 && value > 0 ? one : few
    default:
      return value > 1 || value == 0 ? few : one
    }
  }
}
