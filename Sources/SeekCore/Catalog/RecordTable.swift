import SearchEngine

/// Records as parsed, before indexing: attribute names in first-seen order and each record's
/// values aligned with them.
///
/// No input may cost more than a small multiple of its size: every record has a slot for every
/// attribute, so a catalog keeps its first `maxAttributes` distinct attribute names and ignores
/// the rest (20,000 records with a key each would otherwise cost 20,000² slots), with a warning.
public struct RecordTable: Sendable {
  public var attributes: [String] = []
  public var rows: [[String]] = []
  /// Attributes whose every present value was a JSON number (or parses as one, for tables).
  public var numericAttributes: Set<String> = []
  /// Attributes that were JSON arrays in some record (their elements are facet values).
  public var multiValuedAttributes: Set<String> = []
  private var attributeIndex: [String: Int] = [:]
  /// Distinct attribute names beyond `maxAttributes`, ignored (counted up to a bound).
  public private(set) var ignoredAttributes = 0
  private var ignoredNames: Set<String> = []

  /// As Algolia caps a record's size; far above any real catalog's attribute count.
  public static let maxAttributes = 256

  public init(attributes: [String] = []) {
    for name in attributes { _ = column(name) }
  }

  /// The column of `name`, added if new; nil when the table already has `maxAttributes`.
  public mutating func column(_ name: String) -> Int? {
    if let i = attributeIndex[name] { return i }
    guard attributes.count < Self.maxAttributes else {
      if ignoredNames.count < 1 << 16, ignoredNames.insert(name).inserted { ignoredAttributes += 1 }
      return nil
    }
    attributeIndex[name] = attributes.count
    attributes.append(name)
    return attributes.count - 1
  }

  public mutating func append(_ members: [(String, String)]) {
    var row = [String](repeating: "", count: attributes.count)
    for (name, value) in members {
      guard let i = column(name) else { continue }
      if i >= row.count { row += [String](repeating: "", count: i - row.count + 1) }
      row[i] = value
    }
    rows.append(row)
  }

  /// What was left out or cut, for a warning.
  public var warnings: [String] {
    var out: [String] = []
    if ignoredAttributes > 0 {
      out.append(
        "the records name \(ignoredAttributes)\(ignoredNames.count >= 1 << 16 ? "+" : "") more attributes than the \(Self.maxAttributes) kept; those are ignored"
      )
    }
    let long = rows.reduce(0) { n, row in n + row.filter { $0.utf8.count > DocumentStore.maxIndexedValueBytes }.count }
    if let warning = Self.longValuesWarning(long) { out.append(warning) }
    return out
  }

  /// The warning for `count` values longer than what is searched (nil for none).
  public static func longValuesWarning(_ count: Int) -> String? {
    guard count > 0 else { return nil }
    return
      "\(count) value\(count == 1 ? " is" : "s are") longer than \(DocumentStore.maxIndexedValueBytes / 1024) KB: searched and shown on their start only (kept whole)"
  }

  public var count: Int { rows.count }

  /// The records as a document store, with object ids taken from `idAttribute` when present and
  /// otherwise derived from the record's content (stable when other records change).
  public func documents(idAttribute: String?) -> DocumentStore {
    var store = DocumentStore(attributes: attributes)
    store.reserve(records: rows.count, bytes: rows.count * 64)
    let idColumn = idAttribute.flatMap { attributes.firstIndex(of: $0) }
    var seen: [String: Int] = [:]
    for row in rows {
      var id: String
      if let idColumn, idColumn < row.count, !row[idColumn].isEmpty {
        id = row[idColumn]
      } else {
        id = Self.contentID(row)
      }
      if let n = seen[id] {
        seen[id] = n + 1
        id += "-\(n + 1)"
      } else {
        seen[id] = 1
      }
      store.append(objectID: id, values: row)
    }
    return store
  }

  /// A short hexadecimal FNV-1a hash of the values.
  static func contentID(_ row: [String]) -> String {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for value in row {
      for b in value.utf8 {
        h ^= UInt64(b)
        h = h &* 0x100_0000_01B3
      }
      h ^= 0x1F
      h = h &* 0x100_0000_01B3
    }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
