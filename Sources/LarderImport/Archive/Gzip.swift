import Foundation

/// gzip files (`.gz`, and each recipe in a Paprika export) through zlib.
public enum Gzip {
  /// Whether `data` starts like a gzip file.
  public static func isGzip(_ data: Data) -> Bool {
    data.count >= 3 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
      && data[data.startIndex + 2] == 8
  }

  /// The decompressed bytes of a gzip file named `source`, within `budget`.
  ///
  /// - Throws: ``LarderImportError/unreadable(source:reason:)`` when `data` is not gzip or is
  ///   corrupt or truncated (zlib checks the CRC), ``LarderImportError/documentTooLarge(source:limit:)``
  ///   when it expands beyond the per-member limit,
  ///   ``LarderImportError/importBudgetExceeded(source:budget:)`` beyond what is left of the
  ///   budget.
  public static func decompress(
    _ data: Data, source: String, budget: inout ArchiveBudget
  ) throws -> Data {
    guard isGzip(data) else {
      throw LarderImportError.unreadable(source: source, reason: "not a gzip file")
    }
    let limit = budget.nextMemberLimit
    let output: Data
    do {
      output = try Inflater.inflate(data, framing: .gzip, limit: limit, source: source)
    } catch LarderImportError.documentTooLarge {
      throw budget.refusal(expanding: limit + 1, source: source)
    }
    let ratio = budget.limits.maximumRatio
    if output.count > 1 << 20, output.count / max(data.count, 1) > ratio {
      throw LarderImportError.suspiciousCompression(source: source, ratio: ratio)
    }
    budget.charge(output.count)
    return output
  }
}
