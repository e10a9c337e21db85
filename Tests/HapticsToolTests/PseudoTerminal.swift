import CEvdev
import Glibc

/// A pseudo-terminal pair for driving a terminal UI in-process: the UI gets `slave` as its
/// terminal; the test types on `master` and reads what the UI draws there.
final class PseudoTerminal {
    /// What a pseudo-terminal call failed with, or the text that never came.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with what the terminal showed.
        let description: String
    }

    /// The test's side: keys in, screen out (non-blocking).
    let master: Int32
    /// The UI's side: a terminal.
    let slave: Int32
    /// Whether `master` is still open.
    private var isMasterOpen = true
    /// Every byte read from `master`.
    private var received: [UInt8] = []
    /// Where the next `waitFor` starts looking.
    private var searchFrom = 0

    /// Opens a pair whose terminal is `columns` × `rows`.
    init(columns: UInt16, rows: UInt16) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw Failure(description: "openpty: \(String(cString: strerror(errno)))")
        }
        self.master = master
        self.slave = slave
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    /// Closes both sides.
    deinit {
        closeMaster()
        close(slave)
    }

    /// Everything the UI has drawn so far, with escapes shown as `␛`.
    var transcript: String {
        String(decoding: received, as: UTF8.self).replacingEscapes()
    }

    /// Types `keys`.
    func type(_ keys: String) {
        var keys = keys
        keys.withUTF8 { _ = write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what the UI draws until `text` shows up after the previous match, and returns
    /// what came up to it; fails, with everything seen, when it has not after `timeout`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(10)) async throws -> String {
        let needle = Array(text.utf8)
        let deadline = ContinuousClock.now + timeout
        while true {
            drain()
            if let end = firstEnd(of: needle) {
                defer { searchFrom = end }
                return String(decoding: received[searchFrom..<end], as: UTF8.self)
            }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "no \"\(text.replacingEscapes())\" on the terminal after \(timeout); it showed:\n\(transcript)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Hangs up the test's side: the UI's reads and writes fail from now on.
    func closeMaster() {
        guard isMasterOpen else { return }
        isMasterOpen = false
        close(master)
    }

    /// Reads everything `master` has for now.
    private func drain() {
        guard isMasterOpen else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            received += buffer[..<count]
        }
    }

    /// Where the first `needle` after `searchFrom` ends.
    private func firstEnd(of needle: [UInt8]) -> Int? {
        guard !needle.isEmpty, received.count - searchFrom >= needle.count else { return nil }
        for start in searchFrom...(received.count - needle.count) where received[start..<(start + needle.count)].elementsEqual(needle) {
            return start + needle.count
        }
        return nil
    }
}

extension String {
    /// The text with the escape character shown as `␛`, for messages.
    fileprivate func replacingEscapes() -> String {
        String(unicodeScalars.map { $0 == "\u{1B}" ? "␛" : Character($0) })
    }
}
