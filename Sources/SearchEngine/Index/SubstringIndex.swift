/// Which terms contain a word somewhere after their first letter ("ground" in "background"),
/// without reading the whole dictionary: every three-byte sequence (trigram) that starts after a
/// term's first byte lists the terms it occurs in. A word of three bytes or more occurs only in
/// terms listing each of its trigrams, so the terms of its rarest trigram are the candidates, each
/// then checked for the word itself.
///
/// Why trigrams: a scan of a 150,000-term dictionary took 2–3 ms per word, paid again each time a
/// word became whole or the typo tier was entered, and was the largest part of the slowest
/// keystrokes. Bigrams are too common to narrow anything (a few hundred of them cover every term);
/// trigrams cost about one entry per byte of the dictionary, and the rarest trigram of a
/// real word lists a few hundred terms at most. The word must still be checked: its trigrams may
/// occur apart, or only at the very start of a term (which is a prefix match, not a substring).
///
/// A list is read only from its start, term after term, so it is kept as the gaps between its
/// ascending terms, each in as few bytes as it needs (7 bits a byte, the high bit saying another
/// byte follows: LEB128). Dictionaries are sorted, so the terms sharing a trigram cluster and most
/// gaps fit a byte or two: the lists of ten million paths (ten million numbers among their words)
/// took 148 MB as 4-byte ids and take 46 MB so; a million numbers' 12 MB take 4 MB.
/// What it trades: a list is decoded as it is read (a shift and an add a byte), and its length is
/// known in bytes, not terms, which is what the rarest trigram is chosen by (it is what reading
/// it costs).
struct SubstringIndex: Sendable {
  /// The distinct trigrams, ascending (`byte0 << 16 | byte1 << 8 | byte2`).
  let trigrams: Column<UInt32>
  /// The terms of trigram `k` are coded in `lists[starts[k] ..< starts[k + 1]]`, ascending, each
  /// as its gap from the one before less one (the first: its id), in LEB128.
  let starts: Column<UInt32>
  let lists: Column<UInt8>

  static let empty = SubstringIndex(trigrams: [], starts: [0], lists: [])

  init(trigrams: Column<UInt32>, starts: Column<UInt32>, lists: Column<UInt8>) {
    self.trigrams = trigrams
    self.starts = starts
    self.lists = lists
  }

  @inline(__always) static func trigram(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32 {
    UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
  }

  /// The bytes `gap` takes coded.
  @inline(__always) static func codedLength(_ gap: UInt32) -> Int {
    gap < 1 << 7 ? 1 : gap < 1 << 14 ? 2 : gap < 1 << 21 ? 3 : gap < 1 << 28 ? 4 : 5
  }

  /// Writes `gap` coded at `out[at...]`; returns where the next one goes.
  @inline(__always) static func code(_ gap: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at: Int) -> Int {
    var value = gap
    var i = at
    while value >= 0x80 {
      out[i] = UInt8(truncatingIfNeeded: value) | 0x80
      value >>= 7
      i += 1
    }
    out[i] = UInt8(value)
    return i + 1
  }

  /// Calls `body` with each term of the list at `range` of `lists`, in order. A damaged list (from
  /// a file) ends where its bytes do, and may give any id: the caller checks it is a term.
  @inline(__always) func forEachTerm(in range: Range<Int>, _ body: (Int) -> Void) {
    // Safe: `range` is one of `starts`' ranges, checked to lie within `lists` (built so, or by the codec).
    lists.withUnsafeBufferPointer { bytes in
      var i = range.lowerBound
      var term = -1
      while i < range.upperBound {
        var gap = 0
        var shift = 0
        while i < range.upperBound && shift <= 28 {
          let byte = bytes[i]
          i += 1
          gap |= Int(byte & 0x7F) << shift
          shift += 7
          if byte < 0x80 { break }
        }
        term &+= gap &+ 1
        body(term)
      }
    }
  }

  /// The trigrams of every term after its first byte, each trigram's terms ascending and once.
  /// Small dictionaries sort their entries (`sorted`); large ones count into a table of every
  /// possible trigram (`counted`), which needs no copy of the entries: only the coded lists, at
  /// ten million terms 60 MB instead of the 640 MB of the sorted entries.
  static func build(_ dictionary: TermDictionary) -> SubstringIndex {
    let entries = max(0, dictionary.bytes.count - 3 * dictionary.count)
    return entries < countingAbove ? sorted(dictionary) : counted(dictionary)
  }

  /// Below this many entries, sorting them costs less than reading the 64 MB tables' pages.
  static let countingAbove = 1 << 20

  /// Calls `body` with each trigram of each term after its first byte, in term order.
  @inline(__always) static func forEachTrigram(
    _ dictionary: TermDictionary, _ body: (_ trigram: UInt32, _ term: UInt32) -> Void
  ) {
    // Safe: term slices lie within the dictionary's bytes (built so).
    dictionary.bytes.withUnsafeBufferPointer { all in
      for t in 0..<dictionary.count {
        var i = Int(dictionary.starts[t]) + 1
        let end = Int(dictionary.starts[t + 1])
        while i + 3 <= end {
          body(trigram(all, at: i), UInt32(t))
          i += 1
        }
      }
    }
  }

  /// Entries made in term order, then sorted by trigram with a stable radix sort (three passes of
  /// one byte), so each trigram's terms come out ascending, a term's repeats adjacent.
  static func sorted(_ dictionary: TermDictionary) -> SubstringIndex {
    var keys: [UInt32] = []
    var owners: [UInt32] = []
    forEachTrigram(dictionary) { trigram, term in
      keys.append(trigram)
      owners.append(term)
    }
    var sortedKeys = [UInt32](repeating: 0, count: keys.count)
    var sortedOwners = [UInt32](repeating: 0, count: keys.count)
    for shift: UInt32 in [0, 8, 16] {
      var counts = [Int](repeating: 0, count: 257)
      for k in keys { counts[Int((k >> shift) & 0xFF) + 1] += 1 }
      for b in 0..<256 { counts[b + 1] += counts[b] }
      for i in keys.indices {
        let b = Int((keys[i] >> shift) & 0xFF)
        sortedKeys[counts[b]] = keys[i]
        sortedOwners[counts[b]] = owners[i]
        counts[b] += 1
      }
      swap(&keys, &sortedKeys)
      swap(&owners, &sortedOwners)
    }
    var trigrams: [UInt32] = []
    var starts: [UInt32] = []
    var lists = [UInt8](repeating: 0, count: keys.count * 5)
    var written = 0
    var previous: UInt32 = 0
    lists.withUnsafeMutableBufferPointer { out in
      for i in keys.indices {
        if i == 0 || keys[i] != keys[i - 1] {
          trigrams.append(keys[i])
          starts.append(UInt32(written))
          written = code(owners[i], into: out, at: written)
        } else if owners[i] != owners[i - 1] {
          written = code(owners[i] - previous - 1, into: out, at: written)
        }
        previous = owners[i]
      }
    }
    starts.append(UInt32(written))
    lists.removeLast(lists.count - written)
    return SubstringIndex(trigrams: Column(trigrams), starts: Column(starts), lists: Column(lists))
  }

  /// Two passes over every trigram of every term, with two tables over the 2^24 possible
  /// trigrams, calloc'ed (`ZeroedScratch`: only the pages of trigrams that occur are written, a
  /// few megabytes for real text). The first pass sizes each trigram's coded list (its gaps
  /// depend on the term before, kept per trigram); the lists are then laid out, and the second
  /// pass codes the terms into them, which come in ascending order. A term's repeat of a trigram
  /// is skipped both times.
  static func counted(_ dictionary: TermDictionary) -> SubstringIndex {
    // Per possible trigram: its coded bytes, then its ordinal among those that occur.
    let table = ZeroedScratch<UInt32>(count: 1 << 24)
    // Per possible trigram: the last term coded into its list, plus one (0: none yet).
    let last = ZeroedScratch<UInt32>(count: 1 << 24)
    var trigrams: [UInt32] = []
    var starts: [UInt32] = []
    var total = 0
    table.withUnsafeMutableBufferPointer { table in
      last.withUnsafeMutableBufferPointer { last in
        forEachTrigram(dictionary) { trigram, term in
          let k = Int(trigram)
          guard last[k] != term + 1 else { return }
          table[k] &+= UInt32(codedLength(term &- last[k]))
          last[k] = term + 1
        }
        for k in 0..<table.count where table[k] != 0 {
          starts.append(UInt32(total))
          total += Int(table[k])
          table[k] = UInt32(trigrams.count)
          trigrams.append(UInt32(k))
          last[k] = 0
        }
      }
    }
    starts.append(UInt32(total))
    var ends = Array(starts.dropLast())
    var lists = [UInt8](repeating: 0, count: total)
    table.withUnsafeBufferPointer { ordinal in
      last.withUnsafeMutableBufferPointer { last in
        ends.withUnsafeMutableBufferPointer { ends in
          lists.withUnsafeMutableBufferPointer { out in
            forEachTrigram(dictionary) { trigram, term in
              let k = Int(trigram)
              guard last[k] != term + 1 else { return }
              let o = Int(ordinal[k])
              ends[o] = UInt32(code(term &- last[k], into: out, at: Int(ends[o])))
              last[k] = term + 1
            }
          }
        }
      }
    }
    return SubstringIndex(trigrams: Column(trigrams), starts: Column(starts), lists: Column(lists))
  }

  /// The coded list of `trigram`, as a range of `lists` (empty when no term has it).
  func list(_ trigram: UInt32) -> Range<Int> {
    var lo = 0
    var hi = trigrams.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if trigrams[mid] < trigram { lo = mid + 1 } else { hi = mid }
    }
    guard lo < trigrams.count, trigrams[lo] == trigram else { return 0..<0 }
    return Int(starts[lo])..<Int(starts[lo + 1])
  }

  /// The candidates for a word of three bytes or more: the coded list of its rarest trigram (the
  /// shortest to read).
  func candidates(_ word: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    var best = 0..<0
    var first = true
    var i = 0
    while i + 3 <= word.count {
      let range = list(Self.trigram(word, at: i))
      if first || range.count < best.count { best = range }
      first = false
      if best.isEmpty { break }
      i += 1
    }
    return best
  }

  var bytes: Int { trigrams.byteCount + starts.byteCount + lists.byteCount }
}
