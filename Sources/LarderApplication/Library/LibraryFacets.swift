import Foundation
import LarderCore

/// Counts of courses, cuisines, diets, tags and time bands among some recipes, for the
/// library's filter chips.
///
/// As JSON: `{"course": [{"value": "Dinner", "count": 3}], ..., "maxTime": [{"value": 15,
/// "count": 2}]}`, each list most common first (time bands shortest first).
public struct LibraryFacets: Sendable, Equatable, Encodable {
  /// One value of a facet and how many of the recipes have it.
  public struct Count<Value: Sendable & Equatable & Encodable>: Sendable, Equatable, Encodable {
    /// The value as first spelled ("Dinner"), or a time band's minutes.
    public var value: Value
    /// How many recipes have it.
    public var count: Int

    /// Makes a count.
    public init(value: Value, count: Int) {
      self.value = value
      self.count = count
    }
  }

  /// Courses (meal types), at most 20.
  public var courses: [Count<String>] = []
  /// Cuisines, at most 30.
  public var cuisines: [Count<String>] = []
  /// Diets the recipes meet, as written or implied (a vegan recipe counts as vegetarian too),
  /// as the diet filter reads them: a chip's count is what choosing it shows. At most 12.
  public var diets: [Count<String>] = []
  /// Tags (collections), at most 30.
  public var tags: [Count<String>] = []
  /// How many recipes are ready in at most 15, 30 and 60 minutes.
  public var times: [Count<Int>] = []

  enum CodingKeys: String, CodingKey {
    case courses = "course", cuisines = "cuisine", diets = "diet", tags = "tag", times = "maxTime"
  }

  init(_ entries: [LibraryEntry]) {
    var courses: [String: Int] = [:]
    var cuisines: [String: Int] = [:]
    var diets: [String: Int] = [:]
    var tags: [String: Int] = [:]
    var bands = [15: 0, 30: 0, 60: 0]
    // Values compare ignoring case and show as first spelled.
    var spelling: [String: String] = [:]
    // Each entry's fields are read where they lie: copying whole entries (each string and
    // list retained) was most of counting a large library.
    for position in entries.indices {
      for (index, key) in entries[position].courses.enumerated() {
        courses[key, default: 0] += 1
        if spelling[key] == nil, index < entries[position].summary.courses.count {
          spelling[key] = entries[position].summary.courses[index].trimmingCharacters(
            in: .whitespaces)
        }
      }
      for (index, key) in entries[position].cuisines.enumerated() {
        cuisines[key, default: 0] += 1
        if spelling[key] == nil, index < entries[position].summary.cuisines.count {
          spelling[key] = entries[position].summary.cuisines[index].trimmingCharacters(
            in: .whitespaces)
        }
      }
      for diet in entries[position].diets { diets[diet.rawValue, default: 0] += 1 }
      for tag in entries[position].tags { tags[tag, default: 0] += 1 }
      if let minutes = entries[position].minutes {
        for band in bands.keys where minutes <= band { bands[band, default: 0] += 1 }
      }
    }
    func ranked(_ counts: [String: Int], _ limit: Int) -> [Count<String>] {
      counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        .prefix(limit).map { Count(value: spelling[$0.key] ?? $0.key, count: $0.value) }
    }
    self.courses = ranked(courses, 20)
    self.cuisines = ranked(cuisines, 30)
    self.diets = ranked(diets, 12)
    self.tags = ranked(tags, 30)
    self.times = bands.keys.sorted().map { Count(value: $0, count: bands[$0] ?? 0) }
  }
}
