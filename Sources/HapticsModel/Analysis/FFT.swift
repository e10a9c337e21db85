import HapticsPlatform

/// The discrete Fourier transform of a power-of-two number of samples (iterative radix-2
/// Cooley–Tukey), in place.
enum FFT {
    /// Transforms `real` + i·`imaginary` (equal lengths, a power of two) into its spectrum.
    static func transform(_ real: inout [Double], _ imaginary: inout [Double]) {
        let count = real.count
        var target = 0
        for index in 0..<count {
            if index < target {
                real.swapAt(index, target)
                imaginary.swapAt(index, target)
            }
            var bit = count >> 1
            while bit > 0, target & bit != 0 {
                target ^= bit
                bit >>= 1
            }
            target |= bit
        }
        var length = 2
        while length <= count {
            let angle = -2 * Double.pi / Double(length)
            for start in stride(from: 0, to: count, by: length) {
                for offset in 0..<(length / 2) {
                    let twiddleReal = cosine(angle * Double(offset))
                    let twiddleImaginary = sine(angle * Double(offset))
                    let even = start + offset
                    let odd = even + length / 2
                    let oddReal = real[odd] * twiddleReal - imaginary[odd] * twiddleImaginary
                    let oddImaginary = real[odd] * twiddleImaginary + imaginary[odd] * twiddleReal
                    real[odd] = real[even] - oddReal
                    imaginary[odd] = imaginary[even] - oddImaginary
                    real[even] += oddReal
                    imaginary[even] += oddImaginary
                }
            }
            length *= 2
        }
    }
}
