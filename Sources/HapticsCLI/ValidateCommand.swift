import Haptics

/// `haptics validate FILE...`.
struct ValidateCommand: Subcommand {
    static let name = "validate"
    static let abstract = "Check AHAP files: exit 0 when all load, 65 otherwise, one line per problem."
    static let usage = """
        USAGE: haptics validate <file> ...

        ARGUMENTS:
          <file>                AHAP files to check

        OPTIONS:
          -h, --help            Show help information.
        """

    let files: [String]

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        files = try arguments.positionals()
        guard !files.isEmpty else { throw arguments.error("missing <file>") }
    }

    func run(on console: Console) async -> ExitCode {
        var failed = false
        for file in files {
            do {
                let loaded = try AHAPLoader.load(contentsOf: file)
                for notice in loaded.notices { console.err("note: \(notice)") }
                let pattern = loaded.pattern
                console.out("ok: \(file) (\(pattern.events.count) events, \(pattern.curves.count) curves, \(formatted(pattern.duration)) s)")
            } catch {
                failed = true
                console.err("error: \(error)")
            }
        }
        return failed ? .dataError : .success
    }

    private func formatted(_ seconds: Double) -> String {
        String((seconds * 1000).rounded() / 1000)
    }
}
