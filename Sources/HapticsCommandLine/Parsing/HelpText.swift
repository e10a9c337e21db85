/// Lays out a command's help from its declaration, as swift-argument-parser does: OVERVIEW
/// (its abstract), USAGE, the discussion, ARGUMENTS, OPTIONS and SUBCOMMANDS, wrapped
/// to 80 columns, with each help text starting in one column.
package enum HelpText {
    /// The width text is wrapped to.
    package static let width = 80
    /// The column where the help of an argument or option starts.
    package static let helpColumn = 24

    /// The whole help of `command`.
    package static func help(for command: CommandConfiguration) -> String {
        var sections = [wrap("OVERVIEW: " + command.abstract, width: width).joined(separator: "\n"), usage(for: command)]
        let paragraphs = command.discussion.split(separator: "\n", omittingEmptySubsequences: false)
            .split(whereSeparator: \.isEmpty).map { $0.joined(separator: " ") }
        sections += paragraphs.map { wrap($0, width: width).joined(separator: "\n") }
        if !command.arguments.isEmpty {
            sections.append((["ARGUMENTS:"] + command.arguments.flatMap { entry($0.label, $0.help) }).joined(separator: "\n"))
        }
        let options = command.options + command.standardOptions
        sections.append((["OPTIONS:"] + options.flatMap { entry($0.label, $0.help) }).joined(separator: "\n"))
        if !command.subcommands.isEmpty {
            let column = 2 + (command.subcommands.map(\.name.count).max() ?? 0) + 2
            let lines = command.subcommands.flatMap { entry($0.name, $0.abstract, column: column) }
            sections.append(
                (["SUBCOMMANDS:"] + lines + ["", "  See '\(command.commandName) <subcommand> --help' for detailed help."]).joined(
                    separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    /// The USAGE line (wrapped, continued under the first argument): the arguments, then
    /// every option but the standard ones; `<subcommand>` for a command with subcommands.
    package static func usage(for command: CommandConfiguration) -> String {
        let lead = "USAGE: \(command.commandName) "
        let units = command.arguments.map(\.usage) + command.options.map(\.usage) + (command.subcommands.isEmpty ? [] : ["<subcommand>"])
        guard !units.isEmpty else { return "USAGE: " + command.commandName }
        let lines = fill(units, width: width - lead.count)
        let indent = String(repeating: " ", count: lead.count)
        return lines.enumerated().map { ($0.offset == 0 ? lead : indent) + $0.element }.joined(separator: "\n")
    }

    /// One entry of ARGUMENTS, OPTIONS or SUBCOMMANDS: the label indented by two, the help
    /// from `column` on (on the next line when the label reaches it).
    private static func entry(_ label: String, _ help: String, column: Int = helpColumn) -> [String] {
        let indent = String(repeating: " ", count: column)
        let lines = wrap(help, width: width - column).map { indent + $0 }
        let head = "  " + label
        guard head.count + 2 <= column, let first = lines.first else { return [head] + lines }
        return [head + String(first.dropFirst(head.count))] + lines.dropFirst()
    }

    /// `text`'s words filled into lines of at most `width` characters.
    private static func wrap(_ text: String, width: Int) -> [String] {
        fill(text.split(whereSeparator: \.isWhitespace).map(String.init), width: width)
    }

    /// `units` joined by spaces into lines of at most `width` characters (a longer unit
    /// has a line of its own).
    private static func fill(_ units: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for unit in units {
            if line.isEmpty {
                line = unit
            } else if line.count + 1 + unit.count <= width {
                line += " " + unit
            } else {
                lines.append(line)
                line = unit
            }
        }
        return line.isEmpty ? lines : lines + [line]
    }
}
