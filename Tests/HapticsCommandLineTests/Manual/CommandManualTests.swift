import Testing

@testable import HapticsCommandLine

@Suite struct CommandManualTests {
    private let page = ManualPage(
        name: "tool", section: 1, summary: "A tool.", source: "tool 1.0",
        sections: [ManualSection("COMMANDS", SampleCommand.tool.subcommands.flatMap(CommandManual.subcommand))])

    @Test func startsWithTheTitleAndName() {
        let lines = page.roff.split(separator: "\n")
        #expect(lines.prefix(3) == [#".TH "TOOL" 1 "" "tool 1.0" "User Commands""#, ".SH NAME", #"tool \- A tool."#])
    }

    @Test func givesEverySubcommandASubsectionWithItsSynopsis() {
        #expect(page.roff.contains(".SS \"tool play\"\n.PP\n\\fBtool play\\fR \\fI<pattern>\\fR [\\fB\\-\\-loop\\fR \\fI<count>\\fR]"))
        #expect(page.roff.contains(".SS \"tool list\""))
    }

    @Test func listsEveryOptionWithItsHelpAndTheStandardOnes() {
        for option in SampleCommand.play.options + SampleCommand.play.standardOptions {
            #expect(page.roff.contains(Roff.bold(option.name)), "\(option.name)")
            #expect(page.roff.contains(Roff.escape(option.help)), "\(option.name)")
        }
    }

    @Test func keepsTheDiscussionsParagraphsAndGuardsTheirDots() {
        #expect(page.roff.contains(".PP\nFirst paragraph.\n.PP\n\\&.A line starting with a dot."))
    }
}
