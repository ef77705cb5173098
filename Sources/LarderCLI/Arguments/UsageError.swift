/// A command line the CLI cannot accept, with the command it was aimed at.
///
/// The message names the command (`larder import: missing argument <path>`); the caller prints
/// it with that command's usage line and exits with `exitCode`.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong with the command line.
  public enum Reason: Sendable, Equatable {
    /// An option no command on the path declares, as typed (`--jsno`, `-x`), with the closest
    /// declared option if one is close enough to be a likely typo.
    case unknownOption(String, suggestion: String?)
    /// An option that takes a value was last on the line or followed by another option.
    case missingValue(option: String)
    /// A flag was given a value with `=`, as in `--json=yes`.
    case unexpectedValue(option: String, value: String)
    /// An option that is not repeatable was given more than once.
    case repeatedOption(String)
    /// A word was left over after every positional argument was filled.
    case unexpectedArgument(String)
    /// A required positional argument, by name, received no word.
    case missingArgument(String)
    /// A word in subcommand position names no subcommand; with the closest one, if any is close.
    case unknownSubcommand(String, suggestion: String?)
    /// A value has the wrong form: `for` names what it was given to, such as `option --port`,
    /// and `expected` completes "is not …", such as `a whole number`.
    case invalidValue(for: String, value: String, expected: String)
    /// The command needs something the command line did not give, said in full ("the pantry
    /// is empty; say what you have with --have FOODS").
    case needs(String)
  }

  /// The root command's name, for example `larder`.
  public var rootName: String
  /// The subcommand names of the command the error is about; pass them to `HelpFormatter`.
  public var subcommandPath: [String]
  /// What is wrong.
  public var reason: Reason

  /// Creates a usage error about the command at `subcommandPath`.
  public init(rootName: String, subcommandPath: [String], reason: Reason) {
    self.rootName = rootName
    self.subcommandPath = subcommandPath
    self.reason = reason
  }

  /// The exit status for usage errors, by the common convention of command-line tools.
  public var exitCode: Int32 { 2 }

  /// The full command the error is about, for example `larder import`.
  public var commandName: String {
    ([rootName] + subcommandPath).joined(separator: " ")
  }

  /// The message for the user, for example `larder: unknown option '--jsno'; did you mean '--json'?`.
  public var message: String {
    "\(commandName): \(reasonText)"
  }

  /// The same as `message`.
  public var description: String { message }

  /// The part of the message after the command name.
  private var reasonText: String {
    switch reason {
    case .unknownOption(let option, let suggestion):
      "unknown option '\(option)'" + Self.didYouMean(suggestion)
    case .missingValue(let option):
      "missing value for option \(option)"
    case .unexpectedValue(let option, let value):
      "option \(option) does not take a value (got '\(value)')"
    case .repeatedOption(let option):
      "option \(option) given more than once"
    case .unexpectedArgument(let word):
      "unexpected argument '\(word)'"
    case .missingArgument(let name):
      "missing argument <\(name)>"
    case .unknownSubcommand(let word, let suggestion):
      "unknown command '\(word)'" + Self.didYouMean(suggestion)
    case .invalidValue(let subject, let value, let expected):
      "\(subject): '\(value)' is not \(expected)"
    case .needs(let text):
      text
    }
  }

  /// Returns the "; did you mean …?" tail for a suggestion, or nothing.
  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}
