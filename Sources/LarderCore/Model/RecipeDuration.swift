import Foundation

/// A length of time in a recipe (prep, cook, total), held in whole seconds.
///
/// Reads ISO-8601 durations ("PT1H20M", "P0DT0H35M0.000S") and the free forms recipe sites use
/// ("1 hr 20 mins", "1h20", "1½ hours", "1:20", "20-30 minutes"). A range reads as its upper
/// bound, so a total time never promises less than the recipe may take.
public struct RecipeDuration: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
  /// The duration in seconds; never negative.
  public var seconds: Int

  /// Makes a duration from seconds (negative values become zero).
  public init(seconds: Int) { self.seconds = max(0, seconds) }

  /// Makes a duration from minutes.
  public init(minutes: Int) { self.init(seconds: minutes * 60) }

  /// The duration in whole minutes, rounded up so "90 seconds" shows as 2 minutes.
  public var minutes: Int { (seconds + 59) / 60 }

  /// The ISO-8601 form, such as "PT1H20M"; zero is "PT0M".
  public var iso8601: String {
    let days = seconds / 86_400
    let hours = seconds % 86_400 / 3600
    let mins = seconds % 3600 / 60
    let secs = seconds % 60
    var text = "P"
    if days > 0 { text += "\(days)D" }
    var time = ""
    if hours > 0 { time += "\(hours)H" }
    if mins > 0 { time += "\(mins)M" }
    if secs > 0 { time += "\(secs)S" }
    if time.isEmpty && days == 0 { time = "0M" }
    if !time.isEmpty { text += "T" + time }
    return text
  }

  /// How a cook would say it: "1 hr 20 min", "45 min", "2 days".
  public var description: String {
    // Round up to whole minutes before splitting, so 59 min 30 s reads "1 hr", not "60 min".
    let rounded = minutes * 60
    let days = rounded / 86_400
    let hours = rounded % 86_400 / 3600
    let mins = rounded % 3600 / 60
    var parts: [String] = []
    if days > 0 { parts.append(days == 1 ? "1 day" : "\(days) days") }
    if hours > 0 { parts.append("\(hours) hr") }
    if mins > 0 || parts.isEmpty { parts.append("\(mins) min") }
    return parts.joined(separator: " ")
  }

  /// Orders durations by length.
  public static func < (lhs: RecipeDuration, rhs: RecipeDuration) -> Bool {
    lhs.seconds < rhs.seconds
  }

  /// Adds two durations.
  public static func + (lhs: RecipeDuration, rhs: RecipeDuration) -> RecipeDuration {
    RecipeDuration(seconds: lhs.seconds + rhs.seconds)
  }

  /// Reads an ISO-8601 duration or a free-form one; nil when the text holds no duration.
  public static func parse(_ text: String) -> RecipeDuration? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    if let iso = parseISO8601(trimmed) { return iso }
    return parseFreeForm(trimmed)
  }

  /// Decodes from an ISO-8601 or free-form string, or a number of minutes.
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let minutes = try? container.decode(Double.self) {
      guard minutes.isFinite, minutes >= 0, minutes < 1e7 else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "'\(minutes)' is not a number of minutes")
      }
      self.init(seconds: Int((minutes * 60).rounded()))
      return
    }
    let text = try container.decode(String.self)
    guard let parsed = RecipeDuration.parse(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a duration such as PT20M or 1 hr 20 min")
    }
    self = parsed
  }

  /// Encodes as an ISO-8601 string.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso8601)
  }

  // MARK: - ISO-8601

  private static func parseISO8601(_ text: String) -> RecipeDuration? {
    let upper = text.uppercased()
    guard upper.hasPrefix("P") else { return nil }
    var total = 0.0
    var number = ""
    var inTime = false
    var sawComponent = false
    for character in upper.dropFirst() {
      switch character {
      case "0"..."9", ".", ",":
        number.append(character == "," ? "." : character)
      case "T":
        guard number.isEmpty, !inTime else { return nil }
        inTime = true
      case "Y", "M", "W", "D", "H", "S":
        guard let value = Double(number) else { return nil }
        number = ""
        sawComponent = true
        switch (character, inTime) {
        case ("Y", false): total += value * 365 * 86_400
        case ("M", false): total += value * 30 * 86_400
        case ("W", false): total += value * 7 * 86_400
        case ("D", false): total += value * 86_400
        case ("H", true): total += value * 3600
        case ("M", true): total += value * 60
        case ("S", true): total += value
        default: return nil
        }
      default:
        return nil
      }
    }
    guard number.isEmpty else { return nil }
    // "P" alone or "PT" is what some sites emit for "no time": read it as zero.
    _ = sawComponent
    guard total < 1e9 else { return nil }
    return RecipeDuration(seconds: Int(total.rounded()))
  }

  // MARK: - Free form

  private enum Token: Equatable {
    case number(Double)
    case range
    case unit(Double)  // seconds per unit
    case colonTime(Double)  // seconds
    case article  // "a" or "an": one of the unit that follows, or nothing before "half"
  }

  private static let unitSeconds: [String: Double] = {
    var table: [String: Double] = [:]
    for word in ["d", "day", "days", "dys"] { table[word] = 86_400 }
    for word in ["h", "hr", "hrs", "hour", "hours", "hs"] { table[word] = 3600 }
    for word in ["m", "min", "mins", "minute", "minutes", "mn", "mns", "minuten"] {
      table[word] = 60
    }
    for word in ["s", "sec", "secs", "second", "seconds"] { table[word] = 1 }
    return table
  }()

  private static let fillerWords: Set<String> = [
    "and", "about", "approx", "approximately", "around", "roughly", "plus", "total", "or",
    "under", "over", "less", "than", "up", "of", "ca", "cook", "prep", "time", "active",
  ]

  private static let wordNumbers: [String: Double] = [
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "forty": 40, "forty-five": 45, "sixty": 60, "half": 0.5,
  ]

  private static let vulgarFractions: [Character: Double] = [
    "½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75, "⅛": 0.125, "⅜": 0.375,
    "⅝": 0.625, "⅞": 0.875, "⅕": 0.2, "⅙": 1.0 / 6,
  ]

  private static func tokenize(_ text: String) -> [Token]? {
    var tokens: [Token] = []
    let characters = Array(text.lowercased())
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character.isWhitespace || character == "," || character == "+" || character == "."
        || character == "(" || character == ")" || character == "~"
      {
        index += 1
      } else if character.isASCII && character.isNumber {
        var literal = ""
        while index < characters.count,
          characters[index].isASCII
            && (characters[index].isNumber
              || (characters[index] == "." && literal.last?.isNumber == true))
        {
          literal.append(characters[index])
          index += 1
        }
        // "1:20" is hours and minutes.
        if index + 2 < characters.count + 1, index < characters.count, characters[index] == ":" {
          var minutesLiteral = ""
          var cursor = index + 1
          while cursor < characters.count, characters[cursor].isASCII,
            characters[cursor].isNumber
          {
            minutesLiteral.append(characters[cursor])
            cursor += 1
          }
          if let hours = Double(literal), let minutes = Double(minutesLiteral) {
            tokens.append(.colonTime(hours * 3600 + minutes * 60))
            index = cursor
            continue
          }
        }
        guard var value = Double(literal.hasSuffix(".") ? String(literal.dropLast()) : literal)
        else { return nil }
        // "1½" or "1 ½" continues the number.
        var lookahead = index
        while lookahead < characters.count, characters[lookahead] == " " { lookahead += 1 }
        if lookahead < characters.count, let fraction = vulgarFractions[characters[lookahead]] {
          value += fraction
          index = lookahead + 1
        } else if lookahead + 2 < characters.count, characters[lookahead].isNumber,
          characters[lookahead + 1] == "/", characters[lookahead + 2].isNumber,
          let numerator = characters[lookahead].wholeNumberValue,
          let denominator = characters[lookahead + 2].wholeNumberValue, denominator != 0
        {
          value += Double(numerator) / Double(denominator)
          index = lookahead + 3
        } else if index + 1 < characters.count, characters[index] == "/",
          characters[index + 1].isNumber,
          let denominator = characters[index + 1].wholeNumberValue, denominator != 0
        {
          value /= Double(denominator)
          index += 2
        }
        tokens.append(.number(value))
      } else if let fraction = vulgarFractions[character] {
        tokens.append(.number(fraction))
        index += 1
      } else if character == "-" || character == "–" || character == "—" {
        tokens.append(.range)
        index += 1
      } else if character.isLetter {
        var word = ""
        while index < characters.count, characters[index].isLetter || characters[index] == "-" {
          word.append(characters[index])
          index += 1
        }
        if let seconds = unitSeconds[word] {
          tokens.append(.unit(seconds))
        } else if word == "to" {
          tokens.append(.range)
        } else if word == "a" || word == "an" {
          tokens.append(.article)
        } else if let number = wordNumbers[word] {
          tokens.append(.number(number))
        } else if fillerWords.contains(word) {
          continue
        } else {
          return nil
        }
      } else {
        return nil
      }
    }
    return tokens
  }

  private static func parseFreeForm(_ text: String) -> RecipeDuration? {
    guard let tokens = tokenize(text), !tokens.isEmpty else { return nil }
    var total = 0.0
    var lowerBound = 0.0
    var pending: Double?
    var lastUnit: Double?
    var sawUnit = false
    var index = 0
    while index < tokens.count {
      switch tokens[index] {
      case .number(let value):
        if let previous = pending {
          // A fraction after a whole number completes it ("one and a half", "1-1/2"); otherwise
          // two numbers are a range ("20-30", "½-1") and the larger is its upper bound.
          pending = value < 1 && previous >= 1 ? previous + value : max(previous, value)
        } else {
          pending = value
        }
      case .article:
        // "an hour" is one hour; in "half an hour" and "a half hour" the number says how much.
        if pending == nil, case .unit = tokens[safe: index + 1] { pending = 1 }
      case .range:
        // "45 minutes to 1 hour": a whole duration before the range is only its lower bound.
        if pending == nil, sawUnit {
          lowerBound = max(lowerBound, total)
          total = 0
          lastUnit = nil
        }
      case .unit(let seconds):
        guard let value = pending else {
          // "hour" alone, as in "an hour" already consumed, is an error.
          return nil
        }
        total += value * seconds
        pending = nil
        lastUnit = seconds
        sawUnit = true
      case .colonTime(let seconds):
        total += seconds
        sawUnit = true
      }
      index += 1
    }
    if let value = pending {
      // A trailing fraction is of the last unit ("an hour and a half"); a trailing whole number
      // takes the next smaller unit ("1h 20"), or minutes when alone.
      switch lastUnit {
      case .some(let unit) where value < 1: total += value * unit
      case .some(86_400): total += value * 3600
      case .some(3600): total += value * 60
      case .some(60): total += value
      case .some: return nil
      case .none: total += value * 60
      }
      sawUnit = true
    }
    total = max(total, lowerBound)
    guard sawUnit, total.isFinite, total < 1e9 else { return nil }
    return RecipeDuration(seconds: Int(total.rounded()))
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
