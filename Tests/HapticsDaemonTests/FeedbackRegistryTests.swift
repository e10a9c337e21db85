import HapticsPlayback
import Testing

@testable import HapticsDaemon

@Suite struct FeedbackRegistryTests {
    @Test func eachFeedbackEndsOnceWithTheFirstReason() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        let id = registry.takeID()
        registry.started(id, client: ":1.1", playing: 2, deadline: nil, endsWithClient: true)
        let result1 = registry.end(id, .explicit)
        #expect(result1)
        let result2 = registry.end(id, .expired)
        #expect(!result2)
        let result3 = registry.playbackFinished(id)
        #expect(result3 == nil)
        let result4 = registry.playbackFinished(id)
        #expect(result4 == .explicit)
        let result5 = registry.playbackFinished(id)
        #expect(result5 == nil)
        let result6 = registry.end(id, .explicit)
        #expect(!result6)
    }

    @Test func aFeedbackThatPlaysOutEndsNaturally() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        registry.started(7, client: ":1.1", playing: 1, deadline: nil)
        let result7 = registry.playbackFinished(7)
        #expect(result7 == .natural)
    }

    @Test func aVibrationIsNotSignalled() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        registry.started(3, client: ":1.1", playing: 1, deadline: nil, signalled: false)
        let result8 = registry.playbackFinished(3)
        #expect(result8 == nil)
        #expect(registry.entries.isEmpty)
    }

    @Test func timeoutsRunOutInOrder() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        registry.started(1, client: ":1.1", playing: 1, deadline: .init(microseconds: 300), endsWithClient: true)
        registry.started(2, client: ":1.1", playing: 1, deadline: .init(microseconds: 100), endsWithClient: true)
        #expect(registry.nextDeadline == .init(microseconds: 100))
        #expect(registry.expired(by: .init(microseconds: 200)) == [2])
        let result9 = registry.end(2, .expired)
        #expect(result9)
        #expect(registry.nextDeadline == .init(microseconds: 300))
        #expect(registry.expired(by: .init(microseconds: 200)).isEmpty)
    }

    @Test func onlyWhatEndsWithItsClientIsListed() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        registry.started(1, client: ":1.1", playing: 1, deadline: nil, endsWithClient: true)
        registry.started(2, client: ":1.1", playing: 1, deadline: nil, endsWithClient: false)
        registry.started(3, client: ":1.2", playing: 1, deadline: nil, endsWithClient: true)
        #expect(registry.endingWithClient(":1.1") == [1])
    }

    @Test func aClientOverTheLimitIsRefused() throws {
        var limits = DaemonLimits()
        limits.feedbacksPerClient = 2
        var registry = FeedbackRegistry(limits: limits)
        for _ in 0..<2 {
            let id = try registry.admit(":1.1")
            registry.started(id, client: ":1.1", playing: 1, deadline: nil)
        }
        var full = registry
        #expect(throws: MethodError.self) { try full.admit(":1.1") }
        let other = try registry.admit(":1.2")
        #expect(other > 0)
    }

    @Test func idsAreNeverZeroNorReused() {
        var registry = FeedbackRegistry(limits: DaemonLimits())
        let first = registry.takeID()
        registry.started(first, client: ":1.1", playing: 1, deadline: nil)
        let second = registry.takeID()
        #expect(first != 0)
        #expect(second != first)
    }
}
