package import HapticsHidraw
package import HapticsModel
import HapticsPlayback

/// The adaptive triggers a driver reaches: those of the pads its hidraw drivers drive, looking
/// into a `RoutedDriver`'s base and the drivers of a `FanOutDriver`, as `PlaybackPad` does.
/// Nothing else reaches a trigger's effect: the terminal, a recording, evdev and the voice
/// coils play frames only.
package enum TriggerReach {
    /// Sets `effect` on the trigger on `side` of every pad with adaptive triggers that `driver`
    /// reaches, and its vibration modes on the trigger motors of every pad with those (an Xbox
    /// pad over Bluetooth: `TriggerMotorEffect`), until another effect, the driver's `stop` or
    /// `close` (and the hidraw guardian, if the process dies).
    ///
    /// - Throws: `TriggerReachError` when `driver` reaches no trigger that plays `effect`, else
    ///   why a pad cannot be opened or written (`HidrawError`).
    package static func set(_ effect: TriggerEffect, on side: Actuator.Side, through driver: any HapticDriver) throws {
        let drivers = hidrawDrivers(in: driver)
        guard !drivers.isEmpty else { throw TriggerReachError.noHidraw }
        var without: [TriggerReachError] = []
        for driver in drivers {
            do {
                try driver.setTriggerEffect(effect, on: side)
            } catch HidrawError.noAdaptiveTriggers(let name) {
                without.append(.noAdaptiveTriggers(name: name, parts: driver.pads.first?.model.parts ?? []))
            } catch HidrawError.triggerMotorsOnly(let name) {
                without.append(.triggerMotorsOnly(name: name))
            }
        }
        if without.count == drivers.count, let first = without.first { throw first }
    }

    /// A reader of the status of the first adaptive-trigger pad `driver` reaches
    /// (`HidrawDriver.triggerStatusReader()`), not started.
    ///
    /// - Throws: `TriggerReachError` when `driver` reaches no adaptive trigger, else why a pad
    ///   or its node cannot be opened (`HidrawError`).
    package static func statusReader(through driver: any HapticDriver) throws -> TriggerStatusReader {
        let drivers = hidrawDrivers(in: driver)
        guard !drivers.isEmpty else { throw TriggerReachError.noHidraw }
        var first: TriggerReachError?
        for driver in drivers {
            do {
                return try driver.triggerStatusReader()
            } catch HidrawError.noAdaptiveTriggers(let name) {
                first = first ?? .noAdaptiveTriggers(name: name, parts: driver.pads.first?.model.parts ?? [])
            }
        }
        throw first ?? .noAdaptiveTriggers(name: "", parts: [])
    }

    /// The hidraw drivers in `driver`, in order.
    static func hidrawDrivers(in driver: any HapticDriver) -> [HidrawDriver] {
        if let hidraw = driver as? HidrawDriver { return [hidraw] }
        if let routed = driver as? RoutedDriver { return hidrawDrivers(in: routed.base) }
        if let fanOut = driver as? FanOutDriver { return fanOut.drivers.flatMap(hidrawDrivers(in:)) }
        return []
    }
}
