import Testing

@testable import SearchEngine

/// Scratch arrays start zero, hold what is written anywhere in them, and zero again on request,
/// whether `calloc` or a huge-page mapping holds them.
@Suite struct ZeroedScratchTests {
  @Test(arguments: [0, 1, 1_000, ZeroedScratch<UInt32>.hugePageBytes / 4, ZeroedScratch<UInt32>.hugePageBytes + 3])
  func startsZeroHoldsWritesAndZeroesAgain(count: Int) {
    let scratch = ZeroedScratch<UInt32>(count: count)
    #expect(scratch.count == count)
    let probes = count == 0 ? [] : Array(Set([0, count / 2, count - 1]))
    for i in probes { #expect(scratch[i] == 0) }
    for i in probes { scratch[i] = UInt32(i) &+ 7 }
    for i in probes { #expect(scratch[i] == UInt32(i) &+ 7) }
    let sum = scratch.withUnsafeBufferPointer { $0.reduce(0) { $0 &+ UInt64($1) } }
    #expect(sum == probes.reduce(0) { $0 &+ UInt64($1) &+ 7 })
    scratch.zeroAll()
    #expect(scratch.withUnsafeBufferPointer { $0.allSatisfy { $0 == 0 } })
  }

  /// A huge-page array starts on a huge-page boundary, so that the kernel can back it with huge
  /// pages from its first byte.
  @Test func largeArraysStartOnAHugePageBoundary() {
    let scratch = ZeroedScratch<UInt64>(count: ZeroedScratch<UInt64>.hugePageBytes / 8)
    let address = scratch.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    #expect(address % ZeroedScratch<UInt64>.hugePageBytes == 0)
  }
}
