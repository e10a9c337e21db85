import HapticsCommandLine
import HapticsModel
import HapticsPlatform

/// `haptics convert IN OUT`: any pattern written as AHAP.
struct ConvertCommand: Subcommand {
    /// The `<output>` argument.
    static let output = ArgumentDeclaration("output", help: "a path ending in .ahap, or - for standard output", completion: .files)

    /// The name the command line calls it by.
    static let name = "convert"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics", abstract: "Write any pattern (preset, .ahap, .haptic, haptica:) as an AHAP file.",
        arguments: [PatternSource.argument, output])

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
        let values = try arguments.values(of: [PatternSource.argument, Self.output])
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
