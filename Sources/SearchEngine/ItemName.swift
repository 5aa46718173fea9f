/// Whether a text names an item: the smart list puts an item named as the query on top and
/// offers to create one only when none is. Two names are one when their words, folded and
/// without punctuation (`Tokenizer.nameKey`), are the same one by one, each as written or in
/// its other number: `apple` names `Apples`, `honeys` names `honey`, `Apple - AirPods` names
/// `apple airpods`. Only the number is forgiven, never a typo: `aple` is another item.
public enum ItemName {
  /// The folded words of a name, punctuation and separators left out.
  public static func words(_ text: String) -> [[UInt8]] {
    Tokenizer.nameKey(text).split(separator: 0x20).map(Array.init)
  }

  /// Whether names of `a`'s and `b`'s words are one item's.
  public static func same(_ a: [[UInt8]], _ b: [[UInt8]]) -> Bool {
    guard a.count == b.count, !a.isEmpty else { return false }
    for (x, y) in zip(a, b) where x != y && !WordAlternatives.pluralForms(x).contains(y) { return false }
    return true
  }
}
