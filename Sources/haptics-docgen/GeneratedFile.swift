import HapticsCommandLine
import HapticsDaemon
import HapticsTool

/// The files generated from the programs' declarations, by the names `make install` gives them:
/// the manual pages and the bash, zsh and fish completions of `haptics` and `hapticsd`.
enum GeneratedFile: String, CaseIterable {
    /// haptics(1).
    case hapticsManual = "haptics.1"
    /// hapticsd(1).
    case daemonManual = "hapticsd.1"
    /// haptics-patterns(5).
    case patternsManual = "haptics-patterns.5"
    /// The bash completion of `haptics`.
    case hapticsBash = "haptics.bash"
    /// The bash completion of `hapticsd`.
    case daemonBash = "hapticsd.bash"
    /// The zsh completion of `haptics`.
    case hapticsZsh = "_haptics"
    /// The zsh completion of `hapticsd`.
    case daemonZsh = "_hapticsd"
    /// The fish completion of `haptics`.
    case hapticsFish = "haptics.fish"
    /// The fish completion of `hapticsd`.
    case daemonFish = "hapticsd.fish"

    /// The file's text.
    var contents: String {
        switch self {
        case .hapticsManual: HapticsManual.page.roff
        case .daemonManual: DaemonManual.page.roff
        case .patternsManual: PatternsManual.page.roff
        case .hapticsBash: BashCompletion(for: HapticsCommand.configuration).script
        case .daemonBash: BashCompletion(for: DaemonOptions.configuration).script
        case .hapticsZsh: ZshCompletion(for: HapticsCommand.configuration).script
        case .daemonZsh: ZshCompletion(for: DaemonOptions.configuration).script
        case .hapticsFish: FishCompletion(for: HapticsCommand.configuration).script
        case .daemonFish: FishCompletion(for: DaemonOptions.configuration).script
        }
    }
}
