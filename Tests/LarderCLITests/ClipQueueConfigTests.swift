import Foundation
import Testing

@testable import LarderCLI

/// The clipping queue's settings: how many clips run and wait, and each clip's deadline.
@Suite struct ClipQueueConfigTests {
  func resolve(file: String, environment: [String: String] = [:]) throws(ConfigError) -> Config {
    try ConfigFixture.resolve(file: file, environment: environment)
  }

  @Test func theDefaultsAreFourRunningTwelveWaitingAndFortyFiveSeconds() throws {
    let config = try resolve(file: "")
    #expect(config.clipWorkers == 4)
    #expect(config.clipQueue == 12)
    #expect(config.clipDeadlineSeconds == 45)
  }

  @Test func theFileSetsThemAndTheEnvironmentWins() throws {
    let config = try resolve(
      file: "clip_workers = 2\nclip_queue = 0\nclip_deadline = 20\n",
      environment: ["LARDER_CLIP_WORKERS": "3"])
    #expect(config.clipWorkers == 3)
    #expect(config.clipQueue == 0)
    #expect(config.clipDeadlineSeconds == 20)
  }

  @Test(
    "a value out of range names its setting and the range",
    arguments: [
      ("clip_workers = 0", "'0' is not a whole number from 1 to 64"),
      ("clip_queue = -1", "'-1' is not a whole number from 0 to 1024"),
      ("clip_deadline = 601", "'601' is not a whole number from 1 to 600"),
    ])
  func outOfRange(line: String, message: String) {
    #expect {
      try resolve(file: line + "\n")
    } throws: { error in
      (error as? ConfigError)?.message.contains(message) == true
    }
  }
}
