import Foundation

/// A labelled ingredient line from the training data in `../shared/data/ingredient-lines`.
///
/// Two layouts are read (see that folder's SOURCE.md):
/// - strangetom: `row_id,input,name,quantity,unit,size,preparation,comment,purpose`, each label
///   the upstream tokenizer's tokens joined by spaces (fractions as `#1$2`, mixed numbers as
///   `1#1$2`, ranges as `2-3`, several amounts in order: `150 5#1$4` / `g oz`);
/// - NYT: `row_id,input,name,qty,range_end,unit,comment` with float quantities (0.0 for none).
///
/// Rows whose name, quantity and unit are all empty carry no labels and are skipped.
public struct LabeledIngredientLine: Hashable, Sendable {
  /// Which layout a line came from.
  public enum Layout: String, Hashable, Sendable {
    /// strangetom/ingredient-parser exports: token labels in eight columns.
    case strangetom
    /// The New York Times ingredient-phrase-tagger labels: floats and free text.
    case nyt
  }

  /// The file the line came from, without ".csv" (used in per-source reports).
  public var source: String
  /// How its labels are written.
  public var layout: Layout
  /// The line.
  public var input: String
  /// The label columns by name ("name", "quantity", "unit", "size", "preparation", "comment",
  /// "purpose"; NYT: "name", "qty", "range_end", "unit", "comment").
  public var fields: [String: String]

  /// Makes a labelled line.
  public init(source: String, layout: Layout, input: String, fields: [String: String]) {
    self.source = source
    self.layout = layout
    self.input = input
    self.fields = fields
  }

  /// A label column, empty when absent.
  public subscript(field: String) -> String { fields[field] ?? "" }

  /// Whether the row carries labels (name, quantity or unit not all empty).
  public var isLabeled: Bool {
    switch layout {
    case .strangetom:
      return !self["name"].isEmpty || !self["quantity"].isEmpty || !self["unit"].isEmpty
    case .nyt:
      let quantity = Double(self["qty"]) ?? 0
      return !self["name"].isEmpty || quantity != 0 || !self["unit"].isEmpty
    }
  }

  /// Reads a CSV file's text; keeps labelled rows with a non-empty input. A file that is not
  /// valid CSV yields no lines (the benchmark's reader, which shares the CSV code, reports why).
  public static func read(csv text: String, source: String) -> [LabeledIngredientLine] {
    guard let table = try? CSVTable.read(text) else { return [] }
    let rows = [table.header] + table.records
    guard let header = rows.first, !header.isEmpty else { return [] }
    let layout: Layout = header.contains("qty") ? .nyt : .strangetom
    guard let inputColumn = header.firstIndex(of: "input") else { return [] }
    var lines: [LabeledIngredientLine] = []
    for row in rows.dropFirst() where row.count == header.count {
      var fields: [String: String] = [:]
      for (column, name) in header.enumerated() where column != inputColumn && name != "row_id" {
        fields[name] = row[column]
      }
      let line = LabeledIngredientLine(
        source: source, layout: layout, input: row[inputColumn], fields: fields)
      if !line.input.trimmingCharacters(in: .whitespaces).isEmpty, line.isLabeled {
        lines.append(line)
      }
    }
    return lines
  }

  /// Whether the line belongs to the development set: one line in ten, chosen by a hash of
  /// its input, so a sentence and its duplicates always fall on the same side.
  public var isDevelopment: Bool { TaggerFeatures.hash(input) % 10 == 0 }

  // MARK: - Expected values

  /// The expected quantity and range end: the first label quantity, nil when empty or not a
  /// number ("few").
  public var expectedQuantity: (quantity: Double?, quantityMax: Double?) {
    switch layout {
    case .nyt:
      let quantity = Double(self["qty"]) ?? 0
      let rangeEnd = Double(self["range_end"]) ?? 0
      return (quantity == 0 ? nil : quantity, rangeEnd == 0 ? nil : rangeEnd)
    case .strangetom:
      guard let first = self["quantity"].split(separator: " ").first else { return (nil, nil) }
      return Self.labelNumber(String(first))
    }
  }

  /// Label text with the upstream fraction tokens rewritten: "1#1$2" → "1 1/2", "#3$4" → "3/4".
  public static func labelText(_ text: String) -> String {
    guard text.contains("#") else { return text }
    var result = ""
    var previous: Character = " "
    for character in text {
      if character == "#" {
        if previous.isNumber { result += " " }
      } else if character == "$" {
        result += "/"
      } else {
        result.append(character)
      }
      previous = character
    }
    return result
  }

  /// A label quantity token as numbers: "2", "1.5", "#1$2", "1#1$2", "2-3", "#3$4-1", "1x",
  /// "One"; nil when it is not a number ("few").
  public static func labelNumber(_ token: String) -> (Double?, Double?) {
    var text = labelText(token).lowercased()
    if text.hasSuffix("x") { text.removeLast() }
    if let value = IngredientLexicon.numberWords[text] { return (value, nil) }
    let numbers = IngredientTokenizer().tokens(text).filter(\.isNumber)
    guard let first = numbers.first else { return (nil, nil) }
    return (first.value, first.maxValue)
  }
}
