import CEvdev
import Haptics
import Testing

@testable import HapticsEvdev

@Suite struct TouchpadWaveformsTests {
    private func frame(at ms: Int, for length: Int, _ level: Double, gain: Double = 1) -> RumbleFrame {
        RumbleFrame(start: .milliseconds(ms), duration: .milliseconds(length), strong: level, weak: level / 2, gain: gain)
    }

    private func steps(_ frames: [RumbleFrame], continuous: HapticWaveform?) -> [TouchpadWaveforms.Step] {
        var mapping = TouchpadWaveforms(continuous: continuous)
        return frames.flatMap { mapping.next($0) }
    }

    @Test func aTapIsOneClickAtItsLevelInPercent() {
        let frames = [frame(at: 0, for: 40, 0.62), frame(at: 40, for: 40, 0.3), frame(at: 80, for: 0, 0)]
        #expect(steps(frames, continuous: .buzzContinuous) == [.play(.click, intensity: 62, duration: .milliseconds(40))])
    }

    @Test func theGainScalesTheIntensityAndAFaintFrameStillClicks() {
        #expect(TouchpadWaveforms.intensity(of: frame(at: 0, for: 10, 0.8, gain: 0.5)) == 40)
        #expect(TouchpadWaveforms.intensity(of: frame(at: 0, for: 10, 0.001)) == 1)
        #expect(TouchpadWaveforms.intensity(of: frame(at: 0, for: 10, 0)) == 0)
    }

    @Test func eachPulseAfterASilenceClicksAgain() {
        let frames = [
            frame(at: 0, for: 40, 1), frame(at: 40, for: 60, 0), frame(at: 100, for: 40, 0.6), frame(at: 140, for: 60, 0),
            frame(at: 200, for: 40, 0.3),
        ]
        #expect(
            steps(frames, continuous: nil) == [
                .play(.click, intensity: 100, duration: .milliseconds(40)), .play(.click, intensity: 60, duration: .milliseconds(40)),
                .play(.click, intensity: 30, duration: .milliseconds(40)),
            ])
    }

    @Test func aPulseLongerThanATapGoesOnAsTheContinuousWaveformThenStops() {
        let frames = [frame(at: 0, for: 150, 0.5), frame(at: 150, for: 100, 0.8), frame(at: 250, for: 50, 0.4), frame(at: 300, for: 0, 0)]
        #expect(
            steps(frames, continuous: .rumbleContinuous) == [
                .play(.click, intensity: 50, duration: .milliseconds(150)),
                .play(.rumbleContinuous, intensity: 80, duration: .milliseconds(100)),
                .play(.rumbleContinuous, intensity: 40, duration: .milliseconds(50)), .stop,
            ])
    }

    @Test func aLongFirstFrameStartsAsTheContinuousWaveform() {
        let frames = [frame(at: 0, for: 240, 1), frame(at: 240, for: 0, 0)]
        #expect(
            steps(frames, continuous: .buzzContinuous) == [.play(.buzzContinuous, intensity: 100, duration: .milliseconds(240)), .stop])
    }

    @Test func withoutAContinuousWaveformTheClickStaysAndTheRestIsLeftOutOnce() {
        let frames = [
            frame(at: 0, for: 240, 1), frame(at: 240, for: 100, 0.5), frame(at: 340, for: 60, 0), frame(at: 400, for: 300, 0.7),
        ]
        #expect(
            steps(frames, continuous: nil) == [
                .play(.click, intensity: 100, duration: .milliseconds(240)), .leftOut,
                .play(.click, intensity: 70, duration: .milliseconds(300)),
            ])
    }

    @Test func endingStopsOnlyAContinuousWaveform() {
        var mapping = TouchpadWaveforms(continuous: .buzzContinuous)
        _ = mapping.next(frame(at: 0, for: 40, 1))
        #expect(mapping.end() == [])
        _ = mapping.next(frame(at: 0, for: 300, 1))
        #expect(mapping.end() == [.stop])
        #expect(mapping.end() == [])
    }

    @Test func theKernelsWithHapticTouchpadsAreFrom6_18() {
        #expect(!TouchpadOutput.hasHaptic(kernel: "6.1.0-28-amd64"))
        #expect(!TouchpadOutput.hasHaptic(kernel: "6.17.13+deb13-amd64"))
        #expect(TouchpadOutput.hasHaptic(kernel: "6.18.5+deb13-amd64"))
        #expect(TouchpadOutput.hasHaptic(kernel: "7.3.4+deb13-amd64"))
    }

    @Test func theHapticEffectHasTheUapiLayout() {
        let effect = RumbleEffect.haptic(.press, intensity: 73, duration: .milliseconds(20), id: 4)
        #expect(MemoryLayout<ff_effect>.size == 48)
        #expect(effect.type == 0x4f)
        #expect(effect.id == 4)
        #expect(effect.replay.length == 70)
        let bytes = withUnsafeBytes(of: effect.u) { Array($0.prefix(8)) }
        // hid_usage 0x1006, vendor_id 0, vendor_waveform_page 0 and a pad byte, intensity 73.
        #expect(bytes == [0x06, 0x10, 0, 0, 0, 0, 73, 0])
        #expect(MemoryLayout<ff_effect>.offset(of: \ff_effect.u) == 16)
    }

    @Test func theWaveformsAreTheHIDHapticsPagesUsages() {
        #expect(HapticWaveform.click.rawValue == 0x1003)
        #expect(HapticWaveform.buzzContinuous.rawValue == 0x1004)
        #expect(HapticWaveform.rumbleContinuous.rawValue == 0x1005)
        #expect(HapticWaveform.press.rawValue == 0x1006)
        #expect(HapticWaveform.release.rawValue == 0x1007)
        #expect("\(HapticWaveform.click)" == "WAVEFORM_CLICK")
    }
}
