import Foundation
import Testing

@testable import LarderCore

/// The finder decides whether a measured amount is short with one `Float` comparison against
/// an allowance worked out once per query; it must agree with the pantry's rule (short when
/// `quantity × 0.999` exceeds what is on hand, as ``PantryAmounts/shortfall`` tests) for every
/// quantity, the ones at the boundary above all.
@Suite struct FinderAllowanceTests {
  /// The pantry's rule, written out.
  static func isShort(_ quantity: Float, available: Double) -> Bool {
    quantity > 0 && Double(quantity) * 0.999 > available
  }

  static func agrees(_ quantity: Float, available: Double) -> Bool {
    let allowance = FinderPlan.allowance(for: available)
    return (quantity > allowance) == isShort(quantity, available: available)
  }

  @Test(arguments: [
    0, 0.5, 1, 2, 3, 6, 49.95, 50, 99.9, 100, 250, 1000 / 3.0, 999.999, 1e6, 3.4e38, 1e300,
  ])
  func theBoundaryAgreesWithTheFullCheck(available: Double) {
    let allowance = FinderPlan.allowance(for: available)
    #expect(allowance >= 0)
    #expect(!Self.isShort(allowance, available: available), "\(available)")
    if allowance < .greatestFiniteMagnitude {
      #expect(Self.isShort(allowance.nextUp, available: available), "\(available)")
    }
    // Quantities around the boundary and around what is on hand.
    var quantity = allowance
    for _ in 0..<8 { quantity = quantity.nextDown }
    for _ in 0..<16 {
      #expect(Self.agrees(quantity, available: available), "\(quantity) of \(available)")
      quantity = quantity.nextUp
    }
    for quantity in [Float(available), Float(available).nextUp, 0, -1, .infinity, .nan] {
      #expect(Self.agrees(quantity, available: available), "\(quantity) of \(available)")
    }
  }

  @Test func nothingIsShortOfAnUnlimitedOrUnknownAmount() {
    for available in [Double.infinity, .nan] {
      #expect(FinderPlan.allowance(for: available) == .infinity)
      for quantity in [Float(1), 1e30, .greatestFiniteMagnitude] {
        #expect(Self.agrees(quantity, available: available))
      }
    }
  }

  @Test func quantitiesNearWhatIsOnHandAgree() {
    for step in 0..<4000 {
      let available = Double(step) / 4
      for factor in [0.998, 0.999, 0.9995, 1, 1.0005, 1.001, 1.002] {
        let quantity = Float(available * factor)
        #expect(Self.agrees(quantity, available: available), "\(quantity) of \(available)")
        #expect(Self.agrees(quantity.nextUp, available: available))
      }
    }
  }
}
