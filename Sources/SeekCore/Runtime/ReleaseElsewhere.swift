import Dispatch

/// Lets the last reference to a large value go on a thread of its own, not the caller's: the
/// search lane replaces a pipe's main index while keys are being answered, and freeing the old
/// one (its arrays' pages unmapped) would hold the lane for milliseconds.
enum ReleaseElsewhere {
  private static let queue = DispatchQueue(label: "seek.release", qos: .utility)

  /// `value` is freed on the release queue once the caller's other references are gone (the
  /// caller drops them right after this call; the queue's block runs after the caller moves on).
  /// `afterwards` runs on that queue once it is freed (`ProcessMemory.returnFreePages`, for a
  /// value of many blocks too small to be mapped apart).
  static func release<Value: Sendable>(_ value: consuming Value, then afterwards: (@Sendable () -> Void)? = nil) {
    let held = Held(value)
    queue.async {
      held.value = nil
      afterwards?()
    }
  }

  /// The value, let go of inside the block (a captured constant lives as long as the block).
  private final class Held<Value: Sendable>: @unchecked Sendable {
    var value: Value?
    init(_ value: consuming Value) { self.value = value }
  }
}
