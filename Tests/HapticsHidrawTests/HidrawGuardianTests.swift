import Foundation
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
        try guardian.arm([[0x10, 0x01, 0x00, 0x01, 0x40, 0x40], [0x03, 0x0F, 0, 0]], asFeatures: false, system: system)
        // What a dying parent does: its end of the control pipe closes, nothing more.
        system.close(guardian.control)
        #expect(pad.readAll() == [0x10, 0x01, 0x00, 0x01, 0x40, 0x40, 0x03, 0x0F, 0, 0])
        system.reap(guardian.pid)
    }

    @Test func theLastArmingWins() throws {
        let (guardian, pad) = try spawn()
        defer { system.close(pad.read) }
        try guardian.arm([[1, 2, 3]], asFeatures: false, system: system)
        try guardian.arm([[4, 5]], asFeatures: false, system: system)
        guardian.finish(system: system)
        #expect(pad.readAll() == [4, 5])
    }

    @Test func aDisarmedGuardianWritesNothing() throws {
        let (guardian, pad) = try spawn()
        defer { system.close(pad.read) }
        try guardian.arm([[1, 2, 3]], asFeatures: false, system: system)
        try guardian.disarm(system: system)
        guardian.finish(system: system)
        #expect(pad.readAll() == [])
    }

    @Test func itIgnoresInterruptAndTerminate() throws {
        let (guardian, pad) = try spawn()
        defer { system.close(pad.read) }
        try guardian.arm([[9, 9]], asFeatures: false, system: system)
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

/// The guardian when the process holding its control pipe is killed with SIGKILL: a child
/// program (`sleep`) given the pipe's end in place of this process, then killed.
@Suite struct HidrawGuardianKillTests {
    @Test func aKilledParentStillResetsThePad() throws {
        let system = HidrawSystem.live
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let (padRead, padWrite) = (fds[0], fds[1])
        defer { system.close(padRead) }
        let guardian = try HidrawGuardian.spawn(for: padWrite, system: system)
        system.close(padWrite)
        try guardian.arm([[0x03, 0x0F, 0, 0, 0, 0, 1, 0, 0]], asFeatures: false, system: system)
        // The only other holder of the control pipe: a child with it as descriptor 3.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, guardian.control, 3)
        var child: pid_t = 0
        let arguments = ["sleep", "30"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        try #require(posix_spawnp(&child, "sleep", &actions, nil, &argv, environ) == 0)
        system.close(guardian.control)
        // Nothing yet: the child holds the pipe open.
        var pollable = pollfd(fd: padRead, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pollable, 1, 100) == 0)
        #expect(kill(child, SIGKILL) == 0)
        system.reap(child)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(padRead, $0.baseAddress, $0.count) }
        #expect(Array(buffer.prefix(max(count, 0))) == [0x03, 0x0F, 0, 0, 0, 0, 1, 0, 0])
        system.reap(guardian.pid)
    }
}

extension HidrawGuardianTests {
    @Test func itNamesItselfAndHoldsNoOtherDescriptor() throws {
        let (guardian, pad) = try spawn()
        defer { system.close(pad.read) }
        usleep(100_000)
        let name = try String(contentsOfFile: "/proc/\(guardian.pid)/comm", encoding: .utf8)
        #expect(name == "haptics-guard\n")
        // The node and the control pipe's read end: nothing else of this process.
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(guardian.pid)/fd")
        #expect(descriptors.count == 2)
        guardian.finish(system: system)
    }
}
