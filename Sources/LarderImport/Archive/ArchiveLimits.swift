/// How much an archive may expand to, so that a hostile one (a "zip bomb") is refused with a
/// clear error long before it fills memory.
public struct ArchiveLimits: Hashable, Sendable {
  /// The most bytes one member may expand to.
  public var maximumMemberBytes: Int
  /// The most bytes all members of an import may expand to together, nested archives included.
  public var maximumTotalBytes: Int
  /// The most a member may expand relative to its compressed size (text compresses about 10:1;
  /// a bomb thousands to one).
  public var maximumRatio: Int
  /// The most members an archive may list.
  public var maximumMembers: Int
  /// How deep archives may sit inside archives.
  public var maximumNesting: Int

  /// The limits used for imports: 64 MiB per member, 512 MiB in all, at most 1000:1, 100,000
  /// members, three archives deep.
  public init(
    maximumMemberBytes: Int = 64 << 20, maximumTotalBytes: Int = 512 << 20,
    maximumRatio: Int = 1000, maximumMembers: Int = 100_000, maximumNesting: Int = 3
  ) {
    self.maximumMemberBytes = maximumMemberBytes
    self.maximumTotalBytes = maximumTotalBytes
    self.maximumRatio = maximumRatio
    self.maximumMembers = maximumMembers
    self.maximumNesting = maximumNesting
  }

  /// The limits that follow from accepting files of up to `fileBytes` (a user's
  /// `max_file_size`): a member or gzip layer may expand to that size too, and one file's
  /// members and layers together to ``budget(forFileBytes:)``; ratio, member count and
  /// nesting stay as they are.
  public init(allowingFilesUpTo fileBytes: Int) {
    self.init(
      maximumMemberBytes: fileBytes, maximumTotalBytes: Self.budget(forFileBytes: fileBytes))
  }

  /// The decompressed bytes one import file may expand to in all: four times the file limit,
  /// and never less than 512 MiB, so that today's exports with photos (a Paprika export keeps
  /// each photo inside its gzipped recipes) still read at the default 64 MiB limit.
  public static func budget(forFileBytes fileBytes: Int) -> Int {
    max(512 << 20, fileBytes.multipliedReportingOverflow(by: 4).partialValue)
  }
}

/// What is left of ``ArchiveLimits/maximumTotalBytes`` while one file is imported; every
/// expanded member and gzip layer is charged to it.
public struct ArchiveBudget: Sendable {
  /// The limits in force.
  public let limits: ArchiveLimits
  /// Bytes expanded so far.
  public private(set) var expandedBytes = 0
  /// Whether a member was refused for want of budget: nothing more of the file is read, so
  /// the error that says so stays true.
  public private(set) var isExhausted = false

  /// Starts an import's budget.
  public init(limits: ArchiveLimits = ArchiveLimits()) { self.limits = limits }

  /// The most the next member may expand to: the per-member limit or what is left in total.
  var nextMemberLimit: Int {
    min(limits.maximumMemberBytes, limits.maximumTotalBytes - expandedBytes)
  }

  /// Charges `bytes` to the budget.
  mutating func charge(_ bytes: Int) { expandedBytes += bytes }

  /// The error for `source`, which would expand to `bytes`, more than ``nextMemberLimit``: the
  /// per-member limit when it is larger than that, else the budget, which is then exhausted.
  mutating func refusal(expanding bytes: Int, source: String) -> LarderImportError {
    if bytes > limits.maximumMemberBytes {
      return .documentTooLarge(source: source, limit: limits.maximumMemberBytes)
    }
    isExhausted = true
    return .importBudgetExceeded(source: source, budget: limits.maximumTotalBytes)
  }
}
