/// The conversions the VM benchmark prints with: the core's own are `package`, out of
/// this package's reach.
extension Duration {
    /// The duration in seconds, as a floating-point number.
    var inSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }

    /// The duration in milliseconds, as a floating-point number.
    var inMilliseconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) * 1000 + Double(attoseconds) * 1e-15
    }
}
