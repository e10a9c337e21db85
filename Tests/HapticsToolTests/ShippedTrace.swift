import Foundation
import PullToRefresh

@testable import HapticsCommandLine
@testable import HapticsTool

/// A trace in the package's `Traces/` folder, with the component its comments say to replay it on
/// (`# Replay with RefreshStateMachine(kind: .backFooter).`; the header when they say nothing).
struct ShippedTrace: Sendable, CustomStringConvertible {
    /// The `Traces/` folder.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Traces")

    /// Every `.csv` file in `Traces/`, by name.
    static var all: [ShippedTrace] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".csv") }.sorted().map(ShippedTrace.init(name:))
    }

    /// The file's name, e.g. `clean-pull.csv`.
    let name: String

    /// The file's path.
    var path: String { Self.folder.appendingPathComponent(name).path }

    /// The file's text.
    func text() throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The parsed trace.
    func trace() throws -> GestureTrace {
        try GestureTrace(csv: text())
    }

    /// The component the file's comments name.
    func component() throws -> RefreshComponentKind {
        let text = try text()
        if text.contains("kind: .backFooter") { return .backFooter }
        if text.contains("kind: .autoFooter") { return .autoFooter }
        return .header
    }

    /// The file's name, for test names.
    var description: String { name }
}
