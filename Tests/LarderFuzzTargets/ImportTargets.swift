import Foundation
import LarderCore
import LarderImport

extension FuzzTarget {
  /// A web page through the extractor: recipes or a LarderImportError, and every recipe
  /// found survives a schema.org round trip.
  static let html = FuzzTarget(
    name: "html", summary: "RecipePageExtractor: JSON-LD, microdata, RDFa and headings",
    maximumLength: 16_384
  ) { data in
    let extraction: PageExtraction
    do {
      extraction = try RecipePageExtractor().extract(html: data, url: "https://example.com/r/1")
    } catch let error as LarderImportError {
      _ = error.description
      return
    }
    try require(!extraction.recipes.isEmpty, "an extraction without recipes")
    _ = try checkedRecipes(
      extraction.recipes.enumerated().map {
        FoundRecipe(index: $0.offset, name: $0.element.name, result: .success($0.element))
      }, reader: "the HTML extractor")
  }

  /// One target per import reader (``RecipeFormat/standardReaders``, formats sharing a reader
  /// once), each given the bytes as one file with the format's usual name.
  static let readerTargets: [FuzzTarget] = [
    (RecipeFormat.schemaOrg, "schema-org", "recipe.json"), (.mealie, "mealie", "recipe.json"),
    (.tandoor, "tandoor", "recipe.json"), (.paprika, "paprika", "Soup.paprikarecipe"),
    (.chowdown, "chowdown", "soup.md"), (.csv, "recipe-csv", "recipes.csv"),
    (.mealMaster, "mealmaster", "soup.mmf"), (.masterCookText, "mastercook-text", "soup.mxp"),
    (.masterCook, "mastercook-xml", "soup.mx2"), (.copyMeThat, "copymethat", "recipes.html"),
    (.gourmet, "gourmet-xml", "export.grmt"), (.mela, "mela", "Soup.melarecipe"),
    (.recipeSage, "recipesage", "recipesage.json"), (.markdown, "markdown", "soup.md"),
    (.recipeKeeper, "recipekeeper", "recipes.html"),
  ].map { format, name, fileName in
    FuzzTarget(name: name, summary: "the \(format.rawValue) reader (\(fileName))") { data in
      guard let reader = RecipeFormat.standardReaders[format] else {
        throw FuzzFailure("no reader for \(format.rawValue)")
      }
      let items: [FoundRecipe]
      do {
        items = try reader(data, fileName)
      } catch let error as LarderCoreError {
        _ = error.description
        return
      } catch let error as LarderImportError {
        _ = error.description
        return
      } catch {
        throw FuzzFailure("\(format.rawValue): an error of a foreign type: \(error)")
      }
      _ = try checkedRecipes(items, reader: format.rawValue)
    }
  }

  /// Small limits, so that the fuzzer meets them within a few kilobytes.
  static let smallLimits = ArchiveLimits(
    maximumMemberBytes: 1 << 20, maximumTotalBytes: 4 << 20, maximumRatio: 1000,
    maximumMembers: 200, maximumNesting: 3)

  /// A zip archive: members or a LarderImportError, and no member larger than the limits.
  static let zip = FuzzTarget(name: "zip", summary: "ZipArchive: members and their contents") {
    data in
    let archive: ZipArchive
    do {
      archive = try ZipArchive(data: data, name: "fuzz.zip", limits: smallLimits)
    } catch is LarderImportError { return }
    try require(
      archive.members.count <= smallLimits.maximumMembers,
      "\(archive.members.count) members, over the limit")
    var budget = ArchiveBudget(limits: smallLimits)
    for member in archive.files {
      let before = budget.expandedBytes
      guard let contents = try? archive.contents(of: member, budget: &budget) else { continue }
      try require(
        contents.count <= smallLimits.maximumMemberBytes
          && budget.expandedBytes == before + contents.count
          && budget.expandedBytes <= smallLimits.maximumTotalBytes,
        "member \(member.path) expanded to \(contents.count) bytes, budget \(budget.expandedBytes)")
    }
  }

  /// A gzip file: its contents or a LarderImportError, within the budget.
  static let gzip = FuzzTarget(name: "gzip", summary: "Gzip.decompress") { data in
    var budget = ArchiveBudget(limits: smallLimits)
    let output: Data
    do {
      output = try Gzip.decompress(data, source: "fuzz.gz", budget: &budget)
    } catch is LarderImportError { return }
    try require(
      output.count <= smallLimits.maximumMemberBytes && budget.expandedBytes == output.count,
      "expanded to \(output.count) bytes, budget \(budget.expandedBytes)")
  }

  /// Bytes on standard input to bulk import: recognised by content (zip, gzip, MealMaster,
  /// MasterCook, Cooklang, JSON), then read; every document reports read, skipped or failed,
  /// and what it read passes the reader checks.
  static let bulk = FuzzTarget(
    name: "bulk", summary: "BulkReader: format detection, archives and every reader"
  ) { data in
    let reader = BulkReader(limits: smallLimits)
    var budget = ArchiveBudget(limits: smallLimits)
    var documents = 0
    var failure: FuzzFailure?
    reader.read(
      data, source: ImportSource(file: "standard input"), explicit: true, budget: &budget
    ) { document in
      documents += 1
      guard failure == nil else { return }
      do {
        _ = try checkedRecipes(document.items, reader: "bulk \(document.source)")
      } catch let error as FuzzFailure {
        failure = error
      } catch {
        failure = FuzzFailure("bulk \(document.source): \(error)")
      }
    }
    if let failure { throw failure }
    try require(documents >= 1, "bulk import reported no document at all")
    try require(
      budget.expandedBytes <= smallLimits.maximumTotalBytes,
      "archives expanded to \(budget.expandedBytes) bytes, over the budget")
  }
}
