extension Duration {
    /// The duration in seconds, as a floating-point number.
    public var inSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }

    /// The duration in milliseconds, as a floating-point number.
    public var inMilliseconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) * 1000 + Double(attoseconds) * 1e-15
    }
}
