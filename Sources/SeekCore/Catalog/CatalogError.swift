/// Why a catalog or settings file could not be used. Every case names the file, and where it can,
/// the line (and column for JSON) and what was expected.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  case notFound(path: String)
  case unreadable(path: String, reason: String)
  case malformedJSON(path: String, line: Int, column: Int, message: String)
  case malformedTable(path: String, line: Int, message: String)
  case notARecord(path: String, line: Int, found: String)
  case invalidSettings(path: String, message: String)

  public var description: String {
    switch self {
    case .notFound(let path): return "\(path): no such file"
    case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
    case .malformedJSON(let path, let line, let column, let message):
      return "\(path):\(line):\(column): malformed JSON: \(message)"
    case .malformedTable(let path, let line, let message): return "\(path):\(line): \(message)"
    case .notARecord(let path, let line, let found):
      return "\(path):\(line): expected a record (a JSON object), found \(found)"
    case .invalidSettings(let path, let message): return "\(path): invalid settings: \(message)"
    }
  }
}
