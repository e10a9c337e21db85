import Glibc

/// `base` raised to `exponent`: the C library's `pow`, for the model's curves (the renderer's
/// intensity response, the sampler's time controls), which otherwise import nothing of the
/// platform. Wraps `pow`.
package func power(_ base: Double, _ exponent: Double) -> Double {
    pow(base, exponent)
}
