/// Trimming by a set of characters, without Foundation (`" \t\n"`).
extension String {
  public func trimming(_ set: String) -> String {
    let drop = Set(set.unicodeScalars)
    var scalars = Substring(self).unicodeScalars
    while let f = scalars.first, drop.contains(f) { scalars.removeFirst() }
    while let l = scalars.last, drop.contains(l) { scalars.removeLast() }
    return String(scalars)
  }
}
