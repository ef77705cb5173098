import Foundation
import LarderCore
import Testing

/// The library's summaries saved as bytes read back exactly as they were, and bytes that were
/// cut, damaged or written otherwise are refused rather than misread.
@Suite struct LibrarySummariesSnapshotTests {
  static let created = Date(timeIntervalSinceReferenceDate: 786_123_456.789_012_3)

  /// Summaries that use every field, every optional field both present and absent, words
  /// shared between recipes and fields, and text in several scripts.
  static func library() -> LibrarySummaries {
    let full = RecipeSummary(
      id: RecipeID(rawValue: "0f6c0a1e-full"), name: "Crème brûlée à l'orange 🍊",
      description: "Silky — 柔らかい — ذيذة", image: "https://example.com/brûlée.jpg",
      totalTime: RecipeDuration(seconds: 4_530),
      yield: RecipeYield(servings: 4.5, text: "4–5 ramequins"),
      courses: ["Dessert", "dessert "], cuisines: ["Française"],
      diets: [.vegetarian, DietLabel(rawValue: "sans-gluten")],
      keywords: ["baked", "Dessert", "crème"], ingredientCount: 7, isFavorite: true, rating: 5,
      createdAt: created, updatedAt: created.addingTimeInterval(0.000_123))
    let bare = RecipeSummary(
      id: RecipeID(rawValue: "bare"), name: "", createdAt: Date(timeIntervalSince1970: 0),
      updatedAt: Date(timeIntervalSince1970: -1.5))
    var emptyTexts = full
    emptyTexts.id = RecipeID(rawValue: "empty-texts")
    // Present but empty: not the same as absent.
    emptyTexts.description = ""
    emptyTexts.image = ""
    emptyTexts.yield = RecipeYield(servings: nil, text: "")
    emptyTexts.totalTime = RecipeDuration(seconds: 0)
    emptyTexts.rating = 0
    emptyTexts.isFavorite = false
    var servingsOnly = bare
    servingsOnly.id = RecipeID(rawValue: "servings-only")
    servingsOnly.yield = RecipeYield(servings: 12)
    servingsOnly.rating = -3
    servingsOnly.ingredientCount = Int(Int32.max) + 1
    var textOnly = bare
    textOnly.id = RecipeID(rawValue: "text-only")
    textOnly.yield = RecipeYield(servings: nil, text: "1 loaf (10 slices)")
    textOnly.diets = [.vegan]
    textOnly.courses = ["Dessert"]
    return LibrarySummaries(
      summaries: [full, bare, emptyTexts, servingsOnly, textOnly],
      foodUse: ["egg": 3, "crème fraîche": 1, "orange": 2])
  }

  static func readBack(_ bytes: Data) throws -> LibrarySummaries {
    try bytes.withUnsafeBytes { try LibrarySummaries(snapshot: $0) }
  }

  @Test func everyFieldReadsBackAsItWasWritten() throws {
    let library = Self.library()
    let read = try Self.readBack(library.snapshotBytes())
    #expect(read == library)
    // Field by field too, so a failure says which.
    for (written, readBack) in zip(library.summaries, read.summaries) {
      #expect(readBack.id == written.id)
      #expect(readBack.name == written.name)
      #expect(readBack.description == written.description)
      #expect(readBack.image == written.image)
      #expect(readBack.totalTime == written.totalTime)
      #expect(readBack.yield == written.yield)
      #expect(readBack.courses == written.courses)
      #expect(readBack.cuisines == written.cuisines)
      #expect(readBack.diets == written.diets)
      #expect(readBack.keywords == written.keywords)
      #expect(readBack.ingredientCount == written.ingredientCount)
      #expect(readBack.isFavorite == written.isFavorite)
      #expect(readBack.rating == written.rating)
      #expect(readBack.createdAt == written.createdAt)
      #expect(readBack.updatedAt == written.updatedAt)
    }
    #expect(read.summaries.count == 5)
    #expect(read.foodUse == library.foodUse)
  }

  @Test func anEmptyLibraryReadsBackEmpty() throws {
    let empty = LibrarySummaries(summaries: [], foodUse: [:])
    #expect(try Self.readBack(empty.snapshotBytes()) == empty)
  }

  @Test func theFoodCountsAreThoseOfTheProfiles() {
    let summary = Self.library().summaries[1]
    let profiles = [
      RecipeFoodProfile(
        summary: summary, requiredFoods: ["egg", "flour"], optionalFoods: ["salt"],
        unmatchedLines: 0),
      RecipeFoodProfile(
        summary: summary, requiredFoods: ["egg"], optionalFoods: [], unmatchedLines: 2),
    ]
    let library = LibrarySummaries(profiles: profiles)
    #expect(library.summaries == [summary, summary])
    #expect(library.foodUse == ["egg": 2, "flour": 1, "salt": 1])
  }

  /// Ways the bytes can be spoilt.
  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case truncated, oneByteShort, flippedByte, empty, garbage, finderIndexInstead, extraByte
    var testDescription: String { rawValue }
  }

  @Test(arguments: Damage.allCases)
  func spoiltBytesAreRefusedNotMisread(_ damage: Damage) throws {
    var bytes = Self.library().snapshotBytes()
    switch damage {
    case .truncated: bytes = bytes.prefix(bytes.count / 2)
    case .oneByteShort: bytes = bytes.dropLast()
    case .flippedByte: bytes[bytes.count / 3] ^= 0x10
    case .empty: bytes = Data()
    case .garbage: bytes = Data(repeating: 0x5A, count: 300)
    case .finderIndexInstead:
      let engine = FinderEngine(catalog: FinderCatalog())
      bytes = engine.savedIndex()
    case .extraByte: bytes.append(0)
    }
    #expect(throws: LarderCoreError.self) { try Self.readBack(bytes) }
  }
}
