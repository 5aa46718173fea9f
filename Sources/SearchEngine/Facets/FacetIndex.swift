/// What filters, facet counts and sorting read, built with the index (and kept in its cache):
/// per faceted text attribute, its distinct values and, both ways, which records have which
/// value; per numeric attribute, a column of numbers and a rank of each record for sorting.
///
/// Values compare folded (case, diacritics), as the search does: "apple" refines "Apple". A
/// hierarchical value (`Computers & Tablets > Laptops > Gaming`) also counts for each of its
/// ancestors, so refining an upper level keeps everything below it. Multi-valued attributes
/// (JSON arrays, stored as "a, b") count each element.
public struct FacetIndex: Sendable {
  public struct TextFacet: Sendable {
    public let attribute: String
    /// Distinct values as first spelled, sorted by folded key.
    public let values: [String]
    /// The folded key of each value, for lookup (sorted).
    let keys: [[UInt8]]
    /// Hierarchy level of each value (0 for a flat value or a root).
    public let levels: [UInt8]
    /// Records of each value, ascending: `records[valueStart[v] ..< valueStart[v + 1]]`.
    let valueStart: Column<UInt32>
    let valueRecords: Column<UInt32>
    /// Values of each record (ancestors included): `recordValues[recordStart[r] ..< recordStart[r + 1]]`.
    let recordStart: Column<UInt32>
    let recordValues: Column<UInt32>

    public var isHierarchical: Bool { levels.contains { $0 > 0 } }

    /// The value whose folded form equals `text`'s.
    public func value(named text: String) -> Int? {
      let key = TextFolding.foldedKey(text)
      var lo = 0
      var hi = keys.count
      while lo < hi {
        let mid = (lo + hi) >> 1
        if keys[mid].lexicographicallyPrecedes(key) { lo = mid + 1 } else { hi = mid }
      }
      return lo < keys.count && keys[lo] == key ? lo : nil
    }

    public func recordCount(of value: Int) -> Int { Int(valueStart[value + 1] - valueStart[value]) }

    @inline(__always) func forEachRecord(of value: Int, _ body: (Int) -> Void) {
      for i in Int(valueStart[value])..<Int(valueStart[value + 1]) { body(Int(valueRecords[i])) }
    }
  }

  public struct NumericFacet: Sendable {
    public let attribute: String
    /// The record's number; NaN when it has none.
    public let numbers: Column<Double>
    /// Dense rank of each record's number, ascending (equal numbers share a rank); records without
    /// a number rank after all (`distinct`).
    let ranks: Column<UInt32>
    let distinct: UInt32
    public let minimum: Double
    public let maximum: Double
    /// The sum of every record's number and how many have one (the empty query's `facets_stats`,
    /// read off here rather than summed on every keystroke).
    public let total: (sum: Double, count: Int)

    init(
      attribute: String, numbers: Column<Double>, ranks: Column<UInt32>, distinct: UInt32, minimum: Double,
      maximum: Double
    ) {
      self.attribute = attribute
      self.numbers = numbers
      self.ranks = ranks
      self.distinct = distinct
      self.minimum = minimum
      self.maximum = maximum
      var sum = 0.0
      var count = 0
      for i in 0..<numbers.count where !numbers[i].isNaN {
        sum += numbers[i]
        count += 1
      }
      total = (sum, count)
    }
  }

  public let text: [TextFacet]
  public let numeric: [NumericFacet]

  public static let empty = FacetIndex(text: [], numeric: [])

  init(text: [TextFacet], numeric: [NumericFacet]) {
    self.text = text
    self.numeric = numeric
  }

  public var attributes: [String] { text.map(\.attribute) + numeric.map(\.attribute) }
  public func textFacet(_ name: String) -> TextFacet? { text.first { $0.attribute == name } }

  /// A text facet as numbers to sort by (`--sort brand:asc`): each record's value's place in
  /// alphabetical (folded) order — its first value when it has several, a root's for a
  /// hierarchy; records without one come last, as numbers do. Built on demand (a pass over the
  /// records' values), kept by the searcher while the sort stays.
  public func alphabeticalFacet(_ name: String, records: Int) -> NumericFacet? {
    guard let facet = textFacet(name) else { return nil }
    var numbers = [Double](repeating: .nan, count: records)
    for record in 0..<min(records, facet.recordStart.count - 1) {
      for i in Int(facet.recordStart[record])..<Int(facet.recordStart[record + 1]) {
        let value = Int(facet.recordValues[i])
        guard facet.levels[value] == 0 else { continue }
        if numbers[record].isNaN || Double(value) < numbers[record] { numbers[record] = Double(value) }
      }
    }
    return Self.numericFacet(name, numbers)
  }
  public func numericFacet(_ name: String) -> NumericFacet? { numeric.first { $0.attribute == name } }

  /// Separators: a hierarchy's levels, and the elements of a multi-valued (array) attribute.
  public static let levelSeparator = " > "
  public static let elementSeparator = ", "

  /// Builds the facets of `attributes` over `documents` (already in record-id order). An attribute
  /// whose every present value is a number is numeric; the others are text.
  static func build(_ documents: DocumentStore, attributes: [String], multiValued: Set<String>) -> FacetIndex {
    var text: [TextFacet] = []
    var numeric: [NumericFacet] = []
    let n = documents.count
    for name in attributes {
      guard let column = documents.attributeIndex(name) else { continue }
      var numbers = [Double](repeating: .nan, count: n)
      var allNumeric = true
      var any = false
      for r in 0..<n {
        documents.withValue(r, column) { bytes in
          guard !bytes.isEmpty else { return }
          any = true
          if let v = IndexBuilder.parseNumber(bytes) { numbers[r] = v } else { allNumeric = false }
        }
        if !allNumeric { break }
      }
      if allNumeric && any {
        numeric.append(numericFacet(name, numbers))
      } else {
        text.append(textFacet(name, documents, column, multiValued: multiValued.contains(name)))
      }
    }
    return FacetIndex(text: text, numeric: numeric)
  }

  static func numericFacet(_ name: String, _ numbers: [Double]) -> NumericFacet {
    let present = numbers.enumerated().filter { !$0.element.isNaN }.sorted { $0.element < $1.element }
    var ranks = [UInt32](repeating: 0, count: numbers.count)
    var rank: UInt32 = 0
    for (i, entry) in present.enumerated() {
      if i > 0 && entry.element != present[i - 1].element { rank += 1 }
      ranks[entry.offset] = rank
    }
    let distinct = present.isEmpty ? 0 : rank + 1
    for (r, v) in numbers.enumerated() where v.isNaN { ranks[r] = distinct }
    return NumericFacet(
      attribute: name, numbers: Column(numbers), ranks: Column(ranks), distinct: distinct,
      minimum: present.first?.element ?? .nan,
      maximum: present.last?.element ?? .nan)
  }

  static func textFacet(_ name: String, _ documents: DocumentStore, _ column: Int, multiValued: Bool) -> TextFacet {
    var idOfKey: [[UInt8]: Int] = [:]
    var spelled: [String] = []
    var keys: [[UInt8]] = []
    var levels: [UInt8] = []
    var perRecord: [[Int]] = []
    perRecord.reserveCapacity(documents.count)
    func intern(_ value: String, level: Int) -> Int {
      let key = TextFolding.foldedKey(value)
      if let id = idOfKey[key] { return id }
      idOfKey[key] = spelled.count
      spelled.append(value)
      keys.append(key)
      levels.append(UInt8(min(level, 255)))
      return spelled.count - 1
    }
    for r in 0..<documents.count {
      let value = documents.indexedValue(r, column)
      var ids: [Int] = []
      let elements =
        multiValued ? value.components(separatedBy: elementSeparator) : (value.isEmpty ? [] : [value])
      for element in elements {
        let parts = element.components(separatedBy: levelSeparator).map { $0.trimmingSpaces }
        guard !parts.contains(where: \.isEmpty) else {
          if !element.trimmingSpaces.isEmpty { ids.append(intern(element.trimmingSpaces, level: 0)) }
          continue
        }
        for depth in parts.indices {
          ids.append(intern(parts[0...depth].joined(separator: levelSeparator), level: depth))
        }
      }
      perRecord.append(Array(Set(ids)))
    }
    // Renumber values in folded-key order, so lookup is a binary search.
    let order = keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
    var newID = [Int](repeating: 0, count: keys.count)
    for (i, old) in order.enumerated() { newID[old] = i }
    var counts = [UInt32](repeating: 0, count: keys.count + 1)
    var recordStart: [UInt32] = [0]
    var recordValues: [UInt32] = []
    for ids in perRecord {
      for id in ids.map({ newID[$0] }).sorted() {
        recordValues.append(UInt32(id))
        counts[id + 1] += 1
      }
      recordStart.append(UInt32(recordValues.count))
    }
    for i in 1..<counts.count { counts[i] += counts[i - 1] }
    var fill = Array(counts.dropLast())
    var valueRecords = [UInt32](repeating: 0, count: recordValues.count)
    for r in 0..<perRecord.count {
      for i in Int(recordStart[r])..<Int(recordStart[r + 1]) {
        let v = Int(recordValues[i])
        valueRecords[Int(fill[v])] = UInt32(r)
        fill[v] += 1
      }
    }
    return TextFacet(
      attribute: name, values: order.map { spelled[$0] }, keys: order.map { keys[$0] },
      levels: order.map { levels[$0] },
      valueStart: Column(counts), valueRecords: Column(valueRecords), recordStart: Column(recordStart),
      recordValues: Column(recordValues))
  }

  var bytes: Int {
    text.reduce(0) {
      $0 + $1.keys.reduce(0) { $0 + $1.count } * 2 + $1.valueStart.byteCount + $1.valueRecords.byteCount
        + $1.recordStart.byteCount + $1.recordValues.byteCount
    } + numeric.reduce(0) { $0 + $1.numbers.byteCount + $1.ranks.byteCount }
  }
}
