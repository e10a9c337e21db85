import HapticsModel

/// The presets a mistyped `<pattern>` argument may have meant, by closeness of spelling.
enum PresetSuggestion {
    /// The presets whose names are within a few edits of `name` (two at most, one for a short
    /// name), closest first; empty when none is that close.
    static func closest(to name: String) -> [Preset] {
        let typed = Array(name.lowercased())
        let allowed = typed.count <= 4 ? 1 : 2
        return Preset.allCases
            .map { (preset: $0, distance: distance(typed, Array($0.name))) }
            .filter { $0.distance <= allowed }
            .sorted { $0.distance < $1.distance }
            .map(\.preset)
    }

    /// The message for `argument`, which names neither a preset nor a file: what it is not,
    /// the closest presets, and where the presets are listed.
    static func message(for argument: String) -> String {
        let names = closest(to: argument).map { "'\($0.name)'" }
        let guess = names.isEmpty ? "" : "; did you mean \(names.joined(separator: " or "))?"
        return "'\(argument)' is neither a preset nor a file\(guess) ('haptics list' shows the presets)"
    }

    /// The Levenshtein distance between `a` and `b`: the fewest insertions, deletions and
    /// substitutions that turn one into the other.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
