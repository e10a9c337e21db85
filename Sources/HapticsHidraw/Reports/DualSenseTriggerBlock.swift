public import HapticsModel

/// One adaptive trigger's 11-byte effect block in the DualSense's output report: a mode byte
/// and its parameters, as SDL's `DS5EffectsState_t` places it and the community's notes on
/// the trigger modes describe the modes.
///
/// The pad divides the trigger's travel into ten zones (0 at rest ... 9 fully pulled) and
/// takes strengths and amplitudes in eight steps (1...8, sent as 0...7, three bits a zone).
/// `TriggerEffect`'s 0...1 values become them so:
/// - a position `p` becomes the zone `round(9 · p)`;
/// - a strength or amplitude `x` above zero becomes the step `1 + round(7 · x)` (the weakest
///   that is felt at all is step 1, full is 8); zero makes the effect off;
/// - a vibration's frequency `f` becomes `10 + round(150 · f)` Hz (`frequencyRange`, 10...160
///   Hz: the slow pulses to the fast buzz the trigger's motor follows);
/// - a weapon's start is held to zones 2...7 and its end to the zones after the start up to 8
///   (the range the pad takes);
/// - a slope's start is held to zones 0...8 and its end to the zones after the start up to 9;
///   each zone from the start to the end takes the strength on the line between the two
///   strengths, each zone after the end the end strength, and the block is the feedback mode
///   with a strength a zone;
/// - positional feedback and vibration are the feedback and vibration modes with a strength
///   or amplitude a zone; a zone of 0 is left out (its bit clear).
public struct DualSenseTriggerBlock: Sendable, Hashable {
    /// The mode bytes.
    enum Mode: UInt8 {
        /// No effect.
        case off = 0x05
        /// Resistance in the marked zones, a step each (`feedback`, `slopeFeedback`,
        /// `positionalFeedback`).
        case feedback = 0x21
        /// Resistance between two zones that gives way (`weapon`).
        case weapon = 0x25
        /// Vibration in the marked zones, a step each, at a frequency (`vibration`,
        /// `positionalVibration`).
        case vibration = 0x26
    }

    /// The frequencies a vibration's 0...1 frequency spans, in Hz.
    public static let frequencyRange: ClosedRange<Int> = 10...160

    /// The block's eleven bytes.
    public let bytes: [UInt8]

    /// The block that turns the trigger's effect off.
    public static let off = DualSenseTriggerBlock(mode: .off, parameters: [])

    /// The block of `effect`; values outside 0...1 are held to it. (An effect with a NaN is
    /// refused before it gets here: `TriggerEffect.isValid`.)
    public init(_ effect: TriggerEffect) {
        switch effect {
        case .off:
            self = .off
        case .feedback(let start, let strength):
            self.init(mode: .feedback, steps: Self.steps(from: start, value: strength), trailing: [])
        case .weapon(let start, let end, let strength):
            guard let step = Self.step(strength) else {
                self = .off
                return
            }
            let first = min(max(Self.zone(start), 2), 7)
            let last = min(max(Self.zone(end), first + 1), 8)
            let zones = UInt16(1) << first | UInt16(1) << last
            self.init(mode: .weapon, parameters: [UInt8(zones & 0xFF), UInt8(zones >> 8), UInt8(step - 1)])
        case .vibration(let start, let amplitude, let frequency):
            self.init(
                mode: .vibration, steps: Self.steps(from: start, value: amplitude), trailing: [0, 0, Self.hertz(frequency)])
        case .slopeFeedback(let start, let end, let strength, let endStrength):
            let first = min(Self.zone(start), 8)
            let last = max(Self.zone(end), first + 1)
            let strengths = (0..<10).map { zone -> Double in
                guard zone >= first else { return 0 }
                let along = Double(min(zone, last) - first) / Double(last - first)
                return Self.unit(strength) + (Self.unit(endStrength) - Self.unit(strength)) * along
            }
            self.init(mode: .feedback, steps: strengths.map(Self.step), trailing: [])
        case .positionalFeedback(let strengths):
            self.init(mode: .feedback, steps: Self.zoneSteps(strengths), trailing: [])
        case .positionalVibration(let amplitudes, let frequency):
            self.init(mode: .vibration, steps: Self.zoneSteps(amplitudes), trailing: [0, 0, Self.hertz(frequency)])
        }
    }

    /// The vibration block of a frame's character: its amplitude at the frequency its
    /// sharpness gives, from the start of the travel; off for silence.
    public init(vibrationOf character: FrameCharacter) {
        self.init(.vibration(start: 0, amplitude: character.amplitude, frequency: character.sharpness))
    }

    /// The mode byte and up to ten parameter bytes, zeros after them.
    private init(mode: Mode, parameters: [UInt8]) {
        bytes = [mode.rawValue] + parameters + [UInt8](repeating: 0, count: 10 - parameters.count)
    }

    /// A mode with a step in each zone that has one (`nil` leaves the zone out): two bytes of
    /// zone bits, four of three-bit steps, then `trailing`; the off block when no zone has one.
    private init(mode: Mode, steps: [Int?], trailing: [UInt8]) {
        var zones: UInt16 = 0
        var packed: UInt32 = 0
        for (zone, step) in steps.prefix(10).enumerated() {
            guard let step else { continue }
            zones |= 1 << zone
            packed |= UInt32(step - 1) << (3 * zone)
        }
        guard zones != 0 else {
            self = .off
            return
        }
        let stepBytes = (0..<4).map { UInt8(truncatingIfNeeded: packed >> (8 * $0)) }
        self.init(mode: mode, parameters: [UInt8(zones & 0xFF), UInt8(zones >> 8)] + stepBytes + trailing)
    }

    /// The steps of one `value` in every zone from `start`'s on.
    private static func steps(from start: Double, value: Double) -> [Int?] {
        let first = zone(start)
        return (0..<10).map { $0 >= first ? step(value) : nil }
    }

    /// The steps of one value a zone; a list of another length than ten is refused before it
    /// gets here (`TriggerEffect.isValid`), and missing zones are left out.
    private static func zoneSteps(_ values: [Double]) -> [Int?] {
        (0..<10).map { $0 < values.count ? step(values[$0]) : nil }
    }

    /// The zone of a position: `round(9 · p)`, 0...9.
    static func zone(_ position: Double) -> Int {
        Int((9 * unit(position)).rounded())
    }

    /// The step of a strength or amplitude: `1 + round(7 · x)`, or `nil` for zero.
    static func step(_ value: Double) -> Int? {
        let value = unit(value)
        return value > 0 ? 1 + Int((7 * value).rounded()) : nil
    }

    /// The frequency of a 0...1 frequency, in Hz: what a vibration block sends, and what the
    /// command line shows a trigger playing.
    package static func hertz(_ frequency: Double) -> UInt8 {
        let range = frequencyRange
        return UInt8(range.lowerBound + Int((Double(range.upperBound - range.lowerBound) * unit(frequency)).rounded()))
    }

    private static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}
