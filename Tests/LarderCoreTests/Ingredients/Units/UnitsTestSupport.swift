import Foundation
import LarderCore
import Testing

/// Reads a measure written for a test table: "2 cup", "2-3 cup", "1/3 cup", "0.5" (a bare
/// count). The unit is a canonical ID from the unit table; an unknown one throws.
func measure(_ text: String) throws -> Measure {
  let words = text.split(separator: " ").map(String.init)
  let ends = words[0].split(separator: "-").map(String.init)
  let quantity = try number(ends[0])
  let quantityMax = try ends.count > 1 ? number(ends[1]) : nil
  return try Measure(
    quantity: quantity, quantityMax: quantityMax, unitID: words.count > 1 ? words[1] : nil)
}

/// "0.5" or "1/3".
private func number(_ text: String) throws -> Double {
  let parts = text.split(separator: "/").compactMap { Double($0) }
  switch parts.count {
  case 1 where !text.contains("/"): return parts[0]
  case 2: return parts[0] / parts[1]
  default: throw UnitError.unknownUnit("not a number: \(text)")
  }
}

/// Whether two numbers agree to within a relative `tolerance`.
func quantitiesMatch(_ a: Double, _ b: Double, within tolerance: Double = 1e-12) -> Bool {
  abs(a - b) <= tolerance * max(abs(a), abs(b), 1e-300)
}

/// The unit with this ID; "" is a bare count (nil). An unknown ID throws.
func unitOrBareCount(_ id: String) throws -> IngredientUnit? {
  guard !id.isEmpty else { return nil }
  guard let unit = IngredientUnit.unit(id: id) else { throw UnitError.unknownUnit(id) }
  return unit
}
