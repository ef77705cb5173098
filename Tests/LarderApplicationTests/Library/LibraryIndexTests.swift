import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderApplication

/// The library's in-memory orders stay what a full sort would give after each write.
@Suite struct LibraryIndexTests {
  static func entries(_ count: Int) -> [LibraryEntry] {
    (0..<count).map { index in
      var recipe = Fixtures.tomatoSoup()
      recipe.id = RecipeID(rawValue: String(format: "id-%03d", index))
      recipe.name = ["Soup", "Stew", "Salad", "Bread", "Cake"][index % 5] + " \(index % 7)"
      recipe.rating = index % 3 == 0 ? nil : index % 6
      recipe.prepTime = RecipeDuration(minutes: (index * 13) % 50)
      recipe.cookTime = nil
      recipe.createdAt = Fixtures.now.addingTimeInterval(Double((index * 37) % 11))
      recipe.updatedAt = recipe.createdAt
      return LibraryEntry(RecipeSummary(recipe))
    }
  }

  @Test(arguments: RecipeSort.allCases)
  func patchedOrdersMatchAFullSort(sort: RecipeSort) {
    var entries = Self.entries(40)
    var order = LibrarySorting.sorted(Array(entries.indices), entries, by: sort)
    // A change in place: rename and re-rate one recipe.
    var summary = entries[7].summary
    summary.name = "Aardvark Pie"
    summary.rating = 5
    entries[7] = LibraryEntry(summary)
    order = LibrarySorting.patched(order, entries, by: sort, placed: 7)
    #expect(order == LibrarySorting.sorted(Array(entries.indices), entries, by: sort))
    // A new recipe at the end.
    entries.append(Self.entries(41)[40])
    order = LibrarySorting.patched(order, entries, by: sort, placed: 40)
    #expect(order == LibrarySorting.sorted(Array(entries.indices), entries, by: sort))
    // A deletion in the middle.
    entries.remove(at: 12)
    order = LibrarySorting.patched(order, entries, by: sort, removed: 12)
    #expect(order == LibrarySorting.sorted(Array(entries.indices), entries, by: sort))
  }

  /// Writes patched into the held library (changes, additions, deletions in any mix) leave
  /// it as a fresh load of the same recipes would be: each recipe found at its position, and
  /// every order a full sort.
  @Test func writesLeaveTheLibraryAsAFreshLoadWouldBe() throws {
    let index = LibraryIndex()
    let household = HouseholdID.default
    var recipes = Self.entries(30).map { entry -> Recipe in
      var recipe = Fixtures.tomatoSoup()
      recipe.id = entry.summary.id
      recipe.name = entry.summary.name
      recipe.rating = entry.summary.rating
      return recipe
    }
    index.prime(
      with: LibrarySummaries(summaries: recipes.map { RecipeSummary($0) }, foodUse: [:]),
      stamp: LibraryIndex.Stamp(count: recipes.count), household: household)
    for sort in RecipeSort.allCases {
      _ = try #require(index.held(household: household)).order(sort)
    }
    var random = SystemRandomNumberGenerator()
    for step in 0..<60 {
      // Every other write happens while a request still reads the snapshot before it: that
      // snapshot must stay as it was.
      let reading = step % 2 == 0 ? index.held(household: household) : nil
      let readingIDs = reading.map { $0.entries.map(\.summary.id) }
      defer {
        if let reading, let readingIDs {
          #expect(reading.entries.map(\.summary.id) == readingIDs)
          #expect(reading.indexByID.count == readingIDs.count)
        }
      }
      switch step % 3 {
      case 0:
        var changed = recipes.randomElement(using: &random)!
        changed.name = ["Apple", "Zucchini", "Mango", "Leek"][step % 4] + " \(step)"
        changed.rating = step % 6
        recipes[recipes.firstIndex { $0.id == changed.id }!] = changed
        index.apply(.saved(changed), household: household)
      case 1:
        var added = Fixtures.tomatoSoup()
        added.id = RecipeID(rawValue: "new-\(step)")
        added.name = "Added \(step % 5)"
        recipes.append(added)
        index.apply(.saved(added), household: household)
      default:
        let gone = recipes.remove(at: Int.random(in: 0..<recipes.count, using: &random))
        index.apply(.deleted(gone.id), household: household)
      }
      let held = try #require(index.held(household: household))
      #expect(held.entries.count == recipes.count)
      for (position, entry) in held.entries.enumerated() {
        #expect(held.indexByID[entry.summary.id] == position)
      }
      #expect(Set(held.indexByID.keys) == Set(recipes.map(\.id)))
      for sort in RecipeSort.allCases where sort != .relevance {
        #expect(
          held.order(sort)
            == LibrarySorting.sorted(Array(held.entries.indices), held.entries, by: sort),
          "\(sort) after step \(step)")
      }
    }
  }

  @Test func aMembersOrderByRatingIsWhatAFullSortByTheirRatingsGives() {
    let entries = Self.entries(60)
    let snapshot = LibrarySnapshot(entries: entries, foodUse: [:])
    var marks = entries.indices.compactMap { index -> RecipeMark? in
      let id = entries[index].summary.id
      if index % 4 == 1 { return RecipeMark(recipeID: id, rating: 1 + index % 5) }
      return index % 7 == 0 ? RecipeMark(recipeID: id, isFavorite: true) : nil
    }
    marks.append(RecipeMark(recipeID: RecipeID(rawValue: "deleted since"), rating: 5))
    let member = CallerMarks(marks)
    let everything = Array(entries.indices)
    let theirs = snapshot.order(.rating, marks: member)
    #expect(theirs == LibrarySorting.sorted(everything, entries, by: .rating, marks: member))
    #expect(
      snapshot.order(.rating, marks: .recipesOwn)
        == LibrarySorting.sorted(everything, entries, by: .rating))
    #expect(theirs != snapshot.order(.rating))
    #expect(snapshot.order(.name, marks: member) == snapshot.order(.name))
  }

  /// The order by name, sorted on the names' first bytes with the strings compared only on
  /// ties, is the order a plain sort by the strings gives: names alike in their first eight
  /// bytes, shorter than eight, equal (the id decides), and with letters beyond ASCII.
  @Test func theOrderByNameIsAPlainSortsOrder() {
    let pieces = [
      "Apple", "apple pie", "Apple Pie", "Applesauce", "Äpfel", "Zucchini", "Éclair", "eclair",
      "Aa", "A", "", "Tarte Tatin", "Tarte tatin 2", "Tartelette", "Ça", "Œufs", "100 Cookies",
      "1000 Cookies", "Soup\u{301}", "Soupé", "~", "日本", "Ab\u{0}c",
    ]
    var random = SystemRandomNumberGenerator()
    var summaries: [RecipeSummary] = []
    for index in 0..<600 {
      var recipe = Fixtures.tomatoSoup()
      recipe.id = RecipeID(
        rawValue: String(format: "id-%04d", Int.random(in: 0..<9999, using: &random)) + "-\(index)")
      recipe.name =
        pieces.randomElement(using: &random)!
        + (Bool.random(using: &random) ? "" : " " + pieces.randomElement(using: &random)!)
      summaries.append(RecipeSummary(recipe))
    }
    let entries = summaries.map { LibraryEntry($0) }
    let plain = Array(entries.indices).sorted(by: LibrarySorting.precedes(.name, entries))
    #expect(LibrarySorting.sorted(Array(entries.indices), entries, by: .name) == plain)
    #expect(LibrarySorting.sorted(Array(entries.indices), entries, by: .relevance) == plain)
  }

  /// Names in ASCII skip Foundation's folding; they must get the key folding gives them.
  @Test func anASCIINamesKeyIsWhatFoldingGivesIt() {
    let every = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self)
    var names = [every, "Apple Pie", "BLT & Chips", "Mac 'n' Cheese ~ 2^3", ""]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      names.append(
        String(
          decoding: (0..<Int.random(in: 1...24, using: &random)).map { _ in
            UInt8.random(in: 0..<0x80, using: &random)
          }, as: UTF8.self))
    }
    for name in names {
      #expect(
        LibraryEntry.nameKey(name)
          == name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
    }
    #expect(LibraryEntry.nameKey("Crème BRÛLÉE") == "creme brulee")
  }

  /// A large library's entries, made in two halves at once, are those made one by one, in
  /// the summaries' order.
  @Test func aLargeLibrarysEntriesAreMadeInOrder() {
    let kinds = Self.entries(30).map(\.summary)
    let summaries = (0..<20_011).map { index -> RecipeSummary in
      var summary = kinds[index % kinds.count]
      summary.id = RecipeID(rawValue: "r\(index)")
      summary.name = "Dish \(index % 97) É\(index % 3)"
      summary.keywords = [["Quick", "quick "], ["Ünïcode"], []][index % 3]
      return summary
    }
    let snapshot = LibrarySnapshot(LibrarySummaries(summaries: summaries, foodUse: ["egg": 2]))
    #expect(snapshot.entries.map(\.summary.id) == summaries.map(\.id))
    #expect(snapshot.indexByID[RecipeID(rawValue: "r20010")] == 20_010)
    #expect(snapshot.foodUse == ["egg": 2])
    for index in [0, 1, 10_004, 10_005, 10_006, 20_010] {
      let alone = LibraryEntry(summaries[index])
      #expect(snapshot.entries[index].nameKey == alone.nameKey)
      #expect(snapshot.entries[index].tags == alone.tags)
      #expect(snapshot.entries[index].diets == alone.diets)
    }
    snapshot.prepareFirstPage()
    #expect(
      snapshot.order(.name)
        == LibrarySorting.sorted(Array(snapshot.entries.indices), snapshot.entries, by: .name))
    #expect(snapshot.facetsOfAll == LibraryFacets(snapshot.entries))
  }

  /// A library's entries made with one memo are those made one by one.
  @Test func entriesMadeWithAMemoAreEntriesMadeAlone() {
    var summaries = Self.entries(30).map(\.summary)
    for index in summaries.indices {
      summaries[index].courses = [["Dinner", " dinner"], [], ["Lunch"]][index % 3]
      summaries[index].keywords = [["Quick", "quick ", "Weeknight"], ["Ünïcode"]][index % 2]
      summaries[index].diets = [[.vegan], [], [.vegetarian, .glutenFree], [.vegan]][index % 4]
    }
    var memo = LibraryEntry.Memo()
    for summary in summaries {
      let alone = LibraryEntry(summary)
      let remembered = LibraryEntry(summary, memo: &memo)
      #expect(remembered.nameKey == alone.nameKey)
      #expect(remembered.courses == alone.courses)
      #expect(remembered.cuisines == alone.cuisines)
      #expect(remembered.tags == alone.tags)
      #expect(remembered.diets == alone.diets)
      #expect(remembered.minutes == alone.minutes)
    }
    #expect(LibraryEntry(summaries[0]).diets.isSuperset(of: [.vegan, .vegetarian]))
    #expect(LibraryEntry(summaries[0]).courses == ["dinner"])
  }
}
