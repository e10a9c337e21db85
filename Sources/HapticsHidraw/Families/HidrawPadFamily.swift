import HapticsModel

/// A family of pads whose reports the hidraw driver writes: what its reports reach, and what
/// a frame, a trigger effect, a stop and a wake-up become on one pad, from the state the
/// family keeps for that pad (a packet counter, what it set, when it last wrote).
///
/// A value is one open pad's state. Its methods decide and return a `HidrawPadStep` (the
/// report to write, a wake-up to run); the driver writes the report, arms the pad's guardian
/// with `resetReports` first, tells the family with `wrote(_:at:)`, and calls
/// `wake(generation:now:)` when the step's wake-up falls due. The driver holds its lock
/// around every call, so a family needs none.
///
/// `HidrawPadModel.families` lists the families; each finds its pads by `profile`.
protocol HidrawPadFamily: Sendable {
    /// The profile of the family's pads (`PadProfile.matching`, from their vendor, product
    /// and bus): how `HidrawPadModel` finds the family of a pad.
    static var profile: PadProfile { get }
    /// The parts its reports reach.
    static var parts: Set<PadPart> { get }
    /// The profile frames are rendered with when its reports play them.
    static var renderProfile: PadProfile { get }
    /// The profile frames are rendered with when its reports play `parts` on a pad connected
    /// over Bluetooth (`bluetooth`) or not.
    static func renderProfile(bluetooth: Bool, parts: Set<PadPart>) -> PadProfile
    /// Whether its pads take trigger effects (`setTriggerEffect(_:on:)`).
    static var hasAdaptiveTriggers: Bool { get }
    /// Whether its pads have a rumble motor in each trigger, which plays the vibration modes of
    /// a trigger effect following the trigger's position (`setTriggerMotorEffect(_:on:now:)`,
    /// `followTriggers(input:now:)`).
    static var hasTriggerMotors: Bool { get }
    /// Whether its reports are FEATURE reports (`HIDIOCSFEATURE`) rather than output reports
    /// (`write(2)`).
    static var sendsFeatureReports: Bool { get }
    /// Whether the driver closes the pad's node once nothing has played on it for
    /// `HidrawDriver.idleRelease` (and opens it again for the next report): for pads whose
    /// kernel driver takes the user's input away while the node is open.
    static var letsGoOfIdleNode: Bool { get }

    /// The parts of `wanted` its reports play in place of the kernel's rumble, when the
    /// pad's hidraw node is writable (the rest stay with evdev).
    static func partsTakenOver(from wanted: Set<PadPart>) -> Set<PadPart>

    /// The parts of `wanted` its reports play in place of the kernel's rumble on a pad
    /// connected over Bluetooth (`bluetooth`) or not, when the pad's hidraw node is writable.
    static func partsTakenOver(from wanted: Set<PadPart>, bluetooth: Bool) -> Set<PadPart>

    /// A pad of the family that plays `parts`, over Bluetooth or not.
    init(parts: Set<PadPart>, isBluetooth: Bool)

    /// What `frame` becomes, at `now` on the system's monotonic clock.
    mutating func play(_ frame: RumbleFrame, now: Duration) -> HidrawPadStep

    /// What setting the trigger on `side` to `effect` becomes (on a family with adaptive
    /// triggers; the driver asks no other).
    mutating func setTriggerEffect(_ effect: TriggerEffect, on side: Actuator.Side) -> HidrawPadStep

    /// What setting the trigger motor on `side` to `effect` becomes at `now` (on a family with
    /// trigger motors; the driver asks no other).
    mutating func setTriggerMotorEffect(_ effect: TriggerMotorEffect, on side: Actuator.Side, now: Duration) -> HidrawPadStep

    /// Whether a trigger motor effect other than off is set, so the driver reads the pad's input
    /// for `followTriggers(input:now:)`.
    var followsTriggers: Bool { get }

    /// What an input report read from the pad at `now` becomes: the trigger motors at the
    /// levels the triggers' new positions give.
    mutating func followTriggers(input report: [UInt8], now: Duration) -> HidrawPadStep

    /// What silencing the pad and turning its trigger effects off becomes.
    mutating func stop(now: Duration) -> HidrawPadStep

    /// What the wake-up of an earlier step becomes when it falls due at `now`; nothing when a
    /// newer step made it stale.
    mutating func wake(generation: Int, now: Duration) -> HidrawPadStep

    /// Notes that `step`'s report was written, its write returning at `time`; a report that
    /// leaves nothing set makes the family forget what it set.
    mutating func wrote(_ step: HidrawPadStep, at time: Duration)

    /// The reports that reset what was set (the guardian's, and `close`'s), or none when
    /// nothing needs a reset.
    var resetReports: [[UInt8]] { get }

    /// The earliest time its next report may go out, where the family spaces its reports.
    var earliestNextReport: Duration? { get }
}

extension HidrawPadFamily {
    /// No adaptive triggers.
    static var hasAdaptiveTriggers: Bool { false }

    /// No trigger motors.
    static var hasTriggerMotors: Bool { false }

    /// `partsTakenOver(from:)`, whatever the bus.
    static func partsTakenOver(from wanted: Set<PadPart>, bluetooth: Bool) -> Set<PadPart> {
        partsTakenOver(from: wanted)
    }

    /// `renderProfile`, whatever the bus and the parts.
    static func renderProfile(bluetooth: Bool, parts: Set<PadPart>) -> PadProfile { renderProfile }

    /// Output reports.
    static var sendsFeatureReports: Bool { false }

    /// The node stays open until the driver closes.
    static var letsGoOfIdleNode: Bool { false }

    /// Nothing: the family has no adaptive triggers.
    mutating func setTriggerEffect(_ effect: TriggerEffect, on side: Actuator.Side) -> HidrawPadStep {
        HidrawPadStep()
    }

    /// Nothing: the family has no trigger motors.
    mutating func setTriggerMotorEffect(_ effect: TriggerMotorEffect, on side: Actuator.Side, now: Duration) -> HidrawPadStep {
        HidrawPadStep()
    }

    /// Never: the family has no trigger motors.
    var followsTriggers: Bool { false }

    /// Nothing: the family has no trigger motors.
    mutating func followTriggers(input report: [UInt8], now: Duration) -> HidrawPadStep {
        HidrawPadStep()
    }

    /// Any time: the family does not space its reports.
    var earliestNextReport: Duration? { nil }
}
