package import HapticsModel

/// A driver that plays every frame on another driver as `HandleRouting` routes it: one
/// handle's motor alone for `left-handle` and `right-handle`.
package struct RoutedDriver: HapticDriver {
    /// The driver the routed frames go to.
    package let base: any HapticDriver
    /// How frames are routed.
    package let routing: HandleRouting

    /// Creates a driver playing on `base` at `routing`'s locality.
    package init(_ base: any HapticDriver, routing: HandleRouting) {
        self.base = base
        self.routing = routing
    }

    /// `driver` playing at `locality`: routed where that changes frames, else itself.
    package static func playing(on driver: any HapticDriver, at locality: Locality) -> any HapticDriver {
        let routing = HandleRouting(locality)
        return routing.changesFrames ? RoutedDriver(driver, routing: routing) : driver
    }

    /// Prepares the base driver.
    package func prepare() throws { try base.prepare() }
    /// Applies the routed frame.
    package func apply(_ frame: RumbleFrame) throws { try base.apply(routing.route(frame)) }
    /// Stops the base driver.
    package func stop() throws { try base.stop() }
    /// Closes the base driver.
    package func close() { base.close() }
}
