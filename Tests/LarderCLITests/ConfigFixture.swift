import Foundation

@testable import LarderCLI

/// Resolves settings as `larder` does, from a config file's text, an environment and flags,
/// with no real home folder or file; for the config suites.
enum ConfigFixture {
  static func resolve(
    file: String = "", environment: [String: String] = [:], flags: [String: String] = [:]
  ) throws(ConfigError) -> Config {
    try Config.resolve(
      flags: flags, environment: environment.merging(["HOME": "/nonexistent"]) { a, _ in a },
      configPath: "/etc/larder-test-config", readFile: { _ in file })
  }

  /// The message of the `ConfigError` `body` throws, or nil when it throws none.
  static func message(_ body: () throws -> Config) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      return (error as? ConfigError)?.message
    }
  }
}
