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
///   (the range the pad takes).
public struct DualSenseTriggerBlock: Sendable, Hashable {
    /// The mode bytes.
    enum Mode: UInt8 {
        /// No effect.
        case off = 0x05
        /// Resistance from a zone on (`feedback`).
        case feedback = 0x21
        /// Resistance between two zones that gives way (`weapon`).
        case weapon = 0x25
        /// Vibration from a zone on (`vibration`).
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
            guard let step = Self.step(strength) else {
                self = .off
                return
            }
            self.init(mode: .feedback, zonesFrom: Self.zone(start), step: step, trailing: [])
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
            guard let step = Self.step(amplitude) else {
                self = .off
                return
            }
            self.init(mode: .vibration, zonesFrom: Self.zone(start), step: step, trailing: [0, 0, Self.hertz(frequency)])
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

    /// A mode that applies `step` to every zone from `first` on: two bytes of zone bits, four
    /// of three-bit steps, then `trailing`.
    private init(mode: Mode, zonesFrom first: Int, step: Int, trailing: [UInt8]) {
        var zones: UInt16 = 0
        var steps: UInt32 = 0
        for zone in first..<10 {
            zones |= 1 << zone
            steps |= UInt32(step - 1) << (3 * zone)
        }
        let stepBytes = (0..<4).map { UInt8(truncatingIfNeeded: steps >> (8 * $0)) }
        self.init(mode: mode, parameters: [UInt8(zones & 0xFF), UInt8(zones >> 8)] + stepBytes + trailing)
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
