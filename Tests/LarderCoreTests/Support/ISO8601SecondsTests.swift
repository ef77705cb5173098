import Foundation
import LarderCore
import Testing

/// Dates written without a formatter per call must read as Foundation's formatter writes them.
@Suite struct ISO8601SecondsTests {
  @Test func datesAreWrittenAsFoundationsFormatterWritesThem() {
    let formatter = ISO8601DateFormatter()
    var dates = [
      Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1),
      Date(timeIntervalSince1970: 0.999), Date(timeIntervalSince1970: 951_782_400),
      Date(timeIntervalSince1970: 951_868_799), Date(timeIntervalSince1970: -2_208_988_800.5),
      Date(timeIntervalSince1970: 4_102_444_799), Date(timeIntervalSince1970: 1_765_000_000.5),
    ]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      dates.append(Date(timeIntervalSince1970: Double.random(in: -6e9...6e9, using: &random)))
    }
    for date in dates {
      #expect(
        ISO8601Seconds.string(from: date) == formatter.string(from: date),
        "\(date.timeIntervalSince1970)")
    }
  }
}
