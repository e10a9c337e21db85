public import CHaptics
import Glibc
import HapticsModel

/// `haptics_trigger_status`: see haptics.h. The names it hands out live as long as the library.
@_cdecl("haptics_trigger_status")
public func hapticsTriggerStatus(
    _ engine: OpaquePointer?, _ side: UnsafePointer<CChar>?, _ timeoutMilliseconds: Double,
    _ out: UnsafeMutablePointer<haptics_trigger_reading>?
) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        let side = try Argument.choice(side, named: "side", of: Actuator.Side.self)
        guard timeoutMilliseconds.isFinite, timeoutMilliseconds >= 0 else {
            throw .invalidArgument("timeout_ms is \(timeoutMilliseconds); it must be a number of milliseconds, 0 or more")
        }
        guard let out else { throw .invalidArgument("out is NULL") }
        let status = try engine.triggerStatus(of: side, waitingUpTo: .microseconds(Int64(timeoutMilliseconds * 1000)))
        out.pointee = haptics_trigger_reading(
            status: TriggerStatusNames.states[status.state], arm_position: status.armPosition, position: status.position,
            effect: status.mode.flatMap { TriggerStatusNames.modes[$0] })
    }
}

/// The stable names `haptics_trigger_status` hands out, as C strings made once and never
/// freed.
enum TriggerStatusNames {
    /// Each state's name (`TriggerState.rawValue`).
    nonisolated(unsafe) static let states: [TriggerState: UnsafePointer<CChar>] = Dictionary(
        uniqueKeysWithValues: TriggerState.allCases.map { ($0, UnsafePointer(strdup($0.rawValue)!)) })
    /// Each mode's name (`TriggerMode.rawValue`).
    nonisolated(unsafe) static let modes: [TriggerMode: UnsafePointer<CChar>] = Dictionary(
        uniqueKeysWithValues: TriggerMode.allCases.map { ($0, UnsafePointer(strdup($0.rawValue)!)) })
}
