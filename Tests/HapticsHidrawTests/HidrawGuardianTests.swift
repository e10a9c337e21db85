import Glibc
import Testing

@testable import HapticsHidraw

/// The real guardian, forked, with a pipe in place of the hidraw node: what it writes there
/// is what a pad would receive.
@Suite struct HidrawGuardianTests {
    /// A pipe: the guardian writes to `write`, the test reads `read`.
    private struct Pipe {
        let read: Int32
        let write: Int32

        init() throws {
            var fds: [Int32] = [0, 0]
            try #require(pipe(&fds) == 0)
            (read, write) = (fds[0], fds[1])
        }

        /// Everything written until every write end is closed.
        func readAll() -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return bytes }
                bytes += buffer[..<count]
            }
        }
    }

    private let system = HidrawSystem.live

    /// Spawns a guardian on a fresh pipe and closes this process's write end, so the read end
    /// sees its end only when the guardian exits.
    private func spawn() throws -> (guardian: HidrawGuardian, pad: Pipe) {
        let pad = try Pipe()
        let guardian = try HidrawGuardian.spawn(for: pad.write, system: system)
        system.close(pad.write)
        return (guardian, pad)
    }

    @Test func anArmedGuardianWritesTheResetsWhenItsParentsEndCloses() throws {
        let (guardian, pad) = try spawn()
        defer { system.close(pad.read) }
        try guardian.arm([[0x10, 0x01, 0x00, 0x01, 0x40, 0x40], [0x03, 0x0F, 0, 0]], system: system)
        // What a dying parent does: its end of the control pipe closes, nothing more.
        system.close(guardian.control)
        #expect(pad.readAll() == [0x10, 0x01, 0x00, 0x01, 0x40, 0x40, 0x03, 0x0F, 0, 0])
        system.reap(guardian.pid)
    }

    @Test func theLastArmingWins() throws {
        let (guardian, pad) = try spawn()
        defer { system.close(pad.read) }
        try guardian.arm([[1, 2, 3]], system: system)
        try guardian.arm([[4, 5]], system: system)
        guardian.finish(system: system)
        #expect(pad.readAll() == [4, 5])
    }

    @Test func aDisarmedGuardianWritesNothing() throws {
        let (guardian, pad) = try spawn()
        defer { system.close(pad.read) }
        try guardian.arm([[1, 2, 3]], system: system)
        try guardian.disarm(system: system)
        guardian.finish(system: system)
        #expect(pad.readAll() == [])
    }

    @Test func itIgnoresInterruptAndTerminate() throws {
        let (guardian, pad) = try spawn()
        defer { system.close(pad.read) }
        try guardian.arm([[9, 9]], system: system)
        // Let the child reach its wait, then signal it as a terminal's Ctrl-C or a kill would.
        usleep(100_000)
        #expect(kill(guardian.pid, SIGINT) == 0)
        #expect(kill(guardian.pid, SIGTERM) == 0)
        #expect(kill(guardian.pid, SIGHUP) == 0)
        usleep(50_000)
        // Still there, still armed.
        #expect(kill(guardian.pid, 0) == 0)
        guardian.finish(system: system)
        #expect(pad.readAll() == [9, 9])
    }

    @Test func theArmMessageCarriesEachReportWithItsLength() {
        #expect(HidrawGuardian.armMessage([[7], [8, 9]]) == [0x41, 7, 0, 1, 0, 7, 2, 0, 8, 9])
        #expect(HidrawGuardian.disarmMessage == [0x44])
    }
}
