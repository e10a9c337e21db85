import Haptics

/// `haptics convert IN OUT`: any pattern written as AHAP.
struct ConvertCommand: Subcommand {
    static let name = "convert"
    static let abstract = "Write any pattern (preset, .ahap, .haptic, haptica:) as an AHAP file."
    static let usage = """
        USAGE: haptics convert <pattern> <output>

        ARGUMENTS:
          \(PatternSource.help)
          <output>              a path ending in .ahap, or - for standard output

        OPTIONS:
          -h, --help            Show help information.
        """

    /// Where the AHAP goes.
    enum Output: Equatable {
        /// Standard output.
        case standardOutput
        /// A file, replaced when it exists.
        case file(String)
    }

    let source: PatternSource
    let output: Output

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        let values = try arguments.positionals()
        guard values.count == 2 else {
            throw arguments.error(values.count < 2 ? "missing \(values.isEmpty ? "<pattern>" : "<output>")" : "unexpected argument '\(values[2])'")
        }
        source = PatternSource(values[0])
        if values[1] == "-" {
            output = .standardOutput
        } else if PatternFile.Format(fileName: values[1]) == .ahap {
            output = .file(values[1])
        } else {
            throw arguments.error("the output '\(values[1])' is neither a path ending in .ahap nor - (standard output)")
        }
    }

    func run(on console: Console) async -> ExitCode {
        guard let pattern = source.load(on: console) else { return .dataError }
        let ahap = AHAPWriter.ahap(for: pattern, source: source.name)
        switch output {
        case .standardOutput:
            console.out(String(ahap.dropLast()))
        case .file(let path):
            do {
                try FileWriter.replaceFile(atPath: path, with: ahap)
            } catch {
                console.err("Error: \(path): cannot write the file: \(error.message); check the folder exists and is writable")
                return .failure
            }
            console.err("wrote \(path) (\(pattern.events.count) events, \(pattern.curves.count) curves)")
        }
        return .success
    }
}
