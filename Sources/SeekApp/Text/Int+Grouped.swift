extension Int {
  /// 10000 → "10,000": a count as the status line and the messages say it.
  public var groupedDigits: String {
    let digits = Array(String(magnitude))
    var out = ""
    for (i, d) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(d)
    }
    return (self < 0 ? "-" : "") + out
  }
}
