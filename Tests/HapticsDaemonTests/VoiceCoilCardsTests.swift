import HapticsModel
import Synchronization
import Testing

@testable import HapticsDaemon

/// The voice coils hapticsd's engines share: one driver per pad, the newest sounding frame
/// taking the coils, a voice's silence or stop ending only its own effect.
@Suite struct VoiceCoilCardsTests {
    /// A shared driver that records each call with the locality it was played at.
    private final class LocalizedRecorder: LocalizedDriver {
        enum Call: Equatable {
            case prepare, stop, close
            case apply(sounding: Bool, at: Locality)
        }

        private let log = Mutex<[Call]>([])
        var calls: [Call] { log.withLock { $0 } }

        func prepare() { log.withLock { $0.append(.prepare) } }
        func apply(_ frame: RumbleFrame) { apply(frame, at: .all) }
        func apply(_ frame: RumbleFrame, at locality: Locality) {
            log.withLock { $0.append(.apply(sounding: !frame.isSilent, at: locality)) }
        }
        func stop() { log.withLock { $0.append(.stop) } }
        func close() { log.withLock { $0.append(.close) } }
    }

    /// The recorders made for each node.
    private final class Made: Sendable {
        private let drivers = Mutex<[String: [LocalizedRecorder]]>([:])

        /// Cards whose drivers are recorders kept here.
        var cards: VoiceCoilCards { VoiceCoilCards { [self] node in make(node) } }

        func recorders(_ node: String) -> [LocalizedRecorder] { drivers.withLock { $0[node] ?? [] } }

        private func make(_ node: String) -> LocalizedRecorder {
            let driver = LocalizedRecorder()
            drivers.withLock { $0[node, default: []].append(driver) }
            return driver
        }
    }

    private let tap = RumbleFrame(start: .zero, duration: .milliseconds(60), strong: 1, weak: 1)
    private let rest = RumbleFrame(start: .milliseconds(60), duration: .zero, strong: 0, weak: 0)

    @Test func theEnginesOfOnePadShareOneDriverEachPlayingItsLocality() throws {
        let made = Made()
        let cards = made.cards
        let main = cards.voice(for: "/dev/input/event3", at: .handles)
        let left = cards.voice(for: "/dev/input/event3", at: .leftHandle)
        let other = cards.voice(for: "/dev/input/event4", at: .handles)
        try main.prepare()
        try left.prepare()
        try other.prepare()
        try main.apply(tap)
        try left.apply(tap)
        let shared = try #require(made.recorders("/dev/input/event3").first)
        #expect(made.recorders("/dev/input/event3").count == 1 && made.recorders("/dev/input/event4").count == 1)
        #expect(
            shared.calls == [
                .prepare, .prepare, .apply(sounding: true, at: .handles), .apply(sounding: true, at: .leftHandle),
            ])
    }

    @Test func aVoicesSilenceOrStopEndsOnlyItsOwnEffect() throws {
        let made = Made()
        let cards = made.cards
        let main = cards.voice(for: "/dev/input/event3", at: .handles)
        let left = cards.voice(for: "/dev/input/event3", at: .leftHandle)
        try main.apply(tap)
        try left.apply(tap)
        try main.apply(rest)
        try main.stop()
        try left.apply(rest)
        try main.stop()
        let shared = try #require(made.recorders("/dev/input/event3").first)
        #expect(
            shared.calls == [
                .apply(sounding: true, at: .handles), .apply(sounding: true, at: .leftHandle),
                .apply(sounding: false, at: .leftHandle), .stop,
            ])
    }

    @Test func theDriverClosesWithItsLastVoiceAndOpensAgainWithTheNext() throws {
        let made = Made()
        let cards = made.cards
        let main = cards.voice(for: "/dev/input/event3", at: .handles)
        let left = cards.voice(for: "/dev/input/event3", at: .leftHandle)
        try main.prepare()
        try left.apply(tap)
        left.close()
        main.close()
        let first = try #require(made.recorders("/dev/input/event3").first)
        #expect(first.calls == [.prepare, .apply(sounding: true, at: .leftHandle), .stop, .close])
        try main.apply(tap)
        #expect(made.recorders("/dev/input/event3").count == 2)
        #expect(made.recorders("/dev/input/event3").last?.calls == [.apply(sounding: true, at: .handles)])
    }
}
