import HapticsModel

/// The trigger positions in the Xbox One S and Series pads' input report 1 over Bluetooth:
/// after the id, four 16-bit stick axes (bytes 1 to 8), then the left and the right trigger
/// (bytes 9-10 and 11-12), each a 10-bit value 0...1023 in 16 bits, little-endian, as the
/// pad's report descriptor lays them out (Brake, Accelerator) and SDL's Bluetooth path reads
/// them. The report is 16 bytes or more (the buttons and the hat follow the triggers).
struct XboxTriggerPositions: Sendable, Hashable {
    /// The input report's id.
    static let reportID: UInt8 = 0x01
    /// The shortest report 1 the pads send.
    static let shortestReport = 16
    /// A trigger's value fully pulled.
    static let fullPull = 1023.0
    /// Both triggers at rest: what the driver assumes until the pad reports otherwise.
    static let rest = XboxTriggerPositions(left: 0, right: 0)

    /// The left trigger's position, 0 at rest to 1 fully pulled.
    var left: Double
    /// The right trigger's position, 0 at rest to 1 fully pulled.
    var right: Double

    init(left: Double, right: Double) {
        self.left = left
        self.right = right
    }

    /// The positions in `report`, or `nil` for another report (another id, or too short).
    init?(report: [UInt8]) {
        guard report.count >= Self.shortestReport, report[0] == Self.reportID else { return nil }
        left = Self.position(low: report[9], high: report[10])
        right = Self.position(low: report[11], high: report[12])
    }

    /// The position of the trigger on `side`.
    func position(of side: Actuator.Side) -> Double {
        side == .left ? left : right
    }

    /// A trigger's 16-bit value as a position, held to 0...1.
    private static func position(low: UInt8, high: UInt8) -> Double {
        min(Double(UInt16(high) << 8 | UInt16(low)) / fullPull, 1)
    }
}
