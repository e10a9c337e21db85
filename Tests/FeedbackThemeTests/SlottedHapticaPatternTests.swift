import FeedbackTheme
import HapticsModel
import Testing

@Suite struct SlottedHapticaPatternTests {
    @Test func everySymbolReads() {
        let pattern = SlottedHapticaPattern("Oo.Xx-")
        #expect(pattern?.notes == [.impact(.heavy), .impact(.medium), .impact(.light), .impact(.rigid), .impact(.soft), .wait])
        #expect(pattern?.slot == .milliseconds(100))
    }

    @Test func otherCharactersAndEmptyStringsAreRefused() {
        #expect(SlottedHapticaPattern("o o") == nil)
        #expect(SlottedHapticaPattern("") == nil)
    }
}
