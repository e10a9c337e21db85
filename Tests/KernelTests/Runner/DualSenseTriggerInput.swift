/// One trigger's fields in the DualSense's input report, as the emulator sends them: its
/// analog value, its arm's stop location (0...9), its status and its active effect (the
/// pad's nibbles; effect 1 feedback, 2 weapon, 3 vibration).
struct DualSenseTriggerInput: Sendable, Hashable {
    var value: UInt8
    var stop: UInt8
    var status: UInt8
    var effect: UInt8

    /// An input report holding `left` and `right`: 0x01 (64 bytes) over USB, 0x31 (78 bytes,
    /// a tag byte after the id, the last four the CRC32 of 0xA1 and the bytes before) over
    /// Bluetooth. In the part after the id (and tag): the sticks centred at 0...3, the
    /// triggers' values at 4 (left) and 5 (right), the touch points lifted (bit 7 of 32 and
    /// 36), the right trigger's stop and status at 41 (low, high nibble), the left's at 42,
    /// the effects at 47 (right low, left high).
    static func report(left: Self, right: Self, bluetooth: Bool) -> [UInt8] {
        var common = [UInt8](repeating: 0, count: 63)
        common.replaceSubrange(0..<4, with: [0x80, 0x80, 0x80, 0x80])
        common[4] = left.value
        common[5] = right.value
        common[32] = 0x80
        common[36] = 0x80
        common[41] = right.status << 4 | right.stop & 0x0F
        common[42] = left.status << 4 | left.stop & 0x0F
        common[47] = left.effect << 4 | right.effect & 0x0F
        guard bluetooth else { return [0x01] + common }
        let report = [0x31, 0x00] + common
        return CRC32.sealed(report + [UInt8](repeating: 0, count: 78 - report.count), seed: 0xA1)
    }
}
