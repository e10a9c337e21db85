import HapticsModel
import HapticsPlatform

/// What a `<pattern>` argument that names no file may have meant: the presets, and the files
/// beside where it points, closest to it in spelling.
enum PatternSuggestion {
    /// The presets whose names are within a few edits of `name` (`isClose(_:to:)`), closest
    /// first; empty when none is that close.
    static func closest(to name: String) -> [Preset] {
        closest(Preset.allCases.map(\.name), to: name).compactMap(Preset.init(name:))
    }

    /// The entries of the directory `path` names (the current one for a bare name) within a
    /// few edits of its last component, closest first, written as `path` writes its directory.
    static func closestFiles(to path: String) -> [String] {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let entries = try? DirectoryReader.names(in: directory.isEmpty ? "." : directory) else { return [] }
        return closest(entries.filter { !$0.hasPrefix(".") }, to: name).map { directory + $0 }
    }

    /// The message for `argument`, which names no file: for a bare name (no `/`), what it is
    /// not, the closest presets and files, and where the presets are listed; for a path, the
    /// closest files, or `nil` when none is close (the file's own error then says it is
    /// missing).
    static func message(for argument: String) -> String? {
        let isBare = !argument.contains("/")
        let names = ((isBare ? closest(to: argument).map(\.name) : []) + closestFiles(to: argument)).map { "'\($0)'" }
        let guess = names.isEmpty ? "" : "; did you mean \(names.joined(separator: " or "))?"
        guard isBare else { return names.isEmpty ? nil : "'\(argument)' names no file\(guess)" }
        return "'\(argument)' is neither a preset nor a file\(guess) ('haptics list' shows the presets)"
    }

    /// The `names` within a few edits of `typed` (two at most, one for a name of four
    /// letters or fewer; case aside), closest first.
    private static func closest(_ names: [String], to typed: String) -> [String] {
        let typed = [Character](typed.lowercased())
        let allowed = typed.count <= 4 ? 1 : 2
        let distances: [(name: String, distance: Int)] = names.map { ($0, distance(typed, [Character]($0.lowercased()))) }
        return distances.filter { $0.distance <= allowed }.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.map(\.name)
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
