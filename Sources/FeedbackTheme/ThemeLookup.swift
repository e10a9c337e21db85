/// Which theme the daemon loads: the theme it was told to use, then `FEEDBACK_THEME`, then
/// `$XDG_CONFIG_HOME/feedbackd/themes/default.json` (`~/.config` when unset) when that file
/// exists, then the built-in gamepad theme.
public enum ThemeLookup: Sendable, Hashable {
    /// A theme file.
    case file(String)
    /// `BuiltInTheme`.
    case builtIn

    /// Picks the theme from the one asked for (`option`, e.g. a command-line option), the
    /// environment and whether a file exists.
    public static func resolve(option: String?, environment: [String: String], exists: (String) -> Bool) -> ThemeLookup {
        if let option { return .file(option) }
        if let theme = environment["FEEDBACK_THEME"], !theme.isEmpty { return .file(theme) }
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { "\($0)/.config" }
        if let config {
            let user = "\(config)/feedbackd/themes/default.json"
            if exists(user) { return .file(user) }
        }
        return .builtIn
    }
}
