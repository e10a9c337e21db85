/// A sound as the analysis reads it: mono samples in -1...1 at a sample rate.
public struct Sound: Sendable, Hashable {
    /// Samples per second.
    public var sampleRate: Int
    /// The samples, the channels averaged, in -1...1.
    public var samples: [Float]

    /// Creates a sound.
    public init(sampleRate: Int, samples: [Float]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// Its length in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }
}
