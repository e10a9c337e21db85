import Foundation

/// Paths of the test fixtures, found from this file's location so tests run from any
/// working directory.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every corpus AHAP file (valid JSON and Apple's trailing-comma files alike).
    static var corpusFiles: [String] {
        let folder = directory.appendingPathComponent("corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ahap") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Every corpus `.haptic` clip (Lofelt / Meta Haptics Studio).
    static var hapticFiles: [String] {
        let folder = directory.appendingPathComponent("haptic")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".haptic") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// The path of a corpus `.haptic` clip by name.
    static func haptic(_ name: String) -> String {
        directory.appendingPathComponent("haptic").appendingPathComponent(name).path
    }

    /// The path of a corpus file by name.
    static func corpus(_ name: String) -> String {
        directory.appendingPathComponent("corpus").appendingPathComponent(name).path
    }

    /// Writes `text` to a file named `name` in a fresh temporary folder, runs `body` with its
    /// path, and removes the folder, whatever `body` does.
    @discardableResult
    static func withTemporaryFile<Result>(_ text: String, name: String = "pattern.ahap", _ body: (String) throws -> Result) throws -> Result
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return try body(url.path)
    }
}
