import Foundation

extension FoodCatalog {
  /// Reads a catalog in the format of `Resources/foods.tsv`: `#` comment lines, a header line,
  /// then one food per line with the tab-separated columns id, name, plural, parent, aisle,
  /// density, usda, synonyms (separated by `;`) and pantry. Empty columns are absent values;
  /// an empty plural is the name.
  ///
  /// The pantry column holds flags separated by `;`: `group` sets ``Food/isGroup``, and
  /// `everyday` or `distinct` set ``Food/kinship`` (see ``FoodKinship``); empty is a plain
  /// kind that is not a group. Lines of 8 columns, from files written before the column
  /// existed, read as empty; columns after the ninth are ignored.
  ///
  /// - Throws: ``LarderCoreError/invalidField(field:value:reason:item:)`` naming the line
  ///   that has too few columns, an empty id or name, an unknown aisle, a density that is
  ///   not a positive number, an unknown pantry flag or both `everyday` and `distinct`.
  public init(tsv: String) throws {
    var foods: [Food] = []
    var sawHeader = false
    var number = 0
    // Split as bytes: tabs and newlines are ASCII, and splitting a String by Character would
    // run grapheme breaking over the whole file at every start.
    let bytes = Array(tsv.utf8)
    for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      let line = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
      if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
      if !sawHeader && line.starts(with: "id\t".utf8) {
        sawHeader = true
        continue
      }
      let columns = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
      guard columns.count >= 8 else {
        throw LarderCoreError.invalidField(
          field: "foods", value: String(decoding: line, as: UTF8.self),
          reason: "line \(number): expected 8 or 9 tab-separated columns, found \(columns.count)")
      }
      let (id, name, plural, parent, aisle, density, usda, synonyms) = (
        columns[0], columns[1], columns[2], columns[3], columns[4], columns[5], columns[6],
        columns[7]
      )
      guard !id.isEmpty, !name.isEmpty else {
        throw LarderCoreError.invalidField(
          field: "foods", value: String(decoding: line, as: UTF8.self),
          reason: "line \(number): a food needs an id and a name")
      }
      var aisleValue: Aisle?
      if !aisle.isEmpty {
        guard let known = Aisle(rawValue: aisle) else {
          throw LarderCoreError.invalidField(
            field: "foods", value: aisle, reason: "line \(number): unknown aisle")
        }
        aisleValue = known
      }
      let (isGroup, kinship) = try Self.pantryFlags(
        columns.count > 8 ? columns[8] : "", line: number)
      var densityValue: Double?
      if !density.isEmpty {
        guard let value = Double(density), value > 0 else {
          throw LarderCoreError.invalidField(
            field: "foods", value: density,
            reason: "line \(number): density must be a positive number")
        }
        densityValue = value
      }
      foods.append(
        Food(
          id: id, name: name, pluralName: plural.isEmpty ? name : plural,
          synonyms: synonyms.isEmpty
            ? []
            : synonyms.utf8.split(separator: UInt8(ascii: ";")).map {
              String(decoding: $0, as: UTF8.self)
            },
          parentID: parent.isEmpty ? nil : parent, aisle: aisleValue,
          densityGramsPerMillilitre: densityValue, usdaNumber: usda.isEmpty ? nil : usda,
          isGroup: isGroup, kinship: kinship))
    }
    self.init(foods: foods)
  }

  /// The group flag and kinship a pantry column gives, or an error naming the line.
  private static func pantryFlags(_ column: String, line: Int) throws -> (Bool, FoodKinship) {
    var isGroup = false
    var kinship = FoodKinship.kind
    for part in column.split(separator: ";") {
      let token = part.trimmingCharacters(in: .whitespaces)
      switch token {
      case "": continue
      case "group": isGroup = true
      case FoodKinship.everyday.rawValue, FoodKinship.distinct.rawValue:
        let given = FoodKinship(rawValue: token) ?? .kind
        guard kinship == .kind || kinship == given else {
          throw LarderCoreError.invalidField(
            field: "foods", value: column,
            reason: "line \(line): a food is everyday or distinct, not both")
        }
        kinship = given
      default:
        throw LarderCoreError.invalidField(
          field: "foods", value: token,
          reason: "line \(line): unknown pantry flag; expected group, everyday or distinct")
      }
    }
    return (isGroup, kinship)
  }
}
