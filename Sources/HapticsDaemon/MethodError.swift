/// A D-Bus error a method call gets back: its name and a message saying what was wrong.
public struct MethodError: Error, Sendable, Equatable {
    /// The D-Bus error name, e.g. `org.freedesktop.DBus.Error.InvalidArgs`.
    public var name: String
    /// What was wrong with the call.
    public var message: String

    /// An argument out of its range or of the wrong form.
    static func invalidArguments(_ message: String) -> MethodError {
        MethodError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    /// A client over one of the daemon's limits.
    static func limitExceeded(_ message: String) -> MethodError {
        MethodError(name: "org.freedesktop.DBus.Error.LimitsExceeded", message: message)
    }
}
