import Foundation
import SeekApp

/// Runs `--preview` commands off the input thread, one at a time, latest wins: a new request (the
/// selection moved) ends the running command's whole process group before the next starts, and
/// its late output is never delivered. Output is read with a byte limit and parsed into safe
/// styled lines (`AnsiText`); the answer is a `previewArrived` event with the request's revision.
public final class PreviewRunner: @unchecked Sendable {
  /// Output kept per command; the command is ended once it printed this much.
  public static let maxOutputBytes = 512 << 10
  public static let maxErrorBytes = 16 << 10
  /// How often the output of a command still running is shown (fzf's 100 ms): often enough for
  /// `tail -f`, rarely enough that a fast command is parsed once.
  static let partialInterval = 0.1

  private let deliver: @Sendable (SearchEvent) -> Void
  private let lock = NSCondition()
  private var pending: (command: String, variables: [String: String], revision: Int, baseLine: Int?)? = nil
  private var stopping = false
  private var started = false
  private var finished = false
  /// The revision of the command running; a newer request cancels it.
  private var runningRevision: Int? = nil

  public init(deliver: @escaping @Sendable (SearchEvent) -> Void) { self.deliver = deliver }

  /// Asks for `command`'s output for `revision`, ending whatever runs for an older one.
  /// `baseLine` is handed back with the output (`--preview-window +{2}`); `variables` are set
  /// over Seek's environment for the command (fzf's `FZF_*`).
  public func run(command: String, variables: [String: String] = [:], revision: Int, baseLine: Int? = nil) {
    lock.lock()
    defer { lock.unlock() }
    guard !stopping else { return }
    pending = (command, variables, revision, baseLine)
    if !started {
      started = true
      let thread = Thread { [self] in loop() }
      thread.name = "seek-preview"
      thread.start()
    }
    lock.broadcast()
  }

  /// Ends the running command (its whole group) and the thread; waits at most `seconds`.
  public func shutdown(waitingAtMost seconds: Double = 2) {
    lock.lock()
    stopping = true
    pending = nil
    lock.broadcast()
    let deadline = Date().addingTimeInterval(seconds)
    while started && !finished {
      if !lock.wait(until: deadline) { break }
    }
    lock.unlock()
  }

  private var shouldStop: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopping || pending != nil
  }

  private func loop() {
    while true {
      lock.lock()
      while pending == nil && !stopping { lock.wait() }
      guard !stopping, let job = pending else {
        finished = true
        lock.broadcast()
        lock.unlock()
        return
      }
      pending = nil
      lock.unlock()
      // What it printed so far is shown while it runs (`tail -f`), then the whole output.
      let partial: ([UInt8]) -> Void = { [deliver] bytes in
        var output = PreviewOutput(lines: AnsiText.parse(Array(Self.afterLastClear(bytes))))
        output.baseLine = job.baseLine
        deliver(.details(.previewArrived(revision: job.revision, output)))
      }
      if var output = execute(job.command, variables: job.variables, partial: partial) {
        output.baseLine = job.baseLine
        deliver(.details(.previewArrived(revision: job.revision, output)))
      }
    }
  }

  /// Runs one command to its end; nil when a newer request (or shutdown) ended it first.
  /// `partial` is handed the output so far, at most every `partialInterval` while it grows.
  private func execute(
    _ command: String, variables: [String: String], partial: ([UInt8]) -> Void
  ) -> PreviewOutput? {
    let child: ChildProcess
    do { child = try ChildProcess(command: command, captureErrors: true, variables: variables) } catch {
      return PreviewOutput(errorLines: ["\(error)"], exitStatus: 127)
    }
    var out: [UInt8] = []
    var err: [UInt8] = []
    var open: [Int32] = [child.output] + (child.errors.map { [$0] } ?? [])
    var note: String? = nil
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    var shownAt = Date()
    var shownBytes = 0
    while !open.isEmpty {
      if out.count > shownBytes && Date().timeIntervalSince(shownAt) >= Self.partialInterval {
        partial(out)
        (shownAt, shownBytes) = (Date(), out.count)
      }
      if shouldStop {
        child.terminate()
        return nil
      }
      var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&fds, nfds_t(fds.count), 50)
      if ready <= 0 { continue }
      for fd in fds where fd.revents != 0 {
        let n = buffer.withUnsafeMutableBytes { read(fd.fd, $0.baseAddress, $0.count) }
        if n <= 0 {
          open.removeAll { $0 == fd.fd }
          continue
        }
        if fd.fd == child.output {
          out += buffer[0..<min(n, Self.maxOutputBytes - out.count)]
        } else {
          err += buffer[0..<min(n, Self.maxErrorBytes - err.count)]
        }
      }
      if out.count >= Self.maxOutputBytes {
        note = "output cut at \(Self.maxOutputBytes >> 10) KB"
        break
      }
    }
    let status: Int32
    if note != nil {
      child.terminate()
      status = 0
    } else {
      // Output closed: the shell is ending; wait for it without blocking a newer request.
      var ended: Int32? = nil
      while ended == nil {
        if shouldStop {
          child.terminate()
          return nil
        }
        ended = child.waitNoHang()
        if ended == nil { usleep(2_000) }
      }
      status = ended ?? 0
      kill(-child.pid, SIGKILL)  // anything it left running in the background
    }
    let errors = AnsiText.parse(err, maxLines: 50).map { $0.map(\.text).joined() }
    return PreviewOutput(
      lines: AnsiText.parse(Array(Self.afterLastClear(out))), errorLines: errors, exitStatus: status, note: note)
  }

  /// What follows the last screen clear (`ESC[2J`) of the output: a command that clears its
  /// screen (`watch`-like loops) starts its preview again there, as fzf's does.
  static func afterLastClear(_ output: [UInt8]) -> ArraySlice<UInt8> {
    let clear: [UInt8] = [0x1B, 0x5B, 0x32, 0x4A]
    guard output.count >= clear.count else { return output[...] }
    var i = output.count - clear.count
    while i >= 0 {
      if output[i] == 0x1B && output[i..<(i + clear.count)].elementsEqual(clear) { return output[(i + clear.count)...] }
      i -= 1
    }
    return output[...]
  }
}
