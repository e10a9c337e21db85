import HapticsCommandLine

/// A small command with a subcommand of each kind of value, for the manual and completion tests.
enum SampleCommand {
    /// `tool play <pattern> [--loop <count>] [--driver <driver>] [--theme <file>] [--json]`.
    static let play = CommandConfiguration(
        name: "play", parent: "tool", abstract: "Play a pattern.", discussion: "First paragraph.\n\n.A line starting with a dot.",
        arguments: [ArgumentDeclaration("pattern", help: "a preset or a file", completion: .wordsOrFiles(["light", "heavy"]))],
        options: [
            OptionDeclaration("--loop", valueName: "count", abstract: "how many times", completion: .words(["forever"])),
            OptionDeclaration(
                "--driver", valueName: "driver", abstract: "where",
                completion: .commaSeparatedWords(["auto", "stdout", "evdev", "hidraw", "record"], alone: ["auto", "record"])),
            OptionDeclaration("--theme", valueName: "file", abstract: "a theme [JSON]: feedbackd's", completion: .files),
            OptionDeclaration("--json", abstract: "as JSON"),
        ])
    /// `tool list`.
    static let list = CommandConfiguration(name: "list", parent: "tool", abstract: "List them.")
    /// `tool`.
    static let tool = CommandConfiguration(name: "tool", abstract: "A tool.", takesVersion: true, subcommands: [play, list])
}
