import Foundation

/// A token of a parsed line, its label, and the field of ``ParsedIngredient`` it went to.
public struct ParsedToken: Hashable, Sendable {
  /// The token.
  public var token: IngredientToken
  /// What the rules or the tagger called it.
  public var label: IngredientLabel
  /// The field it landed in, named like the keys of ``ParsedIngredient/spans``: "quantity",
  /// "unit", "size", "name", "alternatives", "preparation", "comment", "purpose",
  /// "alternativeAmounts", "containerSize"; nil for punctuation.
  public var field: String?

  /// Makes a parsed token.
  public init(token: IngredientToken, label: IngredientLabel, field: String?) {
    self.token = token
    self.label = label
    self.field = field
  }
}

/// Builds a ``ParsedIngredient`` from labelled tokens: groups quantities and units into
/// amounts, recognises container sizes, alternative and composite amounts, splits alternative
/// foods, and records every field's text and span.
struct IngredientAssembler {
  /// Field keys, as in ``ParsedIngredient/spans``.
  enum Field: String {
    case quantity, unit, size, name, alternatives, preparation, comment, purpose
    case alternativeAmounts, containerSize
  }

  let input: String
  let line: TokenizedLine
  let tokens: [TokenCore]
  let labels: [IngredientLabel]
  var fields: [Field?]
  /// The tokens of each alternative amount, and of the primary unit, for the name rescue.
  var alternativeTokens: [[Int]] = []
  var primaryUnitIndices: [Int] = []

  init(input: String, line: TokenizedLine, labels: [IngredientLabel]) {
    self.input = input
    self.line = line
    tokens = line.cores
    self.labels = labels
    fields = Array(repeating: nil, count: tokens.count)
  }

  // MARK: - Amounts

  /// How an amount is joined to the one before it.
  enum Separator { case start, adjacent, slash, parenthesis, times, other }

  struct Group {
    var markers: [Int] = []
    var quantityTokens: [Int] = []
    var unitTokens: [Int] = []
    var separator: Separator = .start
    var inParentheses = false
    var followedByEach = false

    var first: Int { (markers + quantityTokens + unitTokens).min() ?? 0 }
    var last: Int { (markers + quantityTokens + unitTokens).max() ?? 0 }
  }

  /// An amount read from a group: values, the unit tokens that matched the unit table, and
  /// the unit-labelled tokens that did not (modifiers such as "heaped").
  struct Reading {
    var quantity: Double?
    var quantityMax: Double?
    var unit: IngredientUnit?
    var unitText: String?
    var unitTokens: [Int]
    var leftovers: [Int]
  }

  func isWord(_ index: Int, _ hash: UInt64) -> Bool {
    index < tokens.count && tokens[index].isWord && tokens[index].hash == hash
  }

  func groups() -> [Group] {
    var groups: [Group] = []
    var current: Group?
    var lastEnd = -1
    var pendingMarkers: [Int] = []
    var depth = 0

    func separator(before index: Int) -> Separator {
      if lastEnd < 0 { return .start }
      if !pendingMarkers.isEmpty { return .times }
      var result = Separator.adjacent
      var position = lastEnd + 1
      while position < index {
        if !tokens[position].isPunctuation { return .other }
        switch tokens[position].symbol {
        case 0x2F: result = .slash
        case 0x28, 0x5B: if result == .adjacent { result = .parenthesis }
        case 0xD7: return .times
        case 0x2D, 0x2E, 0x29, 0x5D: break
        default: if result == .adjacent { result = .other }
        }
        position += 1
      }
      return result
    }

    func finish() {
      if var group = current {
        let end = group.last
        if isWord(end + 1, IngredientWords.each) || isWord(end + 2, IngredientWords.each) {
          group.followedByEach = true
        }
        groups.append(group)
        lastEnd = end
      }
      current = nil
    }

    /// Closes the group in progress and opens one at `index`, taking the pending markers.
    func startGroup(at index: Int) -> Group {
      finish()
      var group = Group()
      group.separator = separator(before: index)
      group.markers = pendingMarkers
      pendingMarkers = []
      group.inParentheses = depth > 0
      return group
    }
    for index in tokens.indices {
      var label = labels[index]
      if label == .quantity, tokens[index].unit >= 0, tokens[index].hash != IngredientWords.x {
        // "1 dozen": a unit word read as part of the number is still a unit.
        label = .unit
      }
      if tokens[index].isPunctuation {
        let symbol = tokens[index].symbol
        if symbol == 0x28 || symbol == 0x5B { depth += 1 }
        if symbol == 0x29 || symbol == 0x5D { depth = max(0, depth - 1) }
        switch symbol {
        case 0x2D, 0x2E: continue
        case 0xD7:
          finish()
          pendingMarkers.append(index)
          continue
        default:
          finish()
          continue
        }
      }
      switch label {
      case .quantity:
        if tokens[index].isWord, tokens[index].hash == IngredientWords.x {
          finish()
          pendingMarkers.append(index)
          continue
        }
        if var group = current, group.unitTokens.isEmpty, let previous = group.quantityTokens.last,
          tokens[previous].numberForm == .integer, tokens[index].numberForm == .fraction,
          (tokens[index].value ?? 1) < 1
        {
          group.quantityTokens.append(index)
          current = group
          continue
        }
        if let group = current, group.unitTokens.isEmpty, group.quantityTokens.isEmpty {
          current?.quantityTokens.append(index)
          continue
        }
        var group = startGroup(at: index)
        group.quantityTokens = [index]
        current = group
      case .unit:
        if var group = current, continuesUnit(group.unitTokens, index) {
          group.unitTokens.append(index)
          current = group
          continue
        }
        var group = startGroup(at: index)
        group.unitTokens = [index]
        current = group
      case .size, .comment:
        // A unit right after its number is the unit whatever its label ("18-ounce").
        if tokens[index].unit >= 0, var group = current, group.unitTokens.isEmpty,
          let last = group.quantityTokens.last,
          last == index - 1 || (last == index - 2 && tokens[index - 1].isSymbol("-"))
        {
          group.unitTokens.append(index)
          current = group
          continue
        }
        // "2 large cans", "2 heaped tsp": a word between a number and its unit.
        if let group = current, group.unitTokens.isEmpty, !group.quantityTokens.isEmpty,
          index + 1 < tokens.count,
          labels[index + 1] == .unit || labels[index + 1] == .size
            || labels[index + 1] == .comment
        {
          continue
        }
        finish()
      default:
        finish()
      }
    }
    finish()
    return groups
  }

  /// Whether a unit token belongs with the unit tokens before it: the group has none yet, or
  /// they do not name a unit yet ("heaped" before "tsp"), or the two make one unit ("fl oz").
  func continuesUnit(_ units: [Int], _ index: Int) -> Bool {
    guard let last = units.last else { return true }
    guard last == index - 1 || (last == index - 2 && tokens[index - 1].isSymbol(".")) else {
      return false
    }
    // "4-inch piece": a length describes the piece that follows; it is not part of its unit.
    if tokens[last].has(IngredientWords.dimension) { return false }
    if phraseUnit(last, index) >= 0 { return true }
    return !units.contains { tokens[$0].unit >= 0 }
  }

  /// The unit two words name together ("fl oz"), else -1.
  func phraseUnit(_ first: Int, _ second: Int) -> Int16 {
    guard tokens[first].info.has(IngredientWords.unitPhraseStart) else { return -1 }
    return IngredientWords.info(
      IngredientWords.phraseHash(tokens[first].hash, tokens[second].hash)
    ).unit
  }

  func read(_ group: Group) -> Reading {
    var quantity: Double?
    var quantityMax: Double?
    for index in group.quantityTokens {
      if tokens[index].isNumber {
        if quantity == nil {
          quantity = tokens[index].value
          quantityMax = tokens[index].maxValue
        } else if quantityMax == nil, let value = tokens[index].value, value < 1,
          let base = quantity, base == base.rounded()
        {
          quantity = base + value
        }
      } else if quantity == nil, tokens[index].info.has(IngredientWords.numberWord),
        let value = IngredientLexicon.numberWords[line.lowercased(index)]
      {
        quantity = value
      }
    }
    var unit: IngredientUnit?
    var matched: [Int] = []
    let candidates = group.unitTokens
    var position = 0
    while position < candidates.count, unit == nil {
      let index = candidates[position]
      if position + 1 < candidates.count {
        let next = candidates[position + 1]
        let found = phraseUnit(index, next)
        if found >= 0 {
          unit = IngredientUnit.all[Int(found)]
          matched = [index, next]
          break
        }
      }
      let found = tokens[index].unit
      if found >= 0 {
        unit = IngredientUnit.all[Int(found)]
        matched = [index]
        break
      }
      position += 1
    }
    if unit == nil {
      // No unit from the table: words such as "punnets" are still the unit as written, but
      // modifiers and sizes the data labels as units ("scant", "small handful") are not.
      matched = candidates.filter {
        !tokens[$0].has(IngredientWords.amountModifier | IngredientWords.size)
      }
    }
    let leftovers = candidates.filter { !matched.contains($0) }
    let unitText = matched.isEmpty ? nil : text(of: matched, separator: " ")
    return Reading(
      quantity: quantity, quantityMax: quantityMax, unit: unit, unitText: unitText,
      unitTokens: matched, leftovers: leftovers)
  }

  // MARK: - Text

  /// The text of some tokens: glued tokens touch, others get one space; gaps of other fields
  /// between runs get `separator`.
  func text(of indices: [Int], separator: String) -> String {
    var result: [UInt8] = []
    result.reserveCapacity(64)
    var previous = -2
    for index in indices {
      if previous >= 0 {
        if index == previous + 1 || onlyPunctuationBetween(previous, index) {
          appendPunctuation(between: previous, index, to: &result)
          if !tokens[index].isGlued { result.append(0x20) }
        } else {
          result.append(contentsOf: separator.utf8)
        }
      }
      append(index, to: &result)
      previous = index
    }
    return String(decoding: result, as: UTF8.self)
  }

  func append(_ index: Int, to result: inout [UInt8]) {
    result.append(contentsOf: line.bytes[tokens[index].byteStart..<tokens[index].byteEnd])
  }

  func onlyPunctuationBetween(_ from: Int, _ to: Int) -> Bool {
    guard to > from + 1 else { return true }
    for index in (from + 1)..<to {
      guard tokens[index].isPunctuation, !tokens[index].isSymbol("("), !tokens[index].isSymbol(")")
      else { return false }
    }
    return true
  }

  func appendPunctuation(between from: Int, _ to: Int, to result: inout [UInt8]) {
    guard to > from + 1 else { return }
    for index in (from + 1)..<to {
      if !tokens[index].isGlued { result.append(0x20) }
      append(index, to: &result)
    }
  }

  func span(of indices: [Int]) -> TextSpan? {
    guard let first = indices.min(), let last = indices.max() else { return nil }
    return TextSpan(start: tokens[first].span.start, end: tokens[last].span.end)
  }

  // MARK: - Assembly

  mutating func assemble(isSectionHeader: Bool) -> ParsedIngredient {
    var result = ParsedIngredient(input: input)
    if isSectionHeader {
      let words = tokens.indices.filter { !tokens[$0].isPunctuation }
      for index in words { fields[index] = .comment }
      result.isSectionHeader = true
      result.comment = words.isEmpty ? nil : text(of: words, separator: " ")
      if let span = span(of: words) { result.spans[Field.comment.rawValue] = span }
      return result
    }
    var extraSize: [Int] = []
    var extraComment: [Int] = []
    assembleAmounts(into: &result, extraSize: &extraSize, extraComment: &extraComment)

    var byLabel = [[Int]](repeating: [], count: IngredientLabel.count)
    for index in tokens.indices where fields[index] == nil && !tokens[index].isPunctuation {
      var label = labels[index]
      if label == .quantity || label == .unit || label == .punctuation { label = .comment }
      byLabel[Int(label.rawValue)].append(index)
    }
    func labelled(_ label: IngredientLabel) -> [Int]? {
      let found = byLabel[Int(label.rawValue)]
      return found.isEmpty ? nil : found
    }
    let sizeTokens = ((labelled(.size) ?? []) + extraSize).sorted()
    if !sizeTokens.isEmpty {
      result.size = text(of: sizeTokens, separator: " ")
      set(.size, sizeTokens, &result)
    }
    if var nameTokens = labelled(.name) {
      // "such as" opens examples of the food, not the food or its alternatives: "mixed wild
      // mushrooms, such as morels or chanterelles" names mixed wild mushrooms, and the
      // examples are a comment.
      // The words "such as" may be the name's or the comment's; what counts is that they
      // stand after the name's first word.
      if let first = nameTokens.first,
        let such = (first + 1..<max(first + 1, tokens.count - 1)).first(where: { index in
          tokens[index].hash == IngredientWords.such
            && tokens[index + 1].hash == IngredientWords.asWord
        }),
        let cut = nameTokens.firstIndex(where: { $0 >= such })
      {
        extraComment += nameTokens[cut...]
        nameTokens.removeSubrange(cut...)
      }
      // A choice with its own amount is another way to make the line, not part of the food's
      // name: "1 onion or 3 spring onions" names onion, and "3 spring onions" is a comment
      // (the name words used to run together as "onion spring onions"). So is a food added
      // with its own amount: "1 tsp ground cumin mixed with 1 tbsp olive oil", "200g dark
      // chocolate, plus 50g white chocolate".
      if let cut = otherFoodWithItsOwnAmount(nameTokens) {
        extraComment += nameTokens[cut...]
        nameTokens.removeSubrange(cut...)
      }
      assembleName(nameTokens, into: &result)
    }
    if result.name == nil { rescueName(&result) }
    if result.name == nil, let words = nameAfterMoreAmount() {
      // "1 tablespoon plus 1 teaspoon gluten": the food was read into the "plus" clause.
      assembleName(words, into: &result)
    }
    if let preparation = labelled(.preparation) {
      result.preparation = text(of: preparation, separator: ", ")
      set(.preparation, preparation, &result)
    }
    let commentTokens = ((labelled(.comment) ?? []) + extraComment).filter {
      fields[$0] != .name && fields[$0] != .alternatives
    }.sorted()
    if !commentTokens.isEmpty {
      result.comment = text(of: commentTokens, separator: ", ")
      set(.comment, commentTokens, &result)
    }
    if let purpose = labelled(.purpose) {
      result.purpose = text(of: purpose, separator: ", ")
      set(.purpose, purpose, &result)
    }
    result.isOptional = IngredientAssembler.isOptional(tokens)
    return result
  }

  mutating func set(_ field: Field, _ indices: [Int], _ result: inout ParsedIngredient) {
    for index in indices { fields[index] = field }
    if let span = span(of: indices) { result.spans[field.rawValue] = span }
  }

  func amount(_ reading: Reading, _ group: Group) -> IngredientAmount {
    IngredientAmount(
      quantity: reading.quantity, quantityMax: reading.quantityMax, unit: reading.unit?.id,
      unitText: reading.unitText,
      span: span(of: group.quantityTokens + reading.unitTokens + group.markers))
  }

  /// The first word after `index` and any closing brackets, when it is a count unit such as
  /// "carton" or "tins" and not already an amount.
  func containerWord(after index: Int) -> Int? {
    var position = index + 1
    while position < tokens.count, tokens[position].isPunctuation,
      tokens[position].isSymbol(")") || tokens[position].isSymbol("]")
    {
      position += 1
    }
    guard position < tokens.count, tokens[position].isWord, tokens[position].unit >= 0,
      labels[position] != .quantity, labels[position] != .unit,
      IngredientUnit.all[Int(tokens[position].unit)].dimension == .count
    else { return nil }
    return position
  }

  static let containerUnits: Set<String> = [
    "can", "jar", "bottle", "package", "bag", "box", "carton", "container", "envelope",
  ]

  mutating func assembleAmounts(
    into result: inout ParsedIngredient, extraSize: inout [Int], extraComment: inout [Int]
  ) {
    var groups = groups()
    guard !groups.isEmpty else { return }
    var readings = groups.map(read)
    for reading in readings {
      for index in reading.leftovers {
        if tokens[index].info.has(IngredientWords.size) {
          extraSize.append(index)
          fields[index] = .size
        } else {
          extraComment.append(index)
          fields[index] = .comment
        }
      }
    }
    mergeComposites(&groups, &readings)
    // Groups left with neither a number nor a unit ("scant" alone) are no amounts.
    let keep = groups.indices.filter {
      !groups[$0].quantityTokens.isEmpty || !readings[$0].unitTokens.isEmpty
    }
    if keep.count < groups.count {
      groups = keep.map { groups[$0] }
      readings = keep.map { readings[$0] }
    }
    guard !groups.isEmpty else { return }
    var primary = readings[0]
    let primaryTokens = groups[0].quantityTokens + groups[0].markers
    var primaryUnitTokens = primary.unitTokens
    var consumed: Set<Int> = [0]
    var containerIndex: Int?

    if primary.unit == nil, primary.unitText == nil, groups.count > 1 {
      // "1 (14 oz) can", "2 x 400g tins", "2 14-ounce cans", "1 x 1.3kg chicken".
      let second = groups[1]
      if readings[1].unit != nil || readings[1].unitText != nil,
        second.separator == .parenthesis || second.separator == .times
          || second.separator == .adjacent
      {
        // Step over the size's own alternatives: "/14oz", "[392 g]".
        var next = 2
        while next < groups.count,
          groups[next].separator == .slash
            || (groups[next].inParentheses && groups[next].separator != .other)
        {
          next += 1
        }
        if next < groups.count, groups[next].quantityTokens.isEmpty,
          groups[next].separator == .adjacent || groups[next].separator == .parenthesis
            || groups[next].separator == .other && groups[next].first <= second.last + 2
        {
          primary.unit = readings[next].unit
          primary.unitText = readings[next].unitText
          primaryUnitTokens = readings[next].unitTokens
          consumed.insert(next)
          containerIndex = 1
        } else {
          // "2 x 200g salmon fillets", "4 (6 ounce) chicken breasts", "One 4-pound chicken".
          containerIndex = 1
          // "1 (8-ounce) carton sour cream": the container word right after the size, even
          // when it was read as part of the name.
          if let container = containerWord(after: groups[next - 1].last) {
            primary.unit = IngredientUnit.all[Int(tokens[container].unit)]
            primary.unitText = line.text(container)
            primaryUnitTokens = [container]
          }
        }
      }
      // "2 celery stalks", "6 (3-inch) rosemary sprigs": the unit after the food.
      if primary.unit == nil, primary.unitText == nil,
        let later = groups.indices.dropFirst().first(where: {
          $0 != containerIndex && !consumed.contains($0) && groups[$0].quantityTokens.isEmpty
            && !groups[$0].inParentheses
        })
      {
        primary.unit = readings[later].unit
        primary.unitText = readings[later].unitText
        primaryUnitTokens = readings[later].unitTokens
        consumed.insert(later)
      }
    } else if let unit = primary.unit, groups.count > 1 {
      // "1 can (14 oz)": a container followed by its size.
      let next = 1
      if Self.containerUnits.contains(unit.id), next < groups.count,
        groups[next].separator == .parenthesis, let size = readings[next].unit,
        size.dimension == .mass || size.dimension == .volume
      {
        containerIndex = next
      }
    }
    if containerIndex == nil, primary.unit == nil, primary.unitText == nil,
      let each = groups.indices.first(where: {
        !consumed.contains($0) && groups[$0].followedByEach && readings[$0].unit != nil
      })
    {
      // "4 pork chops, about 10 ounces each".
      containerIndex = each
    }

    result.quantity = primary.quantity
    result.quantityMax = primary.quantityMax
    result.unit = primary.unit?.id
    result.unitText = primary.unitText
    set(.quantity, primaryTokens, &result)
    if !primaryUnitTokens.isEmpty { set(.unit, primaryUnitTokens, &result) }
    primaryUnitIndices = primaryUnitTokens
    if primaryTokens.isEmpty { result.spans[Field.quantity.rawValue] = nil }

    for (offset, group) in groups.enumerated() where !consumed.contains(offset) {
      let reading = readings[offset]
      let amount = amount(reading, group)
      let field: Field = offset == containerIndex ? .containerSize : .alternativeAmounts
      for index in group.quantityTokens + group.markers + reading.unitTokens {
        fields[index] = field
      }
      if offset == containerIndex {
        result.containerSize = amount
        if let span = amount.span { result.spans[Field.containerSize.rawValue] = span }
      } else {
        result.alternativeAmounts.append(amount)
        alternativeTokens.append(group.quantityTokens + group.markers + reading.unitTokens)
      }
    }
  }

  /// Folds composite amounts into one: "1lb 9oz" is 1 9/16 lb, "3 pints 10fl oz" 3½ pints. Two
  /// adjacent amounts merge when they measure the same thing and the second unit is smaller.
  func mergeComposites(_ groups: inout [Group], _ readings: inout [Reading]) {
    var mergedGroups: [Group] = []
    var mergedReadings: [Reading] = []
    mergedGroups.reserveCapacity(groups.count)
    mergedReadings.reserveCapacity(groups.count)
    for (group, reading) in zip(groups, readings) {
      if var last = mergedReadings.last, group.separator == .adjacent, let unit = last.unit,
        let nextUnit = reading.unit, nextUnit.dimension == unit.dimension,
        let factor = unit.baseFactor, let nextFactor = nextUnit.baseFactor, nextFactor < factor,
        let quantity = last.quantity, last.quantityMax == nil,
        let nextQuantity = reading.quantity, reading.quantityMax == nil
      {
        last.quantity = quantity + nextQuantity * nextFactor / factor
        last.unitTokens += reading.unitTokens
        mergedReadings[mergedReadings.count - 1] = last
        var lastGroup = mergedGroups[mergedGroups.count - 1]
        lastGroup.quantityTokens += group.quantityTokens
        lastGroup.unitTokens += group.unitTokens
        lastGroup.followedByEach = group.followedByEach
        mergedGroups[mergedGroups.count - 1] = lastGroup
      } else {
        mergedGroups.append(group)
        mergedReadings.append(reading)
      }
    }
    groups = mergedGroups
    readings = mergedReadings
  }

  // MARK: - Name and alternatives

  /// A line whose only noun was read as a unit names that: "2 cloves, ground" is cloves,
  /// "1 dozen cloves" too.
  mutating func rescueName(_ result: inout ParsedIngredient) {
    if let offset = result.alternativeAmounts.indices.first(where: {
      result.alternativeAmounts[$0].quantity == nil
    }) {
      let indices = alternativeTokens[offset]
      result.alternativeAmounts.remove(at: offset)
      alternativeTokens.remove(at: offset)
      result.name = IngredientNameForm.canonical(text(of: indices, separator: " "))
      set(.name, indices, &result)
      return
    }
    guard let id = result.unit, let unit = IngredientUnit.unit(id: id), unit.dimension == .count,
      !Self.containerUnits.contains(id), !primaryUnitIndices.isEmpty
    else { return }
    result.name = result.unitText.map(IngredientNameForm.canonical)
    result.unit = nil
    result.unitText = nil
    result.spans[Field.unit.rawValue] = nil
    set(.name, primaryUnitIndices, &result)
  }

  /// The food's words in a line that names none because they were read into a clause adding
  /// more of it: "1 tablespoon plus 1 teaspoon gluten", "1/2 cup or more grated Parmesan",
  /// "1/8 teaspoon or a few drops of almond extract". They are the words after the "plus" or
  /// "or" that follows the line's amount and after the clause's own amount (numbers, units,
  /// "more", "a few", "of"), up to the next punctuation; nil when there are none.
  func nameAfterMoreAmount() -> [Int]? {
    guard
      let opener = tokens.indices.first(where: {
        (tokens[$0].hash == IngredientWords.plus || tokens[$0].hash == IngredientWords.or)
          && fields[$0] == nil && labels[$0] == .comment
      }),
      tokens[..<opener].indices.contains(where: { fields[$0] == .quantity || fields[$0] == .unit })
    else { return nil }
    var index = opener + 1
    while index < tokens.count {
      let token = tokens[index]
      let isAmount =
        token.isNumber || fields[index] == .alternativeAmounts || (token.isWord && token.unit >= 0)
        || token.has(IngredientWords.amountModifier) || token.has(IngredientWords.vagueCount)
        || token.hash == IngredientWords.of
      guard isAmount else { break }
      index += 1
    }
    var words: [Int] = []
    while index < tokens.count, tokens[index].isWord, fields[index] == nil,
      labels[index] == .comment || labels[index] == .name
    {
      words.append(index)
      index += 1
    }
    return words.isEmpty ? nil : words
  }

  mutating func assembleName(_ indices: [Int], into result: inout ParsedIngredient) {
    // Split at "or" (and, when there is an "or", at commas): "butter or margarine",
    // "crackers, bruschetta, or tortilla chips".
    let hasOr = indices.contains { tokens[$0].hash == IngredientWords.or }
    var parts: [[Int]] = [[]]
    var connectors: [Int] = []
    var previous = -1
    for index in indices {
      if hasOr, tokens[index].hash == IngredientWords.or {
        connectors.append(index)
        parts.append([])
      } else if hasOr, previous >= 0, commaBetween(previous, index), !(parts.last ?? []).isEmpty {
        parts.append([index])
      } else {
        parts[parts.count - 1].append(index)
      }
      previous = index
    }
    // Connectors left at the edges of a part ("salt and/or pepper").
    parts = parts.map { part in
      var part = part
      while let last = part.last,
        tokens[last].hash == IngredientWords.and
          || tokens[last].hash == IngredientWords.ampersand
      {
        connectors.append(last)
        part.removeLast()
      }
      return part
    }.filter { !$0.isEmpty }
    guard let firstPart = parts.first else {
      result.name = nil
      set(.name, indices, &result)
      return
    }
    // Parts stay as written: "olive or vegetable oil" gives "olive" and "vegetable oil".
    // Sharing the last part's head noun ("olive oil") reads better for some lines but is
    // wrong for as many ("butter or olive oil" is not "butter oil"), so it is left to the
    // reader of ``ParsedIngredient/alternatives``.
    // Piece words in the singular ("mint leaves" → "mint leaf"): see IngredientNameForm.
    let name = IngredientNameForm.canonical(text(of: firstPart, separator: " "))
    result.name = name
    set(.name, firstPart, &result)
    if parts.count > 1 {
      result.alternatives = parts.dropFirst().map {
        IngredientNameForm.canonical(text(of: $0, separator: " "))
      }
      let rest = Array(parts.dropFirst().joined()) + connectors
      set(.alternatives, rest.sorted(), &result)
    } else if !connectors.isEmpty {
      for index in connectors { fields[index] = .name }
    }
  }

  /// Where the name words after "or", "plus" or "with" and a number of their own begin
  /// ("½ cup sugar or ¼ cup simple syrup": the offset of "simple" in `nameTokens`, or of the
  /// connector when it was read as part of the name), else nil. A range ("5 or 6 plum
  /// tomatoes") and a share ("98% or 99% fat-free") are not such a food.
  func otherFoodWithItsOwnAmount(_ nameTokens: [Int]) -> Int? {
    func isConnector(_ index: Int) -> Bool {
      let hash = tokens[index].hash
      return hash == IngredientWords.or || hash == IngredientWords.plus
        || hash == IngredientWords.with
    }
    for offset in nameTokens.indices.dropFirst() {
      let before = nameTokens[offset - 1]
      let after = nameTokens[offset]
      guard after > before + 1 else { continue }
      let connector: Int
      if isConnector(before) {
        // "OR one 13-ounce can tomatillos": an "or" that opens the line leaves no name before it.
        guard offset > 1 else { continue }
        connector = before
      } else if let found = (before + 1..<after).first(where: isConnector) {
        connector = found
      } else {
        continue
      }
      var next = connector + 1
      while next < after, tokens[next].isPunctuation { next += 1 }
      guard next < after, labels[next] == .quantity || tokens[next].isNumber,
        next + 1 >= tokens.count || !tokens[next + 1].isSymbol("%"),
        connector == 0 || !(tokens[connector - 1].isNumber || labels[connector - 1] == .quantity)
      else { continue }
      return connector == before ? offset - 1 : offset
    }
    return nil
  }

  func commaBetween(_ from: Int, _ to: Int) -> Bool {
    guard to > from + 1 else { return false }
    return (from + 1..<to).contains { tokens[$0].isSymbol(",") }
  }

  // MARK: - Optional

  /// Whether a line is optional: it says "optional", "to taste", "as needed", "if needed",
  /// "if desired", "if you like", "if using", or its purpose is serving, garnish, decoration
  /// or dusting ("for serving", "to serve", "for garnish", "to garnish", "for decoration",
  /// "to decorate", "for dusting"). Such words after "plus" ("3 cups flour, plus extra for
  /// dusting", "salt, plus more to taste") are about the extra only: the line's main amount
  /// is still needed.
  static func isOptional(_ tokens: [TokenCore]) -> Bool {
    typealias Words = IngredientWords
    var previous: UInt64 = 0
    var beforePrevious: UInt64 = 0
    for index in tokens.indices where tokens[index].isWord {
      let word = tokens[index].hash
      if word == Words.plus { return false }
      if word == Words.optional || word == Words.optionally { return true }
      if word == Words.garnish || word == Words.garnishes { return true }
      if word == Words.taste, previous == Words.to { return true }
      if previous == Words.asWord, Words.needed.contains(word) { return true }
      if previous == Words.ifWord, Words.ifWords.contains(word),
        !Words.qualifiers.contains(beforePrevious)
      {
        return true
      }
      if beforePrevious == Words.ifWord, previous == Words.you, Words.youWords.contains(word) {
        return true
      }
      if tokens[index].info.has(Words.optionalPurpose),
        previous == Words.forWord || previous == Words.to
      {
        return true
      }
      beforePrevious = previous
      previous = word
    }
    return false
  }

  /// Every token with its label and field.
  func parsedTokens() -> [ParsedToken] {
    tokens.indices.map {
      ParsedToken(token: line.token($0), label: labels[$0], field: fields[$0]?.rawValue)
    }
  }
}
