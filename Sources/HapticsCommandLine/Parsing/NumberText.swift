/// How help and errors write the numbers of a declaration: whole numbers without a fraction.
package enum NumberText {
    /// `value` as `1` or `0.25`.
    package static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Seconds to the millisecond, as `1.5` or `0.16`.
    package static func seconds(_ value: Double) -> String {
        String((value * 1000).rounded() / 1000)
    }

    /// `range` as `from 0 to 1`.
    package static func range(_ range: ClosedRange<Double>) -> String {
        "from \(plain(range.lowerBound)) to \(plain(range.upperBound))"
    }
}
