import Foundation
import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct AHAPWriterTests {
    /// Every pattern the corpus and the presets hold, with a name.
    static let patterns: [(name: String, pattern: HapticPattern)] = {
        var result: [(String, HapticPattern)] = []
        for path in Fixtures.corpusFiles + Fixtures.hapticFiles {
            guard let loaded = try? PatternFile.load(contentsOf: path) else { continue }
            result.append((URL(fileURLWithPath: path).lastPathComponent, loaded.pattern))
        }
        for preset in Preset.allCases { result.append((preset.name, preset.pattern)) }
        return result
    }()

    @Test func theRoundTripCoversTheWholeCorpusAndEveryPreset() {
        // 52 AHAP files, 16 of the 17 clips (one is refused for its version), 9 presets.
        #expect(Self.patterns.count == 52 + 16 + Preset.allCases.count)
    }

    @Test(arguments: Self.patterns.map(\.name))
    func theWrittenAHAPRendersExactlyTheFramesTheOriginalRenders(_ name: String) throws {
        let original = try #require(Self.patterns.first { $0.name == name }).pattern
        let text = AHAPWriter.ahap(for: original, source: name)
        let reloaded = try AHAPLoader.decode(Array(text.utf8), file: "\(name).ahap")
        #expect(reloaded.notices.isEmpty)
        for step in [Duration.milliseconds(10), .milliseconds(1), .milliseconds(16)] {
            let renderer = Renderer(settings: RenderSettings(step: step))
            let (written, expected) = (renderer.render(reloaded.pattern).frames, renderer.render(original).frames)
            let firstDifference = zip(written, expected).enumerated().first { $0.element.0 != $0.element.1 }.map {
                "frame \($0.offset): \($0.element.0) instead of \($0.element.1)"
            }
            #expect(written == expected, "step \(step): \(firstDifference ?? "\(written.count) frames instead of \(expected.count)")")
        }
    }

    @Test(arguments: Self.patterns.map(\.name))
    func theWrittenAHAPKeepsCoreHapticsLimits(_ name: String) throws {
        let original = try #require(Self.patterns.first { $0.name == name }).pattern
        let document = try JSONParser.parse(Array(AHAPWriter.ahap(for: original, source: name).utf8))
        #expect(document["Version"] == .number(1))
        #expect(document["Metadata"]?["Source"] == .string(name))
        guard case .array(let entries)? = document["Pattern"] else {
            Issue.record("no Pattern array")
            return
        }
        var times: [Double] = []
        for entry in entries {
            let body = entry["Event"] ?? entry["ParameterCurve"] ?? entry["Parameter"]
            guard case .number(let time)? = body?["Time"] else {
                Issue.record("an entry without a time: \(entry)")
                continue
            }
            times.append(time)
            if case .number(let duration)? = entry["Event"]?["EventDuration"] { #expect(duration <= 30) }
            if case .array(let points)? = entry["ParameterCurve"]?["ParameterCurveControlPoints"] {
                #expect((2...16).contains(points.count))
            }
        }
        #expect(times == times.sorted())
    }

    @Test func writesEventsWithTheirParametersAndCurvesAsAppleDoes() throws {
        let pattern = HapticPattern(
            events: [
                HapticEvent(
                    time: 0.5, kind: .continuous(duration: 1.5), intensity: 0.8, sharpness: 0.25,
                    attackTime: 0.1, decayTime: 0.2, releaseTime: 0.3, isSustained: false),
                HapticEvent(time: 0, kind: .transient, intensity: 1, sharpness: 0.3, attackTime: 5),
            ],
            curves: [
                ParameterCurve(control: .intensity, time: 0.2, points: [.init(time: 0, value: 1), .init(time: 0.4, value: 0)]),
                ParameterCurve(control: .sharpness, time: 0.1, points: [.init(time: 0.3, value: -0.5)]),
            ])
        let text = AHAPWriter.ahap(for: pattern, source: "test")
        #expect(
            text == """
                {
                  "Version": 1.0,
                  "Metadata": {"Project": "Haptics", "Description": "Written by Haptics from test", "Source": "test"},
                  "Pattern": [
                    {
                      "Event": {
                        "Time": 0.0,
                        "EventType": "HapticTransient",
                        "EventParameters": [
                          {"ParameterID": "HapticIntensity", "ParameterValue": 1.0},
                          {"ParameterID": "HapticSharpness", "ParameterValue": 0.3}
                        ]
                      }
                    },
                    {
                      "Parameter": {"ParameterID": "HapticSharpnessControl", "Time": 0.1, "ParameterValue": -0.5}
                    },
                    {
                      "ParameterCurve": {
                        "ParameterID": "HapticIntensityControl",
                        "Time": 0.2,
                        "ParameterCurveControlPoints": [
                          {"Time": 0.0, "ParameterValue": 1.0},
                          {"Time": 0.4, "ParameterValue": 0.0}
                        ]
                      }
                    },
                    {
                      "Event": {
                        "Time": 0.5,
                        "EventType": "HapticContinuous",
                        "EventDuration": 1.5,
                        "EventParameters": [
                          {"ParameterID": "HapticIntensity", "ParameterValue": 0.8},
                          {"ParameterID": "HapticSharpness", "ParameterValue": 0.25},
                          {"ParameterID": "AttackTime", "ParameterValue": 0.1},
                          {"ParameterID": "DecayTime", "ParameterValue": 0.2},
                          {"ParameterID": "ReleaseTime", "ParameterValue": 0.3},
                          {"ParameterID": "Sustained", "ParameterValue": 0.0}
                        ]
                      }
                    }
                  ]
                }

                """)
    }

    @Test func chunksALongCurveIntoSixteenPointCurvesThatStartWhereTheLastEnded() throws {
        let points = (0..<40).map { ParameterCurve.Point(time: Double($0) * 0.037, value: Double($0 % 7) / 7) }
        let curve = ParameterCurve(control: .intensity, time: 0.013, points: points)
        let chunks = AHAPWriter.chunks(of: curve)
        #expect(chunks.map(\.points.count) == [16, 16, 10])
        for (previous, next) in zip(chunks, chunks.dropFirst()) {
            let last = try #require(previous.points.last)
            #expect(next.time == previous.time + last.time)
            #expect(next.points.first == .init(time: 0, value: last.value))
        }
        // Every point lands on the original's absolute time, so the values agree bit for bit.
        let absolute = chunks.flatMap { chunk in chunk.points.map { chunk.time + $0.time } }
        let expected = [0...15, 15...30, 30...39].flatMap { $0.map { curve.time + points[$0].time } }
        #expect(absolute == expected)
        for sample in stride(from: 0.0, through: 1.6, by: 0.001) {
            let chunk = try #require(chunks.last { $0.time <= sample } ?? chunks.first)
            #expect(chunk.value(at: sample) == curve.value(at: sample))
        }
    }

    /// Random long curves with times like Studio's (7 or 8 significant digits, some shared):
    /// the chunks give bit for bit the whole curve's value at every sample time, with at most
    /// 16 points each. (Found by the `.haptic` fuzz target: from a start of 0.3540136 no
    /// relative time lands on 0.9729932, rounding to even skips it.)
    @Test(arguments: 0..<40)
    func chunksRenderBitForBitAsTheWholeCurve(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        var time = 0.0
        var points: [ParameterCurve.Point] = []
        for _ in 0..<random.next(in: 17...120) {
            if random.next(in: 0...9) > 0 { time += Double(random.next(in: 1...900_000)) / 1e7 }
            points.append(.init(time: (time * 1e7).rounded() / 1e7, value: Double(random.next(in: 0...1000)) / 1000))
        }
        points.insert(.init(time: 0.3540136, value: 0.5), at: min(15, points.count))
        points.insert(.init(time: 0.9729932, value: 0.25), at: min(16, points.count))
        let curve = ParameterCurve(control: .intensity, time: Double(random.next(in: 0...3)) * 0.0123, points: points)
        let chunks = AHAPWriter.chunks(of: curve)
        #expect(chunks.allSatisfy { (2...16).contains($0.points.count) })
        let whole = HapticPattern(events: [], curves: [curve])
        let cut = HapticPattern(events: [], curves: chunks)
        for step in 0..<Int(((curve.time + time) / 0.001).rounded(.up)) + 2 {
            let sample = (Double(step) + 0.5) * 0.001
            #expect(cut.value(of: .intensity, at: sample).bitPattern == whole.value(of: .intensity, at: sample).bitPattern, "at \(sample)")
        }
    }

    /// The curve the `.haptic` fuzz target found: from 0.3540136, where a chunk would start,
    /// no relative time lands exactly on 0.9729932.
    @Test func placesEveryPointExactlyWhereRoundingSkipsATimeFromTheNaturalStart() throws {
        let times = [
            0.0, 0.0010204081, 0.003015873, 0.029002268, 0.06301587, 0.083015874, 0.10401361, 0.12900226,
            0.18501133, 0.22900227, 0.31201813, 0.31501132, 0.31900227, 0.32900226, 0.3370068, 0.3540136,
            0.9729932, 1.0009977, 1.0019954, 1.0170068, 1.0429932, 1.7990476, 1.8, 1.8,
        ]
        #expect(!(0.3540136 + (0.9729932 - 0.3540136) == 0.9729932), "the case this test is about")
        let curve = ParameterCurve(
            control: .intensity, time: 0, points: times.enumerated().map { .init(time: $0.element, value: Double($0.offset % 5) / 4) })
        let chunks = AHAPWriter.chunks(of: curve)
        let placed = chunks.enumerated().flatMap { index, chunk in chunk.points.dropFirst(index == 0 ? 0 : 1).map { chunk.time + $0.time } }
        #expect(placed.map(\.bitPattern) == times.map(\.bitPattern))
    }

    @Test func startsAChunkOnTheFirstOfPointsSharingATime() {
        var points = (0..<20).map { ParameterCurve.Point(time: Double($0) * 0.01, value: 0.5) }
        points[14] = .init(time: 0.15, value: 0.1)
        let curve = ParameterCurve(control: .intensity, time: 0, points: points)
        #expect(AHAPWriter.chunks(of: curve).map(\.points.count) == [15, 6])
    }

    @Test func dropsTheChunksOfACurveThatALaterOneReplaces() throws {
        let long = ParameterCurve(control: .intensity, time: 0, points: (0..<40).map { .init(time: Double($0) * 0.1, value: 0.5) })
        let later = ParameterCurve(control: .intensity, time: 1, points: [.init(time: 0, value: 1)])
        let pattern = HapticPattern(events: [HapticEvent(time: 0, kind: .continuous(duration: 4))], curves: [long, later])
        let reloaded = try AHAPLoader.decode(Array(AHAPWriter.ahap(for: pattern, source: "t").utf8), file: "t.ahap").pattern
        #expect(reloaded.curves.map(\.time) == [0, 1])
        #expect(Renderer().render(reloaded) == Renderer().render(pattern))
    }

    @Test func splitsAContinuousEventLongerThanThirtySeconds() throws {
        let pattern = HapticPattern(events: [
            HapticEvent(time: 1, kind: .continuous(duration: 70), intensity: 0.5, sharpness: 0.2, attackTime: 2, releaseTime: 3)
        ])
        let reloaded = try AHAPLoader.decode(Array(AHAPWriter.ahap(for: pattern, source: "t").utf8), file: "t.ahap")
        #expect(reloaded.notices.isEmpty)
        #expect(
            reloaded.pattern.events == [
                HapticEvent(time: 1, kind: .continuous(duration: 30), intensity: 0.5, sharpness: 0.2, attackTime: 2),
                HapticEvent(time: 31, kind: .continuous(duration: 30), intensity: 0.5, sharpness: 0.2),
                HapticEvent(time: 61, kind: .continuous(duration: 10), intensity: 0.5, sharpness: 0.2, releaseTime: 3),
            ])
        expectSameLevels(Renderer().render(reloaded.pattern), Renderer().render(pattern))
    }

    @Test func carriesANonSustainedDecayAcrossThePieces() throws {
        let pattern = HapticPattern(events: [
            HapticEvent(time: 0, kind: .continuous(duration: 50), intensity: 1, attackTime: 5, decayTime: 40, isSustained: false)
        ])
        let reloaded = try AHAPLoader.decode(Array(AHAPWriter.ahap(for: pattern, source: "t").utf8), file: "t.ahap")
        #expect(reloaded.pattern.events.count == 2)
        #expect(reloaded.pattern.events.last?.intensity == 15.0 / 40)
        expectSameLevels(Renderer().render(reloaded.pattern), Renderer().render(pattern))
    }

    /// The frame of `track` playing at `time`, inside the track: the last one starting by then
    /// (a track's frames are contiguous from zero).
    private func frame(of track: RumbleTrack, at time: Duration) -> RumbleFrame? {
        track.frames.last { $0.start <= time }
    }

    /// The two tracks hold the same levels over time, within rounding.
    private func expectSameLevels(_ a: RumbleTrack, _ b: RumbleTrack, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.duration == b.duration, sourceLocation: sourceLocation)
        var time = Duration.zero
        while time < a.duration {
            guard let x = frame(of: a, at: time), let y = frame(of: b, at: time) else {
                Issue.record("no frame at \(time)", sourceLocation: sourceLocation)
                return
            }
            #expect(abs(x.strong - y.strong) < 1e-9 && abs(x.weak - y.weak) < 1e-9, "at \(time)", sourceLocation: sourceLocation)
            time += .milliseconds(10)
        }
    }
}
