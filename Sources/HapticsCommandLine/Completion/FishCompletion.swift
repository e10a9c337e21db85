/// A fish completion script for a command and its subcommands, from their declarations:
/// `complete` lines for the subcommands, each one's options with their values, and its
/// positional arguments. Installed as `<name>.fish` in a `vendor_completions.d`.
package struct FishCompletion {
    /// The command completed.
    private let command: CommandConfiguration

    /// The script for `command`.
    package init(for command: CommandConfiguration) {
        self.command = command
    }

    /// The whole script.
    package var script: String {
        let name = command.name
        var lines = ["# fish completion for \(name), generated from its option declarations.", "complete -c \(name) -f"]
        if command.subcommands.isEmpty {
            lines += Self.lines(for: command, program: name, condition: nil)
        } else {
            let top = "__fish_use_subcommand"
            lines += Self.lines(for: command, program: name, condition: top)
            for subcommand in command.subcommands {
                lines.append("complete -c \(name) -n \(top) -a \(subcommand.name) -d \(ShellQuote.fish(subcommand.abstract))")
            }
            lines.append("complete -c \(name) -n \(top) -a help -d \(ShellQuote.fish("Show the help of a subcommand."))")
            let names = command.subcommands.map(\.name).joined(separator: " ")
            lines.append("complete -c \(name) -n '__fish_seen_subcommand_from help' -a \(ShellQuote.fish(names))")
            for subcommand in command.subcommands {
                lines += Self.lines(for: subcommand, program: name, condition: "'__fish_seen_subcommand_from \(subcommand.name)'")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `complete` lines of one command's options and arguments, under `condition`.
    private static func lines(for command: CommandConfiguration, program: String, condition: String?) -> [String] {
        let head = "complete -c \(program)" + (condition.map { " -n \($0)" } ?? "")
        var lines = (command.options + command.standardOptions).map { option in
            var line = head
            if let short = option.shortName { line += " -s \(short.dropFirst())" }
            line += " -l \(option.name.dropFirst(2))"
            if option.valueName != nil { line += " " + values(option.completion) }
            return line + " -d \(ShellQuote.fish(option.abstract))"
        }
        if condition != "__fish_use_subcommand" {
            lines += command.arguments.compactMap { argument in argumentValues(argument.completion).map { head + " " + $0 } }
        }
        return lines
    }

    /// The flags of a `complete` line offering `completion` for a positional argument: its
    /// words with `-a`, paths with `-F`; `nil` for nothing to offer.
    private static func argumentValues(_ completion: ValueCompletion) -> String? {
        let words = ShellQuote.fish(completion.words.joined(separator: " "))
        switch completion {
        case .none: return nil
        case .words, .commaSeparatedWords: return "-a \(words)"
        case .files: return "-F"
        case .wordsOrFiles: return "-F -a \(words)"
        }
    }

    /// The flags of a `complete` line offering `completion`: `-x` (a value, no paths) with
    /// its words, or `-r -F` (a path) with them.
    private static func values(_ completion: ValueCompletion) -> String {
        let words = ShellQuote.fish(completion.words.joined(separator: " "))
        switch completion {
        case .none: return "-x"
        case .words: return "-x -a \(words)"
        case .commaSeparatedWords(let choices):
            // The items before the last comma, kept, before each choice.
            let kept = "(string replace -r \"[^,]*\\$\" \"\" -- (commandline -ct))"
            return "-x -a " + ShellQuote.fish(kept + "(printf \"%s\\n\" \(choices.joined(separator: " ")))")
        case .files: return "-r -F"
        case .wordsOrFiles: return "-r -F -a \(words)"
        }
    }
}
