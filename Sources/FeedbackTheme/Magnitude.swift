/// A motor strength as feedbackd themes write it, in either of its two forms: an integer from
/// 0 to 0xFFFF (feedbackd 0.0.3, e.g. `32767`) or a number from 0 to 1 (later versions).
///
/// A value from 0 to 1 reads as the second form, so `1` is full strength; anything above 1
/// must be a whole number up to 65535.
enum Magnitude {
    /// The largest integer magnitude, `0xFFFF`.
    static let maximum = 65535.0

    /// The magnitude `value` as 0...1, or `nil` when it is neither form.
    static func unit(_ value: Double) -> Double? {
        guard value.isFinite, value >= 0 else { return nil }
        if value <= 1 { return value }
        guard value <= maximum, value == value.rounded() else { return nil }
        return value / maximum
    }

    /// What `unit(_:)` accepts, for error messages.
    static let expected = "a magnitude: a number from 0 to 1, or an integer from 0 to 65535"
}
