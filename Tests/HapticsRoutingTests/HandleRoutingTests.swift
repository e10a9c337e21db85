import HapticsModel
import Synchronization
import Testing

@testable import HapticsRouting

/// On two rumble levels, a handle locality plays the frame's amplitude on that handle's motor
/// alone; every other locality leaves the frame as it is.
@Suite struct HandleRoutingTests {
    private let frame = RumbleFrame(start: .milliseconds(20), duration: .milliseconds(40), strong: 0.3, weak: 0.8, gain: 0.5)

    @Test func aHandleGetsTheAmplitudeAndTheOtherSilence() {
        let left = HandleRouting(.leftHandle).route(frame)
        #expect(left == RumbleFrame(start: .milliseconds(20), duration: .milliseconds(40), strong: 0.8, weak: 0, gain: 0.5))
        let right = HandleRouting(.rightHandle).route(frame)
        #expect(right == RumbleFrame(start: .milliseconds(20), duration: .milliseconds(40), strong: 0, weak: 0.8, gain: 0.5))
    }

    @Test(arguments: [Locality.all, .handles, .triggers, .leftTrigger, .rightTrigger])
    func otherLocalitiesPassTheFrame(locality: Locality) {
        #expect(HandleRouting(locality).route(frame) == frame)
        #expect(!HandleRouting(locality).changesFrames)
    }

    /// A driver that keeps the frames it is given.
    private final class FramesSeen: HapticDriver {
        let frames = Mutex<[RumbleFrame]>([])
        func prepare() {}
        func apply(_ frame: RumbleFrame) { frames.withLock { $0.append(frame) } }
        func stop() {}
        func close() {}
    }

    @Test func aRoutedDriverAppliesRoutedFrames() throws {
        let base = FramesSeen()
        try RoutedDriver.playing(on: base, at: .rightHandle).apply(frame)
        #expect(base.frames.withLock { $0 } == [HandleRouting(.rightHandle).route(frame)])
        #expect(RoutedDriver.playing(on: base, at: .all) is FramesSeen)
        #expect(RoutedDriver.playing(on: base, at: .leftHandle) is RoutedDriver)
    }
}
