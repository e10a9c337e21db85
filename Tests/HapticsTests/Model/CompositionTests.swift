import Testing

@testable import HapticsModel

@Suite struct CompositionTests {
    private let renderer = Renderer()

    /// The spans, start and end in ms, in which the rendered pattern drives a motor.
    private func audibleSpans(_ pattern: HapticPattern) -> [(start: Int, end: Int)] {
        var spans: [(start: Int, end: Int)] = []
        for frame in renderer.render(pattern).frames where !frame.isSilent {
            let start = Int((frame.start.inSeconds * 1000).rounded())
            let end = Int((frame.end.inSeconds * 1000).rounded())
            if let last = spans.last, last.end == start {
                spans[spans.count - 1].end = end
            } else {
                spans.append((start, end))
            }
        }
        return spans
    }

    @Test func eachPrimitiveStartsItsDelayAfterThePreviousEnds() throws {
        var composition = Composition()
        try composition.add(.click)
        try composition.add(.tick, scale: 0.5, delay: 0.04)
        try composition.add(.thud, delay: 0.1)
        let pattern = composition.pattern
        let click = Primitive.click.pattern.duration
        let tick = Primitive.tick.pattern.duration
        #expect(pattern.events.first?.time == 0)
        #expect(pattern.events.filter { abs($0.time - (click + 0.04)) < 1e-9 }.count == 1)
        #expect(abs(pattern.duration - (click + 0.04 + tick + 0.1 + Primitive.thud.pattern.duration)) < 1e-9)
        let spans = audibleSpans(pattern)
        #expect(spans.map(\.start) == [0, 80, 220])
        #expect(spans.map(\.end) == [40, 120, 500])
    }

    @Test(arguments: [0.0, 0.25, 0.5, 1.0])
    func theScaleMultipliesThePrimitivesIntensity(_ scale: Double) throws {
        var composition = Composition()
        try composition.add(.quickRise, scale: scale)
        #expect(composition.pattern == Primitive.quickRise.pattern.scaled(by: scale))
    }

    @Test func theTextReadsAsTheCallsDo() throws {
        var built = Composition()
        try built.add(.click)
        try built.add(.tick, scale: 0.5, delay: 0.04)
        try built.add(.lowTick, delay: 0.012)
        try built.add(.quickFall, scale: 0.25)
        #expect(try Composition(text: "click,tick:0.5+40ms,low-tick+12,quick-fall:0.25") == built)
    }

    @Test(arguments: [
        ("", CompositionError(position: 1, problem: .empty)),
        ("clik", CompositionError(position: 1, problem: .unknownPrimitive("clik"))),
        ("click,", CompositionError(position: 2, problem: .unknownPrimitive(""))),
        ("click,tick:1.5", CompositionError(position: 2, problem: .badScale("1.5"))),
        ("click:-0.1", CompositionError(position: 1, problem: .badScale("-0.1"))),
        ("click:loud", CompositionError(position: 1, problem: .badScale("loud"))),
        ("click,spin,thud+-5ms", CompositionError(position: 3, problem: .badDelay("-5ms"))),
        ("click+soon", CompositionError(position: 1, problem: .badDelay("soon"))),
        ("click+infms", CompositionError(position: 1, problem: .badDelay("infms"))),
    ])
    func aBadPieceIsNamedByItsPosition(_ text: String, _ expected: CompositionError) {
        #expect(throws: expected) { try Composition(text: text) }
    }

    @Test func theMessageSaysWhatWasExpectedAndFound() {
        #expect(
            "\(CompositionError(position: 2, problem: .badScale("1.5")))" == "primitive 2: expected a scale from 0 to 1, found '1.5'")
        #expect("\(CompositionError(position: 1, problem: .unknownPrimitive("clik")))".contains("one of click, tick, low-tick, thud"))
    }

    @Test func addRefusesAScaleOrDelayOutOfRange() {
        var composition = Composition()
        #expect(throws: CompositionError.self) { try composition.add(.click, scale: 1.01) }
        #expect(throws: CompositionError.self) { try composition.add(.click, scale: .nan) }
        #expect(throws: CompositionError.self) { try composition.add(.click, delay: -0.001) }
        #expect(throws: CompositionError.self) { try composition.add(.click, delay: .infinity) }
        #expect(composition.steps.isEmpty)
    }

    @Test func everyPrimitiveIsAPresetThatPlaysAndEnds() {
        for primitive in Primitive.allCases {
            #expect(Preset(name: primitive.rawValue) == .primitive(primitive))
            #expect(primitive.pattern.duration > 0 && primitive.pattern.duration <= 0.5)
            #expect(!renderer.render(primitive.pattern).frames.isEmpty)
        }
    }
}
