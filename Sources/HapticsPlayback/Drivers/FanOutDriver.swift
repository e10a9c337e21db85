public import HapticsModel

/// A driver that passes every call on to several drivers, so one player drives several
/// outputs (a gamepad and the terminal, say).
///
/// Every driver gets every call, even when one of them fails; the first failure is then
/// thrown.
public struct FanOutDriver: HapticDriver {
    /// The drivers, called in this order.
    public let drivers: [any HapticDriver]

    /// Creates a fan-out over `drivers`.
    public init(_ drivers: [any HapticDriver]) {
        self.drivers = drivers
    }

    /// Prepares every driver.
    public func prepare() throws {
        try forEachDriver { try $0.prepare() }
    }

    /// Applies the frame to every driver.
    public func apply(_ frame: RumbleFrame) throws {
        try forEachDriver { try $0.apply(frame) }
    }

    /// Stops every driver.
    public func stop() throws {
        try forEachDriver { try $0.stop() }
    }

    /// Closes every driver.
    public func close() {
        for driver in drivers { driver.close() }
    }

    private func forEachDriver(_ body: (any HapticDriver) throws -> Void) throws {
        var firstError: (any Error)?
        for driver in drivers {
            do { try body(driver) } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }
}
