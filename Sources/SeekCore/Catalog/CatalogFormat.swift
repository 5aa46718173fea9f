/// The kinds of files Seek reads as catalogs.
public enum CatalogFormat: String, Sendable, CaseIterable {
  /// A JSON array of objects.
  case json
  /// One JSON object per line.
  case jsonLines = "jsonl"
  /// RFC 4180 comma-separated values with a header row.
  case csv
  /// Tab-separated values with a header row (no quoting, as in IANA's TSV).
  case tsv
  /// Plain text, one record per line, in the attribute `text`.
  case lines

  /// The format named by a file's extension, if it names one.
  public static func fromExtension(of path: String) -> CatalogFormat? {
    let lower = path.lowercased()
    if lower.hasSuffix(".json") { return .json }
    if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .jsonLines }
    if lower.hasSuffix(".csv") { return .csv }
    if lower.hasSuffix(".tsv") || lower.hasSuffix(".tab") { return .tsv }
    if lower.hasSuffix(".txt") { return .lines }
    return nil
  }

  /// Detection from content: `[` opens a JSON array, `{` a JSON Lines file; otherwise lines.
  public static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> CatalogFormat {
    var i = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    guard i < bytes.count else { return .lines }
    switch bytes[i] {
    case UInt8(ascii: "["): return .json
    case UInt8(ascii: "{"): return .jsonLines
    default: return .lines
    }
  }
}
