import FeedbackTheme
import Foundation
import HapticsModel
import Testing

@Suite struct ThemeLoaderTests {
    /// The absolute path of `relative`, a path from the top of the repository.
    private static func repositoryPath(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(relative).path
    }

    /// The README's theme example (its one `json` block), as the README has it: every entry
    /// loads, the two files it names read (as stand-ins) in the formats their keys name.
    @Test func theReadmesThemeExampleLoads() throws {
        let readme = try String(contentsOfFile: Self.repositoryPath("README.md"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let loaded = try ThemeLoader { path, format throws(PatternLoadError) in
            switch (path, format) {
            case ("./level-up.ahap", .ahap): return LoadedPattern(pattern: Preset.notification(.success).pattern)
            case ("./dice.haptic", .haptic): return LoadedPattern(pattern: Preset.impact(.rigid).pattern)
            default: throw PatternLoadError(file: path, path: "$", problem: .unreadable(reason: "No such file or directory"))
            }
        }.decode(Array(block.utf8), file: "mine.json")
        #expect(loaded.theme.name == "mine")
        #expect(
            loaded.theme.feedbacks(for: "button-pressed", at: .quiet) == [
                .rumble(duration: .milliseconds(15), count: 1, pause: .milliseconds(100), magnitude: 1)
            ])
        #expect(
            loaded.theme.feedbacks(for: "x-myapp-level-up", at: .quiet)
                == [
                    .haptics(
                        PatternReference(
                            source: .ahap(path: "level-up.ahap", pattern: Preset.notification(.success).pattern), intensity: 0.8))
                ])
        #expect(
            loaded.theme.feedbacks(for: "x-myapp-dice-roll", at: .quiet)
                == [.haptics(PatternReference(source: .haptic(path: "dice.haptic", pattern: Preset.impact(.rigid).pattern)))])
        #expect(loaded.theme.events.count == 8)
    }

    /// Loads `json` with stand-ins for the files: `fixture.ahap` read as AHAP is the heavy
    /// impact, `fixture.haptic` read as a clip the light one; anything else is missing.
    private func load(_ json: String) throws(ThemeLoadError) -> LoadedTheme {
        try ThemeLoader { path, format throws(PatternLoadError) in
            switch (path, format) {
            case ("./fixture.ahap", .ahap): return LoadedPattern(pattern: Preset.impact(.heavy).pattern)
            case ("./fixture.haptic", .haptic): return LoadedPattern(pattern: Preset.impact(.light).pattern)
            default: throw PatternLoadError(file: path, path: "$", problem: .unreadable(reason: "No such file or directory"))
            }
        }.decode(Array(json.utf8), file: "t.json")
    }

    @Test func debiansDefaultThemeLoadsUnchanged() throws {
        let path = "/usr/share/feedbackd/themes/default.json"
        guard FileReaderProbe.exists(path) else {
            print("skipped: \(path) is missing (apt-get install feedbackd; make test installs it)")
            return
        }
        let loaded = try ThemeLoader().load(contentsOf: path)
        #expect(loaded.theme.name == "default")
        #expect(
            loaded.theme.feedbacks(for: "button-pressed", at: .full) == [
                .rumble(duration: .milliseconds(15), count: 1, pause: .milliseconds(100), magnitude: 1)
            ])
        let magnitude: Double = 32767.0 / 65535.0
        let fadeInLevel: Double = 4096.0 / 65535.0
        let alarm = ThemeFeedback.periodic(
            duration: .milliseconds(10000), magnitude: magnitude, fadeInTime: .milliseconds(10000), fadeInLevel: fadeInLevel)
        #expect(loaded.theme.feedbacks(for: "alarm-clock-elapsed", at: .quiet) == [alarm])
        #expect(
            loaded.notices == [
                "\(path): skipped 6 Led entries: gamepads play haptics only",
                "\(path): skipped 16 Sound entries: gamepads play haptics only",
            ])
    }

    @Test func bothMagnitudeFormsRead() throws {
        let theme = try load(
            #"""
            {"name": "m", "profiles": [{"name": "full", "feedbacks": [
              {"event-name": "a", "type": "VibraRumble", "magnitude": 0.5},
              {"event-name": "b", "type": "VibraRumble", "magnitude": 65535},
              {"event-name": "c", "type": "VibraRumble", "magnitude": 1},
              {"event-name": "d", "type": "VibraPattern", "magnitudes": [0.25, 16384], "durations": [10, 20]}
            ]}]}
            """#
        ).theme
        let magnitude = { (event: String) -> Double? in
            if case .rumble(_, _, _, let level)? = theme.feedbacks(for: event, at: .full).first { return level }
            return nil
        }
        #expect(magnitude("a") == 0.5)
        #expect(magnitude("b") == 1)
        #expect(magnitude("c") == 1)
        let steps = [
            VibraStep(magnitude: 0.25, duration: .milliseconds(10)), VibraStep(magnitude: 16384.0 / 65535.0, duration: .milliseconds(20)),
        ]
        #expect(theme.feedbacks(for: "d", at: .full) == [ThemeFeedback.pattern(steps)])
    }

    @Test func profilesAreCumulative() throws {
        let theme = try load(
            #"""
            {"name": "p", "profiles": [
              {"name": "silent", "feedbacks": [{"event-name": "e", "type": "VibraRumble", "duration": 30}]},
              {"name": "quiet", "feedbacks": [{"event-name": "e", "type": "VibraRumble", "duration": 20}]},
              {"name": "full", "feedbacks": [{"event-name": "e", "type": "VibraRumble", "duration": 10}]}
            ]}
            """#
        ).theme
        let durations = { (profile: FeedbackProfile) in
            theme.feedbacks(for: "e", at: profile).compactMap { feedback -> Duration? in
                if case .rumble(let duration, _, _, _) = feedback { return duration }
                return nil
            }
        }
        #expect(durations(.full) == [.milliseconds(10), .milliseconds(20), .milliseconds(30)])
        #expect(durations(.quiet) == [.milliseconds(20), .milliseconds(30)])
        #expect(durations(.silent) == [.milliseconds(30)])
    }

    @Test func ourHapticsTypeNamesAPresetAHapticaStringAnAHAPFileOrAHapticClip() throws {
        let theme = try load(
            #"""
            {"name": "h", "profiles": [{"name": "quiet", "feedbacks": [
              {"event-name": "p", "type": "Haptics", "preset": "rigid", "intensity": 0.5},
              {"event-name": "s", "type": "Haptics", "haptica": "O-o", "slot": 50},
              {"event-name": "f", "type": "Haptics", "ahap": "fixture.ahap"},
              {"event-name": "c", "type": "Haptics", "haptic": "fixture.haptic", "intensity": 0.7}
            ]}]}
            """#
        ).theme
        #expect(theme.feedbacks(for: "p", at: .quiet) == [.haptics(PatternReference(source: .preset(.impact(.rigid)), intensity: 0.5))])
        let haptica = try #require(SlottedHapticaPattern("O-o", slot: .milliseconds(50)))
        #expect(haptica.notes == [.impact(.heavy), .wait, .impact(.medium)])
        #expect(theme.feedbacks(for: "s", at: .quiet) == [.haptics(PatternReference(source: .haptica(haptica)))])
        #expect(
            theme.feedbacks(for: "f", at: .quiet) == [
                .haptics(PatternReference(source: .ahap(path: "fixture.ahap", pattern: Preset.impact(.heavy).pattern)))
            ])
        #expect(
            theme.feedbacks(for: "c", at: .quiet) == [
                .haptics(PatternReference(source: .haptic(path: "fixture.haptic", pattern: Preset.impact(.light).pattern), intensity: 0.7))
            ])
    }

    /// A real clip from disk, named by an absolute path: the theme holds what the `.haptic`
    /// loader reads from it, notices and all.
    @Test func aHapticClipLoadsAsTheHapticLoaderReadsIt() throws {
        let clip = Self.repositoryPath("Tests/HapticsTests/Fixtures/haptic/NiceVibrations__NVDice.haptic")
        let loaded = try ThemeLoader().decode(
            Array(
                #"{"name": "d", "profiles": [{"name": "full", "feedbacks": [{"event-name": "dice", "type": "Haptics", "haptic": "\#(clip)"}]}]}"#
                    .utf8), file: "t.json")
        let expected = try PatternFile.load(contentsOf: clip)
        #expect(
            loaded.theme.feedbacks(for: "dice", at: .full) == [
                .haptics(PatternReference(source: .haptic(path: clip, pattern: expected.pattern)))
            ])
        #expect(loaded.notices == expected.notices.map(\.description))
    }

    /// Each key names its file's format: an AHAP file named as a clip is refused, naming the key.
    @Test func aFileIsReadInTheFormatItsKeyNames() throws {
        let ahap = Self.repositoryPath("Tests/HapticsTests/Fixtures/corpus/Haptic-Tests__Boing.ahap")
        #expect {
            try ThemeLoader().decode(
                Array(
                    #"{"name": "d", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Haptics", "haptic": "\#(ahap)"}]}]}"#
                        .utf8), file: "t.json")
        } throws: { error in
            "\(error)".hasPrefix("t.json: profiles[0].feedbacks[0].haptic: \(ahap): ")
        }
        let loaded = try ThemeLoader().decode(
            Array(
                #"{"name": "d", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Haptics", "ahap": "\#(ahap)"}]}]}"#
                    .utf8), file: "t.json")
        #expect(loaded.theme.feedbacks(for: "e", at: .full).count == 1)
    }

    /// The theme file itself is a JSON document: its problems are the document error, named
    /// by the theme file and the JSON path.
    @Test func theThemeFilesOwnProblemsAreDocumentErrors() {
        #expect(
            throws: ThemeLoadError.document(
                JSONDocumentError(
                    file: "t.json", path: "$", problem: .empty(expected: "a feedbackd theme ({\"name\": ..., \"profiles\": [...]})")))
        ) {
            try load(" \n")
        }
        let large = [UInt8](repeating: 0x20, count: ThemeLoader.maximumFileSize + 1)
        #expect(
            throws: ThemeLoadError.document(
                JSONDocumentError(file: "t.json", path: "$", problem: .tooLarge(bytes: large.count, limit: ThemeLoader.maximumFileSize)))
        ) {
            try ThemeLoader().decode(large, file: "t.json")
        }
        #expect {
            try ThemeLoader().load(contentsOf: "/nonexistent/theme.json")
        } throws: { error in
            "\(error)" == "/nonexistent/theme.json: cannot read the file: No such file or directory; check the path and its permissions"
        }
    }

    /// A pattern file the theme names that fails is the theme's own case: the theme's file
    /// and path, and the pattern's error.
    @Test func aFailingPatternFileNamesTheThemesFileAndPath() {
        #expect {
            try load(
                #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Haptics", "ahap": "missing.ahap"}]}]}"#
            )
        } throws: { error in
            guard let error = error as? ThemeLoadError else { return false }
            return error
                == .pattern(
                    file: "t.json", path: "profiles[0].feedbacks[0].ahap",
                    error: PatternLoadError(file: "./missing.ahap", path: "$", problem: .unreadable(reason: "No such file or directory")))
                && error.file == "t.json" && error.path == "profiles[0].feedbacks[0].ahap"
        }
    }

    @Test(arguments: [
        (#"{"profiles": []}"#, "t.json: name: expected a string, found nothing"),
        (
            #"{"name": "x", "profiles": [{"name": "loud"}]}"#,
            #"t.json: profiles[0].name: expected one of full, quiet, silent, found the string "loud""#
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "VibraRumble", "duration": "long"}]}]}"#,
            #"t.json: profiles[0].feedbacks[0].duration: expected a number of milliseconds from 0 to 60000, found the string "long""#
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "VibraRumble", "magnitude": 1.5}]}]}"#,
            "t.json: profiles[0].feedbacks[0].magnitude: expected a magnitude: a number from 0 to 1, or an integer from 0 to 65535, found 1.5"
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "VibraPattern", "magnitudes": [1], "durations": []}]}]}"#,
            "t.json: profiles[0].feedbacks[0].durations: expected as many durations as magnitudes (1), found an array"
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Smell"}]}]}"#,
            #"t.json: profiles[0].feedbacks[0].type: expected one of VibraRumble, VibraPeriodic, VibraPattern, Haptics, Sound, Led, found the string "Smell""#
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Haptics", "haptica": "abc"}]}]}"#,
            #"t.json: profiles[0].feedbacks[0].haptica: expected a Haptica string of O (heavy), o (medium), . (light), X (rigid), x (soft) and - (wait), with a slot over 0 ms, found the string "abc""#
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Haptics", "ahap": "missing.ahap"}]}]}"#,
            "t.json: profiles[0].feedbacks[0].ahap: ./missing.ahap: cannot read the file: No such file or directory; check the path and its permissions"
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Haptics", "haptic": "fixture.ahap"}]}]}"#,
            "t.json: profiles[0].feedbacks[0].haptic: ./fixture.ahap: cannot read the file: No such file or directory; check the path and its permissions"
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Haptics", "preset": "light", "haptica": "o"}]}]}"#,
            #"t.json: profiles[0].feedbacks[0]: expected exactly one of preset, haptica, ahap or haptic, found the string "preset, haptica""#
        ),
        (#"{"name": "x", "profiles": [}"#, "t.json: line 1, column 28 (in profiles[0]): not valid JSON: expected a value"),
    ])
    func brokenThemesNameTheFileThePathAndWhatWasExpected(json: String, message: String) {
        #expect(throws: (any Error).self) { try load(json) }
        do {
            _ = try load(json)
        } catch {
            #expect(error.description == message)
        }
    }
}
