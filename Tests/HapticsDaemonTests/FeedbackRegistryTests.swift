import HapticsPlayback
import Testing

@testable import HapticsDaemon

@Suite struct FeedbackRegistryTests {
    private func at(_ milliseconds: UInt64) -> MonotonicInstant { .init(microseconds: milliseconds * 1000) }

    @Test func aOneShotEndsWhenItsRunEnds() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        registry.started(7, client: ":1.1", runEnds: [at(750)])
        #expect(registry.nextDeadline == at(750))
        #expect(registry.advance(to: at(749)).isEmpty)
        #expect(registry.advance(to: at(750)) == [.init(id: 7, index: 0, repeats: false)])
        let entry = registry.finished(7, index: 0)
        #expect(entry?.signalled == true)
        #expect(registry.entries.isEmpty)
    }

    @Test func anEventEndsWithItsLastFeedback() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        registry.started(1, client: ":1.1", runEnds: [at(100), at(300)])
        for run in registry.advance(to: at(100)) { #expect(registry.finished(run.id, index: run.index) == nil) }
        #expect(registry.nextDeadline == at(300))
        let last = registry.advance(to: at(300)).compactMap { registry.finished($0.id, index: $0.index) }
        #expect(last.count == 1)
    }

    /// `on_fb_ended` and `on_timeout_expired` (src/fbd-event.c): a loop with a timeout runs
    /// again until the timeout marks it expired; the run in progress then finishes.
    @Test func aTimedLoopFinishesTheRunInProgressAfterItsTimeout() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        registry.started(2, client: ":1.1", runEnds: [at(400)], repeats: true, deadline: at(1000))
        #expect(registry.advance(to: at(400)) == [.init(id: 2, index: 0, repeats: true)])
        registry.restarted(2, index: 0, until: at(800))
        #expect(registry.advance(to: at(800)) == [.init(id: 2, index: 0, repeats: true)])
        registry.restarted(2, index: 0, until: at(1200))
        #expect(registry.advance(to: at(1000)).isEmpty)
        #expect(registry.entries[2]?.expired == true)
        #expect(registry.nextDeadline == at(1200))
        #expect(registry.advance(to: at(1200)) == [.init(id: 2, index: 0, repeats: false)])
    }

    @Test func anEndedFeedbackIsGoneAtOnce() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        registry.started(3, client: ":1.1", runEnds: [at(100)], repeats: true)
        #expect(registry.end(3) != nil)
        #expect(registry.end(3) == nil)
        #expect(registry.advance(to: at(100)).isEmpty)
        #expect(registry.nextDeadline == nil)
    }

    @Test func aVibrationIsNotSignalled() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        registry.started(3, client: ":1.1", runEnds: [at(5)], signalled: false)
        let ended = registry.advance(to: at(5)).compactMap { registry.finished($0.id, index: $0.index) }
        #expect(ended.map(\.signalled) == [false])
    }

    @Test func onlyWhatEndsWithItsClientIsListed() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        registry.started(1, client: ":1.1", runEnds: [at(1)], endsWithClient: true)
        registry.started(2, client: ":1.1", runEnds: [at(1)], endsWithClient: false)
        registry.started(3, client: ":1.2", runEnds: [at(1)], endsWithClient: true)
        #expect(registry.endingWithClient(":1.1") == [1])
    }

    @Test func aClientOverTheLimitIsRefused() throws {
        var limits = DaemonLimits()
        limits.feedbacksPerClient = 2
        var registry = FeedbackRegistry(limits: limits)
        for _ in 0..<2 {
            let id = try registry.admit(":1.1")
            registry.started(id, client: ":1.1", runEnds: [at(1)])
        }
        var full = registry
        #expect(throws: MethodError.self) { try full.admit(":1.1") }
        let other = try registry.admit(":1.2")
        #expect(other > 0)
    }

    @Test func idsAreNeverZeroNorReused() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        let first = registry.takeID()
        registry.started(first, client: ":1.1", runEnds: [at(1)])
        let second = registry.takeID()
        #expect(first != 0)
        #expect(second != first)
    }
}
