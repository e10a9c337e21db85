/// A sample of measurements in nanoseconds, summarised by nearest-rank percentiles.
struct Percentiles {
    private let sorted: [Int64]

    /// Summarises `samples`.
    init(_ samples: [Int64]) {
        sorted = samples.sorted()
    }

    /// Summarises the samples of all `parts` together, as one sample.
    init(merging parts: [Percentiles]) {
        sorted = parts.flatMap(\.sorted).sorted()
    }

    /// The value below which `fraction` of the samples fall; 0 for no samples.
    func percentile(_ fraction: Double) -> Int64 {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.min(Swift.max(rank, 0), sorted.count - 1)]
    }

    /// The median.
    var p50: Int64 { percentile(0.5) }
    /// The 99th percentile.
    var p99: Int64 { percentile(0.99) }
    /// The largest sample.
    var max: Int64 { sorted.last ?? 0 }

    /// How many samples are `bound` or more.
    func count(atLeast bound: Int64) -> Int {
        sorted.count - (sorted.firstIndex { $0 >= bound } ?? sorted.count)
    }
}
