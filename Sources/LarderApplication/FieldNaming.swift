import Foundation

/// How a front end names a field in a message.
public enum FieldNaming: Sendable {
  /// The JSON API: "query parameter 'x'" for query parameters, "field 'x'" otherwise;
  /// `defaultLocation` stands in for fields whose location the use case did not know.
  case api(defaultLocation: Field.Location)
  /// The command line: "option --x-y", with `options` overriding the spelling of some fields
  /// (`["diets": "diet"]`); other names are written in kebab case (`maxTime` → `--max-time`).
  /// Fields that a command takes as arguments are named in `arguments` (`["q": "words"]` gives
  /// "argument WORDS").
  case commandLine(options: [String: String], arguments: [String: String] = [:])

  /// How `field` is written in a message.
  public func name(of field: Field) -> String {
    let prefix = field.item.map { "item \($0 + 1): " } ?? ""
    switch self {
    case .api(let fallback):
      switch field.location ?? fallback {
      case .query: return prefix + "query parameter '\(field.name)'"
      case .body: return prefix + "field '\(field.name)'"
      case .path: return prefix + "'\(field.name)' in the path"
      }
    case .commandLine(let options, let arguments):
      if let argument = arguments[field.name] {
        return prefix + "argument " + argument.uppercased()
      }
      return prefix + "option --" + (options[field.name] ?? Self.kebabCase(field.name))
    }
  }

  /// `maxTime` → `max-time`.
  static func kebabCase(_ name: String) -> String {
    var output = ""
    for character in name {
      if character.isUppercase {
        if !output.isEmpty { output += "-" }
        output += character.lowercased()
      } else {
        output.append(character)
      }
    }
    return output
  }
}
