import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The password of `users add` and `users passwd`, read from standard input and never from an
/// argument, where other users of the machine could see it (`ps`, shell history).
///
/// From a pipe or a file it is the one line there, without its line ending; at a terminal it
/// is typed without echo, twice when it is new.
enum PasswordInput {
  /// The most read from a pipe: far more than the longest password accepted, so a mistaken
  /// `< bigfile` is refused rather than read whole.
  static let limit = 16 * 1024

  /// Reads the password for `login` from standard input; at a terminal, asks for it on
  /// standard error (twice when `confirming`).
  ///
  /// - Throws: a ``UsageError`` about `command` when standard input is empty, holds more than
  ///   one line, or the two typed passwords differ.
  static func read(
    for login: String, confirming: Bool, command: ParsedCommand, console: Console
  ) throws -> String {
    if isatty(STDIN_FILENO) == 1 {
      let password = try typed("Password for \(login): ", command: command, console: console)
      if confirming {
        let again = try typed("The same password again: ", command: command, console: console)
        guard again == password else {
          throw command.usageError(.needs("the two passwords differ; nothing was changed"))
        }
      }
      return password
    }
    switch CommandInput.read("-", limit: limit) {
    case .success(let data):
      return try password(in: data, command: command)
    case .failure:
      throw command.usageError(
        .needs(
          "standard input holds more than \(limit / 1024) KiB; give the password alone on one "
            + "line"))
    }
  }

  /// The password in piped input: its one line, without the line ending (`\n` or `\r\n`).
  static func password(in data: Data, command: ParsedCommand) throws -> String {
    // Split as bytes: a String holds "\r\n" as one Character, never equal to "\n".
    let newline = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    var lines = Array(data).split(separator: newline, omittingEmptySubsequences: false).map {
      String(decoding: $0.last == carriageReturn ? $0.dropLast() : $0, as: UTF8.self)
    }
    if lines.last == "" { lines.removeLast() }
    guard let password = lines.first, !password.isEmpty else {
      throw command.usageError(
        .needs(
          "no password on standard input; pipe it in, as in "
            + "printf '%s\\n' \"$PASSWORD\" | larder \(command.subcommandPath.joined(separator: " ")) "
            + "NAME --password-stdin"))
    }
    guard lines.count == 1 else {
      throw command.usageError(
        .needs(
          "standard input holds \(lines.count) lines; give the password alone on one line"))
    }
    return password
  }

  /// Reads one line typed at the terminal with echo turned off, after `prompt`.
  private static func typed(
    _ prompt: String, command: ParsedCommand, console: Console
  ) throws -> String {
    console.prompt(prompt)
    var saved = termios()
    let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
    if canHide {
      var hidden = saved
      hidden.c_lflag &= ~tcflag_t(ECHO)
      _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
    }
    let line = readLine(strippingNewline: true)
    if canHide { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
    // The Return typed was not echoed either.
    console.printError("")
    guard let line, !line.isEmpty else {
      throw command.usageError(.needs("no password was typed; nothing was changed"))
    }
    return line
  }
}
