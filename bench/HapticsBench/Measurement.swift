/// One figure of the benchmark table: what was measured, its value, the target and whether
/// the value meets it.
struct Measurement {
    let name: String
    let value: Double
    let unit: String
    let target: Target?

    /// A bound the figure should stay under or over.
    enum Target {
        case below(Double)
        case atLeast(Double)

        func isMet(by value: Double) -> Bool {
            switch self {
            case .below(let bound): value < bound
            case .atLeast(let bound): value >= bound
            }
        }

        var text: String {
            switch self {
            case .below(let bound): "< \(Measurement.format(bound))"
            case .atLeast(let bound): ">= \(Measurement.format(bound))"
            }
        }
    }

    /// The value with few digits: 0.123, 12.3, 1234.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) >= 100 { return String(Int(value)) }
        let digits = abs(value) >= 10 ? 1 : 3
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return String((value * scale).rounded() / scale)
    }
}
