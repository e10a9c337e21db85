/// An error a driver may throw that means it has no device to drive yet (none plugged in, or
/// the last one unplugged): nothing is broken, and it plays again once one appears. A
/// `FanOutDriver` lets a member that throws one wait while the others play.
public protocol DeviceAbsence: Error {
    /// Whether this error means no device yet, rather than a failure.
    var meansNoDeviceYet: Bool { get }
}
