/// A zsh completion function for a command and its subcommands, from their declarations, as
/// `_arguments` specifications: subcommands with their abstracts, options with their help,
/// the values of options and positional arguments. Installed as `_<name>` in a directory of
/// `$fpath`.
package struct ZshCompletion {
    /// The command completed.
    private let command: CommandConfiguration

    /// The function for `command`.
    package init(for command: CommandConfiguration) {
        self.command = command
    }

    /// The whole file.
    package var script: String {
        let function = "_" + ShellQuote.identifier(command.name)
        var lines = ["#compdef \(command.name)", "# zsh completion for \(command.name), generated from its option declarations.", ""]
        if command.subcommands.isEmpty {
            lines += ["\(function)() {", "    _arguments -s \\"] + Self.specifications(of: command).map { "        \($0) \\" }
            lines[lines.count - 1].removeLast(2)
            lines += ["}"]
        } else {
            lines += ["\(function)() {", "    local state line", "    _arguments -C \\"]
            lines += Self.specifications(of: command).map { "        \($0) \\" }
            lines += ["        '1: :->subcommand' \\", "        '*:: :->arguments'", "    case $state in", "    subcommand)"]
            let described =
                command.subcommands.map { ShellQuote.single($0.name + ":" + $0.abstract) } + [
                    ShellQuote.single("help:Show the help of \(command.name) or of a subcommand.")
                ]
            lines +=
                [
                    "        local -a subcommands=("
                ] + described.map { "            \($0)" } + [
                    "        )",
                    "        _describe -t subcommands '\(command.name) subcommand' subcommands",
                    "        ;;",
                    "    arguments)",
                    "        case $line[1] in",
                    "        help) _arguments '1:subcommand:(\(command.subcommands.map(\.name).joined(separator: " ")))' ;;",
                ]
            for subcommand in command.subcommands {
                lines += ["        \(subcommand.name))", "            _arguments -s \\"]
                lines += Self.specifications(of: subcommand).map { "                \($0) \\" }
                lines[lines.count - 1].removeLast(2)
                lines += ["            ;;"]
            }
            lines += ["        esac", "        ;;", "    esac", "}"]
        }
        lines += ["", "\(function) \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `_arguments` specifications of `command`'s options and positional arguments, quoted.
    private static func specifications(of command: CommandConfiguration) -> [String] {
        let options = (command.options + command.standardOptions).map { option in
            let names = [option.shortName].compactMap { $0 } + [option.name]
            let isStandard = option == Flag.help.declaration || option == Flag.version.declaration
            let value = option.valueName.map { ":\($0):\(action(for: option.completion))" } ?? ""
            let description = "[" + escaped(option.abstract) + "]"
            let head = isStandard ? "(- *)" : names.count > 1 ? "(\(names.joined(separator: " ")))" : ""
            if names.count > 1 {
                return ShellQuote.single(head) + "{" + names.joined(separator: ",") + "}" + ShellQuote.single(description + value)
            }
            return ShellQuote.single(head + option.name + description + value)
        }
        let arguments = command.arguments.map { argument in
            ShellQuote.single((argument.isRepeated ? "*" : "") + ":" + argument.valueName + ":" + action(for: argument.completion))
        }
        return options + arguments
    }

    /// The action completing a value, its colons escaped: `_arguments` splits a
    /// specification at the colons that are not.
    private static func action(for completion: ValueCompletion) -> String {
        unescapedAction(for: completion).replacing(":", with: "\\:")
    }

    /// The action completing a value, as `_arguments` runs it.
    private static func unescapedAction(for completion: ValueCompletion) -> String {
        let words = completion.words.joined(separator: " ")
        switch completion {
        case .none: return " "
        case .words: return "(\(words))"
        case .commaSeparatedWords(let choices, let alone):
            // _sequence offers each word once in a list; those that stand alone, only alone.
            let listed = "_sequence compadd - " + choices.filter { !alone.contains($0) }.joined(separator: " ")
            guard !alone.isEmpty else { return listed }
            return "{_alternative \"alone:word:(\(alone.joined(separator: " ")))\" \"lists:word list:\(listed)\"}"
        case .files: return "_files"
        case .wordsOrFiles: return "{_alternative \"words:word:(\(words))\" \"files:file:_files\"}"
        }
    }

    /// A description for `[...]`: brackets and colons escaped.
    private static func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("[", with: "\\[")
            .replacing("]", with: "\\]").replacing(":", with: "\\:")
    }
}
