import Glibc

/// The base-10 logarithm of `value`: the C library's `log10`, for the model's levels in decibels.
package func decimalLogarithm(_ value: Double) -> Double {
    log10(value)
}

/// The base-2 logarithm of `value`: the C library's `log2`, for the model's frequencies in octaves.
package func binaryLogarithm(_ value: Double) -> Double {
    log2(value)
}
