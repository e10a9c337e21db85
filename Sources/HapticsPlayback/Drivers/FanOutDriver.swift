public import HapticsModel

/// A driver that passes every call on to several drivers, so one player drives several
/// outputs (a gamepad and the terminal, say).
///
/// Every driver gets every call, even when one of them fails; the first failure is then
/// thrown, and the player ends every playback with it. While playing (`apply`, `stop`), a
/// driver that has no device yet (its error a `DeviceAbsence` that `meansNoDeviceYet`) waits:
/// its error is not thrown while another driver took the call, so the others play everything,
/// and it joins once its device appears. `prepare` throws it, so a caller can say it is missing.
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

    /// Applies the frame to every driver; one with no device yet waits.
    public func apply(_ frame: RumbleFrame) throws {
        try forEachDriver(lettingAbsentDevicesWait: true) { try $0.apply(frame) }
    }

    /// Stops every driver; one with no device yet waits.
    public func stop() throws {
        try forEachDriver(lettingAbsentDevicesWait: true) { try $0.stop() }
    }

    /// Closes every driver.
    public func close() {
        for driver in drivers { driver.close() }
    }

    /// Calls `body` on every driver and throws the first failure; with `lettingAbsentDevicesWait`,
    /// a driver with no device yet fails the call only when no driver took it.
    private func forEachDriver(lettingAbsentDevicesWait: Bool = false, _ body: (any HapticDriver) throws -> Void) throws {
        var firstError: (any Error)?
        var firstAbsence: (any Error)?
        var taken = false
        for driver in drivers {
            do {
                try body(driver)
                taken = true
            } catch let error as any DeviceAbsence where lettingAbsentDevicesWait && error.meansNoDeviceYet {
                firstAbsence = firstAbsence ?? error
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError { throw firstError }
        if let firstAbsence, !taken { throw firstAbsence }
    }
}
