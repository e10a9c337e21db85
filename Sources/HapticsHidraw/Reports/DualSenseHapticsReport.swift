/// The DualSense's Bluetooth output report 0x32, which streams a waveform to its two voice
/// coils: 142 bytes, 10.7 ms of sound each.
///
/// Layout (public reverse engineering: the SAxense proof of concept and chiaki-ng): the id
/// 0x32; the sequence number in the high nibble of byte 1 (tag 0 in the low one); packet 0x11
/// (header byte 0x91: id 0x11 with the "sized" bit 0x80, then its length 7) holding
/// `0xFE 0 0 0 0 0xFF` and a counter that goes up by one per report; packet 0x12 (0x92, length
/// 64) holding 32 sample frames of signed 8-bit samples at 3,000 Hz, left then right; zeros;
/// and the CRC32 of 0xA2, the id and the 137 bytes after it, little endian, at bytes 138...141.
public struct DualSenseHapticsReport: Sendable, Hashable {
    /// The report's id.
    public static let id: UInt8 = 0x32
    /// The report's length, its id and CRC included.
    public static let length = 142
    /// Samples per second per channel.
    public static let sampleRate = 3_000
    /// The sample frames (left and right) one report carries.
    public static let framesPerReport = 32
    /// How long one report plays: 32 frames at 3,000 Hz, 10 2/3 ms.
    public static let period = Duration.nanoseconds(10_666_667)
    /// Packet 0x11's six fixed bytes, before its counter.
    static let controlBytes: [UInt8] = [0xFE, 0, 0, 0, 0, 0xFF]

    /// The sequence number, 0...15.
    public var sequence: UInt8
    /// Packet 0x11's counter.
    public var counter: UInt8
    /// The 64 samples, interleaved left and right (fewer are padded with silence).
    public var samples: [Int8]

    /// Creates a report.
    public init(sequence: UInt8, counter: UInt8, samples: [Int8]) {
        self.sequence = sequence & 0x0F
        self.counter = counter
        self.samples = samples
    }

    /// The report's 142 bytes.
    public var bytes: [UInt8] {
        let count = 2 * Self.framesPerReport
        var bytes: [UInt8] = [Self.id, sequence << 4, 0x80 | 0x11, 7] + Self.controlBytes + [counter, 0x80 | 0x12, UInt8(count)]
        bytes += samples.prefix(count).map { UInt8(bitPattern: $0) }
        bytes += [UInt8](repeating: 0, count: Self.length - 4 - bytes.count)
        let crc = CRC32.checksum([DualSenseOutputReport.crcSeed] + bytes)
        return bytes + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
    }

    /// 48 kHz interleaved stereo 16-bit samples (the synthesizer's) as the report's 3 kHz
    /// 8-bit ones: every 16th sample frame, scaled to ±127 and rounded. The voice coils'
    /// band stays below 1.5 kHz, half the report's rate, so picking samples aliases nothing
    /// but the few-millisecond ramps' edges.
    public static func resample(_ samples: [Int16]) -> [Int8] {
        let ratio = 48_000 / sampleRate
        var result: [Int8] = []
        for frame in stride(from: 0, to: samples.count / 2, by: ratio) {
            result.append(byte(samples[2 * frame]))
            result.append(byte(samples[2 * frame + 1]))
        }
        return result
    }

    /// A 16-bit sample as an 8-bit one, rounded.
    private static func byte(_ sample: Int16) -> Int8 {
        Int8((Double(sample) * 127 / 32_767).rounded())
    }
}
