import Foundation
import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct LofeltHapticLoaderTests {
    @Test(arguments: Fixtures.hapticFiles.filter { !$0.hasSuffix("invalid_version_v1.haptic") })
    func everyCorpusClipLoads(_ path: String) throws {
        let loaded = try PatternFile.load(contentsOf: path)
        let pattern = loaded.pattern
        #expect(pattern.events.contains { if case .continuous = $0.kind { true } else { false } })
        #expect(pattern.curves.first?.control == .intensity)
        for event in pattern.events {
            #expect((0...1).contains(event.intensity) && (0...1).contains(event.sharpness))
            #expect(event.duration <= AHAPLoader.maximumEventDuration)
        }
        #expect(!Renderer().render(pattern).frames.isEmpty)
        // The same bytes through the clip decoder, and by content under a name with no extension.
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try LofeltHapticLoader.decode(bytes, file: path) == loaded)
        #expect(try PatternFile.decode(bytes, file: "-").pattern == pattern)
    }

    @Test func theCorpusHoldsEveryClipCopied() {
        #expect(Fixtures.hapticFiles.count == 17)
    }

    @Test func refusesAnotherMajorVersionNamingIt() {
        #expect {
            try PatternFile.load(contentsOf: Fixtures.haptic("NiceVibrations__invalid_version_v1.haptic"))
        } throws: { error in
            guard let error = error as? PatternLoadError else { return false }
            return error.path == "version.major"
                && error.problem
                    == .invalidValue(expected: "major version 1, the only .haptic version Haptics reads", found: "version 2.0.0")
                && "\(error)".hasSuffix(
                    "invalid_version_v1.haptic: version.major: expected major version 1, the only .haptic version Haptics reads, found version 2.0.0"
                )
        }
    }

    @Test func loadsANewerMinorVersionWithANoticeIgnoringUnknownKeys() throws {
        let loaded = try PatternFile.load(contentsOf: Fixtures.haptic("NiceVibrations__v1_additional_fields.haptic"))
        #expect(loaded.notices.map(\.path) == ["version"])
        #expect(loaded.notices.first?.message.hasPrefix("version 1.9000.0 is newer than 1.0.0") == true)
        #expect(loaded.pattern.events.filter { $0.kind == .transient }.count == 1)
    }

    @Test func mapsTheEnvelopesAsNiceVibrationsDoes() throws {
        let loaded = try LofeltHapticLoader.decode(
            Array(
                """
                {"version": {"major": 1}, "signals": {"continuous": {"envelopes": {
                  "amplitude": [{"time": 0, "amplitude": 0.25}, {"time": 0.5, "amplitude": 0.64, "emphasis": {"amplitude": 0.81, "frequency": 0.3}},
                                {"time": 1.0, "amplitude": 0}],
                  "frequency": [{"time": 0.2, "frequency": 0.16}, {"time": 1.0, "frequency": 1}]}}}}
                """.utf8), file: "clip.haptic")
        #expect(loaded.notices.isEmpty)
        #expect(
            loaded.pattern.events == [
                HapticEvent(time: 0, kind: .continuous(duration: 1), intensity: 1, sharpness: 0),
                HapticEvent(time: 0.5, kind: .transient, intensity: 0.9, sharpness: 0.3, followsParameterCurves: false),
            ])
        #expect(
            loaded.pattern.curves == [
                // sqrt(amplitude); the emphasis breakpoint ducked by 20 %: sqrt(0.64) × 0.8.
                ParameterCurve(
                    control: .intensity, time: 0,
                    points: [.init(time: 0, value: 0.5), .init(time: 0.5, value: 0.8 * 0.8), .init(time: 1, value: 0)]),
                // sqrt(frequency), from the first frequency breakpoint on.
                ParameterCurve(control: .sharpness, time: 0.2, points: [.init(time: 0, value: 0.4), .init(time: 0.8, value: 1)]),
            ])
    }

    @Test func cutsTheContinuousSignalIntoThirtySecondEvents() throws {
        let loaded = try LofeltHapticLoader.decode(
            Array(
                """
                {"version": {"major": 1}, "signals": {"continuous": {"envelopes": {
                  "amplitude": [{"time": 0, "amplitude": 1}, {"time": 70, "amplitude": 1}]}}}}
                """.utf8), file: "long.haptic")
        #expect(loaded.pattern.events.map(\.time) == [0, 30, 60])
        #expect(loaded.pattern.events.map(\.duration) == [30, 30, 10])
        #expect(Renderer().render(loaded.pattern).duration == .seconds(70))
    }

    @Test func readsEqualBreakpointTimesAsStudioWritesThem() throws {
        let loaded = try PatternFile.load(contentsOf: Fixtures.haptic("haptics-studio__Button_Hover_A.haptic"))
        #expect(loaded.pattern.curves.first?.points.count == 9)
    }

    /// A Quest button click: a lone emphasis (amplitude 0.4) on an envelope that is 0 but for
    /// 10 µs. Played apart from the curves, as Nice Vibrations plays it, it is a 40 ms pulse
    /// of amplitude 0.4; scaled by the curve, it would be silent.
    @Test func playsTheEmphasisTransientsApartFromTheCurves() throws {
        let pattern = try PatternFile.load(contentsOf: Fixtures.haptic("haptics-studio__Button_Hover_A.haptic")).pattern
        let transient = try #require(pattern.events.first { $0.kind == .transient })
        #expect(!transient.followsParameterCurves)
        let track = Renderer().render(pattern)
        let loudest = try #require(track.frames.map { max($0.strong, $0.weak) }.max())
        #expect(abs(loudest - 0.40047235564339323) < 1e-9)
        var scaled = pattern
        for index in scaled.events.indices { scaled.events[index].followsParameterCurves = true }
        #expect(Renderer().render(scaled).frames.allSatisfy { $0.strong < 0.01 && $0.weak < 0.01 })
    }

    static let envelopes = #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": "#

    @Test(arguments: [
        (#"[]"#, "$", "a .haptic object with \"version\" and \"signals\""),
        (#"{"signals": {}}"#, "version", "a version object {\"major\": 1, \"minor\": 0, \"patch\": 0}"),
        (#"{"version": {"minor": 1}, "signals": {}}"#, "version.major", "a whole number, at least 0"),
        (#"{"version": {"major": 1.5}, "signals": {}}"#, "version.major", "a whole number, at least 0"),
        (#"{"version": {"major": 1}, "metadata": {"tags": [1]}, "signals": {}}"#, "metadata.tags[0]", "a string"),
        (#"{"version": {"major": 1}, "metadata": {"author": null}, "signals": {}}"#, "metadata.author", "a string"),
        (#"{"version": {"major": 1}}"#, "signals", "an object"),
        (#"{"version": {"major": 1}, "signals": {"continuous": []}}"#, "signals.continuous", "an object"),
        (envelopes + #"{}}}}"#, "signals.continuous.envelopes.amplitude", "an array of amplitude breakpoints {time, amplitude}"),
        (
            envelopes + #"{"amplitude": []}}}}"#, "signals.continuous.envelopes.amplitude",
            "an amplitude envelope of at least two breakpoints"
        ),
        (
            envelopes + #"{"amplitude": [{"time": 0, "amplitude": 1}]}}}}"#, "signals.continuous.envelopes.amplitude",
            "an amplitude envelope of at least two breakpoints"
        ),
        (
            envelopes + #"{"amplitude": [{"time": 0.5, "amplitude": 1}, {"time": 0.5, "amplitude": 0}]}}}}"#,
            "signals.continuous.envelopes.amplitude", "an amplitude envelope lasting longer than zero"
        ),
        (
            envelopes + #"{"amplitude": [{"time": 0.5, "amplitude": 1}, {"time": 0.25, "amplitude": 0}]}}}}"#,
            "signals.continuous.envelopes.amplitude[1].time", "a time in seconds from 0.5 (the previous breakpoint's, or 0) to 3600"
        ),
        (
            envelopes + #"{"amplitude": [{"time": -0.1, "amplitude": 1}, {"time": 1, "amplitude": 0}]}}}}"#,
            "signals.continuous.envelopes.amplitude[0].time", "a time in seconds from 0.0 (the previous breakpoint's, or 0) to 3600"
        ),
        (
            envelopes + #"{"amplitude": [{"time": 0, "amplitude": 1}, {"time": 1e9, "amplitude": 0}]}}}}"#,
            "signals.continuous.envelopes.amplitude[1].time", "a time in seconds from 0.0 (the previous breakpoint's, or 0) to 3600"
        ),
        (
            envelopes + #"{"amplitude": [{"time": 0}, {"time": 1, "amplitude": 0}]}}}}"#,
            "signals.continuous.envelopes.amplitude[0].amplitude", "a number from 0 to 1"
        ),
        (
            envelopes + #"{"amplitude": [{"time": 0, "amplitude": 1.5}, {"time": 1, "amplitude": 0}]}}}}"#,
            "signals.continuous.envelopes.amplitude[0].amplitude", "a number from 0 to 1"
        ),
        (
            envelopes + #"{"amplitude": [{"time": 0, "amplitude": 0.5, "emphasis": {"amplitude": 0.7}}, {"time": 1, "amplitude": 0}]}}}}"#,
            "signals.continuous.envelopes.amplitude[0].emphasis.frequency", "a number from 0 to 1"
        ),
        (
            envelopes
                + #"{"amplitude": [{"time": 0, "amplitude": 0.5, "emphasis": {"amplitude": 0.4, "frequency": 1}}, {"time": 1, "amplitude": 0}]}}}}"#,
            "signals.continuous.envelopes.amplitude[0].emphasis.amplitude",
            "an emphasis at least as strong as its breakpoint's amplitude 0.5"
        ),
        (
            envelopes + #"{"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 1, "amplitude": 0}], "frequency": {}}}}}"#,
            "signals.continuous.envelopes.frequency", "an array of frequency breakpoints {time, frequency}"
        ),
        (
            envelopes
                + #"{"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 1, "amplitude": 0}], "frequency": [{"time": 0, "frequency": -1}]}}}}"#,
            "signals.continuous.envelopes.frequency[0].frequency", "a number from 0 to 1"
        ),
        (
            envelopes
                + #"{"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 1, "amplitude": 0}], "frequency": [{"time": 0.6, "frequency": 1}, {"time": 0.5, "frequency": 1}]}}}}"#,
            "signals.continuous.envelopes.frequency[1].time", "a time in seconds from 0.6 (the previous breakpoint's, or 0) to 3600"
        ),
        (
            envelopes
                + #"{"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 1, "amplitude": 0}], "frequency": [{"time": 1.5, "frequency": 1}]}}}}"#,
            "signals.continuous.envelopes.frequency[0].time", "a time within the amplitude envelope, 0.0 to 1.0 s"
        ),
    ])
    func rejectsInvalidClipsNamingThePathAndWhatWasExpected(_ text: String, _ path: String, _ expected: String) {
        #expect {
            try LofeltHapticLoader.decode(Array(text.utf8), file: "bad.haptic")
        } throws: { error in
            guard let error = error as? PatternLoadError, case .invalidValue(let wanted, _) = error.problem else { return false }
            return error.file == "bad.haptic" && error.path == path && wanted == expected
        }
    }

    @Test func acceptsANullFrequencyEnvelopeAndANullEmphasis() throws {
        let loaded = try LofeltHapticLoader.decode(
            Array(
                (Self.envelopes
                    + #"{"amplitude": [{"time": 0, "amplitude": 0.5, "emphasis": null}, {"time": 1, "amplitude": 0}], "frequency": null}}}}"#)
                    .utf8), file: "ok.haptic")
        #expect(loaded.pattern.curves.count == 1)
        #expect(loaded.pattern.events.count == 1)
    }

    @Test func comparesAsTheDataModelsThirtyTwoBitFloatsDo() throws {
        // 1.00000001 is 1 as a 32-bit float, so the data model accepts it.
        let loaded = try LofeltHapticLoader.decode(
            Array((Self.envelopes + #"{"amplitude": [{"time": 0, "amplitude": 1.00000001}, {"time": 1, "amplitude": 0}]}}}}"#).utf8),
            file: "ok.haptic")
        #expect(loaded.pattern.curves.first?.points.first?.value == 1)
    }

    @Test func describesABadClipOnOneLine() {
        #expect {
            try LofeltHapticLoader.decode(
                Array((Self.envelopes + #"{"amplitude": [{"time": 0, "amplitude": 2}, {"time": 1, "amplitude": 0}]}}}}"#).utf8),
                file: "bad.haptic")
        } throws: { error in
            "\(error)" == "bad.haptic: signals.continuous.envelopes.amplitude[0].amplitude: expected a number from 0 to 1, found 2.0"
        }
    }

    @Test func refusesAnEmptyFileAndTextThatIsNotJSON() throws {
        #expect(throws: PatternLoadError(file: "e.haptic", path: "$", problem: .empty(expected: PatternFile.expectedContent))) {
            try LofeltHapticLoader.decode(Array(" \n".utf8), file: "e.haptic")
        }
        #expect {
            try LofeltHapticLoader.decode(Array(#"{"version": }"#.utf8), file: "j.haptic")
        } throws: { error in
            guard let error = error as? PatternLoadError, case .notJSON = error.problem else { return false }
            return error.path == "version"
        }
    }
}
