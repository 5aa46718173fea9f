/// The selection and what waits for a page: where the cursor is, moves made before the rows they
/// reach have come, and a row to select again once a list has it. The parent decides when (it
/// owns the focus); the list's fields change only here.
extension ResultsReducer {
  /// The selection on `row` (a move, a click, a tracked item found); the screen follows
  /// (`clamp`).
  static func select(_ list: inout ResultsListState, _ row: Int) {
    list.selection = row
  }

  /// The selection on `row`, shown `screenRow` rows below the top of the list (a tracked line
  /// keeps the screen row it stood on).
  static func select(_ list: inout ResultsListState, _ row: Int, onScreenRow screenRow: Int) {
    list.selection = row
    list.scrollOffset = max(0, row - screenRow)
  }

  /// The user moved: the first hit a submit selected, and a place counted from the end, are
  /// theirs no longer.
  static func userMoved(_ list: inout ResultsListState) {
    list.selectedBySubmit = false
    list.fromEnd = nil
  }

  /// fzf's `last` and `pos(-N)`: `n` rows from the end of every match, while later pages come.
  static func keepFromEnd(_ list: inout ResultsListState, _ n: Int) {
    if list.results.hasMorePages { list.fromEnd = n }
  }

  /// A later page came: a place counted from the end moves with it (until the last page).
  static func followFromEnd(_ list: inout ResultsListState) {
    guard let fromEnd = list.fromEnd else { return }
    list.selection = max(0, list.results.rowCount - fromEnd)
    list.fromEnd = list.results.hasMorePages ? fromEnd : nil
  }

  /// A move past the rows there are, while more are coming: made when they come.
  static func waitMove(_ list: inout ResultsListState) {
    list.pendingMoves += 1
  }

  /// A move back: one move that waited is undone instead.
  static func cancelWaitingMove(_ list: inout ResultsListState) {
    list.pendingMoves = max(0, list.pendingMoves - 1)
  }

  /// The answer the moves waited for came: how many there were (once).
  static func takeWaitingMoves(_ list: inout ResultsListState) -> Int {
    defer { list.pendingMoves = 0 }
    return list.pendingMoves
  }

  /// A row (or an item) to select again once the list being read has it; nil: none.
  static func reselect(_ list: inout ResultsListState, _ reselect: Reselect?) {
    list.reselect = reselect
  }

  /// A submit: its first hit is selected when it arrives (never the create row).
  static func submitted(_ list: inout ResultsListState) {
    list.selectFirstHitOnArrival = true
  }

  /// The first page came: whether a submit waited for it to select its first hit (once).
  static func takeSelectFirstHit(_ list: inout ResultsListState) -> Bool {
    defer { list.selectFirstHitOnArrival = false }
    return list.selectFirstHitOnArrival
  }

  /// The first hit a submit asked for, selected (Space then types, as it would in the query).
  static func selectSubmitted(_ list: inout ResultsListState, _ row: Int) {
    list.selection = row
    list.selectedBySubmit = true
  }

  /// A key: it takes over from a submit's first-hit selection and a reload's row to select.
  static func keyTyped(_ list: inout ResultsListState) {
    list.selectFirstHitOnArrival = false
    list.reselect = nil
  }

  /// The query changed: no submit's selection stands.
  static func queryEdited(_ list: inout ResultsListState) {
    list.selectedBySubmit = false
    list.selectFirstHitOnArrival = false
  }

  /// A first page replaces the results (`interim`: the indexes' part while the rest is scanned,
  /// still pending).
  static func show(_ list: inout ResultsListState, firstPage page: ResultsPage, offersCreate: Bool, interim: Bool) {
    list.results = ResultsState(firstPage: page, offersCreate: offersCreate)
    if interim { list.results.isPending = true }
  }

  /// A page that could not be made (a refinement the catalog cannot apply): none is loading.
  static func pageFailed(_ list: inout ResultsListState) {
    list.results.loadingPage = nil
  }
}
