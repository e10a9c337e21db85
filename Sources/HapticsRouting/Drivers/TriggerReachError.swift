import HapticsHidraw
package import HapticsModel

/// Why a driver reaches no adaptive trigger (`TriggerReach`).
package enum TriggerReachError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The driver drives no pad through hidraw: the terminal, a recording, evdev, the voice coils.
    case noHidraw
    /// The pads it drives through hidraw have no adaptive triggers; the first one's name and the
    /// parts its reports reach.
    case noAdaptiveTriggers(name: String, parts: Set<PadPart>)
    /// The pads it drives through hidraw have trigger motors, not adaptive triggers, and the
    /// effect is a resistance mode; the first one's name.
    case triggerMotorsOnly(name: String)

    /// One line: what the driver reaches, and what reaches a trigger.
    package var description: String {
        switch self {
        case .noHidraw:
            "the driver reaches no adaptive trigger: a DualSense's triggers are set through its hidraw node, "
                + "which the \"hidraw\" driver writes, and \"auto\" where the locality holds the triggers"
        case .noAdaptiveTriggers(let name, let parts):
            "\(name.isEmpty ? "the pad" : name) has no adaptive triggers (a DualSense has): it has rumble at "
                + parts.sorted().map(\.rawValue).joined(separator: ", ")
        case .triggerMotorsOnly(let name):
            "\(HidrawError.triggerMotorsOnly(name: name)); the resistance modes need adaptive triggers (a DualSense has)"
        }
    }
}
