import HapticsCommandLine
import HapticsTool

/// haptics(1): every subcommand with its arguments and options, from the declarations the
/// parser and `--help` use.
enum HapticsManual {
    /// The page.
    static var page: ManualPage {
        let command = HapticsCommand.configuration
        return ManualPage(
            name: "haptics", section: 1, summary: command.abstract, source: "haptics " + ProgramVersion.text,
            sections: [
                ManualSection(
                    "SYNOPSIS",
                    [
                        .formatted(Roff.bold("haptics") + " " + Roff.italic("<subcommand>") + " [" + Roff.italic("options") + "]"),
                        .formatted(Roff.bold("haptics help") + " [" + Roff.italic("<subcommand>") + "]"),
                        .formatted(Roff.bold("haptics --version")),
                    ]),
                ManualSection(
                    "DESCRIPTION",
                    Array(CommandManual.description(for: command).dropFirst()) + [
                        .paragraph(
                            "Impacts, notifications and the selection tick are the ones UIFeedbackGenerator names; patterns are "
                                + "presets, AHAP and .haptic files, Haptica strings or standard input, as haptics-patterns(5) "
                                + "describes. The playing subcommands send their frames to a driver: a gamepad through the "
                                + "kernel's evdev force-feedback interface, the terminal, or a recorder printing JSON lines."),
                        .paragraph("Each subcommand prints its help with -h; 'haptics help <subcommand>' does too."),
                    ]),
                ManualSection("OPTIONS", CommandManual.options(of: command)),
                ManualSection("COMMANDS", command.subcommands.flatMap(CommandManual.subcommand)),
                ManualSection(
                    "EXAMPLES",
                    [
                        .example([
                            "haptics impact heavy --driver stdout", "haptics play success --loop 3",
                            "haptics render 'haptica:..oO-Oo' --format json", "haptics convert clip.haptic clip.ahap",
                        ])
                    ]),
                ExitStatusSection.section,
                ManualSection("SEE ALSO", [.formatted(SeeAlso.references(["hapticsd(1)", "haptics-patterns(5)", "fbcli(1)"]))]),
            ])
    }
}
