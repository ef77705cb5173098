import Foundation

/// `openssl` and `curl`, run as child processes.
public enum TLSTools {
  /// The tool's path in the usual places, or nil when it is not installed.
  public static func path(of tool: String) -> String? {
    ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + tool }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Whether both tools are installed.
  public static let available = path(of: "openssl") != nil && path(of: "curl") != nil
  /// Why a test that needs them is skipped.
  public static let missingMessage =
    "needs openssl and curl to make a certificate and an HTTPS request (scripts/ensure-deps.sh)"

  /// Runs a tool; returns its exit status and what it printed.
  public static func run(
    _ tool: String, _ arguments: [String]
  ) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let process = Process()
    guard let path = path(of: tool) else { throw TLSToolError("\(tool) is not installed") }
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }

  /// Runs curl quietly, with a 5-second limit.
  public static func curl(
    _ arguments: [String]
  ) throws -> (
    status: Int32, output: String, errors: String
  ) {
    try run("curl", ["--silent", "--show-error", "--max-time", "5"] + arguments)
  }
}

/// A fresh self-signed certificate for 127.0.0.1 and its key, in a temporary folder.
public struct SelfSignedPair: Sendable {
  /// The folder holding both files.
  public let directory: String
  /// `cert.pem`.
  public var certificateFile: String { directory + "/cert.pem" }
  /// `key.pem`.
  public var keyFile: String { directory + "/key.pem" }

  /// Makes a pair with `openssl req -x509`: an EC key, valid two days, for IP 127.0.0.1.
  public static func make() throws -> SelfSignedPair {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-tls-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let pair = SelfSignedPair(directory: directory)
    let result = try TLSTools.run(
      "openssl",
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", pair.keyFile, "-out", pair.certificateFile, "-days", "2",
        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
      ])
    guard result.status == 0 else {
      throw TLSToolError("openssl could not make a certificate: \(result.errors)")
    }
    return pair
  }

  /// Deletes the folder.
  public func remove() {
    try? FileManager.default.removeItem(atPath: directory)
  }
}

/// A tool that is missing or failed.
public struct TLSToolError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
  init(_ description: String) { self.description = description }
}
