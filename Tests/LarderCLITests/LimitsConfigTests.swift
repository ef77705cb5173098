import Foundation
import Testing

@testable import LarderCLI

/// `max_file_size` (`--max-file-size`) and the connection limits, read like every setting and
/// refused with the setting's name and value.
@Suite struct LimitsConfigTests {
  func resolve(
    file: String = "", environment: [String: String] = [:], flags: [String: String] = [:]
  ) throws(ConfigError) -> Config {
    try ConfigFixture.resolve(file: file, environment: environment, flags: flags)
  }

  private func message(_ body: () throws -> Config) -> String? { ConfigFixture.message(body) }

  @Test(
    "sizes are bytes or a number with a decimal or binary unit",
    arguments: [
      ("68000000", 68_000_000), ("200MB", 200_000_000), ("200 mb", 200_000_000),
      ("64MiB", 64 << 20), ("1.5GiB", 3 << 29), ("512KB", 512_000), ("2kib", 2048),
      ("1GB", 1_000_000_000), ("100B", 100), (" 3 MiB ", 3 << 20),
    ])
  func sizesAreRead(text: String, bytes: Int) {
    #expect(Config.byteSize(text) == bytes)
  }

  @Test(
    "anything else is not a size",
    arguments: [
      "", "MB", "12XB", "1.5", "-5MB", "1..5MB", "5.MB", "ten MB", "1e9", "99999999999999999999GB",
    ])
  func nonSizesAreRefused(text: String) {
    #expect(Config.byteSize(text) == nil)
  }

  @Test func theFileLimitIs64MiBByDefaultAndEverySourceMayRaiseIt() throws {
    #expect(try resolve().maxFileBytes == 64 << 20)
    #expect(try resolve(file: "max_file_size = 100MB\n").maxFileBytes == 100_000_000)
    #expect(
      try resolve(
        file: "max_file_size = 100MB\n", environment: ["LARDER_MAX_FILE_SIZE": "1GiB"]
      ).maxFileBytes == 1 << 30)
    #expect(
      try resolve(
        environment: ["LARDER_MAX_FILE_SIZE": "1GiB"], flags: ["max_file_size": "70MB"]
      ).maxFileBytes == 70_000_000)
  }

  @Test func aBadFileSizeNamesTheSettingAndTheValue() {
    #expect(
      message { try resolve(flags: ["max_file_size": "12XB"]) }
        == "option --max-file-size: '12XB' is not a size; write bytes, or a number with KB, MB "
        + "or GB (powers of 1000) or KiB, MiB or GiB (powers of 1024), such as 200MB")
    #expect(
      message { try resolve(file: "max_file_size = 5GB\n") }
        == "/etc/larder-test-config:1: '5GB' is 5000000000 bytes; the file size limit must be "
        + "from 1 KiB to 4 GiB")
    #expect(
      message { try resolve(environment: ["LARDER_MAX_FILE_SIZE": "100"]) }?.hasPrefix(
        "environment variable LARDER_MAX_FILE_SIZE: '100' is 100 bytes") == true)
  }

  @Test func connectionLimitsHaveDefaultsThatSpareAProxy() throws {
    let direct = try resolve()
    #expect(direct.maxConnections == 256)
    #expect(direct.maxConnectionsPerClient == 64)
    // Behind a proxy every client has the proxy's address: one client's limit is everyone's.
    let proxied = try resolve(file: "trusted_proxies = 127.0.0.1\nmax_connections = 500\n")
    #expect(proxied.maxConnectionsPerClient == 500)
    #expect(try resolve(flags: ["max_connections": "10"]).maxConnectionsPerClient == 10)
    let chosen = try resolve(
      file: "trusted_proxies = 127.0.0.1\n", flags: ["max_connections_per_client": "8"])
    #expect(chosen.maxConnectionsPerClient == 8)
  }

  @Test func badConnectionLimitsNameTheSettingAndTheValue() {
    #expect(
      message { try resolve(flags: ["max_connections": "0"]) }
        == "option --max-connections: '0' is not a whole number from 1 to 100000")
    #expect(
      message { try resolve(environment: ["LARDER_MAX_CONNECTIONS_PER_CLIENT": "many"]) }
        == "environment variable LARDER_MAX_CONNECTIONS_PER_CLIENT: 'many' is not a whole "
        + "number from 1 to 100000")
    #expect(
      message { try resolve(file: "max_connections = 50\nmax_connections_per_client = 60\n") }
        == "/etc/larder-test-config:2: '60' is more than max_connections (50); one client "
        + "cannot hold more connections than all clients together")
  }
}
