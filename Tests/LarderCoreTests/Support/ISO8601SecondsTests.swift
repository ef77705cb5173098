import Foundation
import LarderCore
import Testing

/// Dates written without a formatter per call must read as Foundation's ISO-8601 format style
/// and the JSON encoder write them: to the second, the fraction dropped. (`ISO8601DateFormatter`
/// rounds to the millisecond first, so it writes the next second for a fraction of .9995 or
/// more.)
@Suite struct ISO8601SecondsTests {
  @Test func datesAreWrittenAsFoundationsFormatStyleWritesThem() throws {
    let encoder = LarderJSON.encoder()
    var dates = [
      Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1),
      Date(timeIntervalSince1970: 0.999), Date(timeIntervalSince1970: 951_782_400),
      Date(timeIntervalSince1970: 951_868_799), Date(timeIntervalSince1970: -2_208_988_800.5),
      Date(timeIntervalSince1970: 4_102_444_799), Date(timeIntervalSince1970: 1_765_000_000.5),
      Date(timeIntervalSince1970: 643_324_990.9996), Date(timeIntervalSince1970: 10.99999),
      // Foundation's calendar is Julian before 1582; the last second of year 9999 is the
      // last written without a string per date.
      Date(timeIntervalSince1970: -11_676_096_000), Date(timeIntervalSince1970: 253_402_300_799.5),
    ]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      dates.append(Date(timeIntervalSince1970: Double.random(in: -6e9...6e9, using: &random)))
    }
    for date in dates {
      #expect(
        ISO8601Seconds.string(from: date) == date.formatted(.iso8601),
        "\(date.timeIntervalSince1970)")
      #expect(
        "[\"" + ISO8601Seconds.string(from: date) + "\"]"
          == String(decoding: try encoder.encode([date]), as: UTF8.self))
    }
  }

  /// Beyond year 9999 the date is still written, the slower way.
  @Test func yearsBeyond9999AreWrittenInFull() {
    #expect(
      ISO8601Seconds.string(from: Date(timeIntervalSince1970: 253_402_300_800))
        == "10000-01-01T00:00:00Z")
  }
}
