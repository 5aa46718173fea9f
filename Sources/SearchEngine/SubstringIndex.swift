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

  /// The trigrams of every term after its first byte. Entries are made in term order and then
  /// sorted by trigram with a stable radix sort (three passes of one byte), so each trigram's
  /// terms come out ascending, a term's repeats adjacent.
  static func build(_ dictionary: TermDictionary) -> SubstringIndex {
    var keys: [UInt32] = []
    var owners: [UInt32] = []
    // Safe: term slices lie within the dictionary's bytes (built so).
    dictionary.bytes.withUnsafeBufferPointer { all in
      let entries = max(0, all.count - 3 * dictionary.count)
      keys.reserveCapacity(entries)
      owners.reserveCapacity(entries)
      for t in 0..<dictionary.count {
        let start = Int(dictionary.starts[t])
        let end = Int(dictionary.starts[t + 1])
        var i = start + 1
        while i + 3 <= end {
          keys.append(trigram(all, at: i))
          owners.append(UInt32(t))
          i += 1
        }
      }
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
