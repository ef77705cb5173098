import Foundation

extension RecipeSummary {
  /// What a recipe card says under the name, in order: the total time, the yield, the first
  /// cuisine and the first course, as far as the recipe has them ("45 min · 4 servings ·
  /// Italian"). The server's card and the web app's copy of it both show these, so the two
  /// cannot word a recipe differently.
  public var cardFacts: [String] {
    var facts: [String] = []
    if let time = totalTime, time.seconds > 0 { facts.append(time.description) }
    if let yield, !yield.displayText.isEmpty { facts.append(yield.displayText) }
    facts += cuisines.prefix(1)
    facts += courses.prefix(1)
    return facts
  }

  /// A stable hue (0–359) from the name, for the tile of a recipe without a photo, so tiles
  /// are told apart at a glance and keep their colour.
  public var placeholderHue: Int {
    Int(name.unicodeScalars.reduce(UInt32(7)) { ($0 &* 31 &+ $1.value) % 360 })
  }
}
