/// Which terms contain a word somewhere after their first letter ("ground" in "background"),
/// without reading the whole dictionary: every three-byte sequence (trigram) that starts after a
/// term's first byte lists the terms it occurs in. A word of three bytes or more occurs only in
/// terms listing each of its trigrams, so the terms of its rarest trigram are the candidates, each
/// then checked for the word itself.
///
/// Why trigrams: a scan of a 150,000-term dictionary took 2–3 ms per word, paid again each time a
/// word became whole or the typo tier was entered, and was the largest part of the slowest
/// keystrokes. Bigrams are too common to narrow anything (a few hundred of them cover every term);
/// trigrams cost about one 4-byte entry per byte of the dictionary, and the rarest trigram of a
/// real word lists a few hundred terms at most. The word must still be checked: its trigrams may
/// occur apart, or only at the very start of a term (which is a prefix match, not a substring).
struct SubstringIndex: Sendable {
  /// The distinct trigrams, ascending (`byte0 << 16 | byte1 << 8 | byte2`).
  let trigrams: Column<UInt32>
  /// The terms of trigram `k` are `terms[starts[k] ..< starts[k + 1]]`, ascending.
  let starts: Column<UInt32>
  let terms: Column<UInt32>

  static let empty = SubstringIndex(trigrams: [], starts: [0], terms: [])

  init(trigrams: Column<UInt32>, starts: Column<UInt32>, terms: Column<UInt32>) {
    self.trigrams = trigrams
    self.starts = starts
    self.terms = terms
  }

  @inline(__always) static func trigram(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32 {
    UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
  }

  /// The trigrams of every term after its first byte, each trigram's terms ascending and once.
  /// Small dictionaries sort their entries (`sorted`); large ones count into a table of every
  /// possible trigram (`counted`), which needs no copy of the entries: 4 bytes an entry at the
  /// peak instead of 16, which at ten million terms is the difference between 160 MB and 640 MB.
  static func build(_ dictionary: TermDictionary) -> SubstringIndex {
    let entries = max(0, dictionary.bytes.count - 3 * dictionary.count)
    return entries < countingAbove ? sorted(dictionary) : counted(dictionary)
  }

  /// Below this many entries, sorting them costs less than reading the 64 MB table's pages.
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
    var terms: [UInt32] = []
    terms.reserveCapacity(keys.count)
    for i in keys.indices {
      if i == 0 || keys[i] != keys[i - 1] {
        trigrams.append(keys[i])
        starts.append(UInt32(terms.count))
      } else if owners[i] == owners[i - 1] {
        continue
      }
      terms.append(owners[i])
    }
    starts.append(UInt32(terms.count))
    return SubstringIndex(trigrams: Column(trigrams), starts: Column(starts), terms: Column(terms))
  }

  /// A counting sort over the 2^24 possible trigrams: count each, give the ones that occur their
  /// ranges, then place the terms, which come in ascending order. The table is calloc'ed
  /// (`ZeroedScratch`): only the pages of trigrams that occur are written, a few megabytes for
  /// real text. A term's repeats of a trigram were counted, so lists may end short: compacted.
  static func counted(_ dictionary: TermDictionary) -> SubstringIndex {
    // Per possible trigram: how many entries it has, then its ordinal among those that occur.
    let table = ZeroedScratch<UInt32>(count: 1 << 24)
    var trigrams: [UInt32] = []
    var starts: [UInt32] = []
    var total = 0
    table.withUnsafeMutableBufferPointer { table in
      forEachTrigram(dictionary) { trigram, _ in table[Int(trigram)] &+= 1 }
      for k in 0..<table.count where table[k] != 0 {
        starts.append(UInt32(total))
        total += Int(table[k])
        table[k] = UInt32(trigrams.count)
        trigrams.append(UInt32(k))
      }
    }
    starts.append(UInt32(total))
    var ends = Array(starts.dropLast())
    var terms = [UInt32](repeating: 0, count: total)
    table.withUnsafeBufferPointer { ordinal in
      starts.withUnsafeBufferPointer { starts in
        ends.withUnsafeMutableBufferPointer { ends in
          terms.withUnsafeMutableBufferPointer { terms in
            forEachTrigram(dictionary) { trigram, term in
              let o = Int(ordinal[Int(trigram)])
              let slot = Int(ends[o])
              // Terms come in order: a repeat of this term would be the list's last entry.
              if slot > Int(starts[o]) && terms[slot - 1] == term { return }
              terms[slot] = term
              ends[o] = UInt32(slot + 1)
            }
          }
        }
      }
    }
    var written = 0
    for o in trigrams.indices {
      let start = Int(starts[o])
      starts[o] = UInt32(written)
      for i in start..<Int(ends[o]) {
        terms[written] = terms[i]
        written += 1
      }
    }
    starts[trigrams.count] = UInt32(written)
    terms.removeLast(terms.count - written)
    return SubstringIndex(trigrams: Column(trigrams), starts: Column(starts), terms: Column(terms))
  }

  /// The terms listing `trigram`, as a range of `terms` (empty when no term has it).
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

  /// The candidates for a word of three bytes or more: the terms of its rarest trigram.
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

  var bytes: Int { trigrams.byteCount + starts.byteCount + terms.byteCount }
}
