public import FeedbackTheme

/// The hints of a `TriggerFeedback` call that the daemon acts on; others are skipped.
public struct FeedbackHints: Sendable, Hashable {
    /// `profile` (s): play at most this profile for this event.
    public var profile: FeedbackProfile?
    /// `important` (b): play even when the profile would silence the event.
    public var important = false

    /// No hints: the event plays at the daemon's profile.
    public init() {}

    /// Reads the `a{sv}` argument.
    init(reading call: BusMessage) throws(MethodError) {
        _ = try call.enter("a", "{sv}")
        while try call.enter("e", "sv") {
            let key = try call.readString()
            let contents = try call.variantContents()
            switch (key, contents) {
            case ("profile", "s"):
                _ = try call.enter("v", "s")
                let text = try call.readString()
                try call.exit()
                guard let value = FeedbackProfile(rawValue: text) else {
                    throw .invalidArguments("the hint 'profile' is '\(text)', not one of full, quiet, silent")
                }
                profile = value
            case ("important", "b"):
                _ = try call.enter("v", "b")
                important = try call.readBool()
                try call.exit()
            case ("profile", _), ("important", _):
                throw .invalidArguments("the hint '\(key)' holds a '\(contents)'; expected \(key == "profile" ? "a string" : "a boolean")")
            default:
                try call.skip("v")
            }
            try call.exit()
        }
        try call.exit()
    }
}
