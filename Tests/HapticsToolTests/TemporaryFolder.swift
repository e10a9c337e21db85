import Foundation

/// Runs `body` with a fresh folder under the system's temporary directory, and removes the
/// folder, with everything written into it, whatever `body` does.
func withTemporaryFolder<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("haptics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// Writes `text` to a file named `name` in `folder` and returns its path.
func writeFile(_ text: String, named name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}
