import Foundation

// Named units for code and tests; each is looked up in ``IngredientUnit/all`` by its ID, so a
// renamed ID fails the first test that touches it rather than drifting silently.
extension IngredientUnit {
  /// Milligrams ("mg").
  public static let milligram = known("mg")
  /// Grams ("g").
  public static let gram = known("g")
  /// Kilograms ("kg").
  public static let kilogram = known("kg")
  /// Avoirdupois ounces ("oz").
  public static let ounce = known("oz")
  /// Pounds ("lb").
  public static let pound = known("lb")
  /// Millilitres ("ml").
  public static let millilitre = known("ml")
  /// Centilitres ("cl").
  public static let centilitre = known("cl")
  /// Decilitres ("dl").
  public static let decilitre = known("dl")
  /// Litres ("l").
  public static let litre = known("l")
  /// US teaspoons ("tsp"), shared by metric recipes.
  public static let teaspoon = known("tsp")
  /// Dessertspoons ("dsp", 10 ml).
  public static let dessertspoon = known("dsp")
  /// US tablespoons ("tbsp"), shared by metric recipes.
  public static let tablespoon = known("tbsp")
  /// US fluid ounces ("fl-oz").
  public static let fluidOunce = known("fl-oz")
  /// US cups ("cup").
  public static let cup = known("cup")
  /// US pints ("pint").
  public static let pint = known("pint")
  /// US quarts ("quart").
  public static let quart = known("quart")
  /// US gallons ("gallon").
  public static let gallon = known("gallon")
  /// A pinch, the unit tiny amounts are shown in.
  public static let pinch = known("pinch")
  /// A dozen, which converts to and from a bare count.
  public static let dozen = known("dozen")

  private static func known(_ id: String) -> IngredientUnit {
    guard let unit = unit(id: id) else { preconditionFailure("no unit '\(id)' in the table") }
    return unit
  }
}
