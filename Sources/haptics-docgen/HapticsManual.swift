import HapticsCommandLine
import HapticsModel
import HapticsRouting
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
                permissions,
                troubleshooting,
                ExitStatusSection.section,
                ManualSection("SEE ALSO", [.formatted(SeeAlso.references(["hapticsd(1)", "haptics-patterns(5)", "fbcli(1)"]))]),
            ])
    }

    /// Who may write to the pads' nodes, and the udev rule that lets the seat's user
    /// (`Advice.permissions` points here).
    private static let permissions = ManualSection(
        Advice.permissionsSection,
        [
            .paragraph(
                "Rumble needs write access to the pad's event node, /dev/input/eventN, which is usually root:input 0660; "
                    + "triggers and HD Rumble need write access to its hidraw node, /dev/hidrawN, usually root:root 0600. "
                    + "'haptics devices' says 'read-only' of a node this user may not write. Desktops grant the seated user "
                    + "the event nodes through udev's uaccess tag; where they do not, and for the hidraw nodes, "
                    + Advice.udevRule + "."),
            .paragraph(
                "Adding the user to the 'input' group grants the event nodes too, but lets every program of that user read "
                    + "every keyboard: prefer the rule."),
        ])

    /// What to check when no pad is found or a pad does not play (`Advice.troubleshooting`
    /// points here).
    private static let troubleshooting = ManualSection(
        Advice.troubleshootingSection,
        [
            .entry(
                term: Roff.bold("No device"),
                body: "'haptics devices' lists nothing (--json: []) and says no device that can vibrate was found: check that "
                    + "the pad shows up in 'ls /dev/input/by-id' and that its kernel driver is loaded ('dmesg | tail' after "
                    + "plugging it in). Over Bluetooth, pair and connect it first. Some pads rumble only in their XInput mode."),
            .entry(
                term: Roff.bold("A read-only node"),
                body: "'haptics devices' says 'rumble needs write access' or 'read-only': see \(Advice.permissionsSection)."),
            .entry(
                term: Roff.bold("No hidraw node"),
                body: "a DualSense, a Switch Pro Controller or an Xbox Wireless Controller over Bluetooth listed without "
                    + "'hidraw /dev/hidrawN': the kernel's hidraw module is not loaded ('modprobe hidraw'); the pad still "
                    + "rumbles through evdev, but its triggers and HD Rumble need the node."),
            .entry(
                term: Roff.bold("Steam holds the pad"),
                body: "with Steam Input on, Steam may grab the pad and drive its rumble itself: quit Steam, or turn Steam "
                    + "Input off for that pad."),
            .entry(
                term: Roff.bold("No free effect slot"),
                body: "another program (a game, Steam) uploaded effects to every slot of the pad: close it."),
        ])
}
