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
        let all = [command] + command.subcommands
        if all.contains(where: { $0.options.contains { if case .commaSeparatedWords = $0.completion { true } else { false } } }) {
            lines += Self.listFunction(program: name)
        }
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

    /// The name of the function offering a comma-separated list's items.
    private static func listFunction(of program: String) -> String {
        "__\(ShellQuote.identifier(program))_list_items"
    }

    /// The function offering a comma-separated list's items, called with the words that stand
    /// alone (separated by spaces) and then every word.
    private static func listFunction(program: String) -> [String] {
        [
            "",
            "# The items to offer for the comma-separated list being completed: the words after the",
            "# first argument, each after the items listed already; after a comma, none listed",
            "# already and none of the first argument's, which stand alone (nothing once one is listed).",
            "function \(listFunction(of: program))",
            "    set -l alone (string split -n ' ' -- $argv[1])",
            "    set -l head (string replace -r '[^,]*$' '' -- (commandline -ct))",
            "    set -l listed (string split -n , -- $head)",
            "    if test -n \"$head\"",
            "        for word in $alone",
            "            contains -- $word $listed; and return",
            "        end",
            "    end",
            "    for word in $argv[2..-1]",
            "        if test -z \"$head\"; or not contains -- $word $listed $alone",
            "            echo $head$word",
            "        end",
            "    end",
            "end",
            "",
        ]
    }

    /// The `complete` lines of one command's options and arguments, under `condition`.
    private static func lines(for command: CommandConfiguration, program: String, condition: String?) -> [String] {
        let head = "complete -c \(program)" + (condition.map { " -n \($0)" } ?? "")
        var lines = (command.options + command.standardOptions).map { option in
            var line = head
            if let short = option.shortName { line += " -s \(short.dropFirst())" }
            line += " -l \(option.name.dropFirst(2))"
            if option.valueName != nil { line += " " + values(option.completion, program: program) }
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
    /// its words, or `-r -F` (a path) with them; a comma-separated list's items come from the
    /// script's function (`listFunction(of:)`).
    private static func values(_ completion: ValueCompletion, program: String) -> String {
        let words = ShellQuote.fish(completion.words.joined(separator: " "))
        switch completion {
        case .none: return "-x"
        case .words: return "-x -a \(words)"
        case .commaSeparatedWords(let choices, let alone):
            let arguments = ([alone.joined(separator: " ")] + choices).map(ShellQuote.single).joined(separator: " ")
            return "-x -a " + ShellQuote.fish("(\(listFunction(of: program)) \(arguments))")
        case .files: return "-r -F"
        case .wordsOrFiles: return "-r -F -a \(words)"
        }
    }
}
