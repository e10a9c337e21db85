/// Why the benchmark could not go on: a file, a contender or the virtual pad failed.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    let description: String

    /// An error saying `description`.
    init(_ description: String) {
        self.description = description
    }
}
