import Glibc

/// The cosine of `angle` (radians): the C library's `cos`, for the model's sound analysis (its
/// window and Fourier transform), which otherwise imports nothing of the platform.
package func cosine(_ angle: Double) -> Double {
    cos(angle)
}

/// The sine of `angle` (radians): the C library's `sin`, for the model's Fourier transform.
package func sine(_ angle: Double) -> Double {
    sin(angle)
}
