extension CommandSpec {
  /// Parses command-line words, without the program name, against this root command.
  ///
  /// Accepted forms: `--name value`, `--name=value`, `-n value`, `-nvalue`, `-n=value`, clusters
  /// of short flags (`-vq`, `-vt TAG`), `--` to end options, and `-` as an ordinary word (standard
  /// input). A word that starts with `-` and a digit, such as `-2`, is a value, not an option.
  ///
  /// `--help` or `-h` anywhere before `--` yields `.help` rather than running or failing, even
  /// if the line has mistakes. The help is for the last command named before the first mistake,
  /// so `larder import --bogus --help` gives help on `import`.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
    var parser = CommandLineParser(root: self)
    do {
      return try parser.parse(arguments)
    } catch {
      // Someone asking for help should get it, even when the rest of the line is wrong.
      let optionWords = arguments.prefix { $0 != "--" }
      let helpIsLater = optionWords.contains { $0 == "--help" || $0 == "-h" }
      if parser.isHelpRequested || helpIsLater {
        return .help(subcommandPath: error.subcommandPath)
      }
      throw error
    }
  }
}

/// The state of one pass over a command line; `CommandSpec.parse(_:)` is the way in.
struct CommandLineParser {
  /// The root command, whose name prefixes error messages.
  let root: CommandSpec
  /// The command reached so far.
  private var current: CommandSpec
  /// The commands above `current`, from the root down; their options still apply.
  private var ancestors: [CommandSpec] = []
  /// The subcommand names from the root to `current`.
  private var subcommandPath: [String] = []
  /// The values recorded for each option, by long name.
  private var optionValues: [String: [String]] = [:]
  /// The words that are neither options, option values nor subcommand names.
  private var positionalWords: [String] = []
  /// Whether `--help` or `-h` has been seen.
  private(set) var isHelpRequested = false

  /// Creates a parser positioned at the root command.
  init(root: CommandSpec) {
    self.root = root
    self.current = root
  }

  /// Reads every word, then binds the positional words to the final command's arguments.
  mutating func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
    var words = arguments[...]
    while let word = words.popFirst() {
      if word == "--" {
        positionalWords.append(contentsOf: words)
        break
      } else if word.hasPrefix("--") {
        try readLongOption(word, rest: &words)
      } else if Self.isOption(word) {
        try readShortOptions(word, rest: &words)
      } else if !current.subcommands.isEmpty {
        try enterSubcommand(word)
      } else {
        positionalWords.append(word)
      }
    }
    if isHelpRequested {
      return .help(subcommandPath: subcommandPath)
    }
    return .run(
      ParsedCommand(
        rootName: root.name, subcommandPath: subcommandPath, optionValues: optionValues,
        argumentValues: try bindArguments()))
  }

  /// Returns whether a word is an option or cluster of options rather than a value: it starts
  /// with `-`, is not `-` alone, and is not a negative number.
  static func isOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), let second = word.dropFirst().first else { return false }
    return !(second.isASCII && second.isWholeNumber)
  }

  /// The options that apply at the current command: help, its own, then its ancestors'.
  private var visibleOptions: [OptionSpec] {
    [OptionSpec.help] + current.options + ancestors.reversed().flatMap(\.options)
  }

  /// Reads `--name`, `--name=value` or `--name value`.
  private mutating func readLongOption(
    _ word: String, rest: inout ArraySlice<String>
  ) throws(UsageError) {
    let body = word.dropFirst(2)
    let name = String(body.prefix { $0 != "=" })
    let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
    let spelling = "--\(name)"
    guard let option = visibleOptions.first(where: { $0.name == name }) else {
      let suggestion = Spelling.closest(to: name, among: visibleOptions.map(\.name))
      throw error(.unknownOption(spelling, suggestion: suggestion.map { "--\($0)" }))
    }
    if option.isFlag {
      if let inlineValue {
        throw error(.unexpectedValue(option: spelling, value: inlineValue))
      }
      try record("", for: option, spelling: spelling)
    } else {
      // Not `??`: it rethrows as `any Error`, losing the typed `UsageError`.
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        value = try takeValue(for: spelling, from: &rest)
      }
      try record(value, for: option, spelling: spelling)
    }
  }

  /// Reads a cluster of short options such as `-v`, `-vq`, `-t TAG`, `-tTAG` or `-vt=TAG`; the
  /// first option in the cluster that takes a value takes the rest of the cluster, if any.
  private mutating func readShortOptions(
    _ word: String, rest: inout ArraySlice<String>
  ) throws(UsageError) {
    var letters = word.dropFirst()
    while let letter = letters.popFirst() {
      let spelling = "-\(letter)"
      guard let option = visibleOptions.first(where: { $0.shortName == letter }) else {
        throw error(.unknownOption(spelling, suggestion: nil))
      }
      if option.isFlag {
        try record("", for: option, spelling: spelling)
        continue
      }
      let value =
        letters.isEmpty
        ? try takeValue(for: spelling, from: &rest)
        : String(letters.first == "=" ? letters.dropFirst() : letters)
      try record(value, for: option, spelling: spelling)
      return
    }
  }

  /// Takes the next word as the value of an option, unless it is missing or is an option.
  private func takeValue(
    for spelling: String, from rest: inout ArraySlice<String>
  ) throws(UsageError) -> String {
    guard let next = rest.first, !Self.isOption(next) else {
      throw error(.missingValue(option: spelling))
    }
    rest.removeFirst()
    return next
  }

  /// Records one use of an option; help is noted rather than recorded.
  private mutating func record(
    _ value: String, for option: OptionSpec, spelling: String
  ) throws(UsageError) {
    if option == .help {
      isHelpRequested = true
      return
    }
    if !option.isRepeatable, optionValues[option.name] != nil {
      throw error(.repeatedOption(spelling))
    }
    optionValues[option.name, default: []].append(value)
  }

  /// Moves down into the subcommand named by `word`.
  private mutating func enterSubcommand(_ word: String) throws(UsageError) {
    guard let subcommand = current.subcommand(named: word) else {
      let suggestion = Spelling.closest(to: word, among: current.subcommands.map(\.name))
      throw error(.unknownSubcommand(word, suggestion: suggestion))
    }
    ancestors.append(current)
    subcommandPath.append(subcommand.name)
    current = subcommand
  }

  /// Hands the positional words to the current command's arguments in order, keeping back
  /// enough words for the required arguments that follow an optional or variadic one.
  private func bindArguments() throws(UsageError) -> [String: [String]] {
    var words = positionalWords[...]
    var bound: [String: [String]] = [:]
    let arguments = current.arguments
    for (index, argument) in arguments.enumerated() {
      let reserved = arguments[(index + 1)...].filter(\.isRequired).count
      let spare = max(0, words.count - reserved)
      let count: Int
      switch argument.arity {
      case .required: count = min(1, words.count)
      case .optional: count = min(1, spare)
      case .oneOrMore: count = max(1, spare)
      case .zeroOrMore: count = spare
      }
      if argument.isRequired, count == 0 || words.isEmpty {
        throw error(.missingArgument(argument.name))
      }
      if count > 0 {
        bound[argument.name] = Array(words.prefix(count))
        words = words.dropFirst(count)
      }
    }
    if let extra = words.first {
      throw error(.unexpectedArgument(extra))
    }
    return bound
  }

  /// Makes a usage error about the command reached so far.
  private func error(_ reason: UsageError.Reason) -> UsageError {
    UsageError(rootName: root.name, subcommandPath: subcommandPath, reason: reason)
  }
}
