/// The median of a few figures, one per round: the middle one, or the mean of the two
/// middle ones for an even count.
enum Median {
    /// The median of `values`; not a number when there are none.
    static func of(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
