/// A bash completion script for a command and its subcommands, from their declarations:
/// subcommands, options, the values of options (choices, comma-separated lists, paths) and
/// positional arguments (words such as preset names, paths). For `complete -F`, as the
/// bash-completion package loads it from `completions/<name>`.
package struct BashCompletion {
    /// The command completed.
    private let command: CommandConfiguration
    /// The name of the completion function; its helper's name adds `_reply`.
    private let function: String

    /// The script for `command`.
    package init(for command: CommandConfiguration) {
        self.command = command
        function = "_" + ShellQuote.identifier(command.name)
    }

    /// The whole script.
    package var script: String {
        var lines = [
            "# bash completion for \(command.name), generated from its option declarations.",
            "",
            "# Sets COMPREPLY to the words of $1 (one a line) starting with $2, and the paths",
            "# starting with $2 when $3 is 'files'; when $3 is 'comma', $2 is a comma-separated",
            "# list whose last item is completed: after a comma, with none of the words listed",
            "# already, and none of those of $4, which stand alone (nothing once one is listed).",
            "\(function)_reply() {",
            "    local IFS=$'\\n' head= current=$2 words=$1 word",
            "    if [[ $3 == comma && $current == *,* ]]; then",
            "        head=${current%,*},; current=${current##*,}; words=",
            "        for word in $1; do",
            "            [[ ,$head == *,\"$word\",* || $'\\n'$4$'\\n' == *$'\\n'\"$word\"$'\\n'* ]] || words+=$word$'\\n'",
            "        done",
            "        for word in $4; do [[ ,$head == *,\"$word\",* ]] && words=; done",
            "    fi",
            "    COMPREPLY=($(compgen -P \"$head\" -W \"$words\" -- \"$current\"))",
            "    if [[ $3 == files ]]; then",
            "        compopt -o filenames 2>/dev/null",
            "        COMPREPLY+=($(compgen -f -- \"$current\"))",
            "    fi",
            "}",
            "",
            "\(function)() {",
            "    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD - 1]}",
            "    local command= command_index=0 index",
        ]
        if command.subcommands.isEmpty {
            lines.append("    command=\(command.name)")
        } else {
            lines += [
                "    for ((index = 1; index < COMP_CWORD; index++)); do",
                "        if [[ ${COMP_WORDS[index]} != -* ]]; then command=${COMP_WORDS[index]}; command_index=$index; break; fi",
                "    done",
            ]
        }
        lines += [
            "    # --option=value: the value is completed for the option (bash splits the word at =",
            "    # unless COMP_WORDBREAKS says otherwise).",
            "    if [[ $current == --*=* ]]; then previous=${current%%=*}; current=${current#*=}; fi",
            "    if [[ $current == = ]]; then current=; elif [[ $previous == = ]]; then previous=${COMP_WORDS[COMP_CWORD - 2]}; fi",
            "    case $command in",
        ]
        if command.subcommands.isEmpty {
            lines += cases(for: command)
        } else {
            lines += [
                "    '')",
                "        \(reply(.words(command.subcommands.map(\.name) + ["help"] + Self.names(of: command))))",
                "        ;;",
                "    help)",
                "        \(reply(.words(command.subcommands.map(\.name))))",
                "        ;;",
            ]
            lines += command.subcommands.flatMap(cases(for:))
        }
        lines += ["    esac", "}", "", "complete -F \(function) \(command.name)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `case` branch of one command: the value of the option before the cursor, else an
    /// option when the word starts with `-`, else the positional argument at the cursor.
    private func cases(for subcommand: CommandConfiguration) -> [String] {
        let valued = subcommand.options.filter { $0.valueName != nil }
        var lines = ["    \(subcommand.name))", "        case $previous in"]
        for option in valued {
            lines += ["        \(option.name))", "            \(reply(option.completion))", "            return", "            ;;"]
        }
        lines += [
            "        esac",
            "        if [[ $current == -* ]]; then",
            "            \(reply(.words(Self.names(of: subcommand))))",
            "            return",
            "        fi",
        ]
        guard let last = subcommand.arguments.last else { return lines + ["        COMPREPLY=()", "        ;;"] }
        let skipped = valued.map(\.name).joined(separator: "|")
        lines += [
            "        # Which positional argument the cursor is on: the words after the command that",
            "        # are neither options nor their values.",
            "        local position=0",
            "        for ((index = command_index + 1; index < COMP_CWORD; index++)); do",
            "            case ${COMP_WORDS[index]} in",
        ]
        if !skipped.isEmpty {
            lines.append("            \(skipped)) if [[ ${COMP_WORDS[index + 1]} == = ]]; then ((index += 2)); else ((index++)); fi ;;")
        }
        lines += [
            "            -*) ;;",
            "            *) ((position++)) ;;",
            "            esac",
            "        done",
            "        case $position in",
        ]
        for (position, argument) in subcommand.arguments.enumerated() {
            let pattern = argument == last && argument.isRepeated ? "*" : String(position)
            lines += ["        \(pattern)) \(reply(argument.completion)) ;;"]
        }
        lines += ["        *) COMPREPLY=() ;;", "        esac", "        ;;"]
        return lines
    }

    /// Every name of every option of `command`, the standard ones included.
    private static func names(of command: CommandConfiguration) -> [String] {
        (command.options + command.standardOptions).flatMap { [$0.name] + [$0.shortName].compactMap { $0 } }
    }

    /// The call of the script's `_reply` offering `completion` for the current word.
    private func reply(_ completion: ValueCompletion) -> String {
        let mode: String
        switch completion {
        case .commaSeparatedWords(_, let alone):
            mode = " comma" + (alone.isEmpty ? "" : " " + ShellQuote.single(alone.joined(separator: "\n")))
        case .files, .wordsOrFiles: mode = " files"
        case .none, .words: mode = ""
        }
        return "\(function)_reply \(ShellQuote.single(completion.words.joined(separator: "\n"))) \"$current\"\(mode)"
    }
}
