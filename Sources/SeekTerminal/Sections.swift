import SeekApp
import SeekCore

/// A border fzf draws around one of its sections: none, a box (`Border`'s styles), `line`, one
/// rule on the side that faces the list (fzf's default for the footer), or `inline`: the section
/// inside the list's box, a rule between them (a `line` when the list has no box).
public enum SectionBorder: Sendable, Equatable {
  case none
  case line
  case inline
  case box(Border)

  /// fzf's name; nil for one it does not know. `block`, `thinblock` and `dashed` are drawn with
  /// the sharp lines (their glyphs are not in every font).
  public init?(fzf name: String) {
    switch name {
    case "none": self = .none
    case "line": self = .line
    case "inline": self = .inline
    case "block", "thinblock", "dashed": self = .box(.sharp)
    default:
      guard let border = Border(rawValue: name) else { return nil }
      self = border == .none ? .none : .box(border)
    }
  }

  /// Rows and columns it takes on each side of a section that stands above the list
  /// (`aboveList`) or below it. A box's right side is one column: fzf keeps no blank before it.
  func sides(aboveList: Bool) -> (top: Int, bottom: Int, left: Int, right: Int) {
    switch self {
    case .none: return (0, 0, 0, 0)
    case .line, .inline: return aboveList ? (0, 1, 0, 0) : (1, 0, 0, 0)
    case .box(let border):
      let s = border.sides
      return (s.top, s.bottom, s.left, min(1, s.right))
    }
  }

  /// Rows it takes.
  var lines: Int {
    let s = sides(aboveList: true)
    return s.top + s.bottom
  }

  var hasLeft: Bool { sides(aboveList: true).left > 0 }
  var hasRight: Bool { sides(aboveList: true).right > 0 }
}

/// fzf 0.58's sections and their borders: `--list-border`, `--input-border`, `--header-border`,
/// `--header-lines-border`, `--footer-border`, their labels' places, and `--style full`.
public struct SectionStyle: Sendable, Equatable {
  public var list = SectionBorder.none
  public var input = SectionBorder.none
  public var header = SectionBorder.none
  /// `--header-lines-border` (nil when not given: the header's border decides).
  public var headerLines: SectionBorder? = nil
  public var footer = SectionBorder.line
  public var labelPositions: [SectionLabels.Section: LabelPosition] = [:]

  public init() {}

  /// Whether a section has a border of its own: the finder is then drawn as fzf's windows.
  public var isActive: Bool {
    list != .none || input != .none || header != .none || headerLines != nil || footer != .line
  }

  /// fzf's `--style full[:BORDER]`: every section framed.
  public mutating func frameAll(_ border: SectionBorder) {
    (list, input, header, footer) = (border, border, border, border)
  }
}

/// Where fzf's sections stand in the finder, top to bottom, and what each holds: the list (and
/// the query line and the header, when they have no window of their own), the input (the query
/// and the info line), the header (`--header`, and the input's header lines unless they have
/// their own window), the header lines, the footer. The rules are fzf 0.74's, which users' setups
/// and fzf's own tests read:
/// - The input has a window of its own when it has a border, or when a header has one.
/// - The header has a window when it has a border (and lines), or when the input has a border.
/// - The input's header lines have their own window when `--header-lines-border` is given, in
///   `reverse-list`, or with `--header-first` beside a `--header`.
/// - Order: `default` puts the footer, the list, the header lines, the header and the input from
///   the top; `reverse` turns that over; `reverse-list` keeps the header lines above the list.
///   `--header-first` swaps the header and the input.
/// - The info line's rule is left out when a border line stands between it and the list.
struct SectionFrame {
  enum Kind: Equatable { case footer, list, headerLines, header, input, preview }

  struct Box {
    var kind: Kind
    var rows: Range<Int>
    var border: SectionBorder
    var aboveList: Bool
    /// Rows and columns its border takes (an inline section's: the list box's sides, and its rule).
    var sides: (top: Int, bottom: Int, left: Int, right: Int)
    /// Inside the list's box (`inline`): the rows of the box it shares with the list.
    var inList = false

    init(kind: Kind, rows: Range<Int>, border: SectionBorder, aboveList: Bool) {
      (self.kind, self.rows, self.border, self.aboveList) = (kind, rows, border, aboveList)
      sides = border.sides(aboveList: aboveList)
    }
    /// The rows inside the border.
    var inner: Range<Int> {
      (rows.lowerBound + sides.top)..<max(rows.lowerBound + sides.top, rows.upperBound - sides.bottom)
    }
  }

  let boxes: [Box]
  let screen: ScreenSize
  /// The input's lines: the query, then the info line unless it is inline.
  let inputRows: Int
  let hasInputWindow: Bool
  let hasHeaderWindow: Bool
  let hasHeaderLinesWindow: Bool
  let separatorHidden: Bool

  func box(_ kind: Kind) -> Box? { boxes.first { $0.kind == kind } }

  init(_ state: SearchState, style: SectionStyle, layout: ListLayout, headerFirst: Bool, screen: ScreenSize) {
    self.screen = screen
    let windows = Windows(state, style: style, layout: layout, headerFirst: headerFirst)
    hasHeaderWindow = windows.header
    hasHeaderLinesWindow = windows.headerLines
    hasInputWindow = windows.input
    var order = Self.order(layout, headerFirst: headerFirst, fixedHeader: windows.fixedLines > 0)
    if let input = order.firstIndex(of: .input), let list = order.firstIndex(of: .list) {
      order.insert(.preview, at: list < input ? input : input + 1)
    }
    var rows = Self.separatorLess(state) ? 1 : 2
    var boxes = Self.boxes(order, windows, state, inputRows: rows, screen: screen)
    separatorHidden = Self.ruleHidden(boxes, nextChain: windows.nextChain, shown: windows.previewShown)
    // An info line that holds only the rule goes with it (fzf's: a border line stands there).
    if separatorHidden && rows == 2 && (state.info == .hidden || state.info == .inline(right: true)) {
      rows = 1
      boxes = Self.boxes(order, windows, state, inputRows: rows, screen: screen)
    }
    (inputRows, self.boxes) = (rows, boxes)
  }

  /// Each section's box, top to bottom in `order`, with the rows it takes.
  static func boxes(_ order: [Kind], _ windows: Windows, _ state: SearchState, inputRows: Int, screen: ScreenSize)
    -> [Box]
  {
    let heights = heights(windows, state, inputRows: inputRows, screen: screen)
    var order = order
    moveInlineHeaders(&order, windows.borders.filter { $0.value == .inline && heights[$0.key] != nil }.map(\.key))
    var boxes: [Box] = []
    var row = 0
    for kind in order {
      guard let height = heights[kind] else { continue }
      let aboveList = !boxes.contains { $0.kind == .list } && kind != .list
      boxes.append(
        Box(kind: kind, rows: row..<(row + height), border: windows.borders[kind] ?? .none, aboveList: aboveList))
      row += height
    }
    return joiningInline(boxes)
  }

  /// Which sections have a window, fzf's way, and each one's border (an `inline` one a `line`
  /// when the list has no box to hold it).
  struct Windows {
    var input = false
    var header = false
    var headerLines = false
    /// fzf's `--preview-window next`: configured (the input then has its window), and shown.
    var nextPreview = false
    /// The placements asked for (the one shown, its `<N(…)` alternative) when one of them is
    /// `next` and a preview may be shown; `previewShown`, whether one is beside the input now.
    var nextChain: [DetailsPlacement]? = nil
    var previewShown = false
    var fixedLines = 0
    var inputLines = 0
    var borders: [Kind: SectionBorder] = [:]

    init(_ state: SearchState, style: SectionStyle, layout: ListLayout, headerFirst: Bool) {
      let visible = !state.headerHidden
      inputLines = visible ? state.inputHeaderLines : 0
      fixedLines = visible ? state.header.count - state.inputHeaderLines : 0
      // fzf's determineHeaderLinesShape.
      var headerLinesBorder = SectionBorder.none
      if inputLines > 0 {
        if let given = style.headerLines {
          (headerLines, headerLinesBorder) = (true, given)
        } else {
          headerLinesBorder = fixedLines == 0 ? style.header : .none
          headerLines = layout == .reverseList || (fixedLines > 0 && headerFirst)
        }
      }
      header =
        visible
        && (headerLines
          ? fixedLines > 0 : style.header != .none ? fixedLines + inputLines > 0 : style.input != .none)
      nextPreview = Layout.previewGoesNext(state)
      // The placement shown keeps its alternative unless it is the alternative taken.
      let details = state.details
      let chain = details.placement.isAlternative ? details.requestedPlacement.chain : details.placement.chain
      if state.look.isFzf && Layout.hasPreviewer(state) && chain.contains(where: { $0.position == .next }) {
        nextChain = chain
      }
      previewShown = Layout.nextToInput(state)
      input = state.editor.inputShown && (style.input != .none || header || headerLines || nextPreview)
      let hostsInline: Bool
      if case .box = style.list { hostsInline = true } else { hostsInline = false }
      func resolved(_ border: SectionBorder) -> SectionBorder { border == .inline && !hostsInline ? .line : border }
      borders = [
        .footer: resolved(style.footer), .list: style.list, .headerLines: resolved(headerLinesBorder),
        .header: resolved(style.header), .input: style.input,
        .preview: SectionBorder(fzf: state.details.placement.border) ?? .box(.rounded),
      ]
    }
  }

  /// The rows of each section that has a window, taken in fzf's order (the input, the preview
  /// beside it, the header, the header lines, the footer); the list has the rest.
  static func heights(_ windows: Windows, _ state: SearchState, inputRows: Int, screen: ScreenSize) -> [Kind: Int] {
    var heights: [Kind: Int] = [:]
    var available = screen.rows
    func take(_ kind: Kind, _ rows: Int) {
      heights[kind] = min(max(0, rows), available)
      available -= heights[kind] ?? 0
    }
    func lines(_ kind: Kind) -> Int { windows.borders[kind]?.lines ?? 0 }
    if windows.input { take(.input, lines(.input) + inputRows) }
    if windows.previewShown {
      let placement = state.details.placement
      take(.preview, placement.cells.map { $0 + lines(.preview) } ?? screen.rows * (placement.percent ?? 50) / 100)
    }
    if windows.header {
      take(.header, lines(.header) + windows.fixedLines + (windows.headerLines ? 0 : windows.inputLines))
    }
    if windows.headerLines { take(.headerLines, lines(.headerLines) + windows.inputLines) }
    if !state.footer.isEmpty { take(.footer, lines(.footer) + state.footer.count) }
    heights[.list] = max(0, available)
    return heights
  }

  /// `inline` header sections stand next to the list on the input's side, whatever
  /// `--header-first` says (the header lines nearer the list).
  static func moveInlineHeaders(_ order: inout [Kind], _ inline: [Kind]) {
    let headers = [Kind.headerLines, .header].filter { inline.contains($0) }
    guard !headers.isEmpty, let input = order.firstIndex(of: .input), let list = order.firstIndex(of: .list) else {
      return
    }
    let inputAfterList = list < input
    order.removeAll { headers.contains($0) }
    let at = (order.firstIndex(of: .list) ?? 0) + (inputAfterList ? 1 : 0)
    order.insert(contentsOf: inputAfterList ? headers : headers.reversed(), at: at)
  }

  /// Whether the info line's rule is left out: a border line between it and the list. Beside
  /// `next` previews (fzf 0.74's rule): only when one is shown and every placement asked, the
  /// one shown and its `<N(…)` alternative, is `next` with a border line facing the input; a
  /// preview elsewhere or with no such line may take that place on another screen, and the rule
  /// stays for it (so does it while no preview is shown yet).
  static func ruleHidden(_ boxes: [Box], nextChain: [DetailsPlacement]?, shown: Bool) -> Bool {
    guard let nextChain else { return ruleFacesList(boxes) }
    guard shown else { return false }
    guard let input = boxes.firstIndex(where: { $0.kind == .input }),
      let list = boxes.firstIndex(where: { $0.kind == .list })
    else { return false }
    let inputAbove = input < list
    return nextChain.allSatisfy { placement in
      guard placement.position == .next else { return false }
      let sides = (SectionBorder(fzf: placement.border) ?? .box(.rounded)).sides(aboveList: inputAbove)
      return (inputAbove ? sides.top : sides.bottom) > 0
    }
  }

  /// The inline sections next to the list share its box: its sides on theirs, the box's top and
  /// bottom lines on the group's first and last rows only, and a rule between each and the list.
  static func joiningInline(_ boxes: [Box]) -> [Box] {
    guard let list = boxes.firstIndex(where: { $0.kind == .list }) else { return boxes }
    var boxes = boxes
    var first = list
    while first > 0 && boxes[first - 1].border == .inline { first -= 1 }
    var last = list
    while last + 1 < boxes.count && boxes[last + 1].border == .inline { last += 1 }
    guard first < last else { return boxes }
    let outline = boxes[list].sides
    // The box's top and bottom lines move from the list's rows to the group's first and last.
    let top = first < list ? outline.top : 0
    let bottom = last > list ? outline.bottom : 0
    for i in first...last {
      let rows = boxes[i].rows
      if i < list {
        boxes[i].rows = (rows.lowerBound + (i == first ? 0 : top))..<(rows.upperBound + top)
      } else if i == list {
        boxes[i].rows = (rows.lowerBound + top)..<max(rows.lowerBound + top, rows.upperBound - bottom)
      } else {
        boxes[i].rows = (rows.lowerBound - bottom)..<(rows.upperBound - (i == last ? 0 : bottom))
      }
    }
    for i in first...last {
      let edgeTop = i == first ? outline.top : 0
      let edgeBottom = i == last ? outline.bottom : 0
      let rule = (top: i > list ? 1 : 0, bottom: i < list ? 1 : 0)
      boxes[i].sides = (edgeTop + rule.top, edgeBottom + rule.bottom, outline.left, outline.right)
      boxes[i].inList = true
    }
    return boxes
  }

  /// fzf's sections from the top, for a layout.
  static func order(_ layout: ListLayout, headerFirst: Bool, fixedHeader: Bool) -> [Kind] {
    switch (layout, headerFirst) {
    case (.bottomUp, false): return [.footer, .list, .headerLines, .header, .input]
    case (.bottomUp, true):
      return fixedHeader
        ? [.footer, .list, .headerLines, .input, .header] : [.footer, .list, .input, .headerLines, .header]
    case (.reverse, false): return [.input, .header, .headerLines, .list, .footer]
    case (.reverse, true):
      return fixedHeader
        ? [.header, .input, .headerLines, .list, .footer] : [.header, .headerLines, .input, .list, .footer]
    case (.reverseList, false): return [.footer, .headerLines, .list, .header, .input]
    case (.reverseList, true): return [.footer, .headerLines, .list, .input, .header]
    }
  }

  /// Whether the input's info line has no rule of its own (`--info=inline`, or no separator
  /// where fzf keeps no line for it).
  static func separatorLess(_ state: SearchState) -> Bool {
    switch state.info {
    case .inline(right: false): return true
    case .hidden, .inline(right: true): return state.look != .fzf(separator: true)
    default: return false
    }
  }

  /// A border line between the input and the list: the input's own on that side, or its
  /// neighbour's on the side facing it.
  static func ruleFacesList(_ boxes: [Box]) -> Bool {
    guard let input = boxes.firstIndex(where: { $0.kind == .input }),
      let list = boxes.firstIndex(where: { $0.kind == .list })
    else { return false }
    let towardList = list < input ? -1 : 1
    let own = boxes[input].sides
    if (towardList < 0 ? own.top : own.bottom) > 0 { return true }
    // The nearest section toward the list with rows.
    var i = input + towardList
    while i != list && boxes[i].rows.isEmpty { i += towardList }
    let neighbour = boxes[i].sides
    return (towardList < 0 ? neighbour.bottom : neighbour.top) > 0
  }
}

extension SectionStyle {
  /// `--SECTION-border` by fzf's section name (`header-lines`); nil: not given (`--no-…-border`:
  /// none, and for the header lines, the header's border decides again).
  public mutating func set(_ section: String, _ border: SectionBorder?) {
    switch section {
    case "list": list = border ?? .none
    case "input": input = border ?? .none
    case "header": header = border ?? .none
    case "header-lines": headerLines = border
    case "footer": footer = border ?? .none
    default: break
    }
  }
}
