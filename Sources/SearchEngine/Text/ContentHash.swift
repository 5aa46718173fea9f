/// The id of a record that names none: FNV-1a over its values, each followed by a unit
/// separator (0x1F, so `ab|c` and `a|bc` differ), written as sixteen lowercase hexadecimal
/// digits. Checks and picks are kept by id, so it is stable when other records change, and it
/// must not change between versions: a changed hash loses every check kept for such records.
public struct ContentHash {
  public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325
  private static let prime: UInt64 = 0x100_0000_01B3

  public init() {}

  /// Adds the next value of the record (all of them, in attribute order).
  @inline(__always) public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
    var h = value
    for b in bytes {
      h ^= UInt64(b)
      h = h &* Self.prime
    }
    h ^= 0x1F
    value = h &* Self.prime
  }

  /// The id's length in digits.
  public static let digits = 16

  /// Sixteen lowercase hexadecimal digits.
  public static func appendHex(_ h: UInt64, to out: inout [UInt8]) {
    for shift in stride(from: 60, through: 0, by: -4) { out.append(digit(h >> UInt64(shift))) }
  }

  /// The sixteen digits into `out` (room for them), from its start.
  static func writeHex(_ h: UInt64, to out: UnsafeMutableBufferPointer<UInt8>) {
    for i in 0..<digits { out[i] = digit(h >> UInt64(60 - 4 * i)) }
  }

  @inline(__always) private static func digit(_ nibble: UInt64) -> UInt8 {
    let d = UInt8(nibble & 0xF)
    return d < 10 ? 0x30 + d : 0x57 + d
  }
}
