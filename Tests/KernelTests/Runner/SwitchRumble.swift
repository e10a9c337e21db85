import Glibc

/// One side's rumble in a Switch controller's output reports, as `hid-nintendo` encodes it:
/// four bytes holding a high-band carrier, a low-band carrier and one amplitude for both bands.
///
/// The encoding is the one the community's reverse engineering of the controller documents and
/// the driver's tables follow: a carrier is a code on a logarithmic scale (32 codes an
/// octave: 10 Hz × 2^((code + 96) / 32) for the high band, codes 1...127 from 82 to 1253 Hz,
/// and 10 Hz × 2^((code + 64) / 32) for the low band, codes 1...127 from 41 to 626 Hz), and the
/// amplitude one of 101 steps, the same step written twice (once per band, in different bit
/// positions). Bytes 0 and 1 hold the high band: its code's low six bits in byte 0's top six
/// bits, its seventh bit in byte 1's bit 0, and twice the step in byte 1's other bits. Bytes 2
/// and 3 hold the low band: its code in byte 2's low seven bits, the step's parity in byte
/// 2's top bit and 64 + step / 2 in byte 3. Decoding is the inverse; bytes that no code and
/// step produce do not decode.
struct SwitchRumble: Equatable, Sendable, CustomStringConvertible {
    /// The high band's carrier, in whole hertz as the driver's table gives it.
    let highFrequency: Int
    /// The low band's carrier, in whole hertz as the driver's table gives it.
    let lowFrequency: Int
    /// The amplitude step, 0...100 (0 is silence).
    let step: Int

    /// The amplitude of each step in thousandths, as the driver's table has it (from the
    /// reverse-engineering notes the driver cites): the driver scales a 16-bit magnitude to
    /// 0...1003 and takes the first step at least that loud.
    static let amplitudes: [Int] = [
        0, 10, 12, 14, 17, 20, 24, 28, 33, 40, 47, 56, 67, 80, 95, 112, 117, 123, 128, 134, 140, 146, 152, 159, 166,
        173, 181, 189, 198, 206, 215, 225, 230, 235, 240, 245, 251, 256, 262, 268, 273, 279, 286, 292, 298, 305, 311, 318,
        325, 332, 340, 347, 355, 362, 370, 378, 387, 395, 404, 413, 422, 431, 440, 450, 460, 470, 480, 491, 501, 512, 524,
        535, 547, 559, 571, 584, 596, 609, 623, 636, 650, 665, 679, 694, 709, 725, 741, 757, 773, 790, 808, 825, 843, 862,
        881, 900, 920, 940, 960, 981, 1003,
    ]

    /// The carriers `hid-nintendo` sets on both sides and never changes: 320 Hz high, 160 Hz low.
    static let driverCarriers = (high: 320, low: 160)

    /// The step's amplitude in thousandths (0...1003).
    var amplitude: Int { Self.amplitudes[step] }

    /// `320/160Hz step 100 (1.003)`.
    var description: String {
        let thousandths = String(amplitude % 1000)
        let padded = String(repeating: "0", count: 3 - thousandths.count) + thousandths
        return "\(highFrequency)/\(lowFrequency)Hz step \(step) (\(amplitude / 1000).\(padded))"
    }

    /// Decodes one side's four bytes; nil when they are not an encoding the driver makes.
    init?(_ bytes: ArraySlice<UInt8>) {
        guard bytes.count == 4 else { return nil }
        let (b0, b1, b2, b3) = (
            Int(bytes[bytes.startIndex]), Int(bytes[bytes.startIndex + 1]), Int(bytes[bytes.startIndex + 2]),
            Int(bytes[bytes.startIndex + 3])
        )
        let highCode = (b0 >> 2) | ((b1 & 0x01) << 6)
        let lowCode = b2 & 0x7F
        let highStep = (b1 & 0xFE) / 2
        let lowStep = (b3 - 0x40) * 2 + (b2 >> 7)
        guard b0 & 0x03 == 0, (1...127).contains(highCode), (1...127).contains(lowCode),
            (0...100).contains(highStep), highStep == lowStep
        else { return nil }
        self.highFrequency = Self.hertz(code: highCode + 96)
        self.lowFrequency = Self.hertz(code: lowCode + 64)
        self.step = highStep
    }

    /// The step `hid-nintendo` picks for a 16-bit magnitude (as the memless helper hands it
    /// over): the magnitude scaled to 0...1003, then the first step at least that loud.
    static func step(forMagnitude magnitude: UInt16) -> Int {
        let amplitude = Int(magnitude) * 1003 / 65535
        return amplitudes.firstIndex { $0 >= amplitude } ?? amplitudes.count - 1
    }

    /// 10 Hz × 2^(code / 32), rounded: the scale both bands' codes are on.
    private static func hertz(code: Int) -> Int {
        Int((10 * pow(2, Double(code) / 32)).rounded())
    }
}
