import SearchEngine

/// Records as parsed, before indexing: attribute names in first-seen order and each record's
/// values aligned with them.
public struct RecordTable: Sendable {
  public var attributes: [String] = []
  public var rows: [[String]] = []
  /// Attributes whose every present value was a JSON number (or parses as one, for tables).
  public var numericAttributes: Set<String> = []
  private var attributeIndex: [String: Int] = [:]

  public init(attributes: [String] = []) {
    for name in attributes { _ = column(name) }
  }

  public mutating func column(_ name: String) -> Int {
    if let i = attributeIndex[name] { return i }
    attributeIndex[name] = attributes.count
    attributes.append(name)
    return attributes.count - 1
  }

  public mutating func append(_ members: [(String, String)]) {
    var row = [String](repeating: "", count: attributes.count)
    for (name, value) in members {
      let i = column(name)
      if i >= row.count { row += [String](repeating: "", count: i - row.count + 1) }
      row[i] = value
    }
    rows.append(row)
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
