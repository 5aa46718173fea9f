import Dispatch

/// Lets the last reference to a large value go on a thread of its own, not the caller's: the
/// search lane replaces a pipe's main index while keys are being answered, and freeing the old
/// one (its arrays' pages unmapped) would hold the lane for milliseconds.
enum ReleaseElsewhere {
  private static let queue = DispatchQueue(label: "seek.release", qos: .utility)

  /// `value` is freed on the release queue once the caller's other references are gone (the
  /// caller drops them right after this call; the queue's block runs after the caller moves on).
  static func release<Value: Sendable>(_ value: consuming Value) {
    let held = value
    queue.async { withExtendedLifetime(held) {} }
  }
}
