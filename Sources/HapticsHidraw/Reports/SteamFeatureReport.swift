/// How a Valve pad's command travels through hidraw: a FEATURE report (`HIDIOCSFEATURE`)
/// without a report id, so the buffer is the report number 0 and then the controller's
/// 64-byte message: the message id, the length of what follows, the payload, zeros after.
public enum SteamFeatureReport {
    /// The controller's message length.
    public static let messageLength = 64

    /// The buffer `HIDIOCSFEATURE` takes for a message with `id` and `payload`: 65 bytes.
    public static func buffer(id: UInt8, payload: [UInt8]) -> [UInt8] {
        let message = [id, UInt8(payload.count)] + payload
        return [0] + message + [UInt8](repeating: 0, count: messageLength - message.count)
    }

    /// `value` as two bytes, least significant first.
    static func littleEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }
}
