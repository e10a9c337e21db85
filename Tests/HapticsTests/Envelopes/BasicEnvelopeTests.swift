import Testing

@testable import HapticsModel

@Suite struct BasicEnvelopeTests {
    /// Up to full intensity and sharpness over 100 ms, held 200 ms, down to silence over 100 ms.
    private func ramp() throws -> BasicEnvelope {
        var envelope = try BasicEnvelope(initialSharpness: 0.2)
        try envelope.add(intensity: 1, sharpness: 0.8, duration: 0.1)
        try envelope.add(intensity: 1, sharpness: 0.8, duration: 0.2)
        try envelope.add(intensity: 0, sharpness: 0.4, duration: 0.1)
        return envelope
    }

    @Test func playsAsOneContinuousEventThroughItsControlPoints() throws {
        let pattern = try ramp().pattern()
        #expect(pattern.events.count == 1)
        #expect(pattern.events[0].time == 0 && abs(pattern.events[0].duration - 0.4) < 1e-9)
        for (time, intensity, sharpness) in [
            (0.0, 0.0, 0.2), (0.05, 0.5, 0.5), (0.1, 1, 0.8), (0.2, 1, 0.8), (0.35, 0.5, 0.6), (0.4, 0, 0.4),
        ] {
            #expect(abs(pattern.value(of: .intensity, at: time) - intensity) < 1e-9, "intensity at \(time)")
            #expect(abs(pattern.value(of: .sharpness, at: time) - sharpness) < 1e-9, "sharpness at \(time)")
        }
    }

    @Test func rendersRisingHeldThenFallingToSilence() throws {
        let frames = Renderer().render(try ramp().pattern()).frames.filter { !$0.isSilent }
        let levels = frames.map { max($0.strong, $0.weak) }
        let peak = try #require(levels.indices.max { levels[$0] < levels[$1] })
        #expect(levels[..<peak].elementsEqual(levels[..<peak].sorted()))
        #expect(abs(frames[peak].start.inMilliseconds - 100) <= 10)
        #expect(try #require(frames.last).end <= .milliseconds(400))
    }

    @Test func withoutAnInitialSharpnessItStartsAtTheFirstPoints() throws {
        var envelope = try BasicEnvelope()
        try envelope.add(intensity: 0.6, sharpness: 0.9, duration: 0.05)
        try envelope.add(intensity: 0, sharpness: 0.1, duration: 0.05)
        #expect(try envelope.pattern().value(of: .sharpness, at: 0) == 0.9)
    }

    @Test func badValuesAreRefusedNamingTheirPoint() throws {
        var envelope = try BasicEnvelope()
        try envelope.add(intensity: 0.5, sharpness: 0.5, duration: 0.1)
        #expect(throws: EnvelopeError(point: 2, problem: .outOfRange(name: "intensity", value: 1.5))) {
            try envelope.add(intensity: 1.5, sharpness: 0.5, duration: 0.1)
        }
        #expect(throws: EnvelopeError(point: 2, problem: .outOfRange(name: "sharpness", value: -0.1))) {
            try envelope.add(intensity: 0.5, sharpness: -0.1, duration: 0.1)
        }
        #expect(throws: EnvelopeError(point: 2, problem: .badDuration(0))) { try envelope.add(intensity: 0, sharpness: 0, duration: 0) }
        #expect(throws: EnvelopeError(point: 0, problem: .outOfRange(name: "initial sharpness", value: 2))) {
            try BasicEnvelope(initialSharpness: 2)
        }
        #expect(envelope.points.count == 1)
    }

    @Test func anEnvelopeMustEndSilent() throws {
        var envelope = try BasicEnvelope()
        #expect(throws: EnvelopeError(point: 0, problem: .empty)) { try envelope.pattern() }
        try envelope.add(intensity: 0.5, sharpness: 0.5, duration: 0.1)
        #expect(throws: EnvelopeError(point: 1, problem: .doesNotEndSilent(intensity: 0.5))) { try envelope.pattern() }
        #expect(
            "\(EnvelopeError(point: 1, problem: .doesNotEndSilent(intensity: 0.5)))"
                == "control point 1: the envelope ends at intensity 0.5; a basic envelope ends with a control point at intensity 0")
    }
}
