import Foundation
import LarderCore
import LarderHTTP

/// A use case's result as a JSON response, with Larder's encoder settings: the one way every
/// API writes its answers.
func encodedJSON<Result: Encodable>(_ result: Result, status: Int = 200) throws -> HTTPResponse {
  .json(try LarderJSON.encode(result), status: status)
}
