import Foundation

/// What the readers of other apps' formats share: per-item results, strict text decoding and
/// bounded JSON parsing.
enum FormatSupport {
  /// The one recipe in a JSON document that must be an object (an app's per-recipe export).
  ///
  /// - Throws: ``LarderCoreError/invalidJSON(detail:)`` when the data is not JSON, and
  ///   ``LarderCoreError/noRecipeFound`` when it is not an object.
  static func singleObjectRecipe(
    _ data: Data, read: ([String: Any], inout [String]) throws -> Recipe
  ) throws -> [FoundRecipe] {
    guard let object = try jsonObject(data) as? [String: Any] else {
      throw LarderCoreError.noRecipeFound
    }
    return [item(0, name: string(object["name"])) { warnings in try read(object, &warnings) }]
  }

  /// A recipe with the `name`, `description` and `source_url` (only http) that several apps'
  /// exports share; the name is required.
  static func namedRecipe(_ object: [String: Any]) throws -> Recipe {
    guard let name = string(object["name"]) else {
      throw LarderCoreError.missingField(field: "name")
    }
    var recipe = Recipe(name: name)
    recipe.description = string(object["description"])
    recipe.sourceURL = string(object["source_url"]).flatMap { $0.hasPrefix("http") ? $0 : nil }
    return recipe
  }

  /// Builds one item: the recipe `build` returns, validated, or the error it threw.
  static func item(
    _ index: Int, name: String?, _ build: (inout [String]) throws -> Recipe
  ) -> FoundRecipe {
    var warnings: [String] = []
    do {
      let recipe = try build(&warnings).validated()
      return FoundRecipe(index: index, name: name, result: .success(recipe), warnings: warnings)
    } catch let error as LarderCoreError {
      return FoundRecipe(index: index, name: name, result: .failure(error), warnings: warnings)
    } catch {
      let failure = LarderCoreError.invalidField(
        field: "recipe", value: "", reason: String(describing: error))
      return FoundRecipe(index: index, name: name, result: .failure(failure), warnings: warnings)
    }
  }

  /// How deep JSON may nest before it is refused: recipes need fewer than ten levels, and 512
  /// is where Foundation's own parser stops.
  static let maximumJSONDepth = 512

  /// Parses JSON after checking, without recursion, that it does not nest deeper than
  /// ``maximumJSONDepth`` (a hostile file of a million `[` must not exhaust the stack).
  static func jsonObject(_ data: Data) throws -> Any {
    var depth = 0
    var inString = false
    var escaped = false
    for byte in data {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > maximumJSONDepth {
          throw LarderCoreError.invalidJSON(
            detail: "nested more than \(maximumJSONDepth) levels deep; refused")
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    do {
      return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw LarderCoreError.invalidJSON(detail: SchemaOrg.describe(jsonError: error, data: data))
    }
  }

  /// A string field: text, or a number written as text.
  static func string(_ value: Any?) -> String? {
    SchemaOrg.string(value).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// A duration from minutes (a number) or text; a warning names the field when unreadable.
  static func duration(_ value: Any?, field: String, warnings: inout [String]) -> RecipeDuration? {
    if let number = value as? NSNumber, !(value is Bool) {
      let minutes = number.doubleValue
      return minutes > 0 && minutes < 1e6 ? RecipeDuration(seconds: Int(minutes * 60)) : nil
    }
    guard let text = string(value) else { return nil }
    if let minutes = Double(text), minutes >= 0, minutes < 1e6 {
      return minutes > 0 ? RecipeDuration(seconds: Int(minutes * 60)) : nil
    }
    if let duration = RecipeDuration.parse(text) { return duration }
    warnings.append("field '\(field)': '\(text.prefix(60))' is not a duration; left empty")
    return nil
  }

  /// Lines of text, trimmed, without empty ones.
  static func lines(_ text: String?) -> [String] {
    (text ?? "").replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// Steps from text where paragraphs (blank-line separated) or, failing that, lines are steps.
  static func steps(_ text: String?) -> [InstructionSection] {
    let normalized = (text ?? "").replacingOccurrences(of: "\r\n", with: "\n")
    let paragraphs = normalized.components(separatedBy: "\n\n")
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    let pieces: [String]
    if paragraphs.count > 1 {
      pieces = paragraphs.map { $0.split(separator: "\n").joined(separator: " ") }
    } else {
      pieces = lines(normalized)
    }
    // Markdown headings ("### Source") read as plain text in a step.
    let steps = pieces.map { piece -> InstructionStep in
      let text = piece.hasPrefix("#") ? String(piece.drop { $0 == "#" }) : piece
      return InstructionStep(text: PlainText.clean(text).trimmingCharacters(in: .whitespaces))
    }
    return steps.isEmpty ? [] : [InstructionSection(steps: steps)]
  }
}

/// Turns file bytes into text for the readers, with an error naming the line and byte when the
/// bytes are not the encoding the format requires.
public enum RecipeText {
  /// `data` as UTF-8 text without a byte-order mark.
  ///
  /// - Throws: ``LarderCoreError/invalidField(field:value:reason:item:)`` naming the line and
  ///   byte of the first invalid sequence.
  public static func utf8(_ data: Data) throws -> String {
    if let text = String(data: data, encoding: .utf8) {
      return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }
    var offset = 0
    var line = 1
    let bytes = [UInt8](data)
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    loop: while true {
      let before = offset
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += String(scalar).utf8.count
        if scalar == "\n" { line += 1 }
      case .emptyInput: break loop
      case .error:
        offset = before
        break loop
      }
    }
    throw LarderCoreError.invalidField(
      field: "encoding", value: "",
      reason: "line \(line), byte \(offset + 1): not valid UTF-8 (save the file as UTF-8)")
  }

  /// UTF-8 text, or Windows-1252 for the older formats that predate UTF-8 (MealMaster).
  public static func legacy(_ data: Data) -> String {
    if let text = try? utf8(data) { return text }
    return String(data: data, encoding: .windowsCP1252)
      ?? String(decoding: data.map { UInt16($0) }, as: UTF16.self)
  }

}

/// JSON parsing that refuses documents nested deeper than recipes ever are, before Foundation's
/// recursive parser sees them.
public enum BoundedJSON {
  /// The parsed value.
  ///
  /// - Throws: ``LarderCoreError/invalidJSON(detail:)`` for text that is not JSON or nests more
  ///   than 512 levels deep.
  public static func parse(_ data: Data) throws -> Any { try FormatSupport.jsonObject(data) }
}
