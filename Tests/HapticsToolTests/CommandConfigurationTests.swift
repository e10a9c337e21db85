import Testing

@testable import HapticsCommandLine
@testable import HapticsDaemon
@testable import HapticsDaemonTool
@testable import HapticsTool

/// Every command's help and parser come from its declaration: each declared option parses
/// and is in the help, and the help names nothing that is not declared.
@Suite struct CommandConfigurationTests {
    /// A command line fragment each option accepts, for the options whose default's text is
    /// not a value (or that need another option beside them).
    private static let samples: [String: [String]] = [
        "--to": ["--to", "0.5"],
        "--trace": ["--trace", "t.csv"],
        "--component": ["--component", "back-footer", "--trace", "t.csv"],
        "--theme": ["--theme", "t.json"],
        "--driver": ["--driver", "stdout"],
        "--pad": ["--pad", "switch-pro"],
        "--hold": ["--hold", "0.5"],
    ]

    /// The positional arguments each subcommand needs.
    private static let positionals: [String: [String]] = [
        "impact": ["light"], "notify": ["success"], "play": ["heavy"], "render": ["heavy"], "validate": ["heavy"],
        "convert": ["heavy", "-"], "trigger": ["left", "off"], "light": ["red"],
    ]

    /// Whole command lines for the options a subcommand takes only with some arguments (a
    /// trigger mode's options with that mode), by subcommand and option.
    private static let linesByOption: [String: [String: [String]]] = [
        "trigger": [
            "--start": ["left", "feedback", "--start", "0.2", "--strength", "1"],
            "--end": ["left", "weapon", "--start", "0.2", "--end", "0.5", "--strength", "1"],
            "--strength": ["left", "feedback", "--start", "0.2", "--strength", "1"],
            "--end-strength": ["left", "slope", "--start", "0", "--end", "1", "--strength", "0", "--end-strength", "1"],
            "--amplitude": ["left", "vibration", "--start", "0", "--amplitude", "1", "--frequency", "0.5"],
            "--frequency": ["left", "vibration", "--start", "0", "--amplitude", "1", "--frequency", "0.5"],
            "--strengths": ["left", "positional-feedback", "--strengths", "0,0,0,0,0,1,1,1,1,1"],
            "--amplitudes": ["left", "positional-vibration", "--amplitudes", "0,0,0,0,0,1,1,1,1,1", "--frequency", "1"],
            "--hold": ["left", "off", "--hold", "1"],
            "--driver": ["left", "off", "--driver", "hidraw"],
        ]
    ]

    /// The arguments that give `option` a value it accepts.
    private static func sample(_ option: OptionDeclaration) throws -> [String] {
        if let sample = samples[option.name] { return sample }
        guard option.valueName != nil else { return [option.name] }
        return [option.name, try #require(option.defaultText, "\(option.name) needs a sample value")]
    }

    @Test(arguments: HapticsCommand.subcommands.map { $0.configuration.name })
    func everySubcommandParsesAndListsWhatItDeclares(_ name: String) throws {
        let configuration = try #require(HapticsCommand.subcommands.first { $0.configuration.name == name }).configuration
        guard case .help(let help) = try HapticsCommand.parse(name, ["--help"]) else {
            Issue.record("--help is not help")
            return
        }
        #expect(help == configuration.help)
        let base = Self.positionals[name] ?? []
        #expect(throws: Never.self) { try HapticsCommand.parse(name, base) }
        for option in configuration.options {
            let arguments = try Self.linesByOption[name]?[option.name] ?? base + Self.sample(option)
            #expect(throws: Never.self, "\(name) \(arguments)") { try HapticsCommand.parse(name, arguments) }
        }
        audit(help, of: configuration)
    }

    @Test func theDaemonParsesAndListsWhatItDeclares() throws {
        let configuration = DaemonOptions.configuration
        let printed = CapturedConsole()
        #expect(HapticsDaemonCommand.run(["--help"], environment: [:], console: printed.console) == .success)
        #expect(printed.out == configuration.help)
        for option in configuration.options {
            var reader = ArgumentReader(try Self.sample(option), for: configuration)
            #expect(throws: Never.self, "\(option.name)") { try DaemonOptions(parsing: &reader) }
        }
        audit(configuration.help, of: configuration)
    }

    @Test func theTopLevelHelpListsEverySubcommandAndWhatItDeclares() {
        let help = HapticsCommand.configuration.help
        for subcommand in HapticsCommand.subcommands {
            #expect(help.contains("\n  \(subcommand.configuration.name)  "))
        }
        audit(help, of: HapticsCommand.configuration)
    }

    @Test func anOptionAnotherCommandDeclaresIsUnknown() {
        #expect(throws: UsageError(message: "unknown option '--format'", command: "haptics select")) {
            try HapticsCommand.parse("select", ["--format", "json"])
        }
    }

    /// Checks that `help` shows each option `configuration` declares, in its USAGE line
    /// (all but the standard ones) and its OPTIONS section, and names no other option or value.
    private func audit(_ help: String, of configuration: CommandConfiguration, sourceLocation: SourceLocation = #_sourceLocation) {
        let usage = help.split(separator: "\n\n").first { $0.hasPrefix("USAGE:") }.map(String.init) ?? ""
        let options = help.split(separator: "\n\n").first { $0.hasPrefix("OPTIONS:") }.map(String.init) ?? ""
        for option in configuration.options {
            #expect(usage.contains(option.usage), "\(option.usage) is not in the USAGE line", sourceLocation: sourceLocation)
        }
        let listed = options.split(separator: "\n").filter { $0.hasPrefix("  -") }
            .map { String($0.dropFirst(2).split(separator: "  ", maxSplits: 1)[0]) }
        #expect(listed == (configuration.options + configuration.standardOptions).map(\.label), sourceLocation: sourceLocation)

        let names = Set((configuration.options + configuration.standardOptions).flatMap { [$0.name, $0.shortName].compactMap(\.self) })
        let values = Set(
            configuration.options.compactMap(\.valueName).map { "<\($0)>" } + configuration.arguments.map(\.label)
                + (configuration.subcommands.isEmpty ? [] : ["<subcommand>"]))
        for match in help.matches(of: /(?:^|[\s'(\[])(--?[a-z][a-z-]*)/) {
            #expect(names.contains(String(match.output.1)), "\(match.output.1) is not declared", sourceLocation: sourceLocation)
        }
        for match in help.matches(of: /<[a-z-]+>/) {
            #expect(values.contains(String(match.output)), "\(match.output) is not declared", sourceLocation: sourceLocation)
        }
    }
}
