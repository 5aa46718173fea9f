import Foundation
import Testing

@testable import SeekCore

/// `reload-sync`: the command's output read whole off the run loop, then fed as one piece.
@Suite struct SyncedReloadTests {
  @Test func theWholeOutputIsTakenOnceForItsReload() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    let synced = SyncedReload()
    let done = DispatchSemaphore(value: 0)
    synced.collect(ends[0], generation: 3) { done.signal() }
    #expect(synced.take() == nil)  // nothing until the output ends
    let text = Array("1 apple\n2 banana\n".utf8)
    _ = text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    done.wait()
    close(ends[0])
    let taken = try #require(synced.take())
    #expect(taken.generation == 3 && taken.bytes == text)
    #expect(synced.take() == nil)
    // Fed back through a pipe, whole, however large.
    let large = [UInt8](repeating: 65, count: 1 << 20) + text
    let handle = try #require(SyncedReload.handle(giving: large))
    #expect(Array(handle.readDataToEndOfFile()) == large)
  }
}
