import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

@Suite struct KeyDecoderTests {
    /// A key step down.
    private let pull = DemoInput.pull(step: 9)
    /// A key step back up.
    private let push = DemoInput.push(step: 9)

    /// The inputs a fresh decoder makes of `chunks`, read one after another.
    private func decode(_ chunks: String...) -> [DemoInput] {
        var decoder = KeyDecoder()
        return chunks.flatMap { decoder.decode(Array($0.utf8)) }
    }

    @Test func lettersPullPushAndQuit() {
        #expect(decode("jjkq") == [pull, pull, push, .quit])
        #expect(decode("Q") == [.quit])
    }

    @Test func spaceAndEnterRelease() {
        #expect(decode(" ", "\r", "\n") == [.release, .release, .release])
    }

    @Test func ctrlCQuitsAsAByteInRawMode() {
        #expect(decode("\u{03}") == [.quit])
    }

    @Test func arrowKeysInBothCursorModes() {
        #expect(decode("\u{1B}[B\u{1B}[A") == [pull, push])
        #expect(decode("\u{1B}OB\u{1B}OA") == [pull, push])
    }

    @Test func arrowsWithModifiersStillMove() {
        #expect(decode("\u{1B}[1;5B") == [pull])
    }

    @Test func anEscapeSequenceSplitAcrossReadsIsKeptUntilItEnds() {
        #expect(decode("\u{1B}", "[", "Bj") == [pull, pull])
    }

    @Test func otherKeysAndSequencesAreIgnored() {
        #expect(decode("x1\u{1B}[C\u{1B}[D\u{1B}[3~\u{7F}") == [])
    }

    @Test func altAndAKeyIsTheKeyAlone() {
        #expect(decode("\u{1B}j") == [pull])
    }

    @Test func anOverlongSequenceIsDroppedAndDecodingGoesOn() {
        #expect(decode("\u{1B}[" + String(repeating: "1", count: 40), "j") == [pull])
    }
}
