import HapticsEvdev
import Synchronization

/// A pretend LED class behind the `LightSystem` seam: directories, attribute texts, and every
/// write in order, with a path whose writes fail.
final class FakeLights: LightSystem {
    private let state: Mutex<(files: [String: String], writes: [String])>
    private let directories: [String: [String]]
    private let failing: String?

    /// `files` by path, `directories`' entries by path, writes to `failing` throwing.
    init(files: [String: String], directories: [String: [String]], failing: String? = nil) {
        state = Mutex((files, []))
        self.directories = directories
        self.failing = failing
    }

    /// Every write, as `path=text`.
    var writes: [String] { state.withLock { $0.writes } }

    /// The text at `path`.
    func file(_ path: String) -> String? { state.withLock { $0.files[path] } }

    func names(in path: String) -> [String] { directories[path] ?? [] }

    func read(_ path: String) -> String? { state.withLock { $0.files[path] } }

    func write(_ text: String, to path: String) throws(LightError) {
        if path == failing { throw .write(path: path, reason: "open: Permission denied") }
        state.withLock {
            $0.files[path] = text + "\n"
            $0.writes.append("\(path)=\(text)")
        }
    }
}
