import HapticsPlatform

/// The parent's end of a pad's guardian (`hidraw_guardian_spawn`): a child process holding
/// the pad's hidraw node that writes the pad's reset reports if this process dies while the
/// guardian is armed, `kill -9` included, and exits.
///
/// Arming hands it the reset reports (precomputed bytes, one report each); disarming tells it
/// nothing needs a reset; `finish` closes the control pipe, so a disarmed guardian exits
/// without writing, and waits for it.
struct HidrawGuardian: Sendable {
    /// The guardian's pid.
    let pid: Int32
    /// The write end of its control pipe.
    let control: Int32

    /// The bit of a report's length that marks it a FEATURE report.
    static let featureBit = 0x8000

    /// The message that arms a guardian with `resets`: `A`, the length, and each report with
    /// its length (16-bit little-endian lengths), the length's `featureBit` set for FEATURE
    /// reports.
    static func armMessage(_ resets: [[UInt8]], asFeatures: Bool = false) -> [UInt8] {
        let flag = asFeatures ? featureBit : 0
        let body = resets.flatMap { report in littleEndian(report.count | flag) + report }
        return [UInt8(ascii: "A")] + littleEndian(body.count) + body
    }

    /// The message that disarms a guardian.
    static let disarmMessage: [UInt8] = [UInt8(ascii: "D")]

    /// Forks a guardian for `fd`.
    static func spawn(for fd: Int32, system: HidrawSystem) throws(Errno) -> HidrawGuardian {
        let (pid, control) = try system.spawnGuardian(fd)
        return HidrawGuardian(pid: pid, control: control)
    }

    /// Arms it with `resets`, FEATURE reports where `asFeatures`.
    func arm(_ resets: [[UInt8]], asFeatures: Bool, system: HidrawSystem) throws(Errno) {
        try system.send(control, Self.armMessage(resets, asFeatures: asFeatures))
    }

    /// Disarms it.
    func disarm(system: HidrawSystem) throws(Errno) {
        try system.send(control, Self.disarmMessage)
    }

    /// Closes the control pipe and waits for the guardian to exit: a disarmed guardian writes
    /// nothing, an armed one its resets.
    func finish(system: HidrawSystem) {
        system.close(control)
        system.reap(pid)
    }

    private static func littleEndian(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }
}
