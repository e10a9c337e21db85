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

    /// A locality no pad driven has, or no pad at all: `io.github.haptics.Haptics1.Error.LocalityUnavailable`.
    static func localityUnavailable(_ message: String) -> MethodError {
        MethodError(name: "io.github.haptics.Haptics1.Error.LocalityUnavailable", message: message)
    }

    /// A pad the daemon may not write to.
    static func accessDenied(_ message: String) -> MethodError {
        MethodError(name: "org.freedesktop.DBus.Error.AccessDenied", message: message)
    }

    /// An output that could not be opened for another reason.
    static func failed(_ message: String) -> MethodError {
        MethodError(name: "org.freedesktop.DBus.Error.Failed", message: message)
    }
}
