/// The theme the daemon plays when no other is found: every event of feedbackd's event
/// naming spec, tuned for gamepads (presets and Haptica strings rather than long buzzes).
/// Everything is in `quiet` (so `full` plays it too); the alarm and the incoming call are in
/// `silent`, as a phone still vibrates for them when silenced.
public enum BuiltInTheme {
    /// The theme's JSON, in feedbackd's format.
    public static let json = """
        {
          "name": "gamepad",
          "profiles": [
            {"name": "quiet", "feedbacks": [
                {"event-name": "button-pressed", "type": "Haptics", "preset": "light"},
                {"event-name": "button-released", "type": "Haptics", "preset": "light", "intensity": 0.6},
                {"event-name": "camera-focus", "type": "Haptics", "preset": "selection"},
                {"event-name": "camera-shutter", "type": "Haptics", "preset": "rigid"},
                {"event-name": "message-missed-email", "type": "Haptics", "preset": "soft"},
                {"event-name": "message-missed-instant", "type": "Haptics", "preset": "soft"},
                {"event-name": "message-missed-sms", "type": "Haptics", "preset": "soft"},
                {"event-name": "message-new-email", "type": "Haptics", "haptica": "o-o"},
                {"event-name": "message-new-instant", "type": "Haptics", "preset": "success"},
                {"event-name": "message-new-sms", "type": "Haptics", "haptica": "o-o"},
                {"event-name": "message-sent-instant", "type": "Haptics", "preset": "light"},
                {"event-name": "phone-failure", "type": "Haptics", "preset": "error"},
                {"event-name": "phone-hangup", "type": "Haptics", "preset": "medium"},
                {"event-name": "phone-missed-call", "type": "Haptics", "preset": "warning"},
                {"event-name": "phone-outgoing-busy", "type": "Haptics", "haptica": "x-x-x"},
                {"event-name": "timeout-completed", "type": "Haptics", "preset": "success"},
                {"event-name": "bell-terminal", "type": "Haptics", "preset": "medium"},
                {"event-name": "screen-capture", "type": "Haptics", "preset": "rigid"},
                {"event-name": "theme-demo", "type": "Haptics", "haptica": ".oO-Xx-Oo."},
                {"event-name": "battery-low", "type": "Haptics", "preset": "warning"},
                {"event-name": "battery-caution", "type": "Haptics", "preset": "error"},
                {"event-name": "battery-full", "type": "Haptics", "preset": "success"},
                {"event-name": "power-plug", "type": "Haptics", "preset": "medium"},
                {"event-name": "power-unplug", "type": "Haptics", "preset": "soft"},
                {"event-name": "power-unplug-battery-low", "type": "Haptics", "preset": "warning"},
                {"event-name": "device-added", "type": "Haptics", "haptica": ".o"},
                {"event-name": "key-pressed", "type": "Haptics", "preset": "selection"},
                {"event-name": "key-released", "type": "Haptics", "preset": "selection", "intensity": 0.6},
                {"event-name": "message-new-cellbroadcast", "type": "Haptics", "preset": "warning"},
                {"event-name": "notification-new-generic", "type": "Haptics", "preset": "success"},
                {"event-name": "notification-missed-generic", "type": "Haptics", "preset": "soft"},
                {"event-name": "window-close", "type": "Haptics", "preset": "light", "intensity": 0.8}
            ]},
            {"name": "silent", "feedbacks": [
                {"event-name": "alarm-clock-elapsed", "type": "Haptics", "haptica": "O-O-O---", "slot": 125},
                {"event-name": "phone-incoming-call", "type": "VibraRumble", "duration": 1600, "count": 2, "pause": 200, "magnitude": 0.8}
            ]}
          ]
        }
        """

    /// The theme, decoded.
    public static var theme: FeedbackTheme {
        // The JSON above is checked by the tests; a failure here is a programming error.
        guard let loaded = try? ThemeLoader().decode(Array(json.utf8), file: "built-in gamepad theme") else {
            preconditionFailure("the built-in theme does not load")
        }
        return loaded.theme
    }
}
