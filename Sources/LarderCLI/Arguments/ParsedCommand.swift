/// What a command line asks for: a command to run, or help on a command.
public enum ParseOutcome: Sendable, Equatable {
  /// Run the command described by the parsed values.
  case run(ParsedCommand)
  /// Show help for the command at this path of subcommand names (empty for the root).
  case help(subcommandPath: [String])
}

/// A command line that parsed cleanly: which command it selects and the values it gives.
///
/// Options are looked up by long name without dashes (`"db"`), arguments by their spec name.
/// Defaults are not filled in, so an absent option reads as `nil`, `false` or `[]`.
public struct ParsedCommand: Sendable, Equatable {
  /// The root command's name, for example `larder`, used in error messages.
  public var rootName: String
  /// The subcommand names from the root down, for example `["ingredients", "parse"]`; empty when
  /// no subcommand was given (the caller decides what that means, such as showing help).
  public var subcommandPath: [String]
  /// The values given for each option, in command-line order; a flag records an empty string
  /// each time it is given, so `values("verbose").count` counts `-vv`.
  public var optionValues: [String: [String]]
  /// The words bound to each positional argument that received any.
  public var argumentValues: [String: [String]]

  /// Creates a parsed command directly, for example to test a command without parsing.
  public init(
    rootName: String,
    subcommandPath: [String],
    optionValues: [String: [String]] = [:],
    argumentValues: [String: [String]] = [:]
  ) {
    self.rootName = rootName
    self.subcommandPath = subcommandPath
    self.optionValues = optionValues
    self.argumentValues = argumentValues
  }

  /// Returns whether the option was given at least once.
  public func flag(_ name: String) -> Bool {
    optionValues[name] != nil
  }

  /// Returns the option's value, the last one if it was given several times.
  public func value(_ name: String) -> String? {
    optionValues[name]?.last
  }

  /// Returns every value given for the option, in order.
  public func values(_ name: String) -> [String] {
    optionValues[name] ?? []
  }

  /// Returns the option's value as a whole number, or throws a usage error if it is not one.
  public func int(_ name: String) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text) else {
      throw usageError(
        .invalidValue(for: "option --\(name)", value: text, expected: "a whole number"))
    }
    return number
  }

  /// Returns the positional argument's word, the first one for a variadic argument.
  public func argument(_ name: String) -> String? {
    argumentValues[name]?.first
  }

  /// Returns every word bound to the positional argument, in order.
  public func arguments(_ name: String) -> [String] {
    argumentValues[name] ?? []
  }

  /// Makes a usage error about this command, for checks the caller makes after parsing.
  public func usageError(_ reason: UsageError.Reason) -> UsageError {
    UsageError(rootName: rootName, subcommandPath: subcommandPath, reason: reason)
  }
}
