import Testing

@testable import SearchEngine

/// Scratch arrays start zero and hold what is written anywhere in them.
@Suite struct ZeroedScratchTests {
  @Test(arguments: [0, 1, 1_000, 1 << 20])
  func startsZeroAndHoldsWrites(count: Int) {
    let scratch = ZeroedScratch<UInt32>(count: count)
    #expect(scratch.count == count)
    let probes = count == 0 ? [] : Array(Set([0, count / 2, count - 1]))
    for i in probes { #expect(scratch[i] == 0) }
    for i in probes { scratch[i] = UInt32(i) &+ 7 }
    for i in probes { #expect(scratch[i] == UInt32(i) &+ 7) }
    let sum = scratch.withUnsafeBufferPointer { $0.reduce(0) { $0 &+ UInt64($1) } }
    #expect(sum == probes.reduce(0) { $0 &+ UInt64($1) &+ 7 })
  }
}
