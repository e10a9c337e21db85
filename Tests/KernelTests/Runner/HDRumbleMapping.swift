import Glibc
import Haptics

/// What the hidraw driver's HD Rumble sends a Switch Pro for one frame, as the library documents
/// the mapping, re-derived here from a frame's two levels apart from the library's encoder.
///
/// The frame's sharpness comes back from its levels as the `split` mapping wrote them
/// (`FrameCharacter`'s rule: with crossover c, `s = c · weak / strong` when strong ≥ weak, else
/// `1 − (1 − c) · strong / weak`); it picks one carrier code for both bands,
/// `1 + round(126 · s)` (the low band at 10 Hz · 2^((code + 64) / 32), the high band an octave
/// up). The low band's amplitude is the strong level, the high band's the weak one, each the
/// first of the pad's 101 steps at least as loud (a level of 1 is the table's top, 1.003).
///
/// The rendered levels are printed to five decimals, so each value is computed for the level
/// a hair below and above, and a packet matches when it is any of those.
struct HDRumbleMapping: Sendable, CustomStringConvertible {
    /// The carrier codes the frame may have.
    let codes: Set<Int>
    /// The low band's possible steps (from the strong level).
    let lowSteps: Set<Int>
    /// The high band's possible steps (from the weak level).
    let highSteps: Set<Int>

    /// How far a printed level may be from the frame's own.
    private static let printed = 0.000_01

    /// The mapping of a rendered frame.
    init(_ frame: RenderedFrame) {
        let crossover = RenderSettings.MotorSplit().crossover
        let nudges = [-Self.printed, 0, Self.printed]
        lowSteps = Set(nudges.map { SwitchRumble.step(forThousandths: max(frame.strong + $0, 0) * 1003) })
        highSteps = Set(nudges.map { SwitchRumble.step(forThousandths: max(frame.weak + $0, 0) * 1003) })
        var codes: Set<Int> = []
        for strongNudge in nudges {
            for weakNudge in nudges {
                let (strong, weak) = (max(frame.strong + strongNudge, 0), max(frame.weak + weakNudge, 0))
                guard strong > 0 || weak > 0 else { continue }
                let sharpness = strong >= weak ? crossover * weak / strong : 1 - (1 - crossover) * strong / weak
                codes.insert(1 + Int((126 * sharpness).rounded()))
            }
        }
        self.codes = codes
    }

    /// Whether one side's rumble is this frame's.
    func matches(_ rumble: SwitchRumble) -> Bool {
        rumble.highCode == rumble.lowCode && codes.contains(rumble.lowCode) && lowSteps.contains(rumble.lowStep)
            && highSteps.contains(rumble.highStep)
    }

    /// `code 64 low step 100 high step 100` (alternatives joined by `|`).
    var description: String {
        let list = { (values: Set<Int>) in values.sorted().map(String.init).joined(separator: "|") }
        return
            "code \(list(codes)) (\(SwitchRumble.hertz(code: (codes.min() ?? 0) + 64)) Hz) low step \(list(lowSteps)) high step \(list(highSteps))"
    }
}
