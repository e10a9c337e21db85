import CSDBus
import Glibc
import HapticsPlayback

/// A connection to the session bus through sd-bus. sd-bus is not thread-safe: a `Bus` is
/// used from the daemon's loop thread only, and is therefore not `Sendable`.
final class Bus {
    /// The interfaces the daemon serves, each with its vtable from the shim.
    enum Interface: String, CaseIterable {
        /// feedbackd's main interface.
        case feedback = "org.sigxcpu.Feedback"
        /// feedbackd's `Vibrate` interface (0.6 and later).
        case haptic = "org.sigxcpu.Feedback.Haptic"
        /// The project's own.
        case haptics = "io.github.haptics.Haptics1"

        var vtable: UnsafePointer<sd_bus_vtable> {
            switch self {
            case .feedback: hapticsd_feedback_vtable()
            case .haptic: hapticsd_haptic_vtable()
            case .haptics: hapticsd_haptics_vtable()
            }
        }
    }

    /// The callback a vtable entry calls: member, the message read from (a call or a new
    /// property value), the reply to append to (a property read), and the error to set.
    typealias Handler = (
        _ member: hapticsd_member, _ message: BusMessage?, _ reply: BusMessage?, _ error: UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32

    /// The object path every interface is served at.
    static let path = "/org/sigxcpu/Feedback"

    private let bus: OpaquePointer
    private var slots: [OpaquePointer] = []
    private var boxes: [UnsafeMutableRawPointer] = []
    private var target: UnsafeMutablePointer<hapticsd_target>?
    /// Whether `process()` is dispatching a message: a property change a handler announces
    /// then waits for the handler's reply.
    private var dispatching = false
    /// The property changes announced while dispatching, in order, each once.
    private var deferredChanges: [(interface: Interface, property: String)] = []

    private init(bus: OpaquePointer) {
        self.bus = bus
    }

    deinit {
        for slot in slots { sd_bus_slot_unref(slot) }
        sd_bus_flush_close_unref(bus)
        for box in boxes { Unmanaged<MatchBox>.fromOpaque(box).release() }
        if let target {
            if let context = target.pointee.context { Unmanaged<HandlerBox>.fromOpaque(context).release() }
            target.deallocate()
        }
    }

    /// Connects to the session bus named by `DBUS_SESSION_BUS_ADDRESS`; wraps `sd_bus_open_user`.
    static func session() throws(BusError) -> Bus {
        var bus: OpaquePointer?
        let result = hapticsd_open_user(&bus)
        guard result >= 0, let bus else { throw BusError(BusError.connectingToTheSessionBus, result: result) }
        return Bus(bus: bus)
    }

    /// The connection's file descriptor, for `poll`; wraps `sd_bus_get_fd`.
    var fileDescriptor: Int32 { sd_bus_get_fd(bus) }

    /// The `poll` events to wait for; wraps `sd_bus_get_events`.
    var events: Int16 { Int16(truncatingIfNeeded: max(sd_bus_get_events(bus), 0)) }

    /// When sd-bus wants to be called again, or `nil`; wraps `sd_bus_get_timeout`.
    var timeout: MonotonicInstant? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return MonotonicInstant(microseconds: usec)
    }

    /// Serves every interface at `path`, each vtable entry calling `handler`; wraps
    /// `sd_bus_add_object_vtable`.
    func serve(_ handler: @escaping Handler) throws(BusError) {
        let box = Unmanaged.passRetained(HandlerBox(handler)).toOpaque()
        let target = UnsafeMutablePointer<hapticsd_target>.allocate(capacity: 1)
        target.initialize(
            to: hapticsd_target(
                callback: { context, member, message, reply, error in
                    guard let context else { return -EINVAL }
                    let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
                    return box.handler(
                        hapticsd_member(rawValue: UInt32(bitPattern: member)), message.map(BusMessage.init), reply.map(BusMessage.init),
                        error)
                }, context: box))
        self.target = target
        for interface in Interface.allCases {
            var slot: OpaquePointer?
            let result = sd_bus_add_object_vtable(bus, &slot, Self.path, interface.rawValue, interface.vtable, target)
            guard result >= 0 else { throw BusError("serving \(interface.rawValue)", result: result) }
            if let slot { slots.append(slot) }
        }
    }

    /// Asks for `name`, allowing a later `--replace` to take it; with `replace`, takes it from
    /// an owner that allows it. Returns `false` when someone else keeps it. Wraps
    /// `sd_bus_request_name`.
    func requestName(_ name: String, replace: Bool) throws(BusError) -> Bool {
        let flags = UInt64(SD_BUS_NAME_ALLOW_REPLACEMENT) | (replace ? UInt64(SD_BUS_NAME_REPLACE_EXISTING) : 0)
        let result = sd_bus_request_name(bus, name, flags)
        if result == -EEXIST { return false }
        guard result >= 0 else { throw BusError("requesting the name \(name)", result: result) }
        return true
    }

    /// The unique name and process id of `name`'s owner, when the bus says; wraps
    /// `sd_bus_get_name_creds`.
    func owner(of name: String) -> (unique: String, pid: Int32)? {
        var pid: Int32 = 0
        guard let unique = hapticsd_name_owner(bus, name, &pid) else { return nil }
        defer { free(unique) }
        return (String(cString: unique), pid)
    }

    /// Calls `handler` with each signal matching `rule`; wraps `sd_bus_add_match`.
    func match(_ rule: String, _ handler: @escaping (BusMessage) -> Void) throws(BusError) {
        let box = Unmanaged.passRetained(MatchBox(handler)).toOpaque()
        boxes.append(box)
        var slot: OpaquePointer?
        let result = sd_bus_add_match(
            bus, &slot, rule,
            { message, userdata, _ in
                guard let message, let userdata else { return 0 }
                Unmanaged<MatchBox>.fromOpaque(userdata).takeUnretainedValue().handler(BusMessage(pointer: message))
                return 0
            }, box)
        guard result >= 0 else { throw BusError("matching \(rule)", result: result) }
        if let slot { slots.append(slot) }
    }

    /// Handles everything pending (calls, replies, signals); wraps `sd_bus_process`. The
    /// `PropertiesChanged` a handler announces goes out after the handler's reply, as GDBus
    /// (feedbackd's) sends it: a client that sets `Profile` and stops at the change's signal
    /// has had its reply (feedbackd's client test, `test-lfb-integration.c`, relies on it).
    func process() throws(BusError) {
        while true {
            dispatching = true
            let result = sd_bus_process(bus, nil)
            dispatching = false
            let changes = deferredChanges
            deferredChanges.removeAll()
            for change in changes { emitPropertyChanged(change.interface, change.property) }
            guard result >= 0 else { throw BusError("processing the bus", result: result) }
            if result == 0 { return }
        }
    }

    /// Writes out everything queued; wraps `sd_bus_flush`.
    func flush() {
        _ = sd_bus_flush(bus)
    }

    /// Emits `FeedbackEnded(id, reason)`.
    func emitFeedbackEnded(id: UInt32, reason: UInt32) {
        _ = hapticsd_emit_feedback_ended(bus, id, reason)
    }

    /// Emits `PropertiesChanged` for `property` of `interface`; while `process()` dispatches a
    /// message, once that message's reply has gone.
    func emitPropertyChanged(_ interface: Interface, _ property: String) {
        guard !dispatching else {
            if !deferredChanges.contains(where: { $0.interface == interface && $0.property == property }) {
                deferredChanges.append((interface, property))
            }
            return
        }
        _ = hapticsd_emit_property_changed(bus, interface.rawValue, property)
    }

    /// Replies to `call` with no value or one `u` or `b`; wraps `sd_bus_reply_method_return`.
    static func reply(to call: BusMessage) -> Int32 {
        hapticsd_reply_basic(call.pointer, 0, nil)
    }

    /// Replies to `call` with a `u`.
    static func reply(to call: BusMessage, _ value: UInt32) -> Int32 {
        withUnsafePointer(to: value) { hapticsd_reply_basic(call.pointer, CChar(UInt8(ascii: "u")), $0) }
    }

    /// Replies to `call` with a `b`.
    static func reply(to call: BusMessage, _ value: Bool) -> Int32 {
        withUnsafePointer(to: Int32(value ? 1 : 0)) { hapticsd_reply_basic(call.pointer, CChar(UInt8(ascii: "b")), $0) }
    }

    /// Sets `error` to `failure` and returns what sd-bus expects a failing handler to return;
    /// wraps `sd_bus_error_set`.
    static func fail(_ error: UnsafeMutablePointer<sd_bus_error>?, _ failure: MethodError) -> Int32 {
        sd_bus_error_set(error, failure.name, failure.message)
    }
}

/// Keeps a vtable handler alive for sd-bus's userdata.
private final class HandlerBox {
    let handler: Bus.Handler
    init(_ handler: @escaping Bus.Handler) { self.handler = handler }
}

/// Keeps a match handler alive for sd-bus's userdata.
private final class MatchBox {
    let handler: (BusMessage) -> Void
    init(_ handler: @escaping (BusMessage) -> Void) { self.handler = handler }
}
