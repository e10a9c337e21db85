import Foundation
import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct AHAPLoaderTests {
    @Test(arguments: Fixtures.corpusFiles)
    func everyCorpusFileLoads(_ path: String) throws {
        let loaded = try PatternFile.load(contentsOf: path)
        #expect(!loaded.pattern.events.isEmpty)
        for event in loaded.pattern.events {
            #expect((0...1).contains(event.intensity) && (0...1).contains(event.sharpness))
        }
    }

    @Test func theCorpusHoldsEveryFileCopied() {
        #expect(Fixtures.corpusFiles.count == 52)
    }

    @Test func readsEventsWithTheirParametersAndDefaults() throws {
        let loaded = try AHAPLoader.decode(
            Array(
                """
                {"Version": 1, "Pattern": [
                  {"Event": {"EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}},
                  {"Event": {"Time": 0.5, "EventType": "HapticContinuous", "EventDuration": 1.5, "EventParameters": [
                    {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "AttackTime", "ParameterValue": 0.1},
                    {"ParameterID": "DecayTime", "ParameterValue": 0.2}, {"ParameterID": "ReleaseTime", "ParameterValue": 0.3},
                    {"ParameterID": "Sustained", "ParameterValue": false}, {"ParameterID": "FutureThing", "ParameterValue": 9}]}}
                ]}
                """.utf8), file: "t.ahap")
        #expect(
            loaded.pattern.events == [
                HapticEvent(time: 0, kind: .transient, intensity: 1, sharpness: 0.3),
                HapticEvent(
                    time: 0.5, kind: .continuous(duration: 1.5), intensity: 0.8, sharpness: 0.5,
                    attackTime: 0.1, decayTime: 0.2, releaseTime: 0.3, isSustained: false),
            ])
        #expect(loaded.notices.isEmpty)
    }

    @Test func readsCurvesAndInstantaneousParameters() throws {
        let loaded = try AHAPLoader.decode(
            Array(
                """
                {"Version": 1.0, "Pattern": [
                  {"Event": {"EventType": "HapticContinuous", "EventDuration": 1}},
                  {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.2,
                    "ParameterCurveControlPoints": [{"Time": 0.4, "ParameterValue": 0}, {"Time": 0, "ParameterValue": 1.7}]}},
                  {"Parameter": {"ParameterID": "HapticSharpnessControl", "Time": 0.1, "ParameterValue": -3}}
                ]}
                """.utf8), file: "t.ahap")
        #expect(
            loaded.pattern.curves == [
                ParameterCurve(control: .sharpness, time: 0.1, points: [.init(time: 0, value: -1)]),
                ParameterCurve(control: .intensity, time: 0.2, points: [.init(time: 0, value: 1), .init(time: 0.4, value: 0)]),
            ])
    }

    @Test func readsHapticsOwnKeyForEventsApartFromTheCurves() throws {
        let loaded = try AHAPLoader.decode(
            Array(
                """
                {"Pattern": [{"Event": {"EventType": "HapticTransient", "HapticsFollowsParameterCurves": false}},
                             {"Event": {"EventType": "HapticTransient", "Time": 1}}]}
                """.utf8), file: "t.ahap")
        #expect(loaded.pattern.events.map(\.followsParameterCurves) == [false, true])
        #expect(throws: PatternLoadError.self) {
            try AHAPLoader.decode(
                Array(#"{"Pattern": [{"Event": {"EventType": "HapticTransient", "HapticsFollowsParameterCurves": "no"}}]}"#.utf8),
                file: "t.ahap")
        }
    }

    @Test func clampsOutOfRangeValuesAsApplesLoaderDoes() throws {
        let loaded = try PatternFile.load(contentsOf: Fixtures.corpus("studio-creative-challenges__NickArner_BowRelease.ahap"))
        #expect(loaded.pattern.events.contains { $0.sharpness == 1 })
        let recoil = try PatternFile.load(contentsOf: Fixtures.corpus("unityplugins__Recoil.ahap"))
        #expect(recoil.pattern.events.contains { $0.sharpness == 0 })
    }

    @Test func skipsAudioEventsWithANotice() throws {
        let loaded = try PatternFile.load(contentsOf: Fixtures.corpus("Haptic-Tests__Drums.ahap"))
        let audio = loaded.notices.filter { $0.message.contains("audio event") }
        #expect(!audio.isEmpty)
        #expect(audio.allSatisfy { $0.file.hasSuffix("Drums.ahap") && $0.path.hasPrefix("Pattern[") && $0.path.hasSuffix("].Event") })
    }

    @Test func skipsAnEntryWithNoKnownKeyWithANotice() throws {
        let loaded = try PatternFile.load(contentsOf: Fixtures.corpus("NiceVibrations__invalid_fields.ahap"))
        #expect(loaded.pattern.events.count == 1)
        #expect(loaded.pattern.curves.isEmpty)
        #expect(loaded.notices.map(\.path) == ["Pattern[1]"])
        #expect(loaded.notices.first?.message.contains("ParameterCurves") == true)
    }

    @Test func readsTheTimeControlsAndSkipsAudioControlsWithANotice() throws {
        let loaded = try AHAPLoader.decode(
            Array(
                """
                {"Pattern": [
                  {"Event": {"EventType": "HapticTransient"}},
                  {"ParameterCurve": {"ParameterID": "HapticAttackTimeControl", "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}]}},
                  {"Parameter": {"ParameterID": "HapticDecayTimeControl", "ParameterValue": -2}},
                  {"Parameter": {"ParameterID": "HapticReleaseTimeControl", "Time": 1, "ParameterValue": 0.5}},
                  {"Parameter": {"ParameterID": "AudioVolumeControl", "ParameterValue": 0.5}}
                ]}
                """.utf8), file: "controls.ahap")
        #expect(
            loaded.pattern.curves == [
                ParameterCurve(control: .attackTime, time: 0, points: [.init(time: 0, value: 1)]),
                ParameterCurve(control: .decayTime, time: 0, points: [.init(time: 0, value: -1)]),
                ParameterCurve(control: .releaseTime, time: 1, points: [.init(time: 0, value: 0.5)]),
            ])
        #expect(loaded.notices.map(\.path) == ["Pattern[4].Parameter.ParameterID"])
    }

    @Test func capsContinuousEventsAtThirtySeconds() throws {
        let loaded = try AHAPLoader.decode(
            Array(
                """
                {"Pattern": [{"Event": {"EventType": "HapticContinuous", "EventDuration": 45}}]}
                """.utf8), file: "long.ahap")
        #expect(loaded.pattern.events.first?.duration == 30)
        #expect(loaded.notices.map(\.path) == ["Pattern[0].Event.EventDuration"])
    }

    @Test func acceptsApplesTrailingCommaFiles() throws {
        let loaded = try PatternFile.load(contentsOf: Fixtures.corpus("unityplugins__Bounce.ahap"))
        #expect(!loaded.pattern.events.isEmpty)
    }

    @Test(arguments: [
        (#"{"Version": 2, "Pattern": []}"#, "Version", "1.0, the only AHAP version"),
        (#"[1, 2]"#, "$", "an AHAP object with \"Version\" and \"Pattern\""),
        (#"{"Version": 1}"#, "Pattern", "an array of events and parameter curves"),
        (#"{"Pattern": {}}"#, "Pattern", "an array of events and parameter curves"),
        (
            #"{"Pattern": [{"Event": {"EventType": "HapticTransient"}}, 7]}"#, "Pattern[1]",
            "an object holding an Event, a ParameterCurve or a Parameter"
        ),
        (
            #"{"Pattern": [{"Event": {"EventType": "HapticContinuous", "Time": 0}}]}"#, "Pattern[0].Event.EventDuration",
            "a duration in seconds (continuous events need one)"
        ),
        (
            #"{"Pattern": [{"Event": {"EventType": "HapticContinuous", "EventDuration": "long"}}]}"#, "Pattern[0].Event.EventDuration",
            "a duration in seconds, at least 0"
        ),
        (
            #"{"Pattern": [{"Event": {"EventType": "HapticContinuous", "EventDuration": -1}}]}"#, "Pattern[0].Event.EventDuration",
            "a duration in seconds, at least 0"
        ),
        (
            #"{"Pattern": [{"Event": {"EventType": "HapticTransient", "Time": -0.5}}]}"#, "Pattern[0].Event.Time",
            "a time in seconds from 0 to 3600"
        ),
        (
            #"{"Pattern": [{"Event": {"EventType": "HapticTransient", "Time": 1e9}}]}"#, "Pattern[0].Event.Time",
            "a time in seconds from 0 to 3600"
        ),
        (#"{"Pattern": [{"Event": {"EventType": "Boom"}}]}"#, "Pattern[0].Event.EventType", "\"HapticTransient\" or \"HapticContinuous\""),
        (
            #"{"Pattern": [{"Event": {"EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": true}]}}]}"#,
            "Pattern[0].Event.EventParameters[0].ParameterValue", "a number from 0 to 1"
        ),
        (
            #"{"Pattern": [{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "ParameterCurveControlPoints": []}}]}"#,
            "Pattern[0].ParameterCurve.ParameterCurveControlPoints", "a non-empty array of {Time, ParameterValue} control points"
        ),
        (
            #"{"Pattern": [{"ParameterCurve": {"ParameterID": 3, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}]}}]}"#,
            "Pattern[0].ParameterCurve.ParameterID", "a parameter id string"
        ),
    ])
    func rejectsInvalidValuesNamingThePathAndWhatWasExpected(_ text: String, _ path: String, _ expected: String) {
        #expect {
            try AHAPLoader.decode(Array(text.utf8), file: "bad.ahap")
        } throws: { error in
            guard let error = error as? PatternLoadError, case .invalidValue(let wanted, _) = error.problem else { return false }
            return error.file == "bad.ahap" && error.path == path && wanted == expected
        }
    }

    @Test(arguments: [
        (#"{"Pattern": [{"Event": {"EventType": "HapticTransient", "Time": 4000}}]}"#, "4000"),
        (#"{"Pattern": [{"Event": {"EventType": "HapticTransient", "Time": -0.5}}]}"#, "-0.5"),
    ])
    func aRangeErrorShowsTheValueFound(_ text: String, _ found: String) {
        #expect {
            try AHAPLoader.decode(Array(text.utf8), file: "bad.ahap")
        } throws: { error in
            "\(error)" == "bad.ahap: Pattern[0].Event.Time: expected a time in seconds from 0 to 3600, found \(found)"
        }
    }

    @Test func describesAnInvalidValueOnOneLine() {
        #expect {
            try AHAPLoader.decode(
                Array(#"{"Pattern": [{"Event": {"EventType": "HapticContinuous", "EventDuration": "x"}}]}"#.utf8), file: "bad.ahap")
        } throws: { error in
            "\(error)" == #"bad.ahap: Pattern[0].Event.EventDuration: expected a duration in seconds, at least 0, found the string "x""#
        }
    }
}

@Suite struct AHAPLoaderRobustnessTests {
    /// Corpus files with random bytes changed, cut or repeated, same seed every run: the loader
    /// returns a pattern or a typed error, and never traps.
    @Test(arguments: ["unityplugins__Bounce.ahap", "Haptic-Tests__Drums.ahap", "NiceVibrations__17_points.ahap"])
    func mangledFilesLoadOrFailCleanly(_ name: String) throws {
        let original = Array(try String(contentsOfFile: Fixtures.corpus(name), encoding: .utf8).utf8)
        var random = SeededRandom(seed: UInt64(original.count))
        let alphabet = Array("{}[],:\"0123456789.-eE \ntruefalsn\\u".utf8) + [0, 0xFF, 0xC3]
        var outcomes = (loaded: 0, refused: 0)
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<random.next(in: 1...8) {
                let index = random.next(in: 0...(bytes.count - 1))
                switch random.next(in: 0...2) {
                case 0: bytes[index] = alphabet[random.next(in: 0...(alphabet.count - 1))]
                case 1: bytes.removeSubrange(index..<min(bytes.count, index + random.next(in: 1...40)))
                default: bytes.insert(contentsOf: bytes[index..<min(bytes.count, index + random.next(in: 1...40))], at: index)
                }
                if bytes.isEmpty { bytes = [0x20] }
            }
            do {
                _ = try AHAPLoader.decode(bytes, file: name)
                outcomes.loaded += 1
            } catch {
                #expect(!error.description.isEmpty)
                outcomes.refused += 1
            }
        }
        #expect(outcomes.loaded + outcomes.refused == 400)
        #expect(outcomes.refused > 0)
    }
}
