/// Conversions the package uses between its layers: `package`, so that no client of the
/// libraries gets an extension of a standard-library type it did not ask for.
extension Duration {
    /// The duration in seconds, as a floating-point number.
    package var inSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }

    /// The duration in milliseconds, as a floating-point number.
    package var inMilliseconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) * 1000 + Double(attoseconds) * 1e-15
    }
}
