// Words written together or apart
// ===============================
//
// People write `oatmilk` for "Oat milk", `head phones` for "Headphones", `galaxybuds` for
// "Galaxy Buds". A typo cannot bridge them (a space is one edit, but the words then are two
// terms, not one), so Algolia also matches a query word as two adjacent words and two adjacent
// query words as one. Seek does it where the words as typed cannot answer, and only there:
// - a word no term matches, even with typos (which would otherwise be dropped), is split in two
//   words the index knows — the longest known first half wins, the second half may be the start
//   of a term when it is the word being typed — and the query is searched with the two;
// - a query whose words, all required, match nothing together is searched with two adjacent
//   words joined, where the index knows the joined word (or, for the word being typed, a term
//   starting with it), before any word is dropped.
//
// What it trades: a split or a join that finds something is taken over dropping a word, as
// Algolia ranks both above a query with fewer words; where the words as typed find anything,
// nothing is split or joined (Algolia would add those hits, ranked as one typo): `smart watch`
// finds what says both, not also "Smartwatch". Looking for either costs a few binary searches
// of the dictionary, only on a query that found nothing. Lines are matched by fzf's rules below
// the words, which find `oatmilk` in "oat milk" already: they are neither split nor joined. A
// scan of records (StoreScan) has no dictionary to split or join with: a query with a word that
// matches nothing, or whose words match nothing together, is left to the index, built for it.

extension Searcher {
  /// The shortest half a split makes, in bytes: two-letter terms are everywhere (`ar`, `st`, model
  /// codes), and "cellar" is not "cell" and "ar".
  static let minimumHalf = 3

  /// The two words `word` is written together from ("oatmilk" → "oat milk"), both known to the
  /// index (the second may be the start of a term while the word is typed); nil when none.
  func split(_ word: QueryWord) -> String? {
    let bytes = word.folded
    guard bytes.count >= 2 * Self.minimumHalf else { return nil }
    // Safe: each buffer is used only inside its closure, while its array is alive.
    func known(_ part: ArraySlice<UInt8>, prefix: Bool) -> Bool {
      Array(part).withUnsafeBufferPointer { p in
        index.terms.find(p) != nil || (prefix && !index.terms.prefixRange(p).isEmpty)
      }
    }
    for cut in stride(from: bytes.count - Self.minimumHalf, through: Self.minimumHalf, by: -1)
    where bytes[cut] & 0xC0 != 0x80 {
      let (first, second) = (bytes[..<cut], bytes[cut...])
      if known(first, prefix: false) && known(second, prefix: word.isPrefix) {
        return String(decoding: first, as: UTF8.self) + " " + String(decoding: second, as: UTF8.self)
      }
    }
    return nil
  }

  /// Two adjacent words of `query` that the index knows as one ("head phones" → "headphones"):
  /// where they stand in the query's text, and the word; nil when no pair joins.
  func joinedPair(_ query: ParsedQuery) -> (TokenLocation, String)? {
    let words = query.words
    guard words.count >= 2 else { return nil }
    for i in 0..<(words.count - 1) {
      let joined = words[i].folded + words[i + 1].folded
      // Safe: the buffer is used only inside the closure, while `joined` is alive.
      let known = joined.withUnsafeBufferPointer { p in
        index.terms.find(p) != nil || (words[i + 1].isPrefix && !index.terms.prefixRange(p).isEmpty)
      }
      if known {
        return (
          TokenLocation(
            start: words[i].location.start, end: words[i + 1].location.end, position: words[i].location.position),
          String(decoding: joined, as: UTF8.self)
        )
      }
    }
    return nil
  }

  /// The answer to `request`'s query with the text at `span` written as `replacement`; the
  /// response says the query as typed.
  func searchRewritten(_ request: SearchRequest, _ span: TokenLocation, as replacement: String) -> SearchResponse {
    let text = Array(request.query.utf8)
    var inner = request
    inner.query = String(decoding: text[..<span.start] + Array(replacement.utf8) + text[span.end...], as: UTF8.self)
    // One rewrite: the words split are not joined back (nor the other way round).
    context.rewritten = true
    defer { context.rewritten = false }
    var response = rankedSearch(inner)
    response.query = request.query
    return response
  }
}
