public import HapticsEvdev
public import HapticsModel

/// Plays frames on pads through the kernel's hidraw interface, beside the pad's kernel driver.
public final class HidrawDriver: HapticDriver {
    /// Which pads are driven.
    public let selection: DeviceSelection
    /// Where on the pads the frames play.
    public let locality: Locality

    /// Creates a driver for the pads `selection` picks in `directory`, playing at `locality`.
    public init(
        selection: DeviceSelection = .auto, locality: Locality = .all, directory: String = "/dev/input",
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.selection = selection
        self.locality = locality
    }

    /// The pads being driven.
    public var pads: [HidrawPadInfo] { [] }

    /// The profile frames for these pads are rendered with, or `nil` before `prepare`.
    public var renderProfile: PadProfile? { nil }

    /// Sets the effect of the trigger on `side` of every adaptive-trigger pad driven.
    public func setTriggerEffect(_ effect: TriggerEffect, on side: Actuator.Side) throws {}

    /// Opens the pads.
    public func prepare() throws {}
    /// Plays the frame.
    public func apply(_ frame: RumbleFrame) throws {}
    /// Silences what the driver plays.
    public func stop() throws {}
    /// Silences and resets what the driver set, and closes the nodes.
    public func close() {}
}
