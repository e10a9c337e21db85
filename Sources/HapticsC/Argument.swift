import CHaptics
import HapticsModel

/// The checks every argument from C goes through: each either gives the Swift value or
/// throws `invalidArgument` naming the argument and what it must be.
enum Argument {
    /// A NUL-terminated UTF-8 string.
    static func string(_ pointer: UnsafePointer<CChar>?, named name: String) throws(LibraryError) -> String {
        guard let pointer else { throw .invalidArgument("\(name) is NULL") }
        guard let text = String(validatingCString: pointer) else { throw .invalidArgument("\(name) is not valid UTF-8") }
        return text
    }

    /// One of the values of an enumeration of names (`ImpactStyle`, `NotificationType`...).
    static func choice<Choice: RawRepresentable & CaseIterable>(
        _ pointer: UnsafePointer<CChar>?, named name: String, of type: Choice.Type
    ) throws(LibraryError) -> Choice where Choice.RawValue == String {
        let text = try string(pointer, named: name)
        guard let choice = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw .invalidArgument("\(name) \"\(text)\" is not one of \(allowed)")
        }
        return choice
    }

    /// A level in 0...1 (an intensity, a gain): not NaN, not outside.
    static func unit(_ value: Double, named name: String) throws(LibraryError) -> Double {
        guard value >= 0, value <= 1 else { throw .invalidArgument("\(name) is \(value); it must be in 0...1") }
        return value
    }

    /// `count` elements at `pointer`, which may be NULL only when `count` is 0.
    static func array<Element>(_ pointer: UnsafePointer<Element>?, count: UInt, named name: String) throws(LibraryError) -> [Element] {
        if pointer == nil, count > 0 { throw .invalidArgument("\(name) is NULL, with a count of \(count)") }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(clamping: count)))
    }

    /// An envelope's initial value: `nil` for `HAPTICS_ENVELOPE_FIRST_POINT` (the first
    /// control point's), else the value, which the envelope checks.
    static func initial(_ value: Double) -> Double? {
        value == HAPTICS_ENVELOPE_FIRST_POINT ? nil : value
    }

    /// The value that means "until stopped" (`HAPTICS_REPEAT_FOREVER`).
    static let forever = Int32(HAPTICS_REPEAT_FOREVER)

    /// A repetition: a count of 1 or more, or `forever`.
    static func repetition(_ count: Int32) throws(LibraryError) -> Repetition {
        if count == forever { return .forever }
        guard count >= 1 else {
            throw .invalidArgument("repeat is \(count); it must be 1 or more, or HAPTICS_REPEAT_FOREVER (-1)")
        }
        return .count(Int(count))
    }
}
