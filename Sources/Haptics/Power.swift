import Glibc

/// The platform's `pow`, behind one internal name, so the pure parts of the core (the renderer's
/// response curve, the sampler's time controls) need no platform import of their own.
func power(_ base: Double, _ exponent: Double) -> Double {
    pow(base, exponent)
}
