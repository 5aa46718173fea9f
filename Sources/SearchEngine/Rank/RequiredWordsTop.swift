/// The best keys of a relaxed query's records as if none of its optional words matched.
///
/// When a query is relaxed (`removeWordsIfNoResults`), thousands of records may match the required
/// words while the optional ones — usually the word being typed — match a few. A record that
/// matches no optional word ranks by the required words' matches alone: its words, typos,
/// proximity, attribute and exact words are theirs, and no attribute of it can equal the query
/// (an optional word is missing), so its key stays the same while optional words are typed or
/// added. `run` keeps the best of those keys once, and on the next keystrokes with the same
/// required words ranks only the records that match an optional word, then takes the best kept
/// keys of the records that do not.
///
/// What it trades: `capacity(limit)` keys are kept, not every record's. When more of the kept
/// records match an optional word than that margin allows, the run ranks everything again.
struct RequiredWordsTop {
  /// The required words (letters, and prefix or whole), which decide their matches.
  var words: [QueryWord]
  var typos: Bool
  /// The smallest keys, ascending, each as its record would rank matching no optional word.
  var keys: [UInt64]
  /// Whether `keys` holds every record that matches the required words.
  var complete: Bool

  /// Keys kept for a page of `limit`: the page, and as many again four times over for the kept
  /// records that match an optional word on a later keystroke.
  static func capacity(_ limit: Int) -> Int { limit * 4 }

  /// Whether these keys were made for a relaxed run of `query` with these settings.
  func fits(_ query: ParsedQuery, typos: Bool, required: Int) -> Bool {
    self.typos == typos && words.count == required
      && zip(words, query.words).allSatisfy { $0.folded == $1.folded && $0.isPrefix == $1.isPrefix }
  }

  /// Whether at least `limit` kept keys (or all there are) belong to records outside the ones
  /// matching an optional word, so that a page of `limit` can be completed from them.
  func suffices(limit: Int, matchesOptional: (Int) -> Bool) -> Bool {
    if complete { return true }
    var left = 0
    for key in keys where !matchesOptional(RankingRule.record(key)) {
      left += 1
      if left == limit { return true }
    }
    return false
  }
}
