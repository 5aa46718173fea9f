import SeekCore

/// Keys from a terminal read after read: the stateful part of decoding, around `KeyParser`.
///
/// A bracketed paste (`ESC [200~ … ESC [201~`) may span any number of reads, and a marker may be
/// cut between two reads. The decoder keeps its paste state across reads, so that nothing
/// between the markers is ever a key (a 100 KB paste of lines used to press Enter once its
/// first read ended), and hands the whole paste over as one `.paste` once it ends: inserted at
/// once, one search, not one per character. A paste is kept up to `maxPasteBytes`; the rest is
/// dropped (a query is a line, and memory stays bounded whatever is pasted).
public struct KeyDecoder {
  public static let maxPasteBytes = 1 << 20
  private var bytePastes = PasteSplitter<UInt8>(start: pasteStart, end: pasteEnd, limit: maxPasteBytes)
  private var keyPastes = PasteSplitter<Key>(
    start: pasteStart.map { .character(Unicode.Scalar($0)) }, end: pasteEnd.map { .character(Unicode.Scalar($0)) },
    limit: maxPasteBytes)
  /// An incomplete escape sequence or UTF-8 character, waiting for its next read.
  private var unfinished: [UInt8] = []

  static let pasteStart = Array("\u{1B}[200~".utf8)
  static let pasteEnd = Array("\u{1B}[201~".utf8)

  public init() {}

  /// Whether a paste has started and not yet ended.
  public var isPasting: Bool { bytePastes.isPasting || keyPastes.isPasting }

  /// Whether bytes are held for the next read (an unfinished sequence, or what may be the start
  /// of a paste marker): the driver waits briefly for more, then decodes with `final`.
  public var isWaiting: Bool { !unfinished.isEmpty || bytePastes.isHolding }

  /// Raw bytes (the inline driver). `final`: nothing more came within the wait, so an unfinished
  /// sequence is decided now (a lone Esc is the Esc key) and nothing is held.
  public mutating func decode(bytes: [UInt8], final: Bool) -> [Key] {
    var keys: [Key] = []
    let pieces = bytePastes.split(bytes, holdingAtLeast: final ? Int.max : 1)
    for (index, piece) in pieces.enumerated() {
      switch piece {
      case .typed(let typed):
        // Typed bytes a paste follows are complete: the paste's marker ended them.
        let followedByPaste = index < pieces.count - 1 || bytePastes.isPasting
        let (parsed, rest) = KeyParser.parse(unfinished + typed, final: final || followedByPaste)
        keys += parsed
        unfinished = rest
      case .pasted(let pasted):
        keys += KeyParser.parse(unfinished, final: true).0
        unfinished = []
        keys.append(.paste(String(decoding: pasted, as: UTF8.self)))
      }
    }
    return keys
  }

  /// Keys as curses decoded them (sequences its terminfo lacks come as their characters).
  /// `final`: curses has already waited for the rest of an escape sequence, so a lone Esc is the
  /// Esc key; a longer start of a paste marker (`ESC [`, …) is still held for the next read.
  public mutating func decode(keys input: [Key], final: Bool) -> [Key] {
    var keys: [Key] = []
    for piece in keyPastes.split(input, holdingAtLeast: final ? 2 : 1) {
      switch piece {
      case .typed(let typed): keys += KeyParser.decodeEscapes(typed)
      case .pasted(let pasted):
        var text = String.UnicodeScalarView()
        for key in pasted {
          switch key {
          case .character(let c): text.append(c)
          case .function(KeyMap.Code.enter): text.append("\n")
          default: break
          }
        }
        keys.append(.paste(String(text)))
      }
    }
    return keys
  }
}

/// Splits input into what was typed and what was pasted between two markers, across calls.
/// Linear in the input: each element is looked at once, and only a possible marker prefix (at
/// most one marker's length) is held back for the next call.
struct PasteSplitter<Element: Equatable> {
  enum Piece {
    case typed([Element])
    case pasted([Element])
  }

  let start: [Element]
  let end: [Element]
  let limit: Int
  private var pasted: [Element]? = nil
  private var held: [Element] = []

  init(start: [Element], end: [Element], limit: Int) {
    self.start = start
    self.end = end
    self.limit = limit
  }

  var isPasting: Bool { pasted != nil }

  var isHolding: Bool { !held.isEmpty }

  /// `minimum`: the shortest start of a paste marker held back at the end of the input for the
  /// next call (`Int.max`: none, the input has ended).
  mutating func split(_ input: [Element], holdingAtLeast minimum: Int) -> [Piece] {
    let all = held + input
    held = []
    var pieces: [Piece] = []
    var at = 0
    while at < all.count {
      if pasted != nil {
        if let close = Self.find(end, in: all, from: at) {
          keep(all[at..<close])
          pieces.append(.pasted(pasted!))
          pasted = nil
          at = close + end.count
          continue
        }
        let waiting = Self.markerPrefix(of: end, endingAt: all, from: at, minimum: 1)
        keep(all[at..<(all.count - waiting)])
        held = Array(all.suffix(waiting))
        return pieces
      }
      if let open = Self.find(start, in: all, from: at) {
        // Always a typed piece before a paste, empty or not: it ends what was typed before
        // (an Esc held from the last read is decided here).
        pieces.append(.typed(Array(all[at..<open])))
        pasted = []
        at = open + start.count
        continue
      }
      let waiting = Self.markerPrefix(of: start, endingAt: all, from: at, minimum: minimum)
      if all.count - waiting > at { pieces.append(.typed(Array(all[at..<(all.count - waiting)]))) }
      held = Array(all.suffix(waiting))
      return pieces
    }
    return pieces
  }

  private mutating func keep(_ part: ArraySlice<Element>) {
    let room = max(0, limit - pasted!.count)
    pasted!.append(contentsOf: part.prefix(room))
  }

  /// The first place at or after `from` where `marker` starts whole.
  static func find(_ marker: [Element], in all: [Element], from: Int) -> Int? {
    guard all.count - from >= marker.count else { return nil }
    var i = from
    while i <= all.count - marker.count {
      if all[i] == marker[0] && all[i..<(i + marker.count)].elementsEqual(marker) { return i }
      i += 1
    }
    return nil
  }

  /// The length of the longest proper prefix of `marker` that ends `all` (at or after `from`).
  static func markerPrefix(of marker: [Element], endingAt all: [Element], from: Int, minimum: Int) -> Int {
    let longest = min(marker.count - 1, all.count - from)
    guard longest >= minimum else { return 0 }
    for length in stride(from: longest, through: minimum, by: -1)
    where all[(all.count - length)...].elementsEqual(marker[..<length]) {
      return length
    }
    return 0
  }
}
