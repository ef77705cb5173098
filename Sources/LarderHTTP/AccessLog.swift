import Foundation

/// Formats `127.0.0.1 "GET /api/v1/recipes?limit=2" 200 1234B 0.8ms`, with a note in
/// parentheses when the request did not complete normally; the request target is written as
/// `redacting` makes it (secrets in paths left out).
func accessLogLine(
  for request: RequestContext, termination: UInt32,
  redacting: @Sendable (String) -> String = { $0 }
) -> String {
  let elapsed = ContinuousClock.now - request.startedAt
  let milliseconds =
    Double(elapsed.components.seconds) * 1000
    + Double(elapsed.components.attoseconds) / 1e15
  let requestLine = escapedForLog("\(request.method) \(redacting(request.rawTarget))")
  var line = "\(request.remoteAddress ?? "-") \"\(requestLine)\""
  line += " \(request.status.map(String.init) ?? "-") \(request.bytesSent)B"
  // Tenths of a millisecond, written without a formatter (which made a locale per line).
  let tenths = Int((milliseconds * 10).rounded())
  line += " \(tenths / 10).\(tenths % 10)ms"
  if let note = terminationNote(termination) { line += " (\(note))" }
  return line
}

/// Explains libmicrohttpd's `MHD_RequestTerminationCode`, compared by raw value so that an
/// unknown code from a newer library cannot trap in a switch over the imported enum.
private func terminationNote(_ code: UInt32) -> String? {
  switch code {
  case 0: nil
  case 1: "connection error"
  case 2: "timed out"
  case 3: "server stopped"
  case 4: "read error"
  case 5: "client closed the connection"
  default: "terminated (code \(code))"
  }
}

/// Keeps a client-controlled string on one log line: control characters, quotes and
/// backslashes become `\xNN`.
func escapedForLog(_ text: String) -> String {
  var result = ""
  result.reserveCapacity(text.utf8.count)
  for scalar in text.unicodeScalars {
    if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\"" || scalar == "\\" {
      result += String(format: "\\x%02X", scalar.value)
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}
