/// Why an engine stopped playing, as Core Haptics' `CHHapticEngine.StoppedReason` says it: what
/// `HapticEngine`'s `stoppedHandler` hears, and what hapticsd maps to feedbackd's end reasons.
public enum EngineStopReason: Sendable {
    /// The pad went away: the driver threw an error that means no device (a `DeviceAbsence`
    /// that `meansNoDeviceYet`, e.g. `ENODEV` on a pad unplugged). The engine plays again once
    /// a driver call succeeds.
    case deviceWentAway
    /// The program stopped the engine (`stop()` or `close()`).
    case stoppedByApplication
    /// The driver failed otherwise; the error says what to do.
    case systemError(any Error)

    /// The reason a driver's `error` stops an engine: `deviceWentAway` for a `DeviceAbsence`
    /// that means no device, `systemError` for any other.
    public init(driverError error: any Error) {
        if let absence = error as? any DeviceAbsence, absence.meansNoDeviceYet {
            self = .deviceWentAway
        } else {
            self = .systemError(error)
        }
    }

    /// The reason's name in logs and JSON: `device-went-away`, `stopped-by-application` or
    /// `system-error`.
    public var name: String {
        switch self {
        case .deviceWentAway: "device-went-away"
        case .stoppedByApplication: "stopped-by-application"
        case .systemError: "system-error"
        }
    }
}
