import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct PresetTests {
    private let renderer = Renderer()

    @Test(arguments: [
        (Preset.impact(.light), [ExpectedFrame(0, 40, 0.16, 0.16)]),
        (.impact(.medium), [ExpectedFrame(0, 50, 0.49, 0.49)]),
        (.impact(.heavy), [ExpectedFrame(0, 60, 1, 1)]),
        (.impact(.soft), [ExpectedFrame(0, 60, 0.25, 0.1)]),
        (.impact(.rigid), [ExpectedFrame(0, 40, 0.162, 0.81)]),
        (.selection, [ExpectedFrame(0, 40, 0.05, 0.25)]),
        (.notification(.success), [ExpectedFrame(0, 40, 0.16, 0.16), ExpectedFrame(40, 80, 0, 0), ExpectedFrame(120, 240, 1, 1)]),
        (.notification(.warning), [ExpectedFrame(0, 120, 1, 1), ExpectedFrame(120, 240, 0, 0), ExpectedFrame(360, 280, 0.4761, 0.4761)]),
        (
            .notification(.error),
            [
                ExpectedFrame(0, 80, 0.4761, 0.4761), ExpectedFrame(80, 40, 0, 0), ExpectedFrame(120, 80, 0.4761, 0.4761),
                ExpectedFrame(200, 40, 0, 0), ExpectedFrame(240, 160, 1, 1), ExpectedFrame(400, 40, 0, 0),
                ExpectedFrame(440, 40, 0.16, 0.16),
            ]
        ),
    ])
    func rendersExactFrames(_ preset: Preset, _ expected: [ExpectedFrame]) {
        expectFrames(renderer.render(preset.pattern).frames, expected)
    }

    @Test func everyPresetHasAnEmbeddedFileAndADescription() {
        for preset in Preset.allCases {
            #expect(!preset.ahapBytes.isEmpty)
            #expect(!preset.summary.isEmpty)
        }
    }

    @Test func impactEnergyOrdersLightMediumHeavy() {
        let energy = { (preset: Preset) in renderer.render(preset.pattern).energy }
        #expect(energy(.impact(.light)) < energy(.impact(.medium)))
        #expect(energy(.impact(.medium)) < energy(.impact(.heavy)))
    }

    @Test func softLeansOnTheStrongMotorAndRigidOnTheWeakRelativeToMedium() {
        func strongShare(_ preset: Preset) -> Double {
            let frames = renderer.render(preset.pattern).frames
            let strong = frames.reduce(0) { $0 + $1.strong * $1.strong * $1.duration.inSeconds }
            let weak = frames.reduce(0) { $0 + $1.weak * $1.weak * $1.duration.inSeconds }
            return strong / (strong + weak)
        }
        #expect(strongShare(.impact(.soft)) > strongShare(.impact(.medium)))
        #expect(strongShare(.impact(.rigid)) < strongShare(.impact(.medium)))
    }

    @Test(arguments: [0.0, 0.25, 0.5, 1.0])
    func intensityScalesTheImpactAsUIKitDoes(_ intensity: Double) {
        let scaled = renderer.render(Preset.impact(.heavy).pattern.scaled(by: intensity))
        let amplitude = renderer.settings.response.amplitude(for: intensity)
        expectFrames(scaled.frames, [ExpectedFrame(0, 60, amplitude, amplitude)])
    }

    @Test func intensityOutsideTheUnitRangeIsClamped() {
        #expect(Preset.impact(.medium).pattern.scaled(by: 7) == Preset.impact(.medium).pattern)
        #expect(Preset.impact(.medium).pattern.scaled(by: -1).events.allSatisfy { $0.intensity == 0 })
    }

    @Test func stylesAndNotificationsMapToTheirPresets() {
        #expect(ImpactStyle.allCases.map { Preset.impact($0).name } == ImpactStyle.allCases.map(\.rawValue))
        #expect(NotificationType.allCases.map { Preset.notification($0).name } == NotificationType.allCases.map(\.rawValue))
    }

    @Test func everyPresetIsListedOnceInTheOrderOfTheListAndFoundByItsName() {
        #expect(
            Preset.allCases.map(\.name) == [
                "light", "medium", "heavy", "soft", "rigid", "selection", "success", "warning", "error",
                "click", "tick", "low-tick", "thud", "spin", "quick-rise", "slow-rise", "quick-fall",
            ])
        #expect(Preset.allCases.map(\.fileName) == Preset.allCases.map { $0.name + ".ahap" })
        #expect(Preset.allCases.allSatisfy { Preset(name: $0.name) == $0 })
        #expect(Preset(name: "loud") == nil)
    }
}
