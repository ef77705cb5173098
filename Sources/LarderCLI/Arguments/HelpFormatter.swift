/// Renders help and usage text for a command in a `CommandSpec` tree.
///
/// Help reads: usage line, abstract, discussion, then the sections `Arguments:`, `Options:`,
/// `Global options:` (those of the commands above) and `Commands:`, with the help texts in one
/// aligned column and every line wrapped at `width`. Text has no trailing newline.
public struct HelpFormatter: Sendable {
  /// The column at which lines wrap.
  public var width: Int

  /// The widest label (such as `  -t, --tag <TAG>`) that still has its help on the same line;
  /// longer labels put their help on the next line so one long option does not push every
  /// other help text to the right.
  static let maximumLabelWidth = 30

  /// Creates a formatter that wraps lines at `width` columns.
  public init(width: Int = 80) {
    self.width = width
  }

  /// Returns the usage line for the command at `subcommandPath` under `root`, for example
  /// `Usage: larder import [options] <source>...`.
  public func usage(for root: CommandSpec, subcommandPath: [String]) -> String {
    usageLines(for: root.commandChain(at: subcommandPath)).joined(separator: "\n")
  }

  /// Returns the full help for the command at `subcommandPath` under `root`.
  ///
  /// A path that goes astray stops at the last command it names.
  public func help(for root: CommandSpec, subcommandPath: [String]) -> String {
    let chain = root.commandChain(at: subcommandPath)
    let command = chain[chain.count - 1]
    let sections: [(title: String, rows: [Row])] = [
      ("Arguments:", command.arguments.map { Row(label: "  \($0.usage)", help: $0.help) }),
      ("Options:", (command.options + [.help]).map(Self.row)),
      ("Global options:", chain.dropLast().flatMap(\.options).map(Self.row)),
      ("Commands:", command.subcommands.map { Row(label: "  \($0.name)", help: $0.abstract) }),
    ]
    let labelWidths = sections.flatMap(\.rows).map(\.label.count)
    let helpColumn = (labelWidths.filter { $0 <= Self.maximumLabelWidth }.max() ?? 0) + 2

    var blocks = [usageLines(for: chain)]
    if !command.abstract.isEmpty {
      blocks.append(wrap(command.abstract, prefix: "", indent: 0))
    }
    if !command.discussion.isEmpty {
      blocks.append(discussionLines(command.discussion))
    }
    for section in sections where !section.rows.isEmpty {
      blocks.append(
        [section.title] + section.rows.flatMap { lines(for: $0, helpColumn: helpColumn) })
    }
    if !command.subcommands.isEmpty {
      let commandName = chain.map(\.name).joined(separator: " ")
      blocks.append(
        wrap("Run '\(commandName) <command> --help' for help on a command.", prefix: "", indent: 0))
    }
    return blocks.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
  }

  /// One entry of a help section: the label on the left, its help text on the right.
  struct Row {
    /// The indented left-hand text, such as `  -t, --tag <TAG>`.
    var label: String
    /// The explanation, wrapped into the help column.
    var help: String
  }

  /// Returns the row for an option, with its default and repeatability after its help.
  static func row(for option: OptionSpec) -> Row {
    var label = option.shortName.map { "  -\($0), " } ?? "      "
    label += "--\(option.name)"
    if let valueName = option.valueName {
      label += " <\(valueName)>"
    }
    let notes = [
      option.help,
      option.defaultDescription.map { "(default: \($0))" },
      option.isRepeatable ? "(repeatable)" : nil,
    ]
    return Row(
      label: label, help: notes.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "))
  }

  /// Returns the usage line for the last command in `chain`, wrapped under its first word.
  func usageLines(for chain: [CommandSpec]) -> [String] {
    let command = chain[chain.count - 1]
    var words = chain.map(\.name) + ["[options]"] + command.arguments.map(\.usage)
    if !command.subcommands.isEmpty {
      words.append("<command>")
    }
    let prefix = "Usage: "
    return wrap(words.joined(separator: " "), prefix: prefix, indent: prefix.count)
  }

  /// Returns a row's lines: the label, then the help wrapped in the help column, starting on the
  /// label's line when the label fits to the left of the column.
  func lines(for row: Row, helpColumn: Int) -> [String] {
    let indent = String(repeating: " ", count: helpColumn)
    if row.help.isEmpty {
      return [row.label]
    }
    if row.label.count + 2 > helpColumn {
      return [row.label] + wrap(row.help, prefix: indent, indent: helpColumn)
    }
    let padding = String(repeating: " ", count: helpColumn - row.label.count)
    return wrap(row.help, prefix: row.label + padding, indent: helpColumn)
  }

  /// Returns the discussion's lines, each wrapped on its own under its own indentation.
  func discussionLines(_ discussion: String) -> [String] {
    discussion.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      let indent = String(line.prefix { $0 == " " })
      return wrap(String(line.dropFirst(indent.count)), prefix: indent, indent: indent.count)
    }
  }

  /// Breaks `text` at spaces into lines no wider than `width` where words allow, the first line
  /// starting with `prefix` and the others with `indent` spaces.
  func wrap(_ text: String, prefix: String, indent: Int) -> [String] {
    var lines: [String] = []
    var line = prefix
    var lineHasWord = false
    for word in text.split(separator: " ") {
      if lineHasWord, line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: indent)
        lineHasWord = false
      }
      line += lineHasWord ? " \(word)" : word
      lineHasWord = true
    }
    while line.last == " " {
      line.removeLast()
    }
    lines.append(line)
    return lines
  }
}
