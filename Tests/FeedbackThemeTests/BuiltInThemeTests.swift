import FeedbackTheme
import Testing

@Suite struct BuiltInThemeTests {
    @Test func coversEveryEventOfTheNamingSpec() {
        let theme = BuiltInTheme.theme
        #expect(Set(BuiltInTheme.eventNamingSpec).subtracting(theme.events).isEmpty)
        #expect(BuiltInTheme.eventNamingSpec.count == 34)
    }
}
