import LarderCore

// The finder's and the library's answers write their own JSON (``JSONWritable``): the same
// bytes as their synthesized `Encodable`, keys in sorted order, without Foundation's encoder.

extension FoodReference: JSONWritable {
  /// Writes the food's id and name.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("id", id)
    json.field("name", name)
    json.endObject()
  }
}

extension FinderAnswer: JSONWritable {
  /// Writes the answer as its synthesized encoder does.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("items", items)
    json.field("limit", limit)
    json.field("offset", offset)
    json.field("pantry", pantry)
    json.field("pantrySource", pantrySource.rawValue)
    json.field("total", total)
    json.field("unjudged", unjudged)
    json.field("unknown", unknown)
    json.field("unknownStaples", unknownStaples)
    json.field("useItUp", useItUp)
    json.endObject()
  }
}

extension FinderAnswer.PantryFood: JSONWritable {
  /// Writes the food as given and as read.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("food", food)
    json.field("input", input)
    json.endObject()
  }
}

extension FinderAnswer.Substitution: JSONWritable {
  /// Writes the missing food and what can stand in for it.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("food", food)
    json.field("substitutes", substitutes)
    json.endObject()
  }
}

extension FinderAnswer.KindMatch: JSONWritable {
  /// Writes the recipe's food, the food at hand and the sentence.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("food", food)
    json.field("pantryFood", pantryFood)
    json.field("text", text)
    json.endObject()
  }
}

extension FinderAnswer.Choice: JSONWritable {
  /// Writes the line's foods and the one at hand.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("chosen", chosen)
    json.field("foods", foods)
    json.endObject()
  }
}

extension FinderAnswer.Shortfall: JSONWritable {
  /// Writes the food, what is needed and had, and the sentence.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("food", food)
    json.field("have", have)
    json.field("need", need)
    json.field("text", text)
    json.endObject()
  }
}

extension FinderAnswer.Unjudged: JSONWritable {
  /// Writes the counts and why.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("mostlyUnrecognised", mostlyUnrecognised)
    json.field("noIngredients", noIngredients)
    json.field("text", text)
    json.field("total", total)
    json.endObject()
  }
}

extension FinderAnswer.Item: JSONWritable {
  /// Writes one recipe found.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("choices", choices)
    json.field("kindMatches", kindMatches)
    json.field("matched", matched)
    json.field("missing", missing)
    json.field("missingCount", missingCount)
    json.field("pantryFoodsUsed", pantryFoodsUsed)
    json.field("recipe", recipe)
    json.field("shortfalls", shortfalls)
    json.field("substitutions", substitutions)
    json.field("unmatchedLineTexts", unmatchedLineTexts)
    json.field("unmatchedLines", unmatchedLines)
    json.endObject()
  }
}

extension LibraryPage: JSONWritable {
  /// Writes the page and its facet counts.
  public func write(to json: inout JSONOutput) {
    json.beginObject()
    json.field("correctedQuery", correctedQuery)
    json.field("facets", facets)
    json.field("facetsPartial", facetsPartial)
    json.field("items", items)
    json.field("limit", limit)
    json.field("offset", offset)
    json.field("sort", sort.rawValue)
    json.field("total", total)
    json.field("totalIsExact", totalIsExact)
    json.endObject()
  }
}

extension LibraryFacets: JSONWritable {
  /// Writes each facet's values and counts under the names the library's filters take.
  public func write(to json: inout JSONOutput) {
    func counts<Value>(
      _ name: StaticString, _ counts: [Count<Value>], _ value: (inout JSONOutput, Value) -> Void
    ) {
      json.key(name)
      json.beginArray()
      for count in counts {
        json.beginObject()
        json.field("count", count.count)
        json.key("value")
        value(&json, count.value)
        json.endObject()
      }
      json.endArray()
    }
    json.beginObject()
    counts("course", courses) { $0.string($1) }
    counts("cuisine", cuisines) { $0.string($1) }
    counts("diet", diets) { $0.string($1) }
    counts("maxTime", times) { $0.int($1) }
    counts("tag", tags) { $0.string($1) }
    json.endObject()
  }
}
