import FeedbackTheme
import HapticsDaemon

/// What `hapticsd` tells a person about an error that stops it from starting: the error, where
/// its input came from when that is not on the command line, and the next step.
enum DaemonAdvice {
    /// The message for a theme that cannot be loaded: its error, and for a path that came from
    /// the environment (`$FEEDBACK_THEME`) or the user's configuration, where it came from and
    /// what to do.
    static func message(for error: ThemeLoadError, option: String?, environment: [String: String]) -> String {
        guard option == nil else { return "\(error)" }
        if let named = environment["FEEDBACK_THEME"], !named.isEmpty {
            return "\(error) (the theme $FEEDBACK_THEME names; fix it, unset FEEDBACK_THEME, or pass --theme FILE)"
        }
        return "\(error) (the user's theme, found in the feedbackd configuration folder; fix it, or pass --theme FILE)"
    }

    /// The message for a bus error: with no session bus, where hapticsd looks for one and how
    /// it is meant to run; any other as it is.
    static func message(for error: BusError) -> String {
        guard error.operation == BusError.connectingToTheSessionBus else { return "\(error)" }
        return "\(error): hapticsd serves a desktop session's bus ($DBUS_SESSION_BUS_ADDRESS, else $XDG_RUNTIME_DIR/bus); "
            + "run it in that session, e.g. as the user service (systemctl --user start hapticsd)"
    }
}
