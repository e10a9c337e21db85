import Testing

@testable import HapticsCommandLine

@Suite struct RoffTests {
    @Test func escapesBackslashesAndHyphens() {
        #expect(Roff.escape(#"--loop a\b"#) == #"\-\-loop a\eb"#)
    }

    @Test func guardsLinesStartingWithADotOrAQuote() {
        #expect(Roff.escape(".TH\n'x\nplain") == "\\&.TH\n\\&'x\nplain")
    }

    @Test func writesCharactersOutsideASCIIByTheirCodePoint() {
        #expect(Roff.escape("↓ é") == #"\[u2193] \[u00E9]"#)
    }

    @Test func setsBoldAndItalics() {
        #expect(Roff.bold("-h") == #"\fB\-h\fR"# && Roff.italic("<file>") == #"\fI<file>\fR"#)
    }
}
