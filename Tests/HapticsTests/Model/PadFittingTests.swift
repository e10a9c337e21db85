import Testing

@testable import HapticsModel
@testable import HapticsPlayback

/// The renderer with a pad (`RenderSettings.pad`), per profile: what `PadFitting` and the
/// sharpness mapping promise.
@Suite struct PadFittingTests {
    private func renderer(_ pad: PadProfile) -> Renderer {
        Renderer(settings: RenderSettings(pad: pad))
    }

    /// The stretches of a track where something sounds: start and end in milliseconds, and
    /// energy (the sum of (strong² + weak²) × seconds).
    private func beats(_ track: RumbleTrack) -> [(start: Int, end: Int, energy: Double)] {
        var result: [(start: Int, end: Int, energy: Double)] = []
        var previousSounded = false
        for frame in track.frames {
            let start = Int(frame.start.inMilliseconds.rounded())
            let end = Int(frame.end.inMilliseconds.rounded())
            let energy = (frame.strong * frame.strong + frame.weak * frame.weak) * frame.duration.inSeconds
            if frame.isSilent {
                previousSounded = false
            } else if previousSounded, let last = result.last {
                result[result.count - 1] = (last.start, end, last.energy + energy)
            } else {
                result.append((start, end, energy))
                previousSounded = true
            }
        }
        return result
    }

    @Test(arguments: PadProfile.known)
    func impactsKeepTheirEnergyOrderOnThePad(_ pad: PadProfile) {
        let energy = { (style: ImpactStyle) in renderer(pad).render(Preset.impact(style).pattern).energy }
        #expect(energy(.light) < energy(.medium))
        #expect(energy(.medium) < energy(.heavy))
    }

    @Test(arguments: PadProfile.known)
    func everyPresetIsFeltOnThePad(_ pad: PadProfile) {
        for preset in Preset.allCases {
            let track = renderer(pad).render(preset.pattern)
            let exact = Renderer().render(preset.pattern)
            // Every level is one the pad has, and nothing that sounds without the pad is silent on it.
            for frame in track.frames {
                #expect(pad.steps.quantized(frame.strong) == frame.strong && pad.steps.quantized(frame.weak) == frame.weak)
            }
            for frame in exact.frames where !frame.isSilent {
                let index = track.frameIndex(atAttoseconds: frame.start.attoseconds)
                let shaped = index.map { track.frames[$0] }
                #expect(shaped.map { !$0.isSilent } == true, "\(preset.name) at \(frame.start) is silent on \(pad.name)")
            }
            // Every sounding stretch lasts at least the pad's shortest felt pulse.
            let stretches = beats(track)
            #expect(!stretches.isEmpty)
            for stretch in stretches {
                #expect(stretch.end - stretch.start >= Int(pad.shortestPulse.inMilliseconds), "\(preset.name) on \(pad.name): \(stretch)")
            }
        }
    }

    @Test(arguments: PadProfile.known)
    func hapticasBeatsStaySeparateAndFall(_ pad: PadProfile) {
        let track = renderer(pad).render(HapticaPattern.load("O-o-.").pattern)
        let found = beats(track)
        #expect(found.map(\.start) == [0, 100, 200], "\(pad.name): \(found)")
        #expect(found.allSatisfy { $0.end - $0.start <= 90 }, "\(pad.name): a beat runs into the next: \(found)")
        #expect(found.count == 3 && found[0].energy > found[1].energy && found[1].energy > found[2].energy)
    }

    @Test(arguments: PadProfile.known)
    func aHeldLevelIsCutAtThePadsResendInterval(_ pad: PadProfile) {
        let pattern = HapticPattern(events: [HapticEvent(time: 0, kind: .continuous(duration: 12), intensity: 0.8)])
        let track = renderer(pad).render(pattern)
        #expect(track.duration == .seconds(12))
        if let interval = pad.resendInterval {
            #expect(track.frames.count == Int((12.0 / interval.inSeconds).rounded(.up)))
            #expect(track.frames.allSatisfy { $0.duration <= interval && $0.strong == track.frames[0].strong })
        } else {
            #expect(track.frames.count == 1)
        }
    }

    @Test(arguments: PadProfile.known)
    func aPulseTooShortToFeelIsHeldIntoTheSilenceAfterIt(_ pad: PadProfile) {
        let pattern = HapticPattern(events: [
            HapticEvent(time: 0, kind: .continuous(duration: 0.01), intensity: 1),
            HapticEvent(time: 0.2, kind: .continuous(duration: 0.01), intensity: 1),
        ])
        let pulse = Int(pad.shortestPulse.inMilliseconds)
        let found = beats(renderer(pad).render(pattern))
        #expect(found.map(\.start) == [0, 200])
        #expect(found.map { $0.end - $0.start } == [pulse, pulse])
    }

    @Test func aShortPulseTakesOnlyTheSilenceThereIs() {
        let pattern = HapticPattern(events: [
            HapticEvent(time: 0, kind: .continuous(duration: 0.01), intensity: 1),
            HapticEvent(time: 0.03, kind: .continuous(duration: 0.05), intensity: 0.5),
        ])
        let track = renderer(.switchPro).render(pattern)
        #expect(beats(track).map(\.start) == [0])
        #expect(track.frames.first?.duration == .milliseconds(30))
        #expect(track.duration == .milliseconds(80))
    }

    @Test func theSwitchProGivesBothHandsTheAmplitudeWhateverTheSharpness() {
        for style in ImpactStyle.allCases {
            let track = renderer(.switchPro).render(Preset.impact(style).pattern)
            #expect(track.frames.allSatisfy { $0.strong == $0.weak }, "\(style) leans to one hand on the Switch Pro")
        }
    }

    @Test(arguments: PadProfile.known.filter { $0.sharpness == .split })
    func elsewhereSoftLeansOnTheStrongMotorAndRigidOnTheWeak(_ pad: PadProfile) throws {
        let soft = try #require(renderer(pad).render(Preset.impact(.soft).pattern).frames.first)
        let rigid = try #require(renderer(pad).render(Preset.impact(.rigid).pattern).frames.first)
        #expect(soft.strong > soft.weak)
        #expect(rigid.weak > rigid.strong)
    }

    @Test func aTransientLastsThePadsShortestPulseWhenItIsLonger() {
        let pattern = HapticPattern(events: [HapticEvent(time: 0, kind: .transient)])
        #expect(renderer(.switchPro).render(pattern).frames.first?.duration == .milliseconds(50))
        #expect(renderer(.dualSense).render(pattern).frames.first?.duration == .milliseconds(40))
    }
}
