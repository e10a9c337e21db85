import HapticsModel
import Synchronization
import Testing

@testable import HapticsDaemon

/// The voice coils hapticsd's engines share: one driver per pad, the newest sounding frame
/// taking the coils, a voice's silence or stop ending only its own effect.
@Suite struct VoiceCoilCardsTests {
    private let tap = RumbleFrame(start: .zero, duration: .milliseconds(60), strong: 1, weak: 1)
    private let rest = RumbleFrame(start: .milliseconds(60), duration: .zero, strong: 0, weak: 0)

    @Test func theEnginesOfOnePadShareOneDriverEachPlayingItsLocality() throws {
        let made = MadeRecorders()
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
        let made = MadeRecorders()
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
        let made = MadeRecorders()
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
