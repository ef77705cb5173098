import Foundation
import LarderApplication
import LarderCore
import LarderImport

/// A request the server refuses, with the HTTP status and the stable code clients match on.
public struct LarderServerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The HTTP status to answer with.
  public var status: Int
  /// A stable, machine-readable code such as "invalid_field".
  public var code: String
  /// What is wrong, for a person.
  public var message: String
  /// Headers the answer carries besides the error (`Retry-After`, `WWW-Authenticate`).
  public var headers: [String: String]

  /// Makes an error.
  public init(status: Int, code: String, message: String, headers: [String: String] = [:]) {
    self.status = status
    self.code = code
    self.message = message
    self.headers = headers
  }

  /// The message.
  public var description: String { message }
}
