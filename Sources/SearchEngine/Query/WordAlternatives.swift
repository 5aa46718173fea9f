/// Other whole words a query word stands for: its English singular or plural (Algolia's
/// `ignorePlurals`) and its synonyms (Algolia's synonym records, Meilisearch's `synonyms`).
///
/// An alternative matches as the word itself does, whole and without a typo: "cables" finds
/// "cable" as exactly as "cable" does, and "tv" finds "television" when the settings say they are
/// synonyms. That is what Algolia does with both (a plural or a synonym is not a typo), and why
/// the alternatives are whole terms only: a synonym typed is a word someone meant, not the start
/// of a longer one. Alternatives are looked up in the dictionary as the word is (one exact term
/// each), so they cost a keystroke a few binary searches.
///
/// Plurals are made by rules, not a dictionary: the regular English endings (-s, -es, -ies) and
/// a short list of common irregular nouns. A rule's wrong guess ("bus" → "bu") costs nothing
/// unless the dictionary holds the guess, and then it is usually the word meant. Words of fewer
/// than three letters and words with digits have no plural forms ("ps" is not "p"s).
public struct WordAlternatives: Sendable, Equatable {
  /// Whether singular and plural forms match each other (on by default for records).
  public var ignorePlurals: Bool
  /// Folded word → the folded words it also finds (one-way; an equivalent group is a map from
  /// each of its words to the others).
  public var synonyms: [[UInt8]: [[UInt8]]] { didSet { phrases = Self.phrases(of: synonyms) } }
  /// The entries of several words (`playstation 5`), as terms of their own (Phrases.swift).
  public private(set) var phrases = Phrases()

  /// At most this many alternatives a word: each is a dictionary lookup and a source to merge.
  public static let maxPerWord = 8

  public init(ignorePlurals: Bool = false, synonyms: [[UInt8]: [[UInt8]]] = [:]) {
    self.ignorePlurals = ignorePlurals
    self.synonyms = synonyms
    phrases = Self.phrases(of: synonyms)
  }

  private static func phrases(of synonyms: [[UInt8]: [[UInt8]]]) -> Phrases {
    var phrases = Phrases()
    for (input, words) in synonyms {
      for key in [input] + words where key.contains(0x20) { phrases.insert(key) }
    }
    return phrases
  }

  /// An entry's key: a word folded (`TextFolding.foldedKey`), a phrase as its terms one space
  /// apart (`Tokenizer.nameKey`, as the phrase is read in texts).
  public static func key(_ entry: String) -> [UInt8] {
    let terms = Tokenizer.nameKey(entry)
    return terms.contains(0x20) ? terms : TextFolding.foldedKey(entry)
  }

  public var isEmpty: Bool { !ignorePlurals && synonyms.isEmpty }

  /// Adds a group of words that all find each other (Algolia's `synonym`).
  public mutating func addEquivalent(_ words: [String]) {
    let folded = words.map(Self.key).filter { !$0.isEmpty }
    for word in folded { addOneWay(word, folded.filter { $0 != word }) }
  }

  /// Adds words that `input` finds, and not the other way (Algolia's `oneWaySynonym`).
  public mutating func addOneWay(_ input: String, _ words: [String]) {
    addOneWay(Self.key(input), words.map(Self.key).filter { !$0.isEmpty })
  }

  private mutating func addOneWay(_ input: [UInt8], _ words: [[UInt8]]) {
    guard !input.isEmpty else { return }
    var list = synonyms[input] ?? []
    for word in words where !list.contains(word) && word != input { list.append(word) }
    synonyms[input] = list
  }

  /// The synonyms of each run of consecutive words that is a phrase (`playstation 5` → `ps5`),
  /// given to every word of the run: a record with a synonym of the whole answers each of them.
  /// `words[i]` are folded terms; the answer lists, per word, the alternatives to add.
  public func phraseAlternatives(of words: [[UInt8]]) -> [[[UInt8]]] {
    var out = [[[UInt8]]](repeating: [], count: words.count)
    guard words.count >= 2 else { return out }
    for start in words.indices {
      for length in stride(from: min(phrases.longest, words.count - start), through: 2, by: -1) {
        var key: [UInt8] = []
        for (i, word) in words[start..<(start + length)].enumerated() {
          if i > 0 { key.append(0x20) }
          key.append(contentsOf: word)
        }
        guard let synonyms = synonyms[key] else { continue }
        for i in start..<(start + length) {
          for synonym in synonyms where !out[i].contains(synonym) { out[i].append(synonym) }
        }
      }
    }
    return out
  }

  /// The alternatives of a folded word, without the word itself: its plural forms, the synonyms
  /// of the word and of those forms, and the synonyms' own plural forms.
  public func of(_ word: [UInt8]) -> [[UInt8]] {
    guard !isEmpty else { return [] }
    var out: [[UInt8]] = []
    func add(_ candidate: [UInt8]) {
      if candidate != word && !out.contains(candidate) && out.count < Self.maxPerWord { out.append(candidate) }
    }
    let forms = ignorePlurals ? Self.pluralForms(word) : []
    for form in forms { add(form) }
    for source in [word] + forms {
      for synonym in synonyms[source] ?? [] {
        add(synonym)
        if ignorePlurals { for form in Self.pluralForms(synonym) { add(form) } }
      }
    }
    return out
  }

  // MARK: - English plurals

  private static let irregular: [(String, String)] = [
    ("man", "men"), ("woman", "women"), ("child", "children"), ("person", "people"), ("mouse", "mice"),
    ("foot", "feet"), ("tooth", "teeth"), ("goose", "geese"), ("knife", "knives"), ("life", "lives"),
    ("wife", "wives"), ("leaf", "leaves"), ("shelf", "shelves"), ("half", "halves"), ("wolf", "wolves"),
    ("box", "boxes"), ("index", "indices"), ("matrix", "matrices"), ("cactus", "cacti"), ("die", "dice"),
  ]
  private static let irregularByWord: [[UInt8]: [[UInt8]]] = {
    var map: [[UInt8]: [[UInt8]]] = [:]
    for (singular, plural) in irregular {
      map[Array(singular.utf8), default: []].append(Array(plural.utf8))
      map[Array(plural.utf8), default: []].append(Array(singular.utf8))
    }
    return map
  }()

  /// The word's other number by the regular endings (both guesses where the word may be either),
  /// and its irregular forms. Only lowercase ASCII letters, three or more.
  public static func pluralForms(_ word: [UInt8]) -> [[UInt8]] {
    guard word.count >= 3, word.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return [] }
    if let forms = irregularByWord[word] { return forms }
    // Byte by byte, without a string: this runs for every word of every keystroke.
    let n = word.count
    func ends(_ a: UInt8, _ b: UInt8) -> Bool { word[n - 2] == a && word[n - 1] == b }
    let (s, e, y, h, i, o): (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0x73, 0x65, 0x79, 0x68, 0x69, 0x6F)
    /// Whether the letters before position `end` end in s, x, z, ch or sh (they take -es).
    func sibilant(before end: Int) -> Bool {
      guard end >= 2 else { return false }
      let last = word[end - 1]
      return last == s || last == 0x78 || last == 0x7A || (last == h && (word[end - 2] == 0x63 || word[end - 2] == s))
    }
    if word[n - 1] == s && !ends(s, s) && !ends(0x75, s) && !ends(i, s) {
      // A plural (or a word that looks like one): its singulars.
      var out = [Array(word.dropLast())]  // cables → cable, movies → movie
      if n > 4 && word[n - 3] == i && ends(e, s) { out.append(word.dropLast(3) + [y]) }  // batteries → battery
      if ends(e, s) && n > 3 && (sibilant(before: n - 2) || word[n - 3] == o) {
        out.append(Array(word.dropLast(2)))  // watches → watch, glasses → glass
      }
      return out
    }
    switch word[n - 1] {
    case y where !"aeiou".utf8.contains(word[n - 2]): return [word.dropLast() + [i, e, s]]  // battery → batteries
    case _ where sibilant(before: n): return [word + [e, s]]  // glass → glasses, watch → watches
    default: return [word + [s]]  // cable → cables
    }
  }
}
