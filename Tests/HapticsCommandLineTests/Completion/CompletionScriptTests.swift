import Testing

@testable import HapticsCommandLine

@Suite struct CompletionScriptTests {
    @Test func bashOffersTheSubcommandsTheOptionsAndTheirValues() {
        let script = BashCompletion(for: SampleCommand.tool).script
        #expect(script.contains("_tool_reply 'play\nlist\nhelp\n--version\n--help\n-h' \"$current\""))
        #expect(script.contains("--loop)\n            _tool_reply 'forever' \"$current\""))
        #expect(
            script.contains("--driver)\n            _tool_reply 'auto\nstdout\nevdev\nhidraw\nrecord' \"$current\" comma 'auto\nrecord'"))
        #expect(script.contains("--theme)\n            _tool_reply '' \"$current\" files"))
        #expect(script.contains("0) _tool_reply 'light\nheavy' \"$current\" files ;;"))
        #expect(script.hasSuffix("complete -F _tool tool\n"))
    }

    @Test func zshDescribesTheSubcommandsAndSpecifiesEachOption() {
        let script = ZshCompletion(for: SampleCommand.tool).script
        #expect(script.hasPrefix("#compdef tool\n"))
        #expect(script.contains("'play:Play a pattern.'"))
        #expect(script.contains("'--loop[how many times]:count:(forever)'"))
        #expect(script.contains(#"'--theme[a theme \[JSON\]\: feedbackd'\''s]:file:_files'"#))
        #expect(
            script.contains(
                #"'--driver[where]:driver:{_alternative "alone\:word\:(auto record)" "lists\:word list\:_sequence compadd - stdout evdev hidraw"}'"#
            ))
        #expect(script.contains(#"'(- *)'{-h,--help}'[Show help information.]'"#))
    }

    @Test func fishCompletesEachSubcommandsOptionsUnderItsCondition() {
        let script = FishCompletion(for: SampleCommand.tool).script
        #expect(script.contains("complete -c tool -n __fish_use_subcommand -a play -d 'Play a pattern.'"))
        #expect(script.contains("complete -c tool -n '__fish_seen_subcommand_from play' -l loop -x -a 'forever' -d 'how many times'"))
        #expect(script.contains("complete -c tool -n '__fish_seen_subcommand_from play' -l theme -r -F -d 'a theme [JSON]: feedbackd\\'s'"))
        #expect(script.contains("complete -c tool -n '__fish_seen_subcommand_from play' -F -a 'light heavy'"))
    }

    /// A list of drivers as each shell completes it: every driver first; after a comma, those
    /// not listed yet that may be listed (not auto or record), and nothing after one that
    /// stands alone.
    @Test(arguments: CompletingShell.allCases)
    func eachShellCompletesAListWithTheWordsItMayTakeNext(shell: CompletingShell) throws {
        let scripts: [CompletingShell: String] = [
            .bash: BashCompletion(for: SampleCommand.tool).script, .zsh: ZshCompletion(for: SampleCommand.tool).script,
            .fish: FishCompletion(for: SampleCommand.tool).script,
        ]
        func candidates(_ value: String) throws -> [String]? {
            try shell.candidates(["tool", "play", "--driver", value], script: scripts[shell] ?? "", command: "tool")
        }
        guard let first = try candidates("") else { return }
        #expect(first == ["auto", "evdev", "hidraw", "record", "stdout"])
        #expect(try candidates("stdout,") == ["stdout,evdev", "stdout,hidraw"])
        #expect(try candidates("stdout,evdev,") == ["stdout,evdev,hidraw"])
        #expect(try candidates("hidraw,s") == ["hidraw,stdout"])
        if shell != .zsh {
            // zsh's _sequence completes a list of the words that may be listed, whatever came
            // before; the parser refuses it.
            #expect(try candidates("auto,") == [])
        }
    }

    @Test func quotesForEachShell() {
        #expect(ShellQuote.single("it's") == #"'it'\''s'"#)
        #expect(ShellQuote.fish(#"it's \"#) == #"'it\'s \\'"#)
        #expect(ShellQuote.identifier("haptics-docgen") == "haptics_docgen")
    }
}
