import Glibc

/// One side's rumble in a Switch controller's output reports: four bytes holding a high-band
/// carrier and amplitude and a low-band carrier and amplitude.
///
/// The encoding is the one the community's reverse engineering of the controller documents and
/// `hid-nintendo`'s tables follow: a carrier is a code on a logarithmic scale (32 codes an
/// octave: 10 Hz × 2^((code + 96) / 32) for the high band, codes 1...127 from 82 to 1253 Hz,
/// and 10 Hz × 2^((code + 64) / 32) for the low band, codes 1...127 from 41 to 626 Hz), and
/// each band's amplitude one of 101 steps. Bytes 0 and 1 hold the high band: its code's low six
/// bits in byte 0's top six bits, its seventh bit in byte 1's bit 0, and twice its step in byte
/// 1's other bits. Bytes 2 and 3 hold the low band: its code in byte 2's low seven bits, its
/// step's parity in byte 2's top bit and 64 + step / 2 in byte 3. `hid-nintendo` writes the
/// same step to both bands on its fixed carriers; HD Rumble through hidraw sets each band on
/// its own. Decoding is the inverse; bytes that no codes and steps produce do not decode.
struct SwitchRumble: Equatable, Sendable, CustomStringConvertible {
    /// The high band's carrier code, 1...127.
    let highCode: Int
    /// The low band's carrier code, 1...127.
    let lowCode: Int
    /// The high band's amplitude step, 0...100 (0 is silence).
    let highStep: Int
    /// The low band's amplitude step, 0...100 (0 is silence).
    let lowStep: Int

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

    /// The high band's carrier, in whole hertz as the driver's table gives it.
    var highFrequency: Int { Self.hertz(code: highCode + 96) }

    /// The low band's carrier, in whole hertz as the driver's table gives it.
    var lowFrequency: Int { Self.hertz(code: lowCode + 64) }

    /// The louder band's step: the one step `hid-nintendo` writes to both bands.
    var step: Int { max(highStep, lowStep) }

    /// The louder band's amplitude in thousandths (0...1003).
    var amplitude: Int { Self.amplitudes[step] }

    /// Whether both bands are silent.
    var isSilent: Bool { highStep == 0 && lowStep == 0 }

    /// `320/160Hz step 100 (1.003)` when both bands have the same step, else
    /// `640/320Hz steps 40/100 (0.273/1.003)` (high band first).
    var description: String {
        let hertz = "\(highFrequency)/\(lowFrequency)Hz"
        if highStep == lowStep { return "\(hertz) step \(step) (\(Self.decimal(amplitude)))" }
        let amplitudes = "\(Self.decimal(Self.amplitudes[highStep]))/\(Self.decimal(Self.amplitudes[lowStep]))"
        return "\(hertz) steps \(highStep)/\(lowStep) (\(amplitudes))"
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
            (0...100).contains(highStep), (0...100).contains(lowStep)
        else { return nil }
        self.highCode = highCode
        self.lowCode = lowCode
        self.highStep = highStep
        self.lowStep = lowStep
    }

    /// The step `hid-nintendo` picks for a 16-bit magnitude (as the memless helper hands it
    /// over): the magnitude scaled to 0...1003, then the first step at least that loud.
    static func step(forMagnitude magnitude: UInt16) -> Int {
        let amplitude = Int(magnitude) * 1003 / 65535
        return amplitudes.firstIndex { $0 >= amplitude } ?? amplitudes.count - 1
    }

    /// The first step at least as loud as `thousandths` (0...1003), as the driver picks one.
    static func step(forThousandths thousandths: Double) -> Int {
        amplitudes.firstIndex { Double($0) >= thousandths } ?? amplitudes.count - 1
    }

    /// 10 Hz × 2^(code / 32), rounded: the scale both bands' codes are on.
    static func hertz(code: Int) -> Int {
        Int((10 * pow(2, Double(code) / 32)).rounded())
    }

    /// Thousandths as `1.003`.
    private static func decimal(_ thousandths: Int) -> String {
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
