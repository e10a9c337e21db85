import Glibc
import HapticsPlatform
import Synchronization

@testable import HapticsAudio

/// A `SoundSystem` over a fake sysfs and procfs (paths to link targets, directories and
/// files) that records each call: the settings chosen, the samples written, drops and closes.
final class FakeSoundSystem: Sendable {
    /// One recorded call.
    enum Call: Equatable {
        case open(String)
        case setHardware(PCMSettings)
        case setSoftware(PCMSettings)
        case prepare
        case write([Int16])
        case status
        case start
        case delay
        case drop
        case close
    }

    /// What the fake holds and records.
    struct Contents {
        var links: [String: String] = [:]
        var directories: [String: [String]] = [:]
        var files: [String: String] = [:]
        var openError: Errno?
        var hardwareError: Errno?
        var writeError: Errno?
        /// The frames queued ahead of the hardware (`status` says the buffer less these).
        var queued = 0
        /// Whether `status` reports an underrun.
        var underrun = false
        var calls: [Call] = []
    }

    let contents: Mutex<Contents>

    init(_ contents: Contents = Contents()) {
        self.contents = Mutex(contents)
    }

    /// The calls recorded so far.
    var calls: [Call] { contents.withLock { $0.calls } }

    /// The seam over this fake.
    var system: SoundSystem {
        SoundSystem(
            open: { path throws(Errno) in
                try self.contents.withLock { (c) throws(Errno) in
                    c.calls.append(.open(path))
                    if let error = c.openError { throw error }
                    return 7
                }
            },
            setHardware: { _, settings throws(Errno) in
                try self.contents.withLock { (c) throws(Errno) in
                    c.calls.append(.setHardware(settings))
                    if let error = c.hardwareError { throw error }
                }
            },
            setSoftware: { _, settings in self.contents.withLock { $0.calls.append(.setSoftware(settings)) } },
            prepare: { _ in self.contents.withLock { $0.calls.append(.prepare) } },
            write: { _, samples, channels throws(Errno) in
                try self.contents.withLock { (c) throws(Errno) in
                    c.calls.append(.write(samples))
                    if let error = c.writeError { throw error }
                    return samples.count / channels
                }
            },
            status: { _ in
                self.contents.withLock { c in
                    c.calls.append(.status)
                    return (PCMSettings.dualSense.bufferFrames - c.queued, c.underrun)
                }
            },
            start: { _ in self.contents.withLock { $0.calls.append(.start) } },
            delay: { _ in
                self.contents.withLock { c in
                    c.calls.append(.delay)
                    return c.queued
                }
            },
            drop: { _ in self.contents.withLock { $0.calls.append(.drop) } },
            close: { _ in self.contents.withLock { $0.calls.append(.close) } },
            wait: { _, _ in },
            sleep: { _ in },
            listDirectory: { path throws(Errno) in
                guard let names = self.contents.withLock({ $0.directories[path] }) else { throw Errno(ENOENT) }
                return names
            },
            resolve: { path in self.contents.withLock { $0.links[path] } },
            readText: { path in self.contents.withLock { $0.files[path] } }
        )
    }
}
