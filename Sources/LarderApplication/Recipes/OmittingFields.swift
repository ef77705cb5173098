import Foundation

/// A value encoded without some of its top-level fields: a recipe shown before it is stored
/// has no id, household or dates to show.
struct OmittingFields<Value: Encodable>: Encodable {
  /// The value encoded.
  let value: Value
  /// The names of the top-level fields left out.
  let omitted: Set<String>

  func encode(to encoder: Encoder) throws {
    try value.encode(to: Omitting(base: encoder, omitted: omitted))
  }

  /// An encoder whose top-level keyed container drops the omitted keys.
  private struct Omitting: Encoder {
    let base: Encoder
    let omitted: Set<String>
    var codingPath: [CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      KeyedEncodingContainer(Container(base: base.container(keyedBy: type), omitted: omitted))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer { base.unkeyedContainer() }

    func singleValueContainer() -> SingleValueEncodingContainer { base.singleValueContainer() }
  }

  private struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>
    let omitted: Set<String>
    var codingPath: [CodingKey] { base.codingPath }

    private func keeps(_ key: Key) -> Bool { !omitted.contains(key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws {
      if keeps(key) { try base.encodeNil(forKey: key) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
      if keeps(key) { try base.encode(value, forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      base.nestedContainer(keyedBy: keyType, forKey: key)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
      base.nestedUnkeyedContainer(forKey: key)
    }

    mutating func superEncoder() -> Encoder { base.superEncoder() }

    mutating func superEncoder(forKey key: Key) -> Encoder { base.superEncoder(forKey: key) }
  }
}
