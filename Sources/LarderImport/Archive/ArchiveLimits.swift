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
}

/// What is left of ``ArchiveLimits/maximumTotalBytes`` during one import; every expanded member
/// is charged to it.
public struct ArchiveBudget: Sendable {
  /// The limits in force.
  public let limits: ArchiveLimits
  /// Bytes expanded so far.
  public private(set) var expandedBytes = 0

  /// Starts an import's budget.
  public init(limits: ArchiveLimits = ArchiveLimits()) { self.limits = limits }

  /// The most the next member may expand to: the per-member limit or what is left in total.
  var nextMemberLimit: Int {
    min(limits.maximumMemberBytes, limits.maximumTotalBytes - expandedBytes)
  }

  /// Charges `bytes` to the budget.
  mutating func charge(_ bytes: Int) { expandedBytes += bytes }
}
