/// A fast, non-cryptographic hash of a byte string (64-bit multiply-mix over 8-byte chunks): term
/// lookups while indexing hash tens of millions of words, and `Hasher` on `String` is far slower.
@inline(__always) public func byteHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
  var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
  var i = 0
  let n = bytes.count
  while i + 8 <= n {
    var chunk: UInt64 = 0
    for k in 0..<8 { chunk |= UInt64(bytes[i + k]) << (8 * UInt64(k)) }
    h = (h ^ chunk) &* 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 32
    i += 8
  }
  var tail: UInt64 = 0
  var shift: UInt64 = 0
  while i < n {
    tail |= UInt64(bytes[i]) << shift
    shift += 8
    i += 1
  }
  h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
  h ^= h >> 29
  return h
}

@inline(__always) func byteHash(_ bytes: [UInt8]) -> UInt64 {
  // Safe: the buffer is used only inside the call, while the array is alive.
  bytes.withUnsafeBufferPointer { byteHash($0) }
}

/// Lexicographic comparison of byte strings (what sorted term order means).
@inline(__always) func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
  let n = min(a.count, b.count)
  var i = 0
  while i < n {
    let x = a[i]
    let y = b[i]
    if x != y { return x < y ? -1 : 1 }
    i += 1
  }
  return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}
