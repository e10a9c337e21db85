/// A DualSense Bluetooth output report 0x32, the voice coils' waveform, decoded, with when the
/// device side read it.
///
/// 142 bytes: the id, the sequence number in the high four bits of byte 1, packet 0x11 (header
/// 0x91, length 7: six control bytes and a counter at byte 10), packet 0x12 (header 0x92,
/// length 64: 32 stereo frames of signed 8-bit samples at 3 kHz, left first, bytes 13...76),
/// zeros, and the little-endian CRC-32 of 0xA2 and the 138 bytes before it.
struct DualSenseHapticsReport: Sendable, CustomStringConvertible {
    /// When the device side read it, on the VM's monotonic clock.
    let at: Duration
    /// Whether both packets' headers and lengths are where they belong.
    let isWellFormed: Bool
    /// Whether its CRC matches.
    let isSealed: Bool
    /// The sequence number, 0...15.
    let sequence: UInt8
    /// Packet 0x11's counter.
    let counter: UInt8
    /// The left actuator's 32 samples.
    let left: [Int8]
    /// The right actuator's 32 samples.
    let right: [Int8]

    /// Decodes an output report; nil for any report but a 0x32.
    init?(_ output: UhidDevice.Output) {
        let bytes = output.bytes
        guard bytes.count == 142, bytes[0] == 0x32 else { return nil }
        at = output.at
        isWellFormed = bytes[1] & 0x0F == 0 && bytes[2] == 0x91 && bytes[3] == 7 && bytes[11] == 0x92 && bytes[12] == 64
        isSealed = CRC32.isSealed(bytes, seed: 0xA2)
        sequence = bytes[1] >> 4
        counter = bytes[10]
        let samples = bytes[13..<77].map { Int8(bitPattern: $0) }
        left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        right = stride(from: 1, to: samples.count, by: 2).map { samples[$0] }
    }

    /// Whether every sample is 0.
    var isSilent: Bool { left.allSatisfy { $0 == 0 } && right.allSatisfy { $0 == 0 } }

    var description: String {
        "seq \(sequence) counter \(counter)\(isSealed ? "" : " BAD CRC") peak \(left.map { abs(Int($0)) }.max() ?? 0)/\(right.map { abs(Int($0)) }.max() ?? 0)"
    }
}
