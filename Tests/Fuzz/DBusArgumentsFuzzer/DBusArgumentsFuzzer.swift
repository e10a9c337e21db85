// A libFuzzer fuzzer for hapticsd's reading of D-Bus arguments: the bytes choose a method
// (or property write), then either the method's own signature or other types, and the
// values: strings that name hints, profiles, styles and localities or are arbitrary, any double (NaN and
// the infinities too), arrays of up to 16 items, variants in variants. The call is built with
// sd-bus and sealed, as the daemon gets it, and read by `MethodArguments.decode`: it throws
// its typed error or returns arguments within their documented ranges, and never crashes.
// Built and run by scripts/fuzz.sh (`make fuzz`) against the HapticsDaemon product's public API.

import CLibFuzzer
import CSDBusMessage
import HapticsDaemon

/// The input's bytes, taken from the front; zeros once they run out, so that every choice
/// falls to the smallest (no items, no nesting) and each input builds a finite call.
private struct FuzzInput {
    var rest: ArraySlice<UInt8>

    mutating func byte() -> UInt8 { rest.popFirst() ?? 0 }

    /// A number from 0 to `count - 1`.
    mutating func below(_ count: Int) -> Int { Int(byte()) % count }

    /// Eight bytes, big-endian.
    mutating func word() -> UInt64 { (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) } }

    /// A word the daemon knows, or up to 255 arbitrary bytes read as UTF-8.
    mutating func string() -> String {
        let words = [
            "", "app", "profile", "important", "full", "quiet", "silent", "light", "medium", "heavy", "success", "warning", "error",
            "message-new-instant", "phone-incoming-call", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#,
            "all", "handles", "left-handle", "right-handle", "triggers", "left-trigger", "right-trigger", "Right-Trigger", "right_trigger",
        ]
        let choice = below(words.count + 1)
        guard choice == words.count else { return words[choice] }
        let length = Int(byte())
        return String(decoding: (0..<length).map { _ in byte() }, as: UTF8.self)
    }

    /// A double: one the checks turn on, or any bit pattern.
    mutating func double() -> Double {
        let special = [0, 0.5, 1, -1, 1.000_000_1, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -0.0, .leastNonzeroMagnitude]
        let choice = below(special.count + 1)
        return choice < special.count ? special[choice] : Double(bitPattern: word())
    }
}

/// A D-Bus type.
private indirect enum BusType {
    case basic(Character)
    case variant
    case array(BusType)
    case dictionary(Character, BusType)
    case structure([BusType])

    static let basics: [Character] = ["s", "b", "i", "u", "d", "y", "n", "q", "x", "t"]

    var signature: String {
        switch self {
        case .basic(let code): String(code)
        case .variant: "v"
        case .array(let element): "a" + element.signature
        case .dictionary(let key, let value): "a{\(key)\(value.signature)}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        }
    }

    /// A type of at most `depth` levels of containers.
    static func random(_ input: inout FuzzInput, depth: Int) -> BusType {
        let choice = depth > 0 ? input.below(basics.count + 4) : input.below(basics.count)
        switch choice - basics.count {
        case 0: return .variant
        case 1: return .array(random(&input, depth: depth - 1))
        case 2: return .dictionary(basics[input.below(basics.count)], random(&input, depth: depth - 1))
        case 3: return .structure((0...input.below(3)).map { _ in random(&input, depth: depth - 1) })
        default: return .basic(basics[choice])
        }
    }
}

/// Appends values the input chooses to one call; `failed` once sd-bus refused one.
private struct CallWriter {
    let call: OpaquePointer
    var failed = false

    mutating func append(_ type: BusType, _ input: inout FuzzInput, depth: Int) {
        guard !failed else { return }
        switch type {
        case .basic(let code): appendBasic(code, &input)
        case .variant:
            let contents = BusType.random(&input, depth: max(depth - 1, 0))
            container("v", contents.signature) { writer in writer.append(contents, &input, depth: depth - 1) }
        case .array(let element):
            container("a", element.signature) { writer in
                for _ in 0..<input.below(17) { writer.append(element, &input, depth: depth) }
            }
        case .dictionary(let key, let value):
            container("a", "{\(key)\(value.signature)}") { writer in
                for _ in 0..<input.below(17) {
                    writer.container("e", "\(key)\(value.signature)") { entry in
                        entry.appendBasic(key, &input)
                        entry.append(value, &input, depth: depth)
                    }
                }
            }
        case .structure(let fields):
            container("r", fields.map(\.signature).joined()) { writer in
                for field in fields { writer.append(field, &input, depth: depth) }
            }
        }
    }

    private mutating func container(_ type: Character, _ contents: String, _ body: (inout CallWriter) -> Void) {
        check(sd_bus_message_open_container(call, CChar(type.asciiValue ?? 0), contents))
        body(&self)
        check(sd_bus_message_close_container(call))
    }

    private mutating func appendBasic(_ code: Character, _ input: inout FuzzInput) {
        let type = CChar(code.asciiValue ?? 0)
        let word = input.word()
        let result: Int32
        switch code {
        case "s": result = input.string().withCString { sd_bus_message_append_basic(call, type, $0) }
        case "b": result = withUnsafePointer(to: Int32(word & 1)) { sd_bus_message_append_basic(call, type, $0) }
        case "i": result = withUnsafePointer(to: Int32(truncatingIfNeeded: word)) { sd_bus_message_append_basic(call, type, $0) }
        case "u": result = withUnsafePointer(to: UInt32(truncatingIfNeeded: word)) { sd_bus_message_append_basic(call, type, $0) }
        case "d": result = withUnsafePointer(to: input.double()) { sd_bus_message_append_basic(call, type, $0) }
        case "y": result = withUnsafePointer(to: UInt8(truncatingIfNeeded: word)) { sd_bus_message_append_basic(call, type, $0) }
        case "n": result = withUnsafePointer(to: Int16(truncatingIfNeeded: word)) { sd_bus_message_append_basic(call, type, $0) }
        case "q": result = withUnsafePointer(to: UInt16(truncatingIfNeeded: word)) { sd_bus_message_append_basic(call, type, $0) }
        case "x": result = withUnsafePointer(to: Int64(bitPattern: word)) { sd_bus_message_append_basic(call, type, $0) }
        default: result = withUnsafePointer(to: word) { sd_bus_message_append_basic(call, type, $0) }
        }
        check(result)
    }

    private mutating func check(_ result: Int32) {
        if result < 0 { failed = true }
    }
}

/// Each method's own signature.
private func signature(of method: DaemonMethod) -> [BusType] {
    switch method {
    case .triggerFeedback: [.basic("s"), .basic("s"), .dictionary("s", .variant), .basic("i")]
    case .endFeedback, .stop: [.basic("u")]
    case .setProfile, .selection: [.basic("s")]
    case .vibrate: [.basic("s"), .array(.structure([.basic("d"), .basic("u")]))]
    case .playAHAP: [.basic("s"), .basic("s"), .basic("i")]
    case .impact: [.basic("s"), .basic("s"), .basic("d")]
    case .notify, .selectionAt: [.basic("s"), .basic("s")]
    case .playAHAPAt: [.basic("s"), .basic("s"), .basic("i"), .basic("s")]
    case .impactAt: [.basic("s"), .basic("s"), .basic("d"), .basic("s")]
    case .notifyAt: [.basic("s"), .basic("s"), .basic("s")]
    case .stopAll: []
    case .setGain: [.basic("d")]
    }
}

/// Stops the fuzzer when decoded arguments break their documented ranges.
private func checkRanges(_ arguments: MethodArguments, _ method: DaemonMethod, _ limits: DaemonLimits) {
    switch arguments {
    case .triggerFeedback(let appID, let event, _, let timeout):
        if appID.isEmpty || event.isEmpty || !(-1...limits.timeoutSeconds).contains(timeout) { fatalError("taken: \(arguments)") }
    case .vibrate(_, let steps):
        if steps.count > limits.vibrateItems { fatalError("\(steps.count) items taken") }
        for step in steps where !(0...1).contains(step.magnitude) || step.duration > .milliseconds(Int(limits.vibrateItemMilliseconds)) {
            fatalError("an item out of range taken: \(step)")
        }
    case .playAHAP(_, _, let timeout, let locality):
        if !(-1...limits.timeoutSeconds).contains(timeout) { fatalError("the timeout \(timeout) taken") }
        checkLocality(locality != nil, method)
    case .impact(_, _, let level, let locality):
        if !(0...1).contains(level) { fatalError("the level \(level) taken") }
        checkLocality(locality != nil, method)
    case .notify(_, _, let locality), .selection(_, let locality):
        checkLocality(locality != nil, method)
    case .gain(let level):
        if !(0...1).contains(level) { fatalError("the level \(level) taken") }
    case .end, .profile, .stopAll: break
    }
}

/// Stops the fuzzer when a method without a locality returned one, or an `…At` method none.
private func checkLocality(_ hasLocality: Bool, _ method: DaemonMethod) {
    if hasLocality != method.takesLocality { fatalError("\(method) returned \(hasLocality ? "a" : "no") locality") }
}

/// Builds a call from `size` bytes at `data` and reads its arguments.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDBusArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(rest: ArraySlice(UnsafeBufferPointer(start: data, count: size)))
    let method = DaemonMethod.allCases[input.below(DaemonMethod.allCases.count)]
    // Three inputs in four keep the method's signature, so that the values are what varies.
    let types =
        input.below(4) != 0 ? signature(of: method) : (0..<input.below(5)).map { _ in BusType.random(&input, depth: 3) }
    var pointer: OpaquePointer?
    guard csdbusmessage_new_call(&pointer) >= 0, let call = pointer else { fatalError("sd-bus made no call") }
    defer { sd_bus_message_unref(call) }
    var writer = CallWriter(call: call)
    for type in types { writer.append(type, &input, depth: 3) }
    guard !writer.failed, sd_bus_message_seal(call, 1, 0) >= 0 else { return 0 }
    let limits = DaemonLimits()
    do throws(MethodError) {
        checkRanges(try MethodArguments.decode(method, from: BusMessage(pointer: call), limits: limits), method, limits)
    } catch {
        if error.name.isEmpty || error.message.isEmpty { fatalError("an error without a name or message: \(error)") }
    }
    return 0
}

// The entry point: libFuzzer's driver, on this command line.
cfuzzer_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzDBusArguments)
