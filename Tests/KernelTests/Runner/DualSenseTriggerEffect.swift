/// One adaptive trigger's 11-byte effect block in a DualSense output report, decoded.
///
/// Byte 0 is the mode; the rest are its parameters. Two families of modes are in use, both
/// documented by the community's reverse engineering of the pad (SDL's `DS5EffectsState_t`
/// points to it):
/// - the zoned modes, which divide the travel into ten zones: off `0x05` (all parameters 0);
///   feedback `0x21` and vibration `0x26`, whose bytes 1...2 are a little-endian mask of the
///   active zones (every zone from the start to the end of the travel) and bytes 3...6 a
///   little-endian word of 3-bit values per zone (the strength or amplitude, minus one, the same
///   in every active zone), vibration's byte 9 its frequency in hertz; weapon `0x25`, whose
///   mask has exactly the start and end zones, byte 3 the strength minus one;
/// - the simple modes, with plain bytes: feedback `0x01` (start, strength), weapon `0x02`
///   (start, end, strength), vibration `0x06` (frequency in hertz, amplitude, start).
///
/// Positions and strengths are read back as fractions: a zone as zone / 9, a zoned strength or
/// amplitude as value / 8, a simple byte as byte / 255. A block that follows neither family (a
/// mask with gaps, zones of different strengths, bytes set that the mode does not use) decodes
/// as `unknown`.
struct DualSenseTriggerEffect: Equatable, Sendable, CustomStringConvertible {
    /// What the block asks the trigger to do.
    enum Mode: Equatable, Sendable {
        /// No effect: the trigger moves freely.
        case off
        /// Resistance from `start` to the end of the travel.
        case feedback(start: Double, strength: Double)
        /// Resistance from `start` that gives way at `end`.
        case weapon(start: Double, end: Double, strength: Double)
        /// Vibration from `start` to the end of the travel, at `frequency` hertz.
        case vibration(start: Double, amplitude: Double, frequency: Int)
        /// Bytes that are no known encoding.
        case unknown
    }

    /// The 11 bytes as the report carries them.
    let bytes: [UInt8]
    /// The decoded mode.
    let mode: Mode

    /// Decodes an 11-byte block.
    init(_ block: ArraySlice<UInt8>) {
        bytes = Array(block)
        mode = bytes.count == 11 ? Self.decode(bytes) : .unknown
    }

    /// Each of the ten zones' value in a zoned feedback (`0x21`) or vibration (`0x26`) block,
    /// whatever the zones hold: `(3-bit value + 1) / 8` where the mask's bit is set, 0 where it
    /// is clear; `nil` for any other mode.
    var zoneValues: [Double]? {
        guard bytes.count == 11, bytes[0] == 0x21 || bytes[0] == 0x26 else { return nil }
        let mask = Int(bytes[1]) | Int(bytes[2]) << 8
        let values = (3...6).reduce(0) { $0 | Int(bytes[$1]) << (8 * ($1 - 3)) }
        return (0..<10).map { (zone: Int) -> Double in
            guard mask & (1 << zone) != 0 else { return 0 }
            let value = (values >> (3 * zone)) & 0x07
            return Double(value + 1) / 8
        }
    }

    /// Whether the block is off.
    var isOff: Bool { mode == .off }

    /// The vibration's amplitude, 0...1, or nil when the block is no vibration.
    var vibrationAmplitude: Double? {
        if case .vibration(_, let amplitude, _) = mode { return amplitude }
        return nil
    }

    /// `vibration from 0.00, amplitude 1.00 at 200 Hz`, `off`, or the bytes of an unknown block.
    var description: String {
        switch mode {
        case .off: return "off"
        case .feedback(let start, let strength): return "feedback from \(Self.fixed(start)), strength \(Self.fixed(strength))"
        case .weapon(let start, let end, let strength):
            return "weapon \(Self.fixed(start))...\(Self.fixed(end)), strength \(Self.fixed(strength))"
        case .vibration(let start, let amplitude, let frequency):
            return "vibration from \(Self.fixed(start)), amplitude \(Self.fixed(amplitude)) at \(frequency) Hz"
        case .unknown: return "unknown " + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
        }
    }

    private static func decode(_ bytes: [UInt8]) -> Mode {
        let mask = Int(bytes[1]) | Int(bytes[2]) << 8
        let zones = (3...6).reduce(0) { $0 | Int(bytes[$1]) << (8 * ($1 - 3)) }
        let unused = { (offsets: [Int]) in offsets.allSatisfy { bytes[$0] == 0 } }
        switch bytes[0] {
        case 0x05 where unused(Array(1...10)):
            return .off
        case 0x21 where unused([7, 8, 9, 10]):
            guard let (start, value) = uniformZones(mask: mask, values: zones) else { return .unknown }
            return .feedback(start: Double(start) / 9, strength: Double(value + 1) / 8)
        case 0x26 where unused([7, 8, 10]) && bytes[9] > 0:
            guard let (start, value) = uniformZones(mask: mask, values: zones) else { return .unknown }
            return .vibration(start: Double(start) / 9, amplitude: Double(value + 1) / 8, frequency: Int(bytes[9]))
        case 0x25 where unused(Array(4...10)) && bytes[3] <= 7 && mask.nonzeroBitCount == 2 && mask < 1 << 10:
            let start = mask.trailingZeroBitCount
            let end = Int.bitWidth - 1 - mask.leadingZeroBitCount
            return .weapon(start: Double(start) / 9, end: Double(end) / 9, strength: Double(bytes[3] + 1) / 8)
        case 0x01 where unused(Array(3...10)):
            return .feedback(start: Double(bytes[1]) / 255, strength: Double(bytes[2]) / 255)
        case 0x02 where unused(Array(4...10)) && bytes[1] < bytes[2]:
            return .weapon(start: Double(bytes[1]) / 255, end: Double(bytes[2]) / 255, strength: Double(bytes[3]) / 255)
        case 0x06 where unused(Array(4...10)) && bytes[1] > 0:
            return .vibration(start: Double(bytes[3]) / 255, amplitude: Double(bytes[2]) / 255, frequency: Int(bytes[1]))
        default:
            return .unknown
        }
    }

    /// The first active zone and the 3-bit value every active zone has, when the mask covers
    /// one zone through the last (9) without gaps and every inactive zone's value is 0.
    private static func uniformZones(mask: Int, values: Int) -> (start: Int, value: Int)? {
        guard mask != 0, mask < 1 << 10 else { return nil }
        let start = mask.trailingZeroBitCount
        guard mask == (1 << 10) - (1 << start) else { return nil }
        let value = (values >> (3 * start)) & 0x07
        let expected = (start..<10).reduce(0) { $0 | value << (3 * $1) }
        return values == expected ? (start, value) : nil
    }

    /// Two decimals.
    private static func fixed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
    }
}
