/// fzf's `--history`: the queries of earlier runs, walked with Ctrl-P (older) and Ctrl-N (newer)
/// instead of moving the selection. Past the newest entry the query being typed when the walk
/// began comes back, as in a shell. An entry edited on the way keeps the edit while the walk goes
/// on (fzf's `override`: in memory, never written to the file). A child state of `SearchState`
/// with its own actions.
public struct QueryHistory: Sendable, Equatable {
  /// Oldest first.
  public var entries: [String] = []
  /// The entry shown; nil while the user's own query is.
  public var position: Int? = nil
  /// The query typed before the walk began.
  public var draft = ""
  /// Entries as edited while shown, by position.
  public var edited: [Int: String] = [:]

  public init(entries: [String] = []) { self.entries = entries }

  /// The query to show after one step, or nil when there is nothing further that way.
  public mutating func step(older: Bool, current: String) -> String? {
    guard !entries.isEmpty else { return nil }
    let start = position ?? entries.count
    if let position {
      if current != entries[position] { edited[position] = current } else { edited[position] = nil }
    } else {
      draft = current
    }
    let next = start + (older ? -1 : 1)
    if next < 0 || position == nil && !older { return nil }
    if next >= entries.count {
      position = nil
      return draft
    }
    position = next
    return edited[next] ?? entries[next]
  }
}
