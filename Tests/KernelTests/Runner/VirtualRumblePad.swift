/// A gamepad made with uhid and bound by one of the kernel's own HID drivers, whose device
/// side reads the motor levels back from the output reports the driver sends.
protocol VirtualRumblePad: Sendable {
    /// `/dev/input/eventN` of the input device with force feedback.
    var node: String { get }
    /// The HID driver that bound the pad, e.g. `playstation`.
    var driver: String { get }
    /// The uhid device behind the pad.
    var device: UhidDevice { get }

    /// The levels an output report sets the motors to, in the pad's units; nil for a report
    /// that does not set them (LEDs, subcommands without rumble).
    static func motorLevels(in report: [UInt8]) -> MotorLevels?

    /// The levels the pad's driver sends for an `FF_RUMBLE` effect's magnitudes, as the
    /// memless helper hands them over (with the gain applied).
    static func levels(strong: UInt16, weak: UInt16) -> MotorLevels

    /// How long a level must be held for the pad's driver to be sure to send it, whatever
    /// came before: the driver sends the latest level, so one replaced sooner may be skipped.
    static var surelyReported: Duration { get }

    /// How long after a run the pad's driver may still be sending its levels (from a queue);
    /// a run is over once the pad has reported silence and no sounding level for this long.
    static var backlog: Duration { get }

    /// A motor report's fields, decoded for a reader: `weak 255 strong 255` by default.
    static func describe(_ report: [UInt8]) -> String

    /// The offsets of a motor report's bytes that differ from one run to the next (packet
    /// counters), which the golden files leave out.
    static var varyingBytes: Set<Int> { get }

    /// Unplugs the pad.
    func destroy()
}

extension VirtualRumblePad {
    /// Every output report that set the motors, in order, with when the device side read it.
    var motorReports: [(at: Duration, levels: MotorLevels)] {
        device.outputs.compactMap { output in Self.motorLevels(in: output.bytes).map { (output.at, $0) } }
    }

    /// 100 ms: 25 ticks of the 250 Hz kernel, long enough for the memless helper and a driver
    /// that sends from a work item.
    static var surelyReported: Duration { .milliseconds(100) }

    /// None: the driver sends the latest level, never an older one queued.
    static var backlog: Duration { .zero }

    /// `weak W strong S`, the motor bytes in the pad's units.
    static func describe(_ report: [UInt8]) -> String {
        guard let levels = motorLevels(in: report) else { return "-" }
        return "weak \(levels.weak) strong \(levels.strong)"
    }

    /// None: the pad's reports carry no counter.
    static var varyingBytes: Set<Int> { [] }

    /// Unplugs the pad.
    func destroy() {
        device.destroy()
    }
}
