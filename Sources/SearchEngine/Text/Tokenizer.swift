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
public enum Tokenizer {
  /// Longer words are cut (on a character boundary) in the index; their source range stays whole.
  public static let maxTermBytes = 64
  /// Room for a word's folded bytes: a character is folded in while fewer than `maxTermBytes`
  /// are there, and folds to 4 bytes at most (a test folds every scalar), well within the margin.
  static let bufferBytes = maxTermBytes + 64

  /// Calls `body` with the folded bytes of each word (valid only during the call) and its location.
  /// The folded word is built in a buffer on the stack: an array here cost a uniqueness check per
  /// A name as words alone: its terms, folded, one space apart. Punctuation and separators do not
  /// count (`Apple - AirPods Max - Pink` and `apple airpods max pink` are one name): the smart
  /// list compares item names by it.
  public static func nameKey(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    var copy = text
    copy.withUTF8 { bytes in
      tokenize(bytes) { term, _ in
        if !out.isEmpty { out.append(0x20) }
        out.append(contentsOf: term)
      }
    }
    return out
  }

  /// byte and a `removeAll` per word (index builds took 5–30% longer).
  public static func tokenize(
    _ text: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>, TokenLocation) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.bufferBytes) { folded in
      // Safe: a scalar is written only where all 4 of its possible bytes fit (never cut), at
      // `count` onwards; the words handed to `body` are the `count` bytes written.
      var count = 0
      var i = 0
      var position = 0
      var wordStart = -1

      @inline(__always) func append(_ byte: UInt8) {
        folded[count] = byte
        count += 1
      }

      func appendScalar(_ v: UInt32) {
        guard count + 4 <= folded.count else { return }
        UTF8.encode(v, append)
      }

      func flush(end: Int) {
        if wordStart >= 0 {
          if count > 0 {
            body(
              UnsafeBufferPointer(rebasing: folded[..<count]),
              TokenLocation(start: wordStart, end: end, position: position))
            position += 1
          }
          count = 0
          wordStart = -1
        }
      }

      while i < text.count {
        let byte = text[i]
        if byte < 0x80 {
          // ASCII, most of any text: the same classes and folding as below, without decoding.
          if (byte &- 0x30) < 10 || ((byte | 0x20) &- 0x61) < 26 {
            if wordStart < 0 { wordStart = i }
            if count < Self.maxTermBytes { append((byte &- 0x41) < 26 ? byte + 32 : byte) }
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
          if count < Self.maxTermBytes {
            TextFolding.fold(scalar) { appendScalar($0) }
          }
        case .ideograph:
          flush(end: i)
          wordStart = i
          TextFolding.fold(scalar) { appendScalar($0) }
          flush(end: i + length)
        case .separator:
          flush(end: i)
        }
        i += length
      }
      flush(end: text.count)
    }
  }

  /// Convenience for tests and small inputs: the folded words of `text` with their locations.
  public static func words(_ text: String) -> [(term: String, location: TokenLocation)] {
    var result: [(String, TokenLocation)] = []
    var copy = text
    copy.withUTF8 { bytes in
      tokenize(bytes) { term, location in
        result.append((String(decoding: term, as: UTF8.self), location))
      }
    }
    return result
  }
}
