import HapticsCommandLine
import HapticsModel

/// `haptics list`.
struct ListCommand: Subcommand {

    /// The name the command line calls it by.
    static let name = "list"

    /// The command's declaration.
    static let configuration = CommandConfiguration(name: name, parent: "haptics", abstract: "List the built-in presets.")

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
    }

    func run(on console: Console) async -> ExitCode {
        let width = Preset.allCases.map(\.name.count).max() ?? 0
        for preset in Preset.allCases {
            let name = preset.name + String(repeating: " ", count: width - preset.name.count)
            console.out("\(name)  \(preset.summary)")
        }
        return .success
    }
}
