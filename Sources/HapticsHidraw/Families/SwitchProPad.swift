import HapticsModel

/// Nintendo's Switch Pro Controller: HD Rumble in the rumble-only output report 0x10
/// (`SwitchRumbleReport`), each report under the next 4-bit packet counter.
///
/// Each handle at the locality plays the frame's HD Rumble (`SwitchHDRumble`), the other
/// silence. The pad stops a level it is not fed, so while a frame sounds its report goes out
/// again every 50 ms, as hid-nintendo does, until the frame ends (a stalled player leaves the
/// pad unfed, and it stops).
struct SwitchProPad: HidrawPadFamily {
    static let profile = PadProfile.switchPro
    static let parts = PadPart.handles
    static let renderProfile = PadProfile.switchProHD

    /// How often a sounding report is re-sent: hid-nintendo's own 50 ms.
    static let feedInterval = Duration.milliseconds(50)

    /// Everything: HD Rumble plays the handles better than the kernel's fixed carriers.
    static func partsTakenOver(from wanted: Set<PadPart>) -> Set<PadPart> {
        wanted
    }

    /// The parts played.
    let parts: Set<PadPart>
    /// The packet counter of the next report, 0...15.
    private var counter: UInt8 = 0
    /// Whether a sounding level went out since the last reset.
    private var touchedMotors = false
    /// The report being kept fed, and until when (on the system's clock).
    private var feeding: (report: SwitchRumbleReport, until: Duration)?
    /// Counts the frames and stops, so the wake-up of an earlier frame does nothing.
    private var generation = 0

    init(parts: Set<PadPart>, isBluetooth: Bool) {
        self.parts = parts
    }

    mutating func play(_ frame: RumbleFrame, now: Duration) -> HidrawPadStep {
        let rumble = SwitchHDRumble(frame)
        if !frame.isSilent { touchedMotors = true }
        let report = next(
            left: parts.contains(.leftHandle) ? rumble : .silence, right: parts.contains(.rightHandle) ? rumble : .silence)
        generation += 1
        guard !frame.isSilent, frame.duration > Self.feedInterval else {
            feeding = nil
            return HidrawPadStep(report: report.bytes, leavesNothingSet: frame.isSilent)
        }
        feeding = (report, now + frame.duration)
        return HidrawPadStep(report: report.bytes, wake: .init(delay: Self.feedInterval, generation: generation))
    }

    mutating func stop(now: Duration) -> HidrawPadStep {
        generation += 1
        feeding = nil
        guard touchedMotors else { return HidrawPadStep() }
        return HidrawPadStep(report: next(left: .silence, right: .silence).bytes, leavesNothingSet: true)
    }

    /// Re-sends the sounding report under the next counter while its frame lasts, and asks
    /// for the next feed while more than one interval is left.
    mutating func wake(generation: Int, now: Duration) -> HidrawPadStep {
        guard generation == self.generation, let feeding, now < feeding.until else { return HidrawPadStep() }
        let report = next(left: feeding.report.left, right: feeding.report.right)
        guard feeding.until - now > Self.feedInterval else { return HidrawPadStep(report: report.bytes) }
        return HidrawPadStep(report: report.bytes, wake: .init(delay: Self.feedInterval, generation: generation))
    }

    mutating func wrote(_ step: HidrawPadStep, at time: Duration) {
        if step.leavesNothingSet { touchedMotors = false }
    }

    /// Three silences under the next counters; none when nothing sounded.
    var resetReports: [[UInt8]] {
        guard touchedMotors else { return [] }
        return (0..<3).map { SwitchRumbleReport(counter: counter &+ UInt8($0), left: .silence, right: .silence).bytes }
    }

    /// The levels under the next packet counter.
    private mutating func next(left: SwitchHDRumble, right: SwitchHDRumble) -> SwitchRumbleReport {
        let report = SwitchRumbleReport(counter: counter, left: left, right: right)
        counter = (counter + 1) & 0x0F
        return report
    }
}
