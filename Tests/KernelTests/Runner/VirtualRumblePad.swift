/// A gamepad made with uhid and bound by one of the kernel's own HID drivers, whose device
/// side reads the motor levels back from the output reports the driver sends.
protocol VirtualRumblePad: Sendable {
    /// `/dev/input/eventN` of the input device with force feedback.
    var node: String { get }
    /// The HID driver that bound the pad, e.g. `playstation`.
    var driver: String { get }
    /// The uhid device behind the pad.
    var device: UhidDevice { get }
    /// Every output report that set the motors, in order, with when the device side read it.
    var motorReports: [(at: Duration, levels: MotorLevels)] { get }

    /// The levels the pad's driver sends for an `FF_RUMBLE` effect's magnitudes, as the
    /// memless helper hands them over (with the gain applied).
    static func levels(strong: UInt16, weak: UInt16) -> MotorLevels
}

extension VirtualRumblePad {
    /// Unplugs the pad.
    func destroy() {
        device.destroy()
    }
}
