import Haptics
import HapticsTesting
import PullToRefresh
import Testing

@Suite struct RefreshTensionTests {
    private static let tense = RefreshFeedbackConfiguration(tension: RefreshTension(startPercent: 0.5))

    private func cues(_ inputs: [RefreshInput], kind: RefreshComponentKind = .header, configuration: RefreshFeedbackConfiguration = tense)
        -> [[RefreshCue]]
    {
        var machine = RefreshStateMachine(kind: kind, configuration: configuration)
        return inputs.map { machine.event($0)?.cues ?? [] }
    }

    @Test func offByDefault() {
        #expect(
            cues([.drag(offset: 40), .drag(offset: 50), .release], configuration: RefreshFeedbackConfiguration()) == [
                [.intent(.prepare)], [], [],
            ])
    }

    @Test func fromItsStartTheLevelFollowsThePullingPercentAndTheImpactCutsItOff() {
        // Height 54: 27 pt is the start, 54 the threshold.
        let fired = cues([.drag(offset: 20), .drag(offset: 27), .drag(offset: 40.5), .drag(offset: 60), .drag(offset: 70)])
        let expected: [[RefreshCue]] = [
            [.intent(.prepare)], [.tension(0.5)], [.tension(0.75)], [.tensionEnded, .intent(.impact(.light, intensity: 1))], [],
        ]
        #expect(fired == expected)
    }

    @Test func aReleaseOrAPullBackBelowTheStartEndsIt() {
        let fired = cues([.drag(offset: 30), .drag(offset: 20), .drag(offset: 35), .release])
        let expected: [[RefreshCue]] = [[.intent(.prepare), .tension(30.0 / 54)], [.tensionEnded], [.tension(35.0 / 54)], [.tensionEnded]]
        #expect(fired == expected)
    }

    @Test func backBelowTheThresholdItResumes() {
        let fired = cues([.drag(offset: 60), .drag(offset: 50)])
        let expected: [[RefreshCue]] = [[.intent(.prepare), .intent(.impact(.light, intensity: 1))], [.tension(50.0 / 54)]]
        #expect(fired == expected)
    }

    @Test func theAutoFooterHasNone() {
        let fired = cues([.drag(offset: 30), .drag(offset: 40)], kind: .autoFooter).joined()
        #expect(!fired.contains { if case .tension = $0 { true } else { false } })
    }

    @Test func theControllerShapesOnePlaybackForTheDragAndStopsItAtTheThreshold() throws {
        let feedback = RecordingFeedback()
        let header = RefreshController(kind: .header)
        let token = header.attach(RefreshFeedback(feedback, configuration: Self.tense))
        defer { token.cancel() }
        for offset in [20.0, 27, 40.5, 60] { header.send(.drag(offset: offset)) }
        let intensity = { (level: Double) in [DynamicParameter(parameterID: .hapticIntensityControl, value: level)] }
        let texture = RefreshTension(startPercent: 0.5).texture
        let expected: [RecordingFeedback.Call] = [
            .intent(.prepare),
            .parameters(intensity(0.5), atTime: 0), .playbackStarted(texture, atTime: 0),
            .parameters(intensity(0.75), atTime: 0),
            .playbackStopped(atTime: 0), .intent(.impact(.light, intensity: 1)),
        ]
        #expect(feedback.calls == expected)
    }

    @Test func onTheEngineTheTextureGrowsAndTheImpactPlaysAloneAtTheThreshold() async throws {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let engine = HapticEngine(driver: driver, clock: clock)
        let header = RefreshController(kind: .header)
        let token = header.attach(RefreshFeedback(engine, configuration: Self.tense))
        defer { token.cancel() }
        for (time, offset) in [(0, 20.0), (20, 30), (40, 45), (60, 60)] {
            await clock.advance(to: .init(offset: .milliseconds(time)))
            header.send(.drag(offset: offset))
        }
        await clock.advance(by: .milliseconds(100))
        let texture = driver.frames.filter { $0.start < .milliseconds(60) }
        #expect(texture.map(\.start) == [.milliseconds(20), .milliseconds(40)])
        #expect(texture[0].strong < texture[1].strong && texture[1].strong < 0.35 * 0.35)
        let light = engine.track(for: .impact(.light)).frames[0]
        let impact = RumbleFrame(start: .milliseconds(60), duration: light.duration, strong: light.strong, weak: light.weak)
        #expect(driver.frames.last { $0.start == .milliseconds(60) } == impact)
    }
}
