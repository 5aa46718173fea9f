/// What a one-shot command leaves to the process's exit to free: the millions of lines of a
/// pipe's every match, released one by one, took seconds after the answer was out (fzf, in Go,
/// does not free them either).
enum LeftForExit {
  /// Safe: written on the main thread only, by a one-shot command just before it returns and
  /// the process exits; never read.
  nonisolated(unsafe) private static var values: [Any] = []

  static func keep(_ value: Any) { values.append(value) }
}
