import HapticsModel

/// Microsoft's Xbox One S and Series pads over Bluetooth: four motors in output report 3
/// (`XboxRumbleReport`).
///
/// Each report owns all four motors for the frame's length (at most 2.55 s, so the pad stops
/// by itself): the handles and triggers at the locality play, every other motor is at 0. Two
/// reports never go out less than 50 ms apart, counted from when the last write returned: a
/// report due sooner waits for a wake-up, a newer one replacing it while it waits, so the pad
/// shows the newest levels and the last report, silence, always goes out. Silence (all four
/// motors at 0) hands the handles back to the kernel's driver.
struct XboxBluetoothPad: HidrawPadFamily {
    static let profile = PadProfile.xboxBluetooth
    static let parts = PadPart.handles.union(PadPart.triggers)
    static let renderProfile = PadProfile.xboxBluetooth

    /// The least time between two reports.
    static let spacing = Duration.milliseconds(50)

    /// Everything, once a trigger is wanted (a report owns all four motors); nothing for the
    /// handles alone, which the kernel's rumble plays.
    static func partsTakenOver(from wanted: Set<PadPart>) -> Set<PadPart> {
        wanted.isDisjoint(with: PadPart.triggers) ? [] : wanted
    }

    /// The parts played.
    let parts: Set<PadPart>
    /// Whether a sounding report went out since the last reset.
    private var touchedMotors = false
    /// When the last report's write returned.
    private var lastReport: Duration?
    /// The report waiting for the 50 ms to pass.
    private var pending: XboxRumbleReport?

    init(parts: Set<PadPart>, isBluetooth: Bool) {
        self.parts = parts
    }

    mutating func play(_ frame: RumbleFrame, now: Duration) -> HidrawPadStep {
        send(report(for: frame), now: now)
    }

    mutating func stop(now: Duration) -> HidrawPadStep {
        guard touchedMotors else { return HidrawPadStep() }
        return send(.silence, now: now)
    }

    /// Sends the report waiting, if one is.
    mutating func wake(generation: Int, now: Duration) -> HidrawPadStep {
        guard let waiting = pending else { return HidrawPadStep() }
        pending = nil
        return send(waiting, now: now)
    }

    mutating func wrote(_ step: HidrawPadStep, at time: Duration) {
        lastReport = time
        if step.leavesNothingSet { touchedMotors = false }
    }

    /// All four motors at 0; none when nothing sounded.
    var resetReports: [[UInt8]] {
        touchedMotors ? [XboxRumbleReport.silence.bytes] : []
    }

    /// 50 ms after the last report.
    var earliestNextReport: Duration? {
        lastReport.map { $0 + Self.spacing }
    }

    /// The report for `frame`: the handles and triggers at the locality, every other motor at
    /// 0, for the frame's length; silence for a silent frame.
    private mutating func report(for frame: RumbleFrame) -> XboxRumbleReport {
        guard !frame.isSilent else { return .silence }
        touchedMotors = true
        let handles = parts.levels(of: frame, left: .leftHandle, right: .rightHandle) ?? (0, 0)
        let triggers = parts.levels(of: frame, left: .leftTrigger, right: .rightTrigger) ?? (0, 0)
        return XboxRumbleReport(
            leftTrigger: XboxRumbleReport.magnitude(triggers.left), rightTrigger: XboxRumbleReport.magnitude(triggers.right),
            leftHandle: XboxRumbleReport.magnitude(handles.left), rightHandle: XboxRumbleReport.magnitude(handles.right),
            duration10ms: XboxRumbleReport.units(frame.duration))
    }

    /// The report now, or held until 50 ms after the last one (with a wake-up, unless one is
    /// already waiting).
    private mutating func send(_ report: XboxRumbleReport, now: Duration) -> HidrawPadStep {
        if let last = lastReport, now - last < Self.spacing {
            let isWaiting = pending != nil
            pending = report
            return isWaiting ? HidrawPadStep() : HidrawPadStep(wake: .init(delay: last + Self.spacing - now, generation: 0))
        }
        pending = nil
        return HidrawPadStep(report: report.bytes, leavesNothingSet: report == .silence)
    }
}
