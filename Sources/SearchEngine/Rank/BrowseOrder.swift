/// The empty query's order — custom ranking, then input order, as fzf lists its input as it came —
/// as record ids, kept the cheapest way it can be.
///
/// Records are numbered by rank, and lines rank shorter first (fzf's `length` tie-break), so for
/// lines the browse order is neither the id order nor free: it is the input order, which is the
/// order of the rows the values were read into. The store already keeps the record of each row
/// (`DocumentStore.record(atRow:)`), so the browse order reads it (`rows`) rather than keeping a
/// copy: 4 bytes a record, 40 MB at ten million lines. Only a custom ranking, which orders
/// records by a value before their input order, needs its own list (`listed`).
enum BrowseOrder: Sendable {
  /// The id order itself.
  case ids
  /// The rows' order (`reversed`: last row first, fzf's `--tac`).
  case rows(reversed: Bool)
  /// `ids[p]`: the record at browse position `p`.
  case listed(Column<Int32>)

  /// How to keep `browse` (ids in browse order; empty for the id order) over `documents`.
  static func keeping(_ browse: [Int32], over documents: DocumentStore, reversed: Bool) -> BrowseOrder {
    guard !browse.isEmpty else { return .ids }
    let n = browse.count
    let followsRows = browse.indices.allSatisfy { p in
      Int(browse[p]) == documents.record(atRow: reversed ? n - 1 - p : p)
    }
    return followsRows ? .rows(reversed: reversed) : .listed(Column(browse))
  }

  /// The kind as a cache keeps it (`IndexCodec`), beside the list (empty but for `listed`).
  var code: UInt64 {
    switch self {
    case .ids: 0
    case .rows(let reversed): reversed ? 2 : 1
    case .listed: 3
    }
  }

  /// The order a cache names by `code`, with its list; nil when the two do not go together.
  init?(code: UInt64, list: Column<Int32>, records: Int) {
    switch code {
    case 0 where list.isEmpty: self = .ids
    case 1 where list.isEmpty, 2 where list.isEmpty: self = .rows(reversed: code == 2)
    case 3 where list.count == records: self = .listed(list)
    default: return nil
    }
  }

  var list: Column<Int32> {
    if case .listed(let ids) = self { return ids }
    return []
  }

  var isIDOrder: Bool {
    if case .ids = self { return true }
    return false
  }

  /// The record at browse position `position` of the `documents.count` records.
  @inline(__always) func record(at position: Int, in documents: DocumentStore) -> Int {
    switch self {
    case .ids: return position
    case .rows(let reversed): return documents.record(atRow: reversed ? documents.count - 1 - position : position)
    case .listed(let ids): return Int(ids[position])
    }
  }

  /// The browse position of `record`: read from its row, or, for a listed order, found by a scan
  /// (a millisecond a million records, for a placeholder filled once a command).
  func position(of record: Int, in documents: DocumentStore) -> Int {
    switch self {
    case .ids: return record
    case .rows(let reversed):
      let row = documents.row(record)
      return reversed ? documents.count - 1 - row : row
    case .listed(let ids):
      let wanted = Int32(truncatingIfNeeded: record)
      for p in 0..<ids.count where ids[p] == wanted { return p }
      return record
    }
  }

  var byteCount: Int { list.byteCount }
}
