import FeedbackTheme
import Testing

@Suite struct BuiltInThemeTests {
    /// The events of feedbackd's event naming spec (0.0.0), which the theme covers.
    private static let eventNamingSpec: [String] = [
        "alarm-clock-elapsed",
        "button-pressed",
        "button-released",
        "camera-focus",
        "camera-shutter",
        "message-missed-email",
        "message-missed-instant",
        "message-missed-sms",
        "message-new-email",
        "message-new-instant",
        "message-new-sms",
        "message-sent-instant",
        "phone-failure",
        "phone-hangup",
        "phone-incoming-call",
        "phone-missed-call",
        "phone-outgoing-busy",
        "timeout-completed",
        "bell-terminal",
        "screen-capture",
        "theme-demo",
        "battery-low",
        "battery-caution",
        "battery-full",
        "power-plug",
        "power-unplug",
        "power-unplug-battery-low",
        "device-added",
        "key-pressed",
        "key-released",
        "message-new-cellbroadcast",
        "notification-new-generic",
        "notification-missed-generic",
        "window-close",
    ]

    @Test func coversEveryEventOfTheNamingSpec() {
        let theme = BuiltInTheme.theme
        #expect(Set(Self.eventNamingSpec).subtracting(theme.events).isEmpty)
        #expect(Self.eventNamingSpec.count == 34)
    }
}
