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

  /// The glyphs it is drawn with.
  var glyphs: Border {
    if case .box(let border) = self { return border }
    return .sharp
  }
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
    let visible = !state.headerHidden
    let inputLines = visible ? state.inputHeaderLines : 0
    let fixed = visible ? state.header.count - state.inputHeaderLines : 0
    // fzf's determineHeaderLinesShape.
    var headerLinesWindow = false
    var headerLinesBorder = SectionBorder.none
    if inputLines > 0 {
      if let given = style.headerLines {
        (headerLinesWindow, headerLinesBorder) = (true, given)
      } else {
        headerLinesBorder = fixed == 0 ? style.header : .none
        headerLinesWindow = layout == .reverseList || (fixed > 0 && headerFirst)
      }
    }
    let headerWindow =
      visible
      && (headerLinesWindow
        ? fixed > 0 : style.header != .none ? fixed + inputLines > 0 : style.input != .none)
    hasHeaderWindow = headerWindow
    hasHeaderLinesWindow = headerLinesWindow
    // fzf's `--preview-window next`: the preview between the input and the list.
    let previewNext = Layout.nextToInput(state)
    let previewBorder = SectionBorder(fzf: state.details.placement.border) ?? .box(.rounded)
    let nextPreview = Layout.previewGoesNext(state)
    hasInputWindow =
      state.editor.inputShown && (style.input != .none || headerWindow || headerLinesWindow || nextPreview)
    inputRows = Self.separatorLess(state) ? 1 : 2

    var heights: [Kind: Int] = [:]
    var available = screen.rows
    func take(_ kind: Kind, _ rows: Int) {
      heights[kind] = min(max(0, rows), available)
      available -= heights[kind] ?? 0
    }
    if hasInputWindow { take(.input, style.input.lines + inputRows) }
    if previewNext {
      let placement = state.details.placement
      take(.preview, placement.cells.map { $0 + previewBorder.lines } ?? screen.rows * (placement.percent ?? 50) / 100)
    }
    if headerWindow { take(.header, style.header.lines + fixed + (headerLinesWindow ? 0 : inputLines)) }
    if headerLinesWindow { take(.headerLines, headerLinesBorder.lines + inputLines) }
    if !state.footer.isEmpty { take(.footer, style.footer.lines + state.footer.count) }
    heights[.list] = max(0, available)

    // `inline` sections stand inside the list's box when it has one (a `line` otherwise), the
    // header's next to the list on the input's side whatever `--header-first` says.
    let hostsInline: Bool
    if case .box = style.list { hostsInline = true } else { hostsInline = false }
    func resolved(_ border: SectionBorder) -> SectionBorder { border == .inline && !hostsInline ? .line : border }
    var order = Self.order(layout, headerFirst: headerFirst, fixedHeader: fixed > 0)
    if let input = order.firstIndex(of: .input), let list = order.firstIndex(of: .list) {
      order.insert(.preview, at: list < input ? input : input + 1)
    }
    let inlineHeaders = [Kind.headerLines, .header].filter {
      resolved($0 == .header ? style.header : headerLinesBorder) == .inline && heights[$0] != nil
    }
    if !inlineHeaders.isEmpty, let input = order.firstIndex(of: .input), let list = order.firstIndex(of: .list) {
      let inputAfterList = list < input
      order.removeAll { inlineHeaders.contains($0) }
      let at = order.firstIndex(of: .list)! + (inputAfterList ? 1 : 0)
      order.insert(contentsOf: inputAfterList ? inlineHeaders : inlineHeaders.reversed(), at: at)
    }
    var boxes: [Box] = []
    var row = 0
    var aboveList = true
    for kind in order {
      guard let height = heights[kind] else { continue }
      if kind == .list { aboveList = false }
      let border: SectionBorder
      switch kind {
      case .footer: border = resolved(style.footer)
      case .list: border = style.list
      case .headerLines: border = resolved(headerLinesBorder)
      case .header: border = resolved(style.header)
      case .input: border = style.input
      case .preview: border = previewBorder
      }
      boxes.append(Box(kind: kind, rows: row..<(row + height), border: border, aboveList: aboveList))
      row += height
    }
    let joined = Self.joiningInline(boxes)
    self.boxes = joined
    // Beside a `next` preview, only its border hides the rule (shown or not, it stands there).
    if nextPreview {
      let preview = joined.firstIndex { $0.kind == .preview }
      let input = joined.firstIndex { $0.kind == .input }
      if let preview, let input {
        let sides = joined[preview].sides
        separatorHidden = (preview < input ? sides.bottom : sides.top) > 0
      } else {
        separatorHidden = false
      }
    } else {
      separatorHidden = Self.ruleFacesList(joined)
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
