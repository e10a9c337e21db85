import Testing

@testable import HapticsCommandLine

@Suite struct CompletionScriptTests {
    @Test func bashOffersTheSubcommandsTheOptionsAndTheirValues() {
        let script = BashCompletion(for: SampleCommand.tool).script
        #expect(script.contains("_tool_reply 'play\nlist\nhelp\n--version\n--help\n-h' \"$current\""))
        #expect(script.contains("--loop)\n            _tool_reply 'forever' \"$current\""))
        #expect(script.contains("--driver)\n            _tool_reply 'stdout\nevdev' \"$current\" comma"))
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
        #expect(script.contains("'--driver[where]:driver:_sequence compadd - stdout evdev'"))
        #expect(script.contains(#"'(- *)'{-h,--help}'[Show help information.]'"#))
    }

    @Test func fishCompletesEachSubcommandsOptionsUnderItsCondition() {
        let script = FishCompletion(for: SampleCommand.tool).script
        #expect(script.contains("complete -c tool -n __fish_use_subcommand -a play -d 'Play a pattern.'"))
        #expect(script.contains("complete -c tool -n '__fish_seen_subcommand_from play' -l loop -x -a 'forever' -d 'how many times'"))
        #expect(script.contains("complete -c tool -n '__fish_seen_subcommand_from play' -l theme -r -F -d 'a theme [JSON]: feedbackd\\'s'"))
        #expect(script.contains("complete -c tool -n '__fish_seen_subcommand_from play' -F -a 'light heavy'"))
    }

    @Test func quotesForEachShell() {
        #expect(ShellQuote.single("it's") == #"'it'\''s'"#)
        #expect(ShellQuote.fish(#"it's \"#) == #"'it\'s \\'"#)
        #expect(ShellQuote.identifier("haptics-docgen") == "haptics_docgen")
    }
}
