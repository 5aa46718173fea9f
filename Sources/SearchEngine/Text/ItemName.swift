/// Whether a text names an item: the smart list puts an item named as the query on top and
/// offers to create one only when none is. Two names are one when their words, folded and
/// without punctuation (`Tokenizer.nameKey`), are the same one by one, each as written or in
/// its other number: `apple` names `Apples`, `honeys` names `honey`, `Apple - AirPods` names
/// `apple airpods`; or when they are the same written together (`oatmilk` names `Oat milk`,
/// `tshirt` names `T-shirt`). Only the number and the spacing are forgiven, never a typo: `aple`
/// is another item.
public enum ItemName {
  /// The folded words of a name, punctuation and separators left out.
  public static func words(_ text: String) -> [[UInt8]] {
    Tokenizer.nameKey(text).split(separator: 0x20).map(Array.init)
  }

  /// Whether names of `a`'s and `b`'s words are one item's.
  public static func same(_ a: [[UInt8]], _ b: [[UInt8]]) -> Bool {
    guard !a.isEmpty, !b.isEmpty else { return false }
    if a.count == b.count
      && zip(a, b).allSatisfy({ x, y in x == y || WordAlternatives.pluralForms(x).contains(y) })
    {
      return true
    }
    // Written together or apart, or with punctuation between ("oatmilk", "Oat milk", "oat-milk").
    let (x, y) = (Array(a.joined()), Array(b.joined()))
    return x == y || WordAlternatives.pluralForms(x).contains(y)
  }
}
