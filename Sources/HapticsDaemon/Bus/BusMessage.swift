import CSDBus
import HapticsModel
import HapticsPlatform

/// One message being read (a call's arguments, a property's new value, a signal) or written
/// (a property's value), through sd-bus's non-variadic calls. Valid only inside the callback
/// that hands it over.
public struct BusMessage {
    let pointer: OpaquePointer

    /// The sd-bus message (`sd_bus_message *`) at `pointer`, which the caller keeps alive while
    /// the message is used. ``MethodArguments/decode(_:from:limits:)`` reads it from where its
    /// read position is, which is its first argument once it is sealed.
    public init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// The sender's unique name (`sd_bus_message_get_sender`), or "" when the bus gives none.
    var sender: String {
        sd_bus_message_get_sender(pointer).map { String(cString: $0) } ?? ""
    }

    /// Reads a string (`s`); wraps `sd_bus_message_read_basic`.
    func readString() throws(MethodError) -> String {
        var value: UnsafePointer<CChar>?
        try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "s")), &value), "a string")
        return value.map { String(cString: $0) } ?? ""
    }

    /// Reads an `i`.
    func readInt32() throws(MethodError) -> Int32 {
        var value: Int32 = 0
        try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "i")), &value), "an int32")
        return value
    }

    /// Reads a `u`.
    func readUInt32() throws(MethodError) -> UInt32 {
        var value: UInt32 = 0
        try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "u")), &value), "a uint32")
        return value
    }

    /// Reads a `d`.
    func readDouble() throws(MethodError) -> Double {
        var value = 0.0
        try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "d")), &value), "a double")
        return value
    }

    /// Reads a `b`.
    func readBool() throws(MethodError) -> Bool {
        var value: Int32 = 0
        try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "b")), &value), "a boolean")
        return value != 0
    }

    /// Enters a container of `type` (`a`, `r`, `e`, `v`) holding `contents`; `false` at the
    /// end of the enclosing array. Wraps `sd_bus_message_enter_container`.
    func enter(_ type: Character, _ contents: String) throws(MethodError) -> Bool {
        let result = sd_bus_message_enter_container(pointer, CChar(type.asciiValue ?? 0), contents)
        try check(result, "a '\(type)' container of '\(contents)'")
        return result > 0
    }

    /// Leaves the container entered last; wraps `sd_bus_message_exit_container`.
    func exit() throws(MethodError) {
        try check(sd_bus_message_exit_container(pointer), "the end of a container")
    }

    /// The signature inside the variant that comes next; wraps `sd_bus_message_peek_type`.
    func variantContents() throws(MethodError) -> String {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        try check(sd_bus_message_peek_type(pointer, &type, &contents), "a variant")
        return contents.map { String(cString: $0) } ?? ""
    }

    /// Fails unless every value of the container being read (the whole call at its top level)
    /// has been read; wraps `sd_bus_message_at_end`.
    func expectEnd() throws(MethodError) {
        let result = sd_bus_message_at_end(pointer, 0)
        try check(result, "the end of the arguments")
        guard result > 0 else {
            throw .invalidArguments("expected the end of the arguments, found more (signature '\(signature)')")
        }
    }

    /// The message's whole signature (`sd_bus_message_get_signature`).
    var signature: String {
        sd_bus_message_get_signature(pointer, 1).map { String(cString: $0) } ?? ""
    }

    /// Skips the next value of `signature`; wraps `sd_bus_message_skip`.
    func skip(_ signature: String) throws(MethodError) {
        try check(sd_bus_message_skip(pointer, signature), "a value of type '\(signature)'")
    }

    /// Appends a string; wraps `sd_bus_message_append_basic`.
    func append(_ value: String) -> Int32 {
        value.withCString { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "s")), $0) }
    }

    /// Appends a `u`.
    func append(_ value: UInt32) -> Int32 {
        withUnsafePointer(to: value) { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "u")), $0) }
    }

    /// Appends a `d`.
    func append(_ value: Double) -> Int32 {
        withUnsafePointer(to: value) { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "d")), $0) }
    }

    /// Opens a container for appending; wraps `sd_bus_message_open_container`.
    func open(_ type: Character, _ contents: String) -> Int32 {
        sd_bus_message_open_container(pointer, CChar(type.asciiValue ?? 0), contents)
    }

    /// Closes the container opened last; wraps `sd_bus_message_close_container`.
    func close() -> Int32 {
        sd_bus_message_close_container(pointer)
    }

    private func check(_ result: Int32, _ expected: String) throws(MethodError) {
        guard result >= 0 else {
            throw .invalidArguments("expected \(expected): \(Errno(-result))")
        }
    }
}
