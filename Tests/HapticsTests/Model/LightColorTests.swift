import HapticsModel
import Testing

@Suite struct LightColorTests {
    @Test func namesParseToTheirLevels() {
        #expect(LightColor(parsing: "red") == LightColor(red: 255, green: 0, blue: 0))
        #expect(LightColor(parsing: "Green") == LightColor(red: 0, green: 255, blue: 0))
        #expect(LightColor(parsing: "blue") == LightColor(red: 0, green: 0, blue: 255))
        #expect(LightColor(parsing: "WHITE") == LightColor(red: 255, green: 255, blue: 255))
    }

    @Test func hexParsesEachPair() {
        #expect(LightColor(parsing: "#ff8000") == LightColor(red: 255, green: 128, blue: 0))
        #expect(LightColor(parsing: "#0A0b0C") == LightColor(red: 10, green: 11, blue: 12))
    }

    @Test(arguments: ["", "purple", "ff0000", "#ff000", "#ff00000", "#gg0000", "#+10000", "# 10000"])
    func anythingElseIsRejected(_ text: String) {
        #expect(LightColor(parsing: text) == nil)
    }

    @Test func descriptionIsLowercaseHex() {
        #expect(LightColor(red: 1, green: 171, blue: 255).description == "#01abff")
    }
}
