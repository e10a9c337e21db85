import FeedbackTheme
import Testing
import Haptics

@Suite struct HapticaPatternTests {
    @Test func everySymbolReads() {
        let pattern = HapticaPattern("Oo.Xx-")
        #expect(pattern?.notes == [.impact(.heavy), .impact(.medium), .impact(.light), .impact(.rigid), .impact(.soft), .wait])
        #expect(pattern?.slot == .milliseconds(100))
    }

    @Test func otherCharactersAndEmptyStringsAreRefused() {
        #expect(HapticaPattern("o o") == nil)
        #expect(HapticaPattern("") == nil)
    }
}
