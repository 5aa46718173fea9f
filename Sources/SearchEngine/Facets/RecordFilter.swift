/// A set of records as a bitmap: what a filter lets through. Built once per filter change (a few
/// word operations per 64 records, under a millisecond at a million records for a facet value's
/// postings) and tested with one shift and mask per candidate in the search's hot loop.
public struct RecordFilter: Sendable, Equatable {
  private(set) var words: [UInt64]
  public let recordCount: Int

  public init(recordCount: Int, all: Bool) {
    self.recordCount = recordCount
    words = [UInt64](repeating: all ? .max : 0, count: (recordCount + 63) / 64)
    if all { clearTail() }
  }

  private mutating func clearTail() {
    let extra = words.count * 64 - recordCount
    if extra > 0 { words[words.count - 1] &= .max >> UInt64(extra) }
  }

  @inline(__always) public func contains(_ record: Int) -> Bool {
    words[record >> 6] & (1 << UInt64(record & 63)) != 0
  }

  @inline(__always) mutating func insert(_ record: Int) { words[record >> 6] |= 1 << UInt64(record & 63) }

  /// Lets `record` no longer pass (a rule hides it).
  public mutating func remove(_ record: Int) { words[record >> 6] &= ~(1 << UInt64(record & 63)) }

  /// How many records pass.
  public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

  mutating func formIntersection(_ other: RecordFilter) {
    for i in words.indices { words[i] &= other.words[i] }
  }

  mutating func formUnion(_ other: RecordFilter) {
    for i in words.indices { words[i] |= other.words[i] }
  }

  func inverted() -> RecordFilter {
    var out = self
    for i in out.words.indices { out.words[i] = ~out.words[i] }
    out.clearTail()
    return out
  }

  /// Calls `body` with each record that passes, in ascending order, from `start`.
  public func forEachRecord(from start: Int = 0, _ body: (Int) -> Bool) {
    guard start < recordCount else { return }
    var w = start >> 6
    var bits = words[w] & (.max << UInt64(start & 63))
    while true {
      while bits != 0 {
        let r = w << 6 | bits.trailingZeroBitCount
        if !body(r) { return }
        bits &= bits - 1
      }
      w += 1
      guard w < words.count else { return }
      bits = words[w]
    }
  }
}

extension FacetIndex {
  /// The records of `attribute` whose value is `name`, a whole path ("Cell Phones > Smartphones"),
  /// or whose value's last level is named `name` ("Smartphones"), folded. Nil when the attribute
  /// is not a text facet or no value is so named.
  public func records(named name: String, in attribute: String, recordCount n: Int) -> RecordFilter? {
    guard let facet = textFacet(attribute) else { return nil }
    var out = RecordFilter(recordCount: n, all: false)
    if name.contains(" > ") {
      guard let value = facet.value(named: name) else { return nil }
      facet.forEachRecord(of: value) { out.insert($0) }
      return out
    }
    let key = TextFolding.foldedKey(name)
    var found = false
    for (v, value) in facet.values.enumerated() {
      let last = value.components(separatedBy: " > ").last ?? value
      guard TextFolding.foldedKey(last) == key else { continue }
      found = true
      facet.forEachRecord(of: v) { out.insert($0) }
    }
    return found ? out : nil
  }

  /// The records that pass `expression`. A facet value no record has passes nothing; an
  /// attribute that is not a facet is an error (Algolia's rule: filter only on
  /// `attributesForFaceting`).
  public func evaluate(_ expression: FilterExpression, recordCount n: Int) throws(FilterError) -> RecordFilter {
    switch expression {
    case .facet(let attribute, let value, let column):
      if let facet = textFacet(attribute) {
        var out = RecordFilter(recordCount: n, all: false)
        if let id = facet.value(named: value) { facet.forEachRecord(of: id) { out.insert($0) } }
        return out
      }
      if let facet = numericFacet(attribute) {
        guard let number = Double(value), !number.isNaN else {
          throw FilterError(column: column, message: "'\(attribute)' is numeric: '\(value)' is not a number")
        }
        return select(facet) { $0 == number }
      }
      throw unknown(attribute, column)
    case .numeric(let attribute, let comparison, let value, let column):
      guard let facet = numericFacet(attribute) else {
        if textFacet(attribute) != nil {
          throw FilterError(column: column, message: "'\(attribute)' is not numeric: use \(attribute):value")
        }
        throw unknown(attribute, column)
      }
      return select(facet) { comparison.holds($0, value) }
    case .range(let attribute, let lower, let upper, let column):
      guard let facet = numericFacet(attribute) else {
        if textFacet(attribute) != nil {
          throw FilterError(column: column, message: "'\(attribute)' is not numeric: a range needs numbers")
        }
        throw unknown(attribute, column)
      }
      return select(facet) { $0 >= lower && $0 <= upper }
    case .not(let inner):
      return try evaluate(inner, recordCount: n).inverted()
    case .and(let list):
      var out = RecordFilter(recordCount: n, all: true)
      for e in list { out.formIntersection(try evaluate(e, recordCount: n)) }
      return out
    case .or(let list):
      var out = RecordFilter(recordCount: n, all: false)
      for e in list { out.formUnion(try evaluate(e, recordCount: n)) }
      return out
    }
  }

  private func select(_ facet: NumericFacet, _ test: (Double) -> Bool) -> RecordFilter {
    var out = RecordFilter(recordCount: facet.numbers.count, all: false)
    for (r, v) in facet.numbers.enumerated() where !v.isNaN && test(v) { out.insert(r) }
    return out
  }

  private func unknown(_ attribute: String, _ column: Int) -> FilterError {
    FilterError(
      column: column,
      message: attributes.isEmpty
        ? "'\(attribute)' is not a facet (this catalog has none)"
        : "'\(attribute)' is not a facet (facets: \(attributes.joined(separator: ", ")))")
  }
}
