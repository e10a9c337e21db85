/// The CRC-32 of IEEE 802.3 and zlib (reflected polynomial 0xEDB88320, all ones in and out),
/// which a Bluetooth DualSense appends to its reports over a seed byte: 0xA2 before an output
/// report, 0xA3 before a feature report.
enum CRC32 {
    /// The checksum of `bytes`.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Whether the last four bytes of `report` are, little-endian, the checksum of `seed`
    /// followed by the bytes before them.
    static func isSealed(_ report: [UInt8], seed: UInt8) -> Bool {
        guard report.count > 4 else { return false }
        let stored = report.suffix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return stored == checksum([seed] + report.dropLast(4))
    }

    /// `report` with its last four bytes replaced by the checksum of `seed` and the bytes
    /// before them, little-endian.
    static func sealed(_ report: [UInt8], seed: UInt8) -> [UInt8] {
        let body = Array(report.dropLast(4))
        let crc = checksum([seed] + body)
        return body + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
    }
}
