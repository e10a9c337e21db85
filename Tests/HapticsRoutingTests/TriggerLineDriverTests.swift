import HapticsHidraw
import HapticsModel
import HapticsPlayback
import Synchronization
import Testing

@testable import HapticsRouting

/// What a trigger locality's triggers play, as the terminal and a recording write it: the
/// frame's amplitude, and its sharpness as the DualSense's trigger frequency.
@Suite struct TriggerLineDriverTests {
    /// The lines `frames` become at `locality`, in `format`.
    private func lines(_ frames: [RumbleFrame], at locality: Locality, format: FrameFormat) -> [String] {
        let written = Mutex<[String]>([])
        let driver = TriggerLineDriver(StdoutDriver(format: format) { line in written.withLock { $0.append(line) } }, locality: locality)
        for frame in frames { driver.apply(frame) }
        return written.withLock { $0 }
    }

    /// A sharp frame (weak above strong) at half gain, then the motors off.
    private let frames = [
        RumbleFrame(start: .zero, duration: .milliseconds(40), strong: 0.2, weak: 0.8, gain: 0.5),
        RumbleFrame(start: .milliseconds(40), duration: .zero, strong: 0, weak: 0),
    ]

    @Test func aJSONLineHasTheTriggerTheAmplitudeAndTheFrequency() {
        let character = FrameCharacter(frames[0])
        let hertz = Int(DualSenseTriggerBlock.hertz(character.sharpness))
        #expect(character.amplitude == 0.4 && hertz > 85)
        #expect(
            lines(frames, at: .leftTrigger, format: .json) == [
                #"{"t_ms":0,"duration_ms":40,"trigger":"left","amplitude":0.4,"frequency_hz":\#(hertz)}"#,
                #"{"t_ms":40,"duration_ms":0,"trigger":"left","amplitude":0,"frequency_hz":null}"#,
            ])
        #expect(lines(frames, at: .triggers, format: .json)[0].contains(#""trigger":"both""#))
    }

    @Test func aTextLineHasTheTriggerTheAmplitudesBarAndTheFrequency() {
        let hertz = Int(DualSenseTriggerBlock.hertz(FrameCharacter(frames[0]).sharpness))
        #expect(
            lines(frames, at: .rightTrigger, format: .text) == [
                "      0 ms  right trigger 0.40 ████████              \(hertz) Hz  40 ms",
                "     40 ms  right trigger 0.00                               off",
            ])
    }

    @Test func onlyTriggerLocalitiesPlayAsTriggers() {
        #expect(Locality.allCases.filter(TriggerLineDriver.plays) == [.triggers, .leftTrigger, .rightTrigger])
    }
}
