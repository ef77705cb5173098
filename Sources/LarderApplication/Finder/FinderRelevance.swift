import Foundation
import LarderCore

/// A relevance test set for the pantry finder: pantries as cooks type them, and for each one
/// the recipes a cook judged by reading their lines, not by running Larder. `larder-bench
/// relevance` stores each pantry, asks the finder, and compares (`bench/relevance/pantries.json`).
public struct FinderRelevanceSet: Decodable, Sendable, Equatable {
  /// One pantry and the cook's judgment of every starter recipe against it.
  public struct Pantry: Decodable, Sendable, Equatable {
    /// A short stable name ("student-two-eggs").
    public var id: String
    /// Whose pantry it is, in a sentence.
    public var description: String
    /// The foods as typed, some with an amount after the name ("eggs 2", "butter 250 g").
    public var foods: [String]
    /// The foods always at hand; nil for the set's default staples.
    public var staples: [String]?
    /// Recipe names the cook can make now: every required line at hand in enough quantity.
    public var makeable: [String]
    /// Recipe names missing exactly one required line.
    public var missing1: [String]
    /// The cook's reasons for hard calls, by recipe name.
    public var notes: [String: String]

    /// Makes a pantry.
    public init(
      id: String, description: String = "", foods: [String], staples: [String]? = nil,
      makeable: [String] = [], missing1: [String] = [], notes: [String: String] = [:]
    ) {
      self.id = id
      self.description = description
      self.foods = foods
      self.staples = staples
      self.makeable = makeable
      self.missing1 = missing1
      self.notes = notes
    }

    /// The foods read into names and amounts.
    public var entries: [PantryEntry] { foods.map(PantryEntry.init(parsing:)) }

    /// Every recipe name the judgment mentions: makeable, missing one, or in a note.
    public var namedRecipes: Set<String> {
      Set(makeable).union(missing1).union(notes.keys)
    }

    private enum CodingKeys: String, CodingKey {
      case id, description, foods, staples, makeable, missing1, notes
    }

    /// Reads a pantry; `description`, `staples`, the judgments and `notes` may be absent.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        id: try container.decode(String.self, forKey: .id),
        description: try container.decodeIfPresent(String.self, forKey: .description) ?? "",
        foods: try container.decode([String].self, forKey: .foods),
        staples: try container.decodeIfPresent([String].self, forKey: .staples),
        makeable: try container.decodeIfPresent([String].self, forKey: .makeable) ?? [],
        missing1: try container.decodeIfPresent([String].self, forKey: .missing1) ?? [],
        notes: try container.decodeIfPresent([String: String].self, forKey: .notes) ?? [:])
    }
  }

  /// The staples of a pantry that names none: the finder's own (salt, black pepper, water).
  public var defaultStaples: [String]
  /// The pantries.
  public var pantries: [Pantry]

  /// Makes a set.
  public init(defaultStaples: [String] = ["salt", "black pepper", "water"], pantries: [Pantry]) {
    self.defaultStaples = defaultStaples
    self.pantries = pantries
  }

  private enum CodingKeys: String, CodingKey {
    case defaultStaples, pantries
  }

  /// Reads a set; `defaultStaples` may be absent.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      defaultStaples: try container.decodeIfPresent([String].self, forKey: .defaultStaples)
        ?? ["salt", "black pepper", "water"],
      pantries: try container.decode([Pantry].self, forKey: .pantries))
  }

  /// The staples of `pantry`: its own, or the set's default.
  public func staples(of pantry: Pantry) -> [String] { pantry.staples ?? defaultStaples }
}

/// A pantry food as a cook types it, the amount after the name: "eggs", "eggs 2",
/// "butter 250 g", "milk 1 l".
public struct PantryEntry: Sendable, Equatable {
  /// The food's name as typed ("chicken thighs").
  public var name: String
  /// How many or how much; nil when the cook gave no amount (enough, whatever a recipe asks).
  public var quantity: Double?
  /// The quantity's unit; nil for a count ("eggs 2").
  public var unit: IngredientUnit?

  /// Reads a typed food: a last word that is a number is a count ("eggs 2"), a number and a
  /// unit after the name are a measure ("milk 1 l"); anything else is all name.
  public init(parsing text: String) {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    var nameWords = words[...]
    quantity = nil
    unit = nil
    if words.count >= 3, let found = IngredientUnit.lookup(words[words.count - 1]),
      let number = Self.number(words[words.count - 2])
    {
      quantity = number
      unit = found
      nameWords = words.dropLast(2)
    } else if words.count >= 2, let number = Self.number(words[words.count - 1]) {
      quantity = number
      nameWords = words.dropLast()
    }
    name = nameWords.joined(separator: " ")
  }

  private static func number(_ word: String) -> Double? {
    guard let value = Double(word.replacingOccurrences(of: ",", with: ".")), value > 0 else {
      return nil
    }
    return value
  }
}

/// How a finder's answer compares with a cook's judgment for one question ("can make now",
/// "missing one"): the recipes both named, and each side's extras.
public struct RelevanceComparison: Sendable, Equatable {
  /// Named by both, sorted.
  public var agreed: [String]
  /// Named by the finder only, sorted.
  public var falsePositives: [String]
  /// Named by the cook only, sorted.
  public var falseNegatives: [String]

  /// Compares the cook's recipes (`expected`) with the finder's (`found`).
  public init(expected: Set<String>, found: Set<String>) {
    agreed = expected.intersection(found).sorted()
    falsePositives = found.subtracting(expected).sorted()
    falseNegatives = expected.subtracting(found).sorted()
  }

  /// The counts and the ratios.
  public var score: RelevanceScore {
    RelevanceScore(
      expected: agreed.count + falseNegatives.count, found: agreed.count + falsePositives.count,
      agreed: agreed.count)
  }
}

/// Precision and recall from counts, which add up across pantries (so a total weighs every
/// recipe judged alike, not every pantry).
public struct RelevanceScore: Encodable, Sendable, Equatable {
  /// How many recipes the cook named.
  public var expected: Int
  /// How many the finder named.
  public var found: Int
  /// How many both named.
  public var agreed: Int

  /// Makes a score from counts.
  public init(expected: Int, found: Int, agreed: Int) {
    self.expected = expected
    self.found = found
    self.agreed = agreed
  }

  /// Of the finder's recipes, the share the cook named too; nil when the finder named none.
  public var precision: Double? { found == 0 ? nil : Double(agreed) / Double(found) }
  /// Of the cook's recipes, the share the finder found; nil when the cook named none.
  public var recall: Double? { expected == 0 ? nil : Double(agreed) / Double(expected) }

  /// The counts of both.
  public static func + (lhs: RelevanceScore, rhs: RelevanceScore) -> RelevanceScore {
    RelevanceScore(
      expected: lhs.expected + rhs.expected, found: lhs.found + rhs.found,
      agreed: lhs.agreed + rhs.agreed)
  }

  private enum CodingKeys: String, CodingKey {
    case expected, found, agreed, precision, recall
  }

  /// Writes the counts and the ratios (rounded to three places; null when undefined).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(expected, forKey: .expected)
    try container.encode(found, forKey: .found)
    try container.encode(agreed, forKey: .agreed)
    try container.encode(precision.map(Self.rounded), forKey: .precision)
    try container.encode(recall.map(Self.rounded), forKey: .recall)
  }

  private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

/// How the finder answered one pantry of a relevance set.
public struct RelevanceJudgement: Sendable {
  /// The pantry and the cook's judgment.
  public var pantry: FinderRelevanceSet.Pantry
  /// The finder's missing-0 answer against the cook's makeable recipes.
  public var canMakeNow: RelevanceComparison
  /// The finder's recipes missing exactly one (at missing 1) against the cook's missing1.
  public var missingOne: RelevanceComparison
  /// Every recipe the finder found at the widest `missing`, by name: what it found missing
  /// in each disagreement.
  public var wide: [String: FinderAnswer.Item]
  /// The pantry's foods the catalog could not read.
  public var unreadFoods: [String]
  /// The pantry's foods it read by a guess (dropping words, or a food named inside a longer
  /// name), each with the food guessed.
  public var guessedFoods: [String]
}

extension Larder {
  /// Asks the finder about each pantry of `set` as a cook would: the pantry is kept in the
  /// caller's household's stored pantry through the pantry use case, amounts and all, and
  /// the finder is asked with no `have`, so that it answers from the stored pantry (the path
  /// that carries amounts), at missing 0, 1 and the widest; the items are removed again
  /// afterwards. The caller's household should hold only the recipes the set judges.
  public func judgeRelevance(
    _ set: FinderRelevanceSet, as caller: Caller
  ) throws -> [RelevanceJudgement] {
    try set.pantries.map { pantry in
      var ids: [String] = []
      var unread: [String] = []
      var guessed: [String] = []
      // The items go whatever happens, so the next pantry starts from an empty one.
      defer { _ = try? removePantryItems(ids, as: caller) }
      for (text, entry) in zip(pantry.foods, pantry.entries) {
        let fields = PantryItemChange(
          name: entry.name, quantity: entry.quantity, unit: entry.unit.map { .set($0) } ?? .keep)
        let view = try addPantryItem(NewPantryItem(fields: fields), as: caller)
        ids.append(view.item.id.rawValue)
        if view.item.foodID == nil {
          unread.append(text)
        } else if let match = try household(caller).foods.current.match(entry.name),
          ![.exact, .plural, .synonym].contains(match.how)
        {
          guessed.append("\(text) → \(match.foodID) (\(match.how.rawValue))")
        }
      }
      func ask(_ missing: Int) throws -> FinderAnswer {
        try findRecipes(
          FinderRequest(
            missing: missing, staples: set.staples(of: pantry), limit: RecipeQuery.maximumLimit),
          as: caller)
      }
      let now = try ask(0)
      let one = try ask(1)
      let wide = try ask(FinderRequest.missingRange.upperBound)
      if now.pantrySource != .stored && unread.count < pantry.foods.count {
        throw ApplicationError.invalidValue(
          Field("pantries"), value: pantry.id, expected: "a pantry the finder reads as stored")
      }
      return RelevanceJudgement(
        pantry: pantry,
        canMakeNow: RelevanceComparison(
          expected: Set(pantry.makeable),
          found: Set(now.items.filter { $0.missingCount == 0 }.map(\.recipe.name))),
        missingOne: RelevanceComparison(
          expected: Set(pantry.missing1),
          found: Set(one.items.filter { $0.missingCount == 1 }.map(\.recipe.name))),
        wide: Dictionary(
          wide.items.map { ($0.recipe.name, $0) }, uniquingKeysWith: { first, _ in first }),
        unreadFoods: unread, guessedFoods: guessed)
    }
  }
}

extension Array where Element == RelevanceJudgement {
  /// "Can make now" over every pantry.
  public var canMakeNow: RelevanceScore {
    reduce(RelevanceScore(expected: 0, found: 0, agreed: 0)) { $0 + $1.canMakeNow.score }
  }

  /// "Missing one" over every pantry.
  public var missingOne: RelevanceScore {
    reduce(RelevanceScore(expected: 0, found: 0, agreed: 0)) { $0 + $1.missingOne.score }
  }
}
