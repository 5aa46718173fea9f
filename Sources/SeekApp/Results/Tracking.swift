/// fzf's `--track`, `track-current` and `--id-nth`: the item the cursor stays on while the list
/// under it changes (a query edited, lines streaming in, a reload).
///
/// fzf's rules, kept to the row because its users' scripts rely on them:
/// - `--track` (`always`) follows whatever item is current; `track-current` (`item`) follows one
///   item, and stops as soon as the cursor leaves it or a list no longer holds it.
/// - Found again, the item stays on the screen row it stood on (fzf's `offset = cy - pos`); not
///   found, the cursor keeps its place (`always`) or goes to that screen row (`item`).
/// - Items are known by their objectID while the catalog stays the same. A reload makes a new
///   catalog: without `--id-nth` nothing is followed across it (fzf's "index-based tracking");
///   with it, the item is looked for by its key (`ResultHit.identity`) and keys wait meanwhile
///   (`+T*`): until it is found (`reload`), or until the whole list is read (`reload-sync`).
public struct Tracking: Sendable, Equatable {
  public enum Mode: Sendable, Equatable {
    case off
    /// `--track`, `toggle-track`: the current item, whichever it is.
    case always
    /// `track-current`: this item (its objectID) only.
    case item(String)
  }

  /// How long keys wait for the item after a reload.
  public enum Block: Sendable, Equatable {
    case untilFound
    case untilEnd
  }

  /// The item looked for in a list being replaced.
  public struct Sought: Sendable, Equatable {
    /// Its objectID, or its key (`byIdentity`).
    public var id: String
    public var byIdentity: Bool
    /// The screen row it stood on (0: the list's first row shown).
    public var screenRow: Int
    /// The row the cursor was on when the list changed; nil: the top line (no move made).
    public var row: Int?
    /// After a reload with `--id-nth`: keys wait (fzf's `+T*`).
    public var blocks: Block? = nil
    /// The item's key (`--id-nth`), while it is looked for by its objectID: a reload started
    /// before it is found looks for this key, not for the line the cursor passes meanwhile.
    public var key: String? = nil
  }

  public var mode = Mode.off
  /// `--id-nth` was given: items carry a key that survives a reload.
  public var identified = false
  public var sought: Sought? = nil

  public init() {}

  public var isBlocked: Bool { sought?.blocks != nil }

  /// fzf's info line: `+T` (`--track`), `+t` (`track-current`), a `*` while keys wait.
  public var infoSign: String? {
    let sign: String
    switch mode {
    case .off: return nil
    case .always: sign = "+T"
    case .item: sign = "+t"
    }
    return isBlocked ? sign + "*" : sign
  }
}

/// The tracking concern's changes: what the actions do, and what a new list means for the item
/// followed. The parent says which item is current and moves the focus by the outcome.
enum TrackingReducer {
  /// fzf's `track-current`, `untrack-current`, `toggle-track` and `toggle-track-current`.
  static func act(_ tracking: inout Tracking, _ action: BindAction, current: String?) {
    switch action {
    case .trackCurrent:
      if tracking.mode != .always, let current { tracking.mode = .item(current) }
    case .untrackCurrent:
      if case .item = tracking.mode { tracking.mode = .off }
    case .toggleTrack:
      tracking.mode = tracking.mode == .always ? .off : .always
      tracking.sought = nil
    case .toggleTrackCurrent:
      if case .item = tracking.mode {
        tracking.mode = .off
      } else if tracking.mode == .off, let current {
        tracking.mode = .item(current)
      }
    default: break
    }
  }

  /// The list is about to change under `current` (on `screenRow`, the cursor on `row`): look for
  /// it in the next one.
  static func listChanging(
    _ tracking: inout Tracking, current: String?, key: String? = nil, screenRow: Int, row: Int?
  ) {
    guard tracking.mode != .off, tracking.sought == nil, let current else { return }
    if case .item(let id) = tracking.mode, id != current { return }
    tracking.sought = Tracking.Sought(id: current, byIdentity: false, screenRow: screenRow, row: row, key: key)
  }

  /// The key a reload looks for: the item still sought in the list before (its key), else the
  /// current one's.
  static func keyForReload(_ tracking: Tracking, current: String?) -> String? {
    guard let sought = tracking.sought else { return current }
    return sought.byIdentity ? sought.id : sought.key ?? current
  }

  /// A reload is starting: with `--id-nth` the current item's key is looked for in the new list,
  /// keys waiting meanwhile; without it nothing is followed across (`track-current` ends).
  static func reloading(_ tracking: inout Tracking, key: String?, screenRow: Int, row: Int?, sync: Bool) {
    guard tracking.mode != .off else { return }
    guard tracking.identified, let key else {
      if case .item = tracking.mode { tracking.mode = .off }
      tracking.sought = nil
      return
    }
    tracking.sought = Tracking.Sought(
      id: key, byIdentity: true, screenRow: screenRow, row: row, blocks: sync ? .untilEnd : .untilFound)
  }

  /// What a list (its rows so far) means for the item sought.
  enum Outcome: Equatable {
    /// Select `row`, keeping it on `screenRow`.
    case found(row: Int, screenRow: Int)
    /// Not in the rows loaded: load the next page.
    case loadMore
    /// Not found yet, and the list is still being read: wait for more.
    case wait
    /// Not in the list: the cursor goes to `row` (nil: stays where it is).
    case lost(row: Int?)
  }

  /// `ids` the id of each of the `rowCount` rows loaded (nil for the create row), `morePages`
  /// whether pages are left to load, `complete` whether every line of a reload is read,
  /// `height` the list's rows on screen: the item is found once the rows it brings on screen
  /// with it are loaded too (the scroll that keeps it on its screen row needs them).
  static func listArrived(
    _ tracking: inout Tracking, ids: (Int) -> String?, rowCount: Int, morePages: Bool, complete: Bool, height: Int
  ) -> Outcome? {
    guard let sought = tracking.sought else { return nil }
    if let row = (0..<rowCount).first(where: { ids($0) == sought.id }) {
      if morePages && rowCount < row - sought.screenRow + height { return .loadMore }
      if sought.blocks != .untilEnd || complete { tracking.sought = nil }
      return .found(row: row, screenRow: sought.screenRow)
    }
    if morePages { return .loadMore }
    if sought.blocks != nil && !complete { return .wait }
    tracking.sought = nil
    if case .item = tracking.mode {
      tracking.mode = .off
      return .lost(row: sought.screenRow)
    }
    return .lost(row: sought.row)
  }

  /// The item found after a reload has a new objectID: `track-current` follows it.
  static func followed(_ tracking: inout Tracking, objectID: String) {
    if case .item = tracking.mode { tracking.mode = .item(objectID) }
  }

  /// Escape or Ctrl-C while keys wait: the wait ends, tracking stays on.
  static func unblock(_ tracking: inout Tracking) {
    tracking.sought = nil
  }

  /// `track-current` ends when the cursor leaves its item.
  static func cursorSettled(_ tracking: inout Tracking, current: String?) {
    guard tracking.sought == nil, case .item(let id) = tracking.mode, current != id else { return }
    tracking.mode = .off
  }
}
