import Foundation

/// Where the CLI writes: standard output for results, standard error for progress and errors.
///
/// `@unchecked Sendable`: writes go straight to file handles, which are safe to use from any
/// thread; the progress state is touched only under `lock`.
public final class Console: @unchecked Sendable {
  private let output: FileHandle
  private let errors: FileHandle
  private let lock = NSLock()
  private var progressShown = false
  /// Whether standard error is a terminal, where progress lines are drawn.
  public let errorsIsTerminal: Bool

  /// A console over the process's standard output and error.
  public init() {
    output = FileHandle.standardOutput
    errors = FileHandle.standardError
    errorsIsTerminal = isatty(STDERR_FILENO) == 1
  }

  /// Writes a line of results.
  public func print(_ line: String) {
    clearProgress()
    output.write(Data((line + "\n").utf8))
  }

  /// Writes a line to standard error (errors, warnings, the access log).
  public func printError(_ line: String) {
    clearProgress()
    lock.lock()
    errors.write(Data((line + "\n").utf8))
    lock.unlock()
  }

  /// Writes a question to standard error without ending the line, for an answer typed at a
  /// terminal.
  public func prompt(_ text: String) {
    clearProgress()
    lock.lock()
    errors.write(Data(text.utf8))
    lock.unlock()
  }

  /// Redraws a one-line progress indicator on a terminal; does nothing elsewhere.
  public func progress(_ line: String) {
    guard errorsIsTerminal else { return }
    lock.lock()
    errors.write(Data(("\r\u{1B}[K" + line).utf8))
    progressShown = true
    lock.unlock()
  }

  /// Removes the progress line, if one is drawn.
  public func clearProgress() {
    lock.lock()
    if progressShown {
      errors.write(Data("\r\u{1B}[K".utf8))
      progressShown = false
    }
    lock.unlock()
  }
}
