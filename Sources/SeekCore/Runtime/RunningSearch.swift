import Foundation
import SeekApp

/// When a long scan of unindexed lines stops for a search queued behind it (it resumes from
/// where it was if asked the same again: `StreamTail`).
///
/// A search for something else (another query, refinement or page) always wins: its answer is
/// the one the screen waits for. A search asking the same again is different: lines streaming in
/// re-ask the query on screen at every batch (every 100 ms), and the running search's answer,
/// over the lines read when it started, is shown meanwhile (`SearchReducer.showsMeanwhile`). Had
/// it given way at once, a key typed just before a batch waited for two searches instead of one:
/// the first key of a pipe, its search begun and then restarted by the batch, took 16–25 ms from
/// read to frame where one search took 6–9. So a re-ask waits until the running search has had a
/// frame's time; past that the scan is long (a pipe read faster than it is scanned), and giving
/// way shows its progress sooner (`answerSoFar`) than finishing would.
public struct RunningSearch: Sendable, Equatable {
  public var query: String
  public var page: Int
  public var refine: Refine
  /// When it started (`DispatchTime.now().uptimeNanoseconds`).
  public var startedAt: UInt64

  /// How long a search asked the same again lets the running one go on: a frame.
  public static let reaskGraceNanoseconds: UInt64 = 16_000_000

  public init(query: String, page: Int, refine: Refine, startedAt: UInt64) {
    (self.query, self.page, self.refine, self.startedAt) = (query, page, refine, startedAt)
  }

  /// `effect` as a running search, if it is a results search (nil for any other effect).
  public init?(_ effect: SearchEffect, startedAt: UInt64) {
    guard case .searchResults(let query, let page, _, let refine, _, _) = effect else { return nil }
    self.init(query: query, page: page, refine: refine, startedAt: startedAt)
  }

  /// Whether this search stops for `queued`, at `now` (same clock as `startedAt`).
  public func givesWay(to queued: SearchEffect, now: UInt64) -> Bool {
    guard let other = RunningSearch(queued, startedAt: now) else { return false }
    guard other.query == query, other.page == page, other.refine == refine else { return true }
    return now &- startedAt >= Self.reaskGraceNanoseconds
  }
}
