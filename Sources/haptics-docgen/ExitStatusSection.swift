import HapticsCommandLine

/// The EXIT STATUS section both programs' pages share, one entry per `ExitCode`.
enum ExitStatusSection {
    /// Every exit status, in order, with what it means.
    static let section = ManualSection(
        "EXIT STATUS", ExitCode.allCases.map { .entry(term: Roff.bold(String($0.rawValue)), body: meaning($0)) })

    /// What `code` means.
    private static func meaning(_ code: ExitCode) -> String {
        switch code {
        case .success: "Success."
        case .failure: "A run-time failure, such as a device that could not be driven or no session bus."
        case .usage: "The command line was wrong (EX_USAGE)."
        case .dataError: "An input file was wrong: a pattern or a theme that does not load (EX_DATAERR)."
        case .unavailable: "A service the program needs is taken, such as a bus name another process owns (EX_UNAVAILABLE)."
        case .interrupted: "Stopped by SIGINT (Ctrl-C)."
        case .terminated: "Stopped by SIGTERM."
        }
    }
}
