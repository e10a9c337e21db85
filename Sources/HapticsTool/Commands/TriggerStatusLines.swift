import HapticsModel

/// The JSON lines `haptics trigger --status` prints: one per trigger each time what it prints
/// changes (values rounded to two decimals), e.g.
/// `{"side":"left","status":"feedback-load-applied","arm_position":0.44,"position":0.42,"effect":"feedback"}`;
/// the first report prints both triggers.
struct TriggerStatusLines {
    /// The effects the command set, by trigger, which those triggers' statuses are read as
    /// (`TriggerStatus.reading(as:)`).
    let effects: [Actuator.Side: TriggerEffect]
    /// The line last printed for each trigger.
    private var last: [Actuator.Side: String] = [:]

    /// Lines for the statuses of triggers set to `effects` (none: as the pad reports them).
    init(effects: [Actuator.Side: TriggerEffect] = [:]) {
        self.effects = effects
    }

    /// The lines to print for one report: those of the triggers whose line changed.
    mutating func lines(left: TriggerStatus, right: TriggerStatus) -> [String] {
        [(Actuator.Side.left, left), (.right, right)].compactMap { side, status in
            let line = Self.line(side: side, status: effects[side].map { status.reading(as: $0) } ?? status)
            guard last[side] != line else { return nil }
            last[side] = line
            return line
        }
    }

    /// One trigger's line.
    static func line(side: Actuator.Side, status: TriggerStatus) -> String {
        let value: JSONValue = .object([
            ("side", .string(side.rawValue)),
            ("status", .string(status.state.rawValue)),
            ("arm_position", .number(status.armPosition)),
            ("position", .number(status.position)),
            ("effect", status.mode.map { .string($0.rawValue) } ?? .null),
        ])
        return JSONWriter.string(value, layout: .compact, numbers: .rounded(decimals: 2))
    }
}
