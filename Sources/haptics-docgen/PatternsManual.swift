import HapticsCommandLine
import HapticsModel

/// haptics-patterns(5): what a `<pattern>` argument may be, with the presets listed from the
/// library's own catalogue.
enum PatternsManual {
    /// The page.
    static var page: ManualPage {
        ManualPage(
            name: "haptics-patterns", section: 5, summary: "the patterns haptics plays: presets, AHAP, .haptic, Haptica strings",
            source: "haptics " + ProgramVersion.text,
            sections: [
                ManualSection(
                    "DESCRIPTION",
                    [
                        .paragraph(
                            "A <pattern> argument of haptics(1) (play, render, convert, validate) is read in this order: - "
                                + "for a pattern on standard input, a Haptica string with the prefix 'haptica:', a preset's "
                                + "name, else the path of an AHAP or .haptic file. A bare name that is no preset and no file "
                                + "is reported with the closest preset's name.")
                    ]),
                ManualSection("PRESETS", Preset.allCases.map { .entry(term: Roff.bold($0.name), body: $0.summary) }),
                ManualSection(
                    "AHAP",
                    [
                        .paragraph(
                            "Core Haptics' AHAP JSON. HapticTransient events are pulses; HapticContinuous events vibrate "
                                + "for EventDuration seconds (capped at 30 s). HapticIntensity and HapticSharpness are 0 to 1; "
                                + "AttackTime, DecayTime, ReleaseTime and Sustained shape a linear envelope. Parameter curves "
                                + "for intensity, sharpness and the envelope times apply to the events under them; Parameter "
                                + "entries set a control until the next. Audio events and unknown keys are skipped. Times "
                                + "are seconds from 0 to 3600; files are limited to 10 MiB. A file breaking these rules is "
                                + "refused whole, with an error naming the file, the JSON path and what was expected."),
                        .example([
                            "{\"Version\": 1, \"Pattern\": [",
                            "  {\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\",",
                            "    \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1}]}}",
                            "]}",
                        ]),
                    ]),
                ManualSection(
                    ".HAPTIC",
                    [
                        .paragraph(
                            "Lofelt and Meta Haptics Studio clips (version 1), mapped as Nice Vibrations maps them to Core "
                                + "Haptics: one continuous event following the amplitude and frequency breakpoints, and a "
                                + "transient per emphasis. The extension, or the content, selects the format.")
                    ]),
                ManualSection(
                    "HAPTICA STRINGS",
                    [
                        .paragraph(
                            "'haptica:' followed by O (heavy), o (medium), . (light), X (rigid) and x (soft), each the preset "
                                + "of that impact, and - for a wait of 0.1 s; impacts with no wait between them start together, "
                                + "other characters are ignored. A string with nothing to play is a bad input (exit 65)."),
                        .example(["haptics play 'haptica:..oO-Oo'"]),
                    ]),
                ManualSection(
                    "STANDARD INPUT",
                    [
                        .paragraph("- reads AHAP or .haptic JSON from standard input, the format told by its content."),
                        .example(["haptics convert clip.haptic - | haptics play -"]),
                    ]),
                ManualSection("SEE ALSO", [.formatted(SeeAlso.references(["haptics(1)", "hapticsd(1)"]))]),
            ])
    }
}
