import Foundation
import LarderServer
import Testing

@testable import LarderCLI

/// `public_url`: the addresses Larder is opened by besides loopback, checked at start.
@Suite struct PublicURLConfigTests {
  func resolve(
    file: String = "", environment: [String: String] = [:], flags: [String: String] = [:]
  ) throws(ConfigError) -> Config {
    try Config.resolve(
      flags: flags, environment: environment.merging(["HOME": "/nonexistent"]) { a, _ in a },
      configPath: "/etc/larder-test-config", readFile: { _ in file })
  }

  @Test func byDefaultThereIsNone() throws {
    #expect(try resolve().publicURLs.isEmpty)
  }

  @Test func theFileTakesACommaSeparatedList() throws {
    let config = try resolve(
      file: "public_url = http://192.168.1.20:8080, https://recipes.example.org/\n")
    #expect(
      config.publicURLs.map(\.description) == [
        "http://192.168.1.20:8080", "https://recipes.example.org:443",
      ])
  }

  @Test func theOptionBeatsTheEnvironmentWhichBeatsTheFile() throws {
    let file = "public_url = http://from-file.example\n"
    let environment = ["LARDER_PUBLIC_URL": "http://from-environment.example"]
    #expect(
      try resolve(file: file, environment: environment).publicURLs.map(\.host) == [
        "from-environment.example"
      ])
    let flagged = try resolve(
      file: file, environment: environment, flags: ["public_url": "http://phone.local:8080"])
    #expect(flagged.publicURLs.map(\.host) == ["phone.local"])
  }

  @Test(arguments: [
    ("public_url = 192.168.1.20:8080", "'192.168.1.20:8080' is not a public URL"),
    ("public_url = https://recipes.example.org/larder", "is not a public URL"),
    ("public_url = ftp://recipes.example.org", "is not a public URL"),
  ])
  func aBadURLStopsLarderNamingTheLine(line: String, message: String) {
    #expect {
      _ = try resolve(file: line)
    } throws: { error in
      guard let message = (error as? ConfigError)?.message else { return false }
      return message.hasPrefix("/etc/larder-test-config:1: ")
        && message.contains("http://192.168.1.20:8080")
    }
  }

  @Test func aBadOptionIsNamedAsTheOption() {
    #expect {
      _ = try resolve(flags: ["public_url": "phone"])
    } throws: { error in
      (error as? ConfigError)?.message.hasPrefix("option --public-url: 'phone'") == true
    }
  }
}
