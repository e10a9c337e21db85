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

    /// The theme example of docs/hapticsd.md (its one `json` block), as the page has it: every
    /// entry loads, the two files it names read (as stand-ins) in the formats their keys name.
    @Test func theDocumentedThemeExampleLoads() throws {
        let page = try String(contentsOfFile: Self.repositoryPath("docs/hapticsd.md"), encoding: .utf8)
        let block = try #require(page.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let loaded = try ThemeLoader { path, format throws(PatternLoadError) in
            switch (path, format) {
            case ("./level-up.ahap", .ahap): return LoadedPattern(pattern: Preset.notification(.success).pattern)
            case ("./dice.haptic", .haptic): return LoadedPattern(pattern: Preset.impact(.rigid).pattern)
            default: throw PatternLoadError(file: path, path: "$", problem: .unreadable(reason: "No such file or directory"))
            }
        }.decode(Array(block.utf8), file: "mine.json")
        #expect(loaded.theme.name == "mine")
        // feedbackd's VibraRumble defaults: pause 0, magnitude 0.5
        // (`fbd_feedback_vibra_rumble_class_init`, src/fbd-feedback-vibra-rumble.c).
        #expect(
            loaded.theme.feedbacks(for: "button-pressed", at: .quiet) == [
                .rumble(duration: .milliseconds(15), count: 1, pause: .zero, magnitude: 0.5)
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
        #expect(
            loaded.theme.light(for: "message-new-instant", at: .full)
                == LedFeedback(color: LightColor(red: 0, green: 255, blue: 128), frequency: 2000))
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
                .rumble(duration: .milliseconds(15), count: 1, pause: .zero, magnitude: 0.5)
            ])
        #expect(
            loaded.theme.feedbacks(for: "message-new-email", at: .full) == [
                .rumble(duration: .milliseconds(750), count: 3, pause: .milliseconds(100), magnitude: 0.5)
            ])
        // Debian 12's theme writes 0.0.3's integers: 32767 is the kernel's full periodic scale
        // (`fbd_dev_vibra_periodic`, src/fbd-dev-vibra.c, 0.0.3).
        let alarm = ThemeFeedback.periodic(
            duration: .milliseconds(10000), magnitude: 1, fadeInTime: .milliseconds(10000), fadeInLevel: 4096.0 / 32767.0)
        #expect(loaded.theme.feedbacks(for: "alarm-clock-elapsed", at: .quiet) == [alarm])
        // No magnitude: 0x7FFF; no fade-in level: the magnitude; no fade-in time: the duration.
        let call = ThemeFeedback.periodic(duration: .milliseconds(10000), magnitude: 1, fadeInTime: .milliseconds(10000), fadeInLevel: 1)
        #expect(loaded.theme.feedbacks(for: "phone-incoming-call", at: .quiet) == [call])
        // Its Led entries, all in silent, so shown at every profile.
        let blue = LightColor(red: 0, green: 0, blue: 255)
        #expect(loaded.theme.light(for: "message-missed-sms", at: .full) == LedFeedback(color: blue, frequency: 2000))
        #expect(
            loaded.theme.light(for: "battery-caution", at: .silent)
                == LedFeedback(color: LightColor(red: 255, green: 0, blue: 0), frequency: 5000))
        #expect(loaded.theme.light(for: "button-pressed", at: .full) == nil)
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.notices == ["\(path): skipped 16 Sound entries: gamepads play haptics only"])
    }

    @Test func rumbleMagnitudesAreZeroToOneAndIgnoredAbove() throws {
        let loaded = try load(
            #"""
            {"name": "m", "profiles": [{"name": "full", "feedbacks": [
              {"event-name": "a", "type": "VibraRumble", "magnitude": 0.25},
              {"event-name": "b", "type": "VibraRumble", "magnitude": 65535},
              {"event-name": "c", "type": "VibraRumble", "magnitude": 1},
              {"event-name": "d", "type": "VibraPattern", "magnitudes": [0.25, 16384, -1], "durations": [10, 20, 30]}
            ]}]}
            """#
        )
        let magnitude = { (event: String) -> Double? in
            if case .rumble(_, _, _, let level)? = loaded.theme.feedbacks(for: event, at: .full).first { return level }
            return nil
        }
        #expect(magnitude("a") == 0.25)
        // Above 1: GObject refuses it and feedbackd 0.8 keeps the default 0.5 (0.0.3 reads no
        // rumble magnitude at all and plays 0x8000 of 0xFFFF).
        #expect(magnitude("b") == 0.5)
        #expect(magnitude("c") == 1)
        #expect(loaded.warnings.count == 1)
        // VibraPattern clamps to 0...1 (`fbd_feedback_vibra_pattern_serializable_deserialize_property`).
        let steps = [
            VibraStep(magnitude: 0.25, duration: .milliseconds(10)), VibraStep(magnitude: 1, duration: .milliseconds(20)),
            VibraStep(magnitude: 0, duration: .milliseconds(30)),
        ]
        #expect(loaded.theme.feedbacks(for: "d", at: .full) == [ThemeFeedback.pattern(steps)])
    }

    @Test func periodicEntriesReadAsTheThemesFeedbackdVersionReadsThem() throws {
        let unit = try load(
            #"""
            {"name": "u", "profiles": [{"name": "full", "feedbacks": [
              {"event-name": "a", "type": "VibraPeriodic", "duration": 1000},
              {"event-name": "b", "type": "VibraPeriodic", "magnitude": 0.8, "fade-in-level": 0.2, "fade-in-time": 100}
            ]}]}
            """#
        ).theme
        // 0.8: magnitude 0.5, fading in from 0 over 500 ms (`fbd_feedback_vibra_periodic_init`).
        #expect(
            unit.feedbacks(for: "a", at: .full) == [
                .periodic(duration: .milliseconds(1000), magnitude: 0.5, fadeInTime: .milliseconds(500), fadeInLevel: 0)
            ])
        #expect(
            unit.feedbacks(for: "b", at: .full) == [
                .periodic(duration: .milliseconds(1000), magnitude: 0.8, fadeInTime: .milliseconds(100), fadeInLevel: 0.2)
            ])
        let integer = try load(
            #"""
            {"name": "i", "profiles": [{"name": "full", "feedbacks": [
              {"event-name": "a", "type": "VibraPeriodic", "duration": 1000},
              {"event-name": "b", "type": "VibraPeriodic", "magnitude": 16383, "fade-in-level": 0, "fade-in-time": 0},
              {"event-name": "c", "type": "VibraPeriodic", "magnitude": 65535, "fade-in-level": 8191, "fade-in-time": 300},
              {"event-name": "d", "type": "VibraPeriodic", "duration": 600, "magnitude": 16384}
            ]}]}
            """#
        ).theme
        // 0.0.3: 0x7FFF full; a fade-in level of 0 is the magnitude, a fade-in time of 0 the
        // duration (`fbd_dev_vibra_periodic`, src/fbd-dev-vibra.c).
        #expect(
            integer.feedbacks(for: "a", at: .full) == [
                .periodic(duration: .milliseconds(1000), magnitude: 1, fadeInTime: .milliseconds(1000), fadeInLevel: 1)
            ])
        #expect(
            integer.feedbacks(for: "b", at: .full) == [
                .periodic(
                    duration: .milliseconds(1000), magnitude: 16383.0 / 32767.0, fadeInTime: .milliseconds(1000),
                    fadeInLevel: 16383.0 / 32767.0)
            ])
        #expect(
            integer.feedbacks(for: "c", at: .full) == [
                .periodic(duration: .milliseconds(1000), magnitude: 1, fadeInTime: .milliseconds(300), fadeInLevel: 8191.0 / 32767.0)
            ])
        // No fade-in level: the property's 0x7FFF default never reaches 0.0.3's instance (no
        // G_PARAM_CONSTRUCT), its 0 means the magnitude: a flat level, as the VM's
        // conformance test sees feedbackd play it.
        #expect(
            integer.feedbacks(for: "d", at: .full) == [
                .periodic(
                    duration: .milliseconds(600), magnitude: 16384.0 / 32767.0, fadeInTime: .milliseconds(600),
                    fadeInLevel: 16384.0 / 32767.0)
            ])
    }

    @Test func rumblesFeedbackdPlaysInAnUndefinedWayLoadWithAWarningEach() throws {
        let loaded = try load(
            #"""
            {"name": "e", "profiles": [{"name": "full", "feedbacks": [
              {"event-name": "equal", "type": "VibraRumble", "duration": 300, "count": 3, "pause": 100},
              {"event-name": "below", "type": "VibraRumble", "duration": 100, "count": 2, "pause": 100},
              {"event-name": "none", "type": "VibraRumble", "duration": 100, "count": 0},
              {"event-name": "fine", "type": "VibraRumble", "duration": 750, "count": 3, "pause": 100}
            ]}]}
            """#
        )
        #expect(loaded.theme.events.count == 4)
        #expect(loaded.warnings.count == 3)
        #expect(loaded.warnings.contains { $0.contains("'equal'") && $0.contains("1000 ms") })
        #expect(loaded.warnings.contains { $0.contains("'below'") && $0.contains("wraps") })
        #expect(loaded.warnings.contains { $0.contains("'none'") && $0.contains("divides by zero") })
    }

    /// feedbackd's `Dummy` type (`fbd-feedback-dummy.c`, what upstream's client test's theme
    /// uses): nothing played, the feedback lasting `duration` ms, 0 by default.
    @Test func dummyEntriesPlayNothingForTheirDuration() throws {
        let loaded = try load(
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "a", "type": "Dummy"}, "#
                + #"{"event-name": "b", "type": "Dummy", "duration": 10000}]}]}"#)
        #expect(loaded.theme.feedbacks(for: "a", at: .full) == [.pattern([VibraStep(magnitude: 0, duration: .zero)])])
        #expect(loaded.theme.feedbacks(for: "b", at: .full) == [.pattern([VibraStep(magnitude: 0, duration: .seconds(10))])])
    }

    /// `Led` entries as feedbackd reads them: the four names as written, `#RRGGBB` in any case,
    /// white (with a warning) for anything else; frequency in mHz, 0 by default; max-brightness.
    @Test func ledEntriesKeepTheirColourFrequencyAndBrightness() throws {
        let loaded = try load(
            #"""
            {"name": "l", "profiles": [
              {"name": "quiet", "feedbacks": [
                {"event-name": "a", "type": "VibraRumble", "duration": 100},
                {"event-name": "a", "type": "Led", "color": "green", "frequency": 2000}
              ]},
              {"name": "silent", "feedbacks": [
                {"event-name": "a", "type": "Led", "color": "red"},
                {"event-name": "b", "type": "Led", "color": "#0a0B0c", "max-brightness": 50, "priority": 3},
                {"event-name": "c", "type": "Led", "color": "Purple"},
                {"event-name": "d", "type": "Led"}
              ]}
            ]}
            """#
        )
        let white = LightColor(red: 255, green: 255, blue: 255)
        #expect(loaded.theme.light(for: "a", at: .full) == LedFeedback(color: LightColor(red: 0, green: 255, blue: 0), frequency: 2000))
        #expect(loaded.theme.light(for: "a", at: .silent) == LedFeedback(color: LightColor(red: 255, green: 0, blue: 0)))
        #expect(loaded.theme.feedbacks(for: "a", at: .quiet).count == 1)
        #expect(
            loaded.theme.light(for: "b", at: .quiet) == LedFeedback(color: LightColor(red: 10, green: 11, blue: 12), maximumBrightness: 50))
        #expect(loaded.theme.light(for: "c", at: .quiet) == LedFeedback(color: white))
        #expect(loaded.theme.light(for: "d", at: .quiet) == LedFeedback(color: white))
        #expect(
            loaded.warnings == [
                "t.json: profiles[1].feedbacks[2].color: 'c': feedbackd reads no colour in 'Purple' and shows white; so does hapticsd",
                "t.json: profiles[1].feedbacks[3].color: 'd': feedbackd reads no colour in none and shows white; so does hapticsd",
            ])
        #expect(loaded.notices.isEmpty)
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
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "VibraRumble", "magnitude": -0.5}]}]}"#,
            "t.json: profiles[0].feedbacks[0].magnitude: expected a magnitude: a number from 0 to 1, found -0.5"
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "VibraPattern", "magnitudes": [1], "durations": []}]}]}"#,
            "t.json: profiles[0].feedbacks[0].durations: expected as many durations as magnitudes (1), found an array"
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Led", "frequency": -1}]}]}"#,
            "t.json: profiles[0].feedbacks[0].frequency: expected a whole number of millihertz from 0 to 4294967295, found -1"
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Led", "max-brightness": 0}]}]}"#,
            "t.json: profiles[0].feedbacks[0].max-brightness: expected a whole number of percent from 1 to 100, found 0"
        ),
        (
            #"{"name": "x", "profiles": [{"name": "full", "feedbacks": [{"event-name": "e", "type": "Smell"}]}]}"#,
            #"t.json: profiles[0].feedbacks[0].type: expected one of VibraRumble, VibraPeriodic, VibraPattern, Haptics, Dummy, Sound, Led, found the string "Smell""#
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
