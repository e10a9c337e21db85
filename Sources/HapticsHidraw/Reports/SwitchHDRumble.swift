public import HapticsModel
import HapticsPlatform

/// One actuator's HD Rumble in the Switch Pro Controller's output reports: four bytes with a
/// high-band and a low-band carrier and an amplitude for each band.
///
/// Carriers are codes on a logarithmic scale, 32 codes an octave: the high band plays
/// 10 Hz × 2^((code + 96) / 32) and the low band 10 Hz × 2^((code + 64) / 32), codes 1...127
/// (82...1253 Hz high, 41...626 Hz low). Amplitudes are steps 0...100 of the 101-entry table
/// (`AmplitudeSteps.nintendoTable`, 0 silence, 100 hid-nintendo's own full 1.003). Bytes 0
/// and 1 hold the high band: its code's low six bits in byte 0's top six bits, its seventh bit
/// in byte 1's bit 0, twice its step in byte 1's other bits. Bytes 2 and 3 hold the low band:
/// its code in byte 2's low seven bits, its step's parity in byte 2's top bit, and
/// 64 + step / 2 in byte 3. Silence is hid-nintendo's own: code 64 on both bands (320 Hz and
/// 160 Hz) at step 0, `00 01 40 40`.
public struct SwitchHDRumble: Sendable, Hashable {
    /// The carrier code both bands play at, 1...127.
    public var code: Int
    /// The low band's amplitude step, 0...100.
    public var lowStep: Int
    /// The high band's amplitude step, 0...100.
    public var highStep: Int

    /// The code of hid-nintendo's carriers, 160 Hz low and 320 Hz high.
    public static let driverCode = 64
    /// Silence: both bands at step 0 on hid-nintendo's carriers.
    public static let silence = SwitchHDRumble(code: driverCode, lowStep: 0, highStep: 0)

    /// Creates one actuator's rumble; values are held to their ranges.
    public init(code: Int, lowStep: Int, highStep: Int) {
        self.code = min(max(code, 1), 127)
        self.lowStep = min(max(lowStep, 0), 100)
        self.highStep = min(max(highStep, 0), 100)
    }

    /// A frame's rumble: the carriers from its sharpness (`code(sharpness:)`), the low band
    /// at its strong level and the high band at its weak level (gain applied), each the first
    /// step at least that loud (`step(for:)`). A silent frame is `silence`.
    public init(_ frame: RumbleFrame) {
        guard !frame.isSilent else {
            self = .silence
            return
        }
        let character = FrameCharacter(frame)
        self.init(
            code: Self.code(sharpness: character.sharpness), lowStep: Self.step(for: frame.scaledStrong),
            highStep: Self.step(for: frame.scaledWeak))
    }

    /// The carrier code of a sharpness `s`: `1 + round(126 · s)`, so 0 gives code 1 (41 Hz
    /// low, 82 Hz high), 0.5 code 64 (hid-nintendo's 160 Hz and 320 Hz) and 1 code 127 (626
    /// Hz low, 1253 Hz high).
    public static func code(sharpness: Double) -> Int {
        let s = sharpness.isNaN ? 0.5 : min(max(sharpness, 0), 1)
        return 1 + Int((126 * s).rounded())
    }

    /// The step of a level 0...1: as hid-nintendo snaps, the first entry of the table at
    /// least `level · 1003` (a level the table holds comes back as its own step), never above
    /// step 100; 0 for silence.
    public static func step(for level: Double) -> Int {
        guard level > 0, !level.isNaN else { return 0 }
        let table = AmplitudeSteps.nintendoTable
        let target = min(level, 1) - 1e-9
        return (1...table.topStep).first { table.level(ofStep: $0) >= target } ?? table.topStep
    }

    /// The low band's carrier, in Hz.
    public var lowHertz: Double { 10 * power(2, Double(code + 64) / 32) }
    /// The high band's carrier, in Hz.
    public var highHertz: Double { 10 * power(2, Double(code + 96) / 32) }

    /// The four bytes.
    public var bytes: [UInt8] {
        [
            UInt8((code & 0x3F) << 2),
            UInt8(highStep * 2 | code >> 6),
            UInt8(code | (lowStep & 1) << 7),
            UInt8(0x40 + lowStep / 2),
        ]
    }
}
