import Foundation
import LarderCore

/// Decodes a request from URL query parameters, so the same `Decodable` request reads a query
/// and a JSON body. Each parameter is one text: a number, a boolean (see
/// ``FieldValues/flag(_:)``), a text, or a comma-separated list. An empty parameter counts as
/// absent. Nested objects are not read.
struct QueryDecoder: Decoder {
  let query: [String: String]
  var codingPath: [CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Keyed(query: query, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch(
      [Any].self, .init(codingPath: codingPath, debugDescription: "a query is not a list"))
  }

  func singleValueContainer() throws -> SingleValueDecodingContainer {
    throw DecodingError.typeMismatch(
      String.self, .init(codingPath: codingPath, debugDescription: "a query is not one value"))
  }

  /// The parameters, each read by name.
  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let query: [String: String]
    var codingPath: [CodingKey]

    var allKeys: [Key] { query.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { !(query[key.stringValue] ?? "").isEmpty }

    func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      guard let text = query[key.stringValue], !text.isEmpty else {
        throw DecodingError.keyNotFound(
          key, .init(codingPath: codingPath, debugDescription: "no parameter \(key.stringValue)"))
      }
      return try T(from: Value(text: text, codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      throw DecodingError.typeMismatch(
        [String: Any].self,
        .init(codingPath: codingPath + [key], debugDescription: "a query holds no objects"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
      try Value(text: query[key.stringValue] ?? "", codingPath: codingPath + [key])
        .unkeyedContainer()
    }

    func superDecoder() throws -> Decoder { QueryDecoder(query: query, codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> Decoder {
      Value(text: query[key.stringValue] ?? "", codingPath: codingPath + [key])
    }
  }

  /// One parameter's text, decoded as the type asks.
  struct Value: Decoder, SingleValueDecodingContainer {
    let text: String
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      throw mismatch([String: Any].self)
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
      Items(
        items: text.split(separator: ",", omittingEmptySubsequences: false).map(String.init),
        codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { text.isEmpty }

    func decode(_ type: Bool.Type) throws -> Bool {
      guard let flag = FieldValues.flag(text) else { throw mismatch(type) }
      return flag
    }

    func decode(_ type: String.Type) throws -> String { text }

    func decode(_ type: Double.Type) throws -> Double {
      guard let value = Double(text.trimmingWhitespace()) else {
        throw mismatch(type)
      }
      return value
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
      guard let value = T(text.trimmingWhitespace()) else { throw mismatch(type) }
      return value
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
      .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "'\(text)'"))
    }
  }

  /// A comma-separated parameter read as a list.
  struct Items: UnkeyedDecodingContainer {
    let items: [String]
    var codingPath: [CodingKey]
    var currentIndex = 0

    init(items: [String], codingPath: [CodingKey]) {
      self.items = items
      self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          type, .init(codingPath: codingPath, debugDescription: "the list has ended"))
      }
      defer { currentIndex += 1 }
      return try T(from: Value(text: items[currentIndex], codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      throw DecodingError.typeMismatch(
        [String: Any].self, .init(codingPath: codingPath, debugDescription: "no objects"))
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
      throw DecodingError.typeMismatch(
        [Any].self, .init(codingPath: codingPath, debugDescription: "no nested lists"))
    }

    mutating func superDecoder() throws -> Decoder {
      defer { currentIndex += 1 }
      return Value(text: items[currentIndex], codingPath: codingPath)
    }
  }
}
