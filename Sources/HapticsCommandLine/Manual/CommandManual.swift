/// The parts of a manual page that come from a command's declaration, the one its parser and
/// its help also come from: the synopsis, the description, the arguments and the options.
package enum CommandManual {
    /// The synopsis line of `command`: its name in bold, then its arguments, its options and
    /// `<subcommand>`, as the USAGE line shows them.
    package static func synopsis(for command: CommandConfiguration) -> ManualBlock {
        let units =
            command.arguments.map { Roff.italic($0.label) + ($0.isRepeated ? " ..." : "") }
            + command.options.map { "[" + Roff.bold($0.name) + ($0.valueName.map { " " + Roff.italic("<\($0)>") } ?? "") + "]" }
            + (command.subcommands.isEmpty ? [] : [Roff.italic("<subcommand>")])
        return .formatted(([Roff.bold(command.commandName)] + units).joined(separator: " "))
    }

    /// The abstract, then the discussion's paragraphs.
    package static func description(for command: CommandConfiguration) -> [ManualBlock] {
        let paragraphs = command.discussion.split(separator: "\n", omittingEmptySubsequences: false)
            .split(whereSeparator: \.isEmpty).map { ManualBlock.paragraph($0.joined(separator: " ")) }
        return [.paragraph(command.abstract)] + paragraphs
    }

    /// One entry per positional argument, with its help.
    package static func arguments(of command: CommandConfiguration) -> [ManualBlock] {
        command.arguments.map { .entry(term: Roff.italic($0.usage), body: $0.help) }
    }

    /// One entry per option, the standard ones (`--version`, `-h`) last, with its help.
    package static func options(of command: CommandConfiguration) -> [ManualBlock] {
        (command.options + command.standardOptions).map(entry(for:))
    }

    /// The entry of one option: its names in bold, its value in italics, then its help.
    private static func entry(for option: OptionDeclaration) -> ManualBlock {
        let names = ([option.shortName].compactMap { $0 } + [option.name]).map(Roff.bold).joined(separator: ", ")
        return .entry(term: names + (option.valueName.map { " " + Roff.italic("<\($0)>") } ?? ""), body: option.help)
    }

    /// A subcommand's subsection: its heading, synopsis, description, arguments and options.
    package static func subcommand(_ command: CommandConfiguration) -> [ManualBlock] {
        [.subsection(command.commandName), synopsis(for: command)] + description(for: command) + arguments(of: command)
            + options(of: command)
    }
}
