import SearchEngine

/// WordNet's nouns for things shops sell, as a lexicon (SearchEngine's Lexicon.swift): for each
/// noun of one or two words whose most frequent sense is an artifact, the one-word synonyms of
/// that sense and the broader word its phrases name — 8,471 nouns, 230 KB of text in the binary, parsed the
/// first time a catalog of records is searched (a few milliseconds).
///
/// Why WordNet: it is the one lexical database with a licence that lets it ship inside the binary
/// (WordNet 3.0's, BSD-like, its notice kept in the table's file), it is in Debian
/// (`wordnet-base`), and its senses are ranked by frequency, so the most common one can be taken
/// alone. Why a table and not the package's files at run time: Seek is one binary; the table is
/// made by `make lexicon` (`Scripts/wordnet-lexicon.py`) from the package and committed, so
/// neither a build nor a user needs WordNet installed.
public enum WordNetNouns {
  public static let lexicon = Lexicon(name: "wordnet", table: table)
}
