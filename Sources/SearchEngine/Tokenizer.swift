/// One word of a text: where it is in the original UTF-8 and its place among the words.
public struct TokenLocation: Sendable, Equatable {
  /// Byte range of the word in the original (unfolded) UTF-8 text.
  public var start: Int
  public var end: Int
  /// The word's index among the words of its text (0-based).
  public var position: Int
}

/// Splits text into folded words: runs of letters and digits; punctuation and spaces split; each
/// ideograph is a word of its own. Records and queries go through this same chain.
///
///     "Café-Crème 2go" → "cafe" (0..<5), "creme" (6..<12), "2go" (13..<16)
public struct Tokenizer {
  /// Longer words are cut (on a character boundary) in the index; their source range stays whole.
  public static let maxTermBytes = 64

  private var folded: [UInt8] = []

  public init() { folded.reserveCapacity(Self.maxTermBytes + 8) }

  private init(reserving: Bool) {}

  /// A tokenizer that has allocated nothing (a placeholder while another is on loan).
  static var unallocated: Tokenizer { Tokenizer(reserving: false) }

  /// Calls `body` with the folded bytes of each word (valid only during the call) and its location.
  public mutating func tokenize(
    _ text: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>, TokenLocation) -> Void
  ) {
    var i = 0
    var position = 0
    var wordStart = -1
    folded.removeAll(keepingCapacity: true)

    func flush(end: Int) {
      if wordStart >= 0 {
        if !folded.isEmpty {
          // Safe: the buffer is used only inside the closure, while `folded` is alive.
          folded.withUnsafeBufferPointer {
            body($0, TokenLocation(start: wordStart, end: end, position: position))
          }
          position += 1
        }
        folded.removeAll(keepingCapacity: true)
        wordStart = -1
      }
    }

    while i < text.count {
      let byte = text[i]
      if byte < 0x80 {
        // ASCII, most of any text: the same classes and folding as below, without decoding.
        if (byte &- 0x30) < 10 || ((byte | 0x20) &- 0x61) < 26 {
          if wordStart < 0 { wordStart = i }
          if folded.count < Self.maxTermBytes { folded.append((byte &- 0x41) < 26 ? byte + 32 : byte) }
        } else {
          flush(end: i)
        }
        i += 1
        continue
      }
      let (scalar, length) = UTF8.decode(text, at: i)
      switch TextFolding.scalarClass(scalar) {
      case .word:
        if wordStart < 0 { wordStart = i }
        if folded.count < Self.maxTermBytes {
          TextFolding.fold(scalar) { UTF8.appendScalar($0, to: &folded) }
        }
      case .ideograph:
        flush(end: i)
        wordStart = i
        TextFolding.fold(scalar) { UTF8.appendScalar($0, to: &folded) }
        flush(end: i + length)
      case .separator:
        flush(end: i)
      }
      i += length
    }
    flush(end: text.count)
  }

  /// Convenience for tests and small inputs: the folded words of `text` with their locations.
  public static func words(_ text: String) -> [(term: String, location: TokenLocation)] {
    var result: [(String, TokenLocation)] = []
    var tokenizer = Tokenizer()
    var copy = text
    copy.withUTF8 { bytes in
      tokenizer.tokenize(bytes) { term, location in
        result.append((String(decoding: term, as: UTF8.self), location))
      }
    }
    return result
  }
}
