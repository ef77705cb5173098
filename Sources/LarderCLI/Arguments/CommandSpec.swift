/// A command the `larder` CLI understands, declared as data: its options, arguments and subcommands.
///
/// The root spec is the program itself (`larder`); its options are global, so they are accepted
/// before or after any subcommand name. More generally, a command's options are accepted anywhere
/// after the command's name, including after the names of its subcommands.
///
/// A command with subcommands takes no positional arguments of its own: every word that is not an
/// option names a subcommand. `--help` and `-h` are built in on every command and are reserved.
public struct CommandSpec: Sendable, Equatable {
  /// The word that selects this command, for example `import`; for the root, the program name.
  public var name: String
  /// One line saying what the command does, shown in help and in its parent's command list.
  public var abstract: String
  /// Longer text shown in the command's help; each line is wrapped on its own, so write one
  /// paragraph per line and indent example lines.
  public var discussion: String
  /// The options this command declares, in the order help lists them.
  public var options: [OptionSpec]
  /// The positional arguments, in order. Words fill them left to right, holding back enough for
  /// the required arguments still to come, so `<recipe>... <tag>` works; declare at most one
  /// variadic argument and no optional one after it.
  public var arguments: [ArgumentSpec]
  /// The commands nested under this one, for example `parse` under `ingredients`.
  public var subcommands: [CommandSpec]

  /// Creates a command spec; only the name and abstract are required.
  public init(
    _ name: String,
    abstract: String,
    discussion: String = "",
    options: [OptionSpec] = [],
    arguments: [ArgumentSpec] = [],
    subcommands: [CommandSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.options = options
    self.arguments = arguments
    self.subcommands = subcommands
  }

  /// Returns the direct subcommand with the given name, if there is one.
  public func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// Returns this command followed by the commands named by `subcommandPath`, stopping at the
  /// first name that is not a subcommand, so the result is never empty.
  func commandChain(at subcommandPath: [String]) -> [CommandSpec] {
    var chain = [self]
    for name in subcommandPath {
      guard let next = chain[chain.count - 1].subcommand(named: name) else { break }
      chain.append(next)
    }
    return chain
  }
}

/// A named option such as `--db PATH`, `--json` or `-t TAG`.
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes, for example `db` for `--db`; values are looked up by it.
  public var name: String
  /// The single-letter name without the dash, for example `t` for `-t`, if the option has one.
  public var shortName: Character?
  /// The placeholder for the value shown in help, for example `PATH`; `nil` for a flag.
  public var valueName: String?
  /// What the option does, in one sentence.
  public var help: String
  /// The default shown in help as `(default: …)`.
  ///
  /// Help only: the parser never substitutes it, so the caller can tell a value that was given
  /// from one that was not (configuration falls back from flags to environment to file).
  public var defaultDescription: String?
  /// Whether the option may be given more than once; if not, a second use is a usage error.
  public var isRepeatable: Bool

  /// Whether the option is a flag, which takes no value.
  public var isFlag: Bool { valueName == nil }

  /// Creates an option; prefer the `flag(…)` and `option(…)` factories.
  public init(
    name: String,
    shortName: Character? = nil,
    valueName: String? = nil,
    help: String,
    defaultDescription: String? = nil,
    isRepeatable: Bool = false
  ) {
    self.name = name
    self.shortName = shortName
    self.valueName = valueName
    self.help = help
    self.defaultDescription = defaultDescription
    self.isRepeatable = isRepeatable
  }

  /// Makes a flag: an option that takes no value, such as `--json`.
  public static func flag(
    _ name: String, short: Character? = nil, help: String, repeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(name: name, shortName: short, help: help, isRepeatable: repeatable)
  }

  /// Makes an option that takes a value, such as `--db PATH`.
  public static func option(
    _ name: String,
    short: Character? = nil,
    valueName: String,
    help: String,
    default defaultDescription: String? = nil,
    repeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      name: name, shortName: short, valueName: valueName, help: help,
      defaultDescription: defaultDescription, isRepeatable: repeatable)
  }

  /// The built-in `--help`/`-h` flag that every command accepts.
  public static let help = OptionSpec.flag("help", short: "h", help: "Show help for this command.")
}

/// A positional argument such as `<path>`.
public struct ArgumentSpec: Sendable, Equatable {
  /// How many words an argument takes.
  public enum Arity: Sendable, Equatable {
    /// Exactly one word, shown as `<name>`.
    case required
    /// One word or none, shown as `[<name>]`.
    case optional
    /// At least one word, shown as `<name>...`.
    case oneOrMore
    /// Any number of words, shown as `[<name>...]`.
    case zeroOrMore
  }

  /// The name shown in help as `<name>`; values are looked up by it.
  public var name: String
  /// What the argument is, in one sentence.
  public var help: String
  /// How many words the argument takes.
  public var arity: Arity

  /// Creates an argument, required unless another arity is given.
  public init(_ name: String, help: String, arity: Arity = .required) {
    self.name = name
    self.help = help
    self.arity = arity
  }

  /// Whether the argument needs at least one word.
  var isRequired: Bool { arity == .required || arity == .oneOrMore }

  /// The argument as it appears in a usage line, for example `[<path>...]`.
  var usage: String {
    switch arity {
    case .required: "<\(name)>"
    case .optional: "[<\(name)>]"
    case .oneOrMore: "<\(name)>..."
    case .zeroOrMore: "[<\(name)>...]"
    }
  }
}
