import Foundation

/// A language Larder reads recipes in.
///
/// English lines go through the trained ``IngredientParser``; the other languages through
/// ``ForeignIngredientReader`` with their ``IngredientLexicon``, and their foods through
/// ``FoodNames``. A recipe's language is what the user set (``Recipe/language``), else what
/// the page declared, else what ``LanguageDetector`` reads from its text.
public enum RecipeLanguage: String, CaseIterable, Codable, Hashable, Sendable {
  case english = "en"
  case german = "de"
  case french = "fr"
  case spanish = "es"
  case italian = "it"
  case dutch = "nl"
  case portuguese = "pt"
  case swedish = "sv"
  case danish = "da"
  case norwegian = "nb"
  case polish = "pl"
  case russian = "ru"

  /// The language a code names: an ISO 639-1 code, with or without a region ("de-AT",
  /// "pt_BR"), or the language's name in English or in itself ("German", "Deutsch").
  /// Norwegian "no" and "nn" read as Bokmål. Nil for a language Larder does not read.
  public init?(code: String) {
    let trimmed = code.trimmingCharacters(in: .whitespaces).lowercased()
    let base = String(trimmed.prefix { $0 != "-" && $0 != "_" })
    if let language = RecipeLanguage(rawValue: base) {
      self = language
      return
    }
    switch base {
    case "no", "nn", "nob", "nor": self = .norwegian
    case "eng": self = .english
    case "deu", "ger": self = .german
    case "fra", "fre": self = .french
    case "spa": self = .spanish
    case "ita": self = .italian
    case "nld", "dut": self = .dutch
    case "por": self = .portuguese
    case "swe": self = .swedish
    case "dan": self = .danish
    case "pol": self = .polish
    case "rus": self = .russian
    default:
      guard
        let named = RecipeLanguage.allCases.first(where: {
          $0.englishName.lowercased() == trimmed || $0.nativeName.lowercased() == trimmed
        })
      else { return nil }
      self = named
    }
  }

  /// The language's name in English.
  public var englishName: String {
    switch self {
    case .english: "English"
    case .german: "German"
    case .french: "French"
    case .spanish: "Spanish"
    case .italian: "Italian"
    case .dutch: "Dutch"
    case .portuguese: "Portuguese"
    case .swedish: "Swedish"
    case .danish: "Danish"
    case .norwegian: "Norwegian"
    case .polish: "Polish"
    case .russian: "Russian"
    }
  }

  /// The language's name in itself, as a picker shows it.
  public var nativeName: String {
    switch self {
    case .english: "English"
    case .german: "Deutsch"
    case .french: "Français"
    case .spanish: "Español"
    case .italian: "Italiano"
    case .dutch: "Nederlands"
    case .portuguese: "Português"
    case .swedish: "Svenska"
    case .danish: "Dansk"
    case .norwegian: "Norsk"
    case .polish: "Polski"
    case .russian: "Русский"
    }
  }

  /// Languages close enough that a food name missing in this one is worth looking up in them
  /// (Danish and Norwegian share most food words; Spanish and Portuguese many).
  var neighbours: [RecipeLanguage] {
    switch self {
    case .danish: [.norwegian, .swedish]
    case .norwegian: [.danish, .swedish]
    case .swedish: [.norwegian, .danish]
    case .spanish: [.portuguese, .italian]
    case .portuguese: [.spanish]
    case .italian: [.spanish]
    case .dutch: [.german]
    case .german: [.dutch]
    case .french, .polish, .russian, .english: []
    }
  }
}
