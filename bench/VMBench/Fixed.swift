/// Numbers written with a fixed number of decimals, for the table and the JSON line (no
/// Foundation in the guest, so no `String(format:)`).
enum Fixed {
    /// `value` with `digits` decimals, e.g. `text(1.23456, 3)` is "1.235"; "null" when it is
    /// not finite (a ratio over zero), which JSON also reads.
    static func text(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let whole = scaled / Int64(scale)
        let fraction = String(scaled % Int64(scale))
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
