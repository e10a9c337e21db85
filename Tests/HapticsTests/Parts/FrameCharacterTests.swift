import Testing

@testable import HapticsModel

@Suite struct FrameCharacterTests {
    /// One continuous event rendered with the split: the frame's character gives back the
    /// event's sharpness and its amplitude (intensity through the response curve).
    @Test(arguments: [0.0, 0.1, 0.25, 0.5, 0.6, 0.9, 1.0])
    func oneEventsSharpnessAndAmplitudeComeBack(_ sharpness: Double) throws {
        let pattern = HapticPattern(events: [HapticEvent(time: 0, kind: .continuous(duration: 0.1), intensity: 0.8, sharpness: sharpness)])
        let settings = RenderSettings()
        let frame = try #require(Renderer(settings: settings).render(pattern).frames.first { !$0.isSilent })
        let character = FrameCharacter(frame)
        #expect(abs(character.sharpness - sharpness) < 1e-9)
        #expect(abs(character.amplitude - settings.response.amplitude(for: 0.8)) < 1e-9)
    }

    @Test func anotherCrossoverIsReadBackWithItsOwnSplit() {
        let split = RenderSettings.MotorSplit(crossover: 0.3)
        let frame = RumbleFrame(
            start: .zero, duration: .milliseconds(10), strong: split.strongShare(0.8) * 0.5, weak: split.weakShare(0.8) * 0.5)
        let character = FrameCharacter(frame, split: split)
        #expect(abs(character.sharpness - 0.8) < 1e-9)
        #expect(abs(character.amplitude - 0.5) < 1e-9)
    }

    @Test func gainScalesTheAmplitudeAndLeavesTheSharpness() {
        let frame = RumbleFrame(start: .zero, duration: .milliseconds(10), strong: 1, weak: 0.5, gain: 0.5)
        let character = FrameCharacter(frame)
        #expect(character.amplitude == 0.5)
        #expect(character.sharpness == 0.25)
    }

    @Test func aSilentFrameHasTheCrossoversSharpness() {
        let character = FrameCharacter(RumbleFrame(start: .zero, duration: .zero, strong: 0, weak: 0))
        #expect(character == FrameCharacter(amplitude: 0, sharpness: 0.5))
    }
}
