import HapticsCommandLine
import HapticsDaemon
import HapticsDaemonTool
import HapticsModel

/// hapticsd(1): its options from the declaration its parser and `--help` use, and what the
/// service does on the bus, with signals, files and environment.
enum DaemonManual {
    /// The page.
    static var page: ManualPage {
        let command = DaemonOptions.configuration
        return ManualPage(
            name: "hapticsd", section: 1, summary: command.abstract, source: "haptics " + ProgramVersion.text,
            sections: [
                ManualSection("SYNOPSIS", [CommandManual.synopsis(for: command)]),
                ManualSection(
                    "DESCRIPTION",
                    Array(CommandManual.description(for: command).dropFirst()) + [
                        .paragraph(
                            "hapticsd is a per-user session service speaking feedbackd's D-Bus API: it owns org.sigxcpu.Feedback "
                                + "and serves the interfaces org.sigxcpu.Feedback (TriggerFeedback, EndFeedback, the signal "
                                + "FeedbackEnded and the property Profile), org.sigxcpu.Feedback.Haptic (Vibrate) and its own "
                                + "io.github.haptics.Haptics1 at /org/sigxcpu/Feedback. Apps that give feedback through "
                                + "libfeedback, and fbcli(1), rumble a gamepad unchanged."),
                        .paragraph(
                            "By default it drives every device that can vibrate (--device all): pads plugged in later join, "
                                + "unplugged ones leave, and it runs with no device at all, playing as soon as one appears. "
                                + "Events map to patterns through a feedbackd theme."),
                        .paragraph(
                            "The D-Bus activation file starts it through its systemd user unit, hapticsd.service, when the "
                                + "first client calls and no process owns the name; 'systemctl --user enable --now hapticsd' "
                                + "starts it at login instead."),
                    ]),
                ManualSection("OPTIONS", CommandManual.options(of: command)),
                ManualSection(
                    "SIGNALS",
                    [
                        .entry(
                            term: Roff.bold("SIGTERM") + ", " + Roff.bold("SIGINT"),
                            body:
                                "Stop every motor, erase every effect, reset what went through hidraw (triggers, HD Rumble) and exit: 0 after SIGTERM (how systemd stops the "
                                + "service), 130 after SIGINT."),
                        .entry(term: Roff.bold("SIGHUP"), body: "Reload the theme ('systemctl --user reload hapticsd')."),
                    ]),
                ManualSection(
                    "ENVIRONMENT",
                    [
                        .entry(term: Roff.bold("FEEDBACK_THEME"), body: "The theme file, when --theme is not given."),
                        .entry(
                            term: Roff.bold("XDG_CONFIG_HOME"),
                            body: "Where feedbackd/themes/default.json is looked for next (default ~/.config)."),
                        .entry(term: Roff.bold("DBUS_SESSION_BUS_ADDRESS"), body: "The session bus served."),
                    ]),
                ManualSection(
                    "FILES",
                    [
                        .entry(term: Roff.italic("/usr/lib/systemd/user/hapticsd.service"), body: "The systemd user unit."),
                        .entry(
                            term: Roff.italic("/usr/share/dbus-1/services/org.sigxcpu.Feedback.service"),
                            body: "The D-Bus activation file, which starts the unit."),
                        .entry(
                            term: Roff.italic("$XDG_CONFIG_HOME/feedbackd/themes/default.json"),
                            body: "The user's theme, in feedbackd's format."),
                    ]),
                ExitStatusSection.section,
                ManualSection(
                    "SEE ALSO", [.formatted(SeeAlso.references(["haptics(1)", "haptics-patterns(5)", "fbcli(1)", "systemctl(1)"]))]),
            ])
    }
}
