import Foundation
import LarderCore

/// The text on a photo or a scan of a recipe page, read by Tesseract after ImageMagick has
/// straightened and cleaned the page.
///
/// The one place Larder runs the OCR tools. Each reading:
///
/// 1. checks the bytes are an image Larder takes (``ImageFormat/validate(_:declaredType:)``:
///    JPEG, PNG, WebP, GIF or AVIF, at most 10 MiB) and asks ImageMagick's `identify` for its
///    size, refusing more than ``maximumPixels``;
/// 2. has ImageMagick's `convert` (or `magick`) take the first frame, turn it upright by its
///    EXIF orientation, make it grey, enlarge a small photo and shrink a huge one, deskew it,
///    stretch its contrast and threshold it locally (so a shadow across the page stays white);
/// 3. runs `tesseract` over the result in the languages asked for that are installed.
///
/// The tools run without a shell, one thread each, with ``timeLimit`` seconds each, in a
/// private folder (mode 0700) that is removed afterwards; the input is named with its format
/// (`png:…`), so ImageMagick never guesses a coder from its content.
public struct PhotoReader: Sendable {
  /// The most pixels a photo may have by default (50 megapixels: any phone's camera, not a
  /// pixel bomb).
  public static let defaultMaximumPixels = 50_000_000
  /// A photo narrower than this is enlarged before reading: Tesseract reads letters about 30
  /// pixels high best.
  public static let minimumWidth = 1_800
  /// A photo larger than this on either side is shrunk before reading.
  public static let maximumSide = 3_500

  /// The folders searched for the tools, as in `PATH` (colon-separated).
  public var searchPath: String
  /// The seconds each tool may run before it is stopped.
  public var timeLimit: Double
  /// The most pixels a photo may have; a larger one is refused before it is decoded.
  public var maximumPixels: Int
  /// The folder in which each read makes (and removes) a private folder of its own for the
  /// tools' files: the system's temporary folder unless told otherwise.
  public var workFolder: URL

  /// Makes a reader that looks for the tools in `searchPath` (nil: the process's `PATH`, or
  /// the usual system folders without one).
  public init(
    searchPath: String? = nil, timeLimit: Double = 60,
    maximumPixels: Int = PhotoReader.defaultMaximumPixels,
    workFolder: URL = FileManager.default.temporaryDirectory
  ) {
    self.searchPath =
      searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    self.timeLimit = timeLimit
    self.maximumPixels = maximumPixels
    self.workFolder = workFolder
  }

  /// Tesseract's name for each language Larder reads.
  public static func tesseractCode(for language: RecipeLanguage) -> String {
    switch language {
    case .english: return "eng"
    case .german: return "deu"
    case .french: return "fra"
    case .spanish: return "spa"
    case .italian: return "ita"
    case .dutch: return "nld"
    case .portuguese: return "por"
    case .swedish: return "swe"
    case .danish: return "dan"
    case .norwegian: return "nor"
    case .polish: return "pol"
    case .russian: return "rus"
    }
  }

  /// The tools found, or what to install.
  struct Tools {
    var tesseract: String
    var convert: [String]
    var identify: [String]
  }

  /// Whether `tesseract` and ImageMagick are both installed where the reader looks.
  public var isAvailable: Bool { (try? tools()) != nil }

  func tools() throws -> Tools {
    func find(_ name: String) -> String? {
      for folder in searchPath.split(separator: ":") where !folder.isEmpty {
        let path = folder + "/" + name
        if FileManager.default.isExecutableFile(atPath: path) { return path }
      }
      return nil
    }
    guard let tesseract = find("tesseract") else {
      throw LarderImportError.ocrUnavailable(
        reason:
          "photo import needs tesseract-ocr: install it with 'apt-get install tesseract-ocr "
          + "tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa "
          + "tesseract-ocr-ita'")
    }
    // ImageMagick 7 is one `magick` command; 6 (Debian 12) has `convert` and `identify`.
    if let magick = find("magick") {
      return Tools(tesseract: tesseract, convert: [magick], identify: [magick, "identify"])
    }
    guard let convert = find("convert"), let identify = find("identify") else {
      throw LarderImportError.ocrUnavailable(
        reason: "photo import needs ImageMagick: install it with 'apt-get install imagemagick'")
    }
    return Tools(tesseract: tesseract, convert: [convert], identify: [identify])
  }

  /// The languages Tesseract has data for, as Larder's languages.
  public func installedLanguages() throws -> [RecipeLanguage] {
    let tools = try tools()
    return try withPrivateFolder { folder in
      let output = try run(
        [tools.tesseract, "--list-langs"], in: folder, what: "tesseract --list-langs")
      return Self.languages(fromList: output)
    }
  }

  /// Tesseract's version line ("tesseract 5.3.0"), or nil when it is not installed.
  public func version() -> String? {
    guard let tools = try? tools() else { return nil }
    return try? withPrivateFolder { folder in
      try run([tools.tesseract, "--version"], in: folder, what: "tesseract --version")
        .split(whereSeparator: \.isNewline).first.map(String.init)
    }
  }

  static func languages(fromList output: String) -> [RecipeLanguage] {
    let codes = Set(output.split(whereSeparator: \.isNewline).map(String.init))
    return RecipeLanguage.allCases.filter { codes.contains(tesseractCode(for: $0)) }
  }

  /// Reads the text on a photo in `languages`, or else in every installed language Larder
  /// reads, English first; and then, when the text reads as (``LanguageDetector``) another of
  /// them, once more with that language first, since Tesseract leans on its first language
  /// ("Äpfel" comes back as "Apfel" when English leads).
  ///
  /// - Throws: ``LarderCoreError/invalidImage(reason:)`` for bytes that are not an image
  ///   Larder takes; ``LarderImportError/unreadable(source:reason:)`` for a photo of more than
  ///   ``maximumPixels`` or one the tools cannot read;
  ///   ``LarderImportError/ocrUnavailable(reason:)`` when a tool, or every language asked for,
  ///   is not installed; ``LarderImportError/timedOut(url:seconds:)`` when a tool runs out of
  ///   time.
  public func read(_ data: Data, languages: [RecipeLanguage]? = nil) throws -> RecognizedText {
    let format = try ImageFormat.validate(data, declaredType: nil)
    let tools = try tools()
    return try withPrivateFolder { folder in
      let installed = Self.languages(
        fromList: try run(
          [tools.tesseract, "--list-langs"], in: folder, what: "tesseract --list-langs"))
      let asked = languages ?? []
      let wanted = asked.isEmpty ? RecipeLanguage.allCases : asked
      let chosen = wanted.filter { installed.contains($0) }
      guard !chosen.isEmpty else {
        let names = wanted.map { Self.tesseractCode(for: $0) }
        throw LarderImportError.ocrUnavailable(
          reason:
            "Tesseract has no data for \(names.joined(separator: ", ")): install "
            + names.map { "tesseract-ocr-\($0)" }.joined(separator: " "))
      }
      let page = try cleanedPage(data, format: format, tools: tools, in: folder)
      let first = try recognize(page, in: chosen, tools: tools, folder: folder)
      // Read again with the language the text reads as first, when it was not first.
      guard asked.isEmpty, let detected = LanguageDetector.detect(first.text),
        chosen.contains(detected), chosen.first != detected
      else { return first }
      return try recognize(
        page, in: [detected] + chosen.filter { $0 != detected }, tools: tools, folder: folder)
    }
  }

  /// The photo checked for size and cleaned for OCR, as a PNG in `folder`.
  private func cleanedPage(
    _ data: Data, format: ImageFormat, tools: Tools, in folder: URL
  ) throws -> URL {
    let input = folder.appendingPathComponent("photo." + format.rawValue)
    try data.write(to: input)
    let coderInput = format.rawValue + ":" + input.path + "[0]"
    let size = try run(
      tools.identify + ["-ping", "-format", "%w %h", coderInput], in: folder,
      what: "ImageMagick's identify")
    let sides = size.split(separator: " ").compactMap { Int($0) }
    guard sides.count == 2, sides[0] > 0, sides[1] > 0 else {
      throw LarderImportError.unreadable(
        source: "the photo", reason: "ImageMagick could not tell its size")
    }
    guard sides[0] * sides[1] <= maximumPixels else {
      throw LarderImportError.unreadable(
        source: "the photo",
        reason:
          "it is \(sides[0])×\(sides[1]) pixels; a photo may have at most "
          + "\(Self.megapixels(maximumPixels)) megapixels")
    }
    let cleaned = folder.appendingPathComponent("page.png")
    _ = try run(
      tools.convert + [
        coderInput, "-auto-orient", "-background", "white", "-alpha", "remove", "-alpha",
        "off", "-colorspace", "Gray",
        "-resize", "\(Self.minimumWidth)x<",
        "-resize", "\(Self.maximumSide)x\(Self.maximumSide)>",
        "-deskew", "40%", "+repage", "-normalize",
        // A local threshold: dark letters on light paper, shadows and uneven light or not.
        "-negate", "-lat", "40x40+10%", "-negate",
        "png:" + cleaned.path,
      ], in: folder, what: "ImageMagick's convert")
    return cleaned
  }

  /// Tesseract's text for a cleaned page, in `languages` (the first leads).
  private func recognize(
    _ page: URL, in languages: [RecipeLanguage], tools: Tools, folder: URL
  ) throws -> RecognizedText {
    let codes = languages.map { Self.tesseractCode(for: $0) }.joined(separator: "+")
    let text = try run(
      [tools.tesseract, page.path, "stdout", "-l", codes, "--psm", "3"], in: folder,
      what: "tesseract")
    return RecognizedText(text: Self.tidied(text), languages: languages)
  }

  /// OCR text with a step number misread as "4," (for "4.") put right, when the number
  /// follows the step numbered before it; everything else as read.
  static func tidied(_ text: String) -> String {
    var previous: Int?
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      line -> Substring in
      let digits = line.prefix { $0.isASCII && $0.isNumber }
      guard (1...2).contains(digits.count), let number = Int(digits) else { return line }
      let rest = line.dropFirst(digits.count)
      if rest.hasPrefix(". ") || rest.hasPrefix(") ") {
        previous = number
      } else if rest.hasPrefix(", "), let before = previous, number == before + 1 {
        previous = number
        return digits + "." + rest.dropFirst()
      }
      return line
    }
    return lines.joined(separator: "\n")
  }

  /// "50", or "0.1" for a limit under a megapixel.
  static func megapixels(_ pixels: Int) -> String {
    pixels % 1_000_000 == 0
      ? "\(pixels / 1_000_000)" : String(format: "%.1f", Double(pixels) / 1_000_000)
  }

  /// Runs `body` with a new folder only this process's user can open, removed afterwards.
  private func withPrivateFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = workFolder.appendingPathComponent(
      "larder-photo-" + UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }

  /// Runs a tool with no shell, its output and errors in files of `folder`, and stops it
  /// after ``timeLimit`` seconds; returns its standard output.
  private func run(_ arguments: [String], in folder: URL, what: String) throws -> String {
    let outputURL = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
    let errorURL = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    let errors = try FileHandle(forWritingTo: errorURL)
    defer {
      try? output.close()
      try? errors.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.currentDirectoryURL = folder
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    // One thread each (two requests on a small machine must not fight over its cores), the C
    // locale Tesseract wants, and ImageMagick's temporary files in the private folder.
    process.environment = [
      "PATH": searchPath, "LC_ALL": "C", "OMP_THREAD_LIMIT": "1", "MAGICK_THREAD_LIMIT": "1",
      "TMPDIR": folder.path, "MAGICK_TEMPORARY_PATH": folder.path,
    ]
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do {
      try process.run()
    } catch {
      throw LarderImportError.ocrUnavailable(reason: "\(what) could not be started: \(error)")
    }
    if finished.wait(timeout: .now() + timeLimit) == .timedOut {
      process.terminate()
      finished.wait()
      throw LarderImportError.timedOut(url: "reading the photo (\(what))", seconds: timeLimit)
    }
    let text = String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self)
    guard process.terminationStatus == 0 else {
      let message =
        String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self)
        .split(whereSeparator: \.isNewline).first.map(String.init) ?? "no message"
      throw LarderImportError.unreadable(
        source: "the photo",
        reason: "\(what) failed (exit \(process.terminationStatus)): \(message.prefix(200))")
    }
    return text
  }
}

/// What Tesseract read on a photo.
public struct RecognizedText: Sendable, Equatable {
  /// The text, lines as Tesseract found them and blank lines between blocks.
  public var text: String
  /// The languages it was read in.
  public var languages: [RecipeLanguage]

  /// Makes a result.
  public init(text: String, languages: [RecipeLanguage]) {
    self.text = text
    self.languages = languages
  }
}
