import CSDBus
import Glibc

@testable import HapticsDaemon

/// A method call built in memory and sealed, as a handler gets it: on a bus over a socket pair
/// that no daemon answers (sd-bus makes messages only on a bus that has started).
final class CallMessage {
    private var bus: OpaquePointer?
    private var pointer: OpaquePointer?
    private var sockets: [Int32] = [-1, -1]

    /// A call of `org.sigxcpu.Feedback.Call`; `build` appends its arguments, through `BusMessage`'s
    /// appends and ``append(int32:)`` / ``append(bool:)``, and the message is then sealed.
    init(_ build: (CallMessage, BusMessage) -> Void) throws(BusError) {
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            throw BusError("making a socket pair", result: -errno)
        }
        try check(sd_bus_new(&bus), "making a bus")
        try check(sd_bus_set_fd(bus, sockets[0], sockets[0]), "giving the bus its socket")
        try check(sd_bus_start(bus), "starting the bus")
        try check(
            sd_bus_message_new_method_call(bus, &pointer, "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", "org.sigxcpu.Feedback", "Call"),
            "making the call")
        build(self, message)
        try check(sd_bus_message_seal(pointer, 1, 0), "sealing the call")
    }

    deinit {
        sd_bus_message_unref(pointer)
        sd_bus_close_unref(bus)
        close(sockets[1])
    }

    /// The call, to read.
    var message: BusMessage { BusMessage(pointer: pointer!) }

    /// Appends an `i`.
    func append(int32 value: Int32) {
        _ = withUnsafePointer(to: value) { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "i")), $0) }
    }

    /// Appends a `b`.
    func append(bool value: Bool) {
        _ = withUnsafePointer(to: Int32(value ? 1 : 0)) { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "b")), $0) }
    }

    private func check(_ result: Int32, _ operation: String) throws(BusError) {
        guard result >= 0 else { throw BusError(operation, result: result) }
    }
}
