import SeekApp

/// The runtime's lanes without their threads: each effect is performed at once, on the caller's
/// thread, its answers queued for `takeEvents` — the search lane's work on the same
/// `SearchService`, the write lane's on the same `StoreWriter`. One order, every time: what tests
/// and measurements of the state machine with real searches and a real store drive `AppLoop`
/// with.
public final class InlineEffects: EffectRunner {
  public let service: SearchService
  public let writer: StoreWriter
  private var answers: [SearchEvent] = []

  public init(service: SearchService, writer: StoreWriter) {
    self.service = service
    self.writer = writer
  }

  public func run(_ effect: SearchEffect) {
    switch (effect.lane, effect) {
    case (.app, _): break
    case (.search, .logSubmittedQuery(let query, let fromSuggestion)):
      // The log keeps how many hits the query had, counted where the searchers live (as the
      // search lane does).
      let entry = LoggedQuery(
        query: query, time: writer.now(), nbHits: service.searcher.count(query), fromSuggestion: fromSuggestion)
      write(.log(entry))
    case (.search, _): if let answer = service.perform(effect) { answers.append(answer) }
    case (.write, _): write(.effect(effect))
    }
  }

  public func takeEvents() -> [SearchEvent] {
    defer { answers = [] }
    return answers
  }

  private func write(_ job: StoreWriter.Job) {
    let answer = writer.perform(job)
    for update in answer.updates { service.apply(update) }
    answers += answer.events
  }
}
