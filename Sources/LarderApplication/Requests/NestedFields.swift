import Foundation

extension Decoder {
  /// Refuses a field of a nested object that is not one of `allowed`, naming it by its path
  /// (`recipes[0].serving`), as ``RequestFields`` refuses an unknown top-level field.
  public func refuseFields(notIn allowed: [String]) throws {
    guard let fields = try? container(keyedBy: AnyFieldKey.self) else { return }
    let names = fields.allKeys.map(\.stringValue).sorted()
    guard let unknown = names.first(where: { !allowed.contains($0) }) else { return }
    throw ApplicationError.unknownField(
      fields.field(AnyFieldKey(stringValue: unknown)), allowed: allowed)
  }
}

/// A key for any field's name, for listing the fields an object has.
struct AnyFieldKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) { self.stringValue = stringValue }

  init?(intValue: Int) { nil }
}
