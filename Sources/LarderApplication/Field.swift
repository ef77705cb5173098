import Foundation

/// A field of a request, named the way the application layer names it (`maxTime`, `have`).
///
/// Front ends show it their own way: the API as "query parameter 'maxTime'" or "field
/// 'maxTime'", the command line as "option --max-time".
public struct Field: Hashable, Sendable, CustomStringConvertible {
  /// Where a field's value came from, when the reader knows.
  public enum Location: String, Hashable, Sendable {
    /// A URL query parameter.
    case query
    /// A field of a JSON body.
    case body
    /// A part of the URL's path, such as an id.
    case path
  }

  /// The field's name, as the API spells it.
  public var name: String
  /// Where the value was read from; nil when the use case found the problem itself.
  public var location: Location?
  /// The position in a list of items, when the field belongs to one of them.
  public var item: Int?

  /// Names a field.
  public init(_ name: String, location: Location? = nil, item: Int? = nil) {
    self.name = name
    self.location = location
    self.item = item
  }

  /// The field's name.
  public var description: String { name }
}
