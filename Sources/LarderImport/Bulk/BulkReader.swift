import Foundation
import LarderCore

/// Finds and reads every recipe document under the paths a user gives: files, folders
/// (recursively), zip archives (nested too) and gzip files, recognising each document's format
/// by its name and content.
///
/// Each document is handed to the caller as soon as it is read, so memory holds one document at
/// a time; hostile input is bounded by ``maximumFileBytes``, ``maximumArchiveBytes`` and the
/// archive budget.
public struct BulkReader: Sendable {
  /// The largest plain file read (a recipe file is kilobytes; this refuses a 1 GB line).
  public var maximumFileBytes: Int
  /// The largest archive file read (exports with photos are larger than recipe files).
  public var maximumArchiveBytes: Int
  /// Expansion limits for archives.
  public var limits: ArchiveLimits
  /// The reader for each format; see ``RecipeFormat/standardReaders``.
  public var readers: [RecipeFormat: RecipeFormatReader]

  /// Makes a reader with the standard formats and limits (64 MiB files, 512 MiB archives).
  public init(
    maximumFileBytes: Int = 64 << 20, maximumArchiveBytes: Int = 512 << 20,
    limits: ArchiveLimits = ArchiveLimits(),
    readers: [RecipeFormat: RecipeFormatReader] = RecipeFormat.standardReaders
  ) {
    self.maximumFileBytes = maximumFileBytes
    self.maximumArchiveBytes = maximumArchiveBytes
    self.limits = limits
    self.readers = readers
  }

  /// A reader for files of up to `fileBytes` (a user's `max_file_size`), with the limits that
  /// follow from it: archives up to that size or 512 MiB, whichever is larger, and
  /// ``ArchiveLimits/init(allowingFilesUpTo:)``. `fileBytes` 64 MiB gives the standard reader.
  public init(allowingFilesUpTo fileBytes: Int) {
    self.init(
      maximumFileBytes: fileBytes, maximumArchiveBytes: max(512 << 20, fileBytes),
      limits: ArchiveLimits(allowingFilesUpTo: fileBytes))
  }

  /// The files under `path` worth looking at, sorted: the path itself when it is a file, else
  /// every file in the folder and its subfolders except hidden ones.
  ///
  /// - Throws: ``LarderImportError/unreadable(source:reason:)`` when the path does not exist.
  public func files(at path: String) throws -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw LarderImportError.unreadable(source: path, reason: "no such file or folder")
    }
    guard isDirectory.boolValue else { return [path] }
    guard
      let enumerator = FileManager.default.enumerator(
        at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { throw LarderImportError.unreadable(source: path, reason: "cannot read the folder") }
    var found: [String] = []
    for case let url as URL in enumerator
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
      found.append(url.path)
    }
    return found.sorted()
  }

  /// Reads the file at `path`, handing each document in it to `body`. `explicit` is whether the
  /// user named the file (rather than a folder holding it): a named file without recipes fails,
  /// one found in a folder is skipped.
  public func readFile(
    _ path: String, explicit: Bool = true, budget: inout ArchiveBudget,
    _ body: (ImportDocument) throws -> Void
  ) rethrows {
    let source = ImportSource(file: path)
    let isArchive = Self.archiveExtensions.contains(Self.fileExtension(of: path))
    let limit = isArchive ? maximumArchiveBytes : maximumFileBytes
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    if let size = attributes?[.size] as? Int, size > limit {
      // Decided on the size alone: nothing is read, so a 1 GB file costs nothing.
      let error = LarderImportError.fileTooLarge(source: path, size: size, limit: limit)
      try body(ImportDocument(source: source, format: nil, status: .failed(error.reason)))
      return
    }
    // Mapped, not copied: an export's bytes stay in the page cache rather than on the heap,
    // and only what is expanded from them is charged to the budget.
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
    else {
      try body(ImportDocument(source: source, format: nil, status: .failed("cannot be read")))
      return
    }
    let folder = (path as NSString).deletingLastPathComponent
    try read(
      data, source: source, explicit: explicit, depth: 0, photos: .folder(folder),
      budget: &budget, body)
  }

  /// Reads a document's bytes (standard input, or a file already read), handing each document
  /// found to `body`. `explicit` is whether the user named it: a named file that holds no recipe
  /// fails, one found in a folder or archive is skipped.
  public func read(
    _ data: Data, source: ImportSource, explicit: Bool, depth: Int = 0,
    budget: inout ArchiveBudget, _ body: (ImportDocument) throws -> Void
  ) rethrows {
    try read(
      data, source: source, explicit: explicit, depth: depth, photos: .none, budget: &budget,
      body)
  }

  /// Reads a document as the public `read` does; `photos` is where the photo files its recipes
  /// name are read from.
  func read(
    _ data: Data, source: ImportSource, explicit: Bool, depth: Int, photos: PhotoFiles,
    budget: inout ArchiveBudget, _ body: (ImportDocument) throws -> Void
  ) rethrows {
    let name = source.name
    let ext = Self.fileExtension(of: name)
    // Office documents and e-books are zips too; only archives by name (or nameless input such
    // as standard input) are opened.
    if Self.archiveExtensions.contains(ext) || (ext.isEmpty && ZipArchive.isZip(data)) {
      try readArchive(
        data, source: source, explicit: explicit, depth: depth, budget: &budget, body)
      return
    }
    if Gzip.isGzip(data) || ext == "gz" {
      // A gzip layer is an archive like any other: layers inside layers count as nesting, so
      // thousands of them are refused before they are unpacked, not held in memory one by one.
      guard depth < limits.maximumNesting else {
        try body(ImportDocument(source: source, format: nil, status: .failed(nestingReason)))
        return
      }
      let inner: Data
      do {
        inner = try Gzip.decompress(data, source: source.description, budget: &budget)
      } catch {
        try body(ImportDocument(source: source, format: nil, status: .failed(Self.reason(error))))
        return
      }
      if ext == "paprikarecipe" {
        try body(document(inner, format: .paprika, source: source, explicit: explicit))
        return
      }
      let innerName = ext == "gz" ? String(name.dropLast(3)) : name
      let innerSource = ext == "gz" ? source.appending(member: innerName) : source
      try read(
        inner, source: innerSource, explicit: explicit, depth: depth + 1, budget: &budget, body)
      return
    }
    switch detect(data, name: name, isStandardInput: source.file == "standard input") {
    case .format(let format):
      var found = document(data, format: format, source: source, explicit: explicit)
      found.items = photos.resolving(found.items, budget: &budget)
      try body(found)
    case .notRecipe(let reason):
      let status: ImportDocument.Status = explicit ? .failed(reason) : .skipped(reason)
      try body(ImportDocument(source: source, format: nil, status: status))
    }
  }

  // MARK: - Archives

  /// Why an archive (a zip or a gzip layer) inside too many others is refused.
  private var nestingReason: String {
    "archives nested more than \(limits.maximumNesting) deep; refused"
  }

  private func readArchive(
    _ data: Data, source: ImportSource, explicit: Bool, depth: Int, budget: inout ArchiveBudget,
    _ body: (ImportDocument) throws -> Void
  ) rethrows {
    guard depth < limits.maximumNesting else {
      try body(ImportDocument(source: source, format: nil, status: .failed(nestingReason)))
      return
    }
    let archive: ZipArchive
    do {
      archive = try ZipArchive(data: data, name: source.description, limits: limits)
    } catch {
      try body(ImportDocument(source: source, format: nil, status: .failed(Self.reason(error))))
      return
    }
    // An archive with nothing but folders and photos is reported like any file without a
    // recipe, rather than passed over in silence.
    let readable = archive.files.filter {
      !Self.ignoredExtensions.contains(Self.fileExtension(of: $0.path))
    }
    if readable.isEmpty {
      let reason =
        archive.members.isEmpty
        ? "an empty archive" : "an archive holding no recipe files (only folders and photos)"
      try body(
        ImportDocument(
          source: source, format: nil, status: explicit ? .failed(reason) : .skipped(reason)))
      return
    }
    for member in readable {
      // Once the budget is spent nothing more of the file is read: the refusal says so.
      if budget.isExhausted { break }
      let memberSource = source.appending(member: member.path)
      let contents: Data
      do {
        contents = try archive.contents(of: member, budget: &budget)
      } catch {
        try body(
          ImportDocument(source: memberSource, format: nil, status: .failed(Self.reason(error))))
        continue
      }
      let folder = (member.path as NSString).deletingLastPathComponent
      try read(
        contents, source: memberSource, explicit: false, depth: depth + 1,
        photos: .archive(archive, folder: folder), budget: &budget, body)
    }
  }

  // MARK: - Formats

  enum Detection {
    case format(RecipeFormat)
    case notRecipe(String)
  }

  /// Recognises a document by its extension, then its content.
  func detect(_ data: Data, name: String, isStandardInput: Bool) -> Detection {
    let ext = Self.fileExtension(of: name)
    let head = String(decoding: data.prefix(4096), as: UTF8.self)
    switch ext {
    case "json", "jsonld": return detectJSON(data, name: name)
    case "cook": return .format(.cooklang)
    case "mmf", "mxp", "mm", "mmx", "txt", "text":
      let text = RecipeText.legacy(data.prefix(4096))
      if MealMaster.isMealMaster(text) { return .format(.mealMaster) }
      if MasterCookText.isMasterCookText(text) { return .format(.masterCookText) }
      if ext == "txt" || ext == "text" {
        return .notRecipe("a text file that is neither MealMaster nor MasterCook")
      }
      return .format(ext == "mxp" ? .masterCookText : .mealMaster)
    case "mx2": return .format(.masterCook)
    case "grmt": return .format(.gourmet)
    case "xml":
      if GourmetReader.isGourmetExport(head) { return .format(.gourmet) }
      if head.contains("<mx2") { return .format(.masterCook) }
      return .notRecipe("an XML file that is neither a Gourmet nor a MasterCook export")
    case "paprikarecipe": return .format(.paprika)
    case "melarecipe": return .format(.mela)
    case "csv":
      let firstLine = head.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      // The header read as CSV ("Title","Notes, misc" is two columns), names trimmed.
      let header = ((try? CSVTable.read(firstLine))?.header ?? []).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      switch RecipeCSV.layout(ofHeader: header) {
      case .planToEat: return .format(.planToEat)
      case .myRecipeBox: return .format(.myRecipeBox)
      case .generic: return .format(.csv)
      case nil: return .notRecipe("a CSV file without recipe title and ingredients columns")
      }
    case "md", "markdown":
      guard let text = try? RecipeText.utf8(data) else { return .format(.markdown) }
      if Chowdown.isChowdownRecipe(text) { return .format(.chowdown) }
      if MarkdownRecipe.isMarkdownRecipe(text) { return .format(.markdown) }
      return .notRecipe(
        "a Markdown file without an '## Ingredients' section or Chowdown front matter")
    case "html", "htm":
      let lower = head.lowercased()
      // Both apps name the file recipes.html; Recipe Keeper's marks its fields with itemprop.
      if RecipeKeeperReader.isRecipeKeeperExport(
        String(decoding: data.prefix(65_536), as: UTF8.self))
      {
        return .format(.recipeKeeper)
      }
      if name.hasSuffix("recipes.html") || lower.contains("copymethat") {
        return .format(.copyMeThat)
      }
      return .notRecipe("a web page, not a recipe export")
    default:
      if isStandardInput || ext.isEmpty {
        let trimmed = head.trimmingCharacters(in: .whitespacesAndNewlines)
        if GourmetReader.isGourmetExport(head) { return .format(.gourmet) }
        if MealMaster.isMealMaster(head) { return .format(.mealMaster) }
        if MasterCookText.isMasterCookText(head) { return .format(.masterCookText) }
        if trimmed.hasPrefix(">>")
          || head.contains("@") && head.contains("{")
            && !trimmed.hasPrefix("{") && !trimmed.hasPrefix("[")
        {
          return .format(.cooklang)
        }
        if isStandardInput { return detectJSON(data, name: name) }
      }
      return .notRecipe("not a recipe format Larder reads (.\(ext))")
    }
  }

  private func detectJSON(_ data: Data, name: String) -> Detection {
    // Only the top-level keys matter; a document that is not JSON is left to the schema.org
    // reader, whose error names the problem.
    guard let object = try? BoundedJSON.parse(data) else { return .format(.schemaOrg) }
    let first = (object as? [String: Any]) ?? (object as? [Any])?.first as? [String: Any]
    if let first {
      if TandoorExport.isTandoorRecipe(first) { return .format(.tandoor) }
      if MealieExport.isMealieRecipe(first) { return .format(.mealie) }
      if PaprikaExport.isPaprikaRecipe(first) { return .format(.paprika) }
      if MelaExport.isMelaRecipe(first) { return .format(.mela) }
      if RecipeSageExport.isRecipeSageRecipe(first) { return .format(.recipeSage) }
    }
    if (name as NSString).lastPathComponent == "recipe.json" { return .format(.nextcloud) }
    return .format(.schemaOrg)
  }

  private func document(
    _ data: Data, format: RecipeFormat, source: ImportSource, explicit: Bool
  ) -> ImportDocument {
    guard let reader = readers[format] else {
      return ImportDocument(
        source: source, format: format,
        status: .failed("no reader for \(format.rawValue) files"))
    }
    do {
      let items = try reader(data, source.name)
      return ImportDocument(source: source, format: format, status: .read, items: items)
    } catch LarderCoreError.noRecipeFound where !explicit {
      return ImportDocument(source: source, format: format, status: .skipped("no recipe in it"))
    } catch {
      return ImportDocument(source: source, format: format, status: .failed(Self.reason(error)))
    }
  }

  /// Photos and other files that travel with recipes in exports.
  static let ignoredExtensions: Set<String> = [
    "jpg", "jpeg", "png", "gif", "webp", "heic", "bmp", "tif", "tiff", "svg", "ico", "mp4", "mov",
  ]
  static let archiveExtensions: Set<String> = ["zip", "paprikarecipes", "melarecipes"]

  static func fileExtension(of name: String) -> String {
    (name as NSString).pathExtension.lowercased()
  }

  /// An error as a report shows it, without repeating the source the report already names.
  static func reason(_ error: Error) -> String {
    if let error = error as? LarderImportError { return error.reason }
    return String(describing: error)
  }
}

extension LarderImportError {
  /// The message without the source prefix, for reports that name the source themselves.
  public var reason: String {
    switch self {
    case .unreadable(_, let reason): return reason
    case .noRecipe: return "no recipe found"
    case .documentTooLarge, .suspiciousCompression, .fileTooLarge, .importBudgetExceeded:
      let text = description
      guard let range = text.range(of: ": refused") else { return text }
      return "refused" + text[range.upperBound...]
    default:
      // Fetch errors name their URL, which is the report's source too.
      return description
    }
  }

}
