import HapticsModel
import HapticsPlayback
import Synchronization
import Testing

@testable import HapticsRouting

/// What a `--driver` choice makes, apart from any device: a list's rules, a list as one driver,
/// and the terminal's drivers at a locality.
@Suite struct DriverChoiceTests {
    /// A driver that counts its `close()` calls.
    private final class Closable: HapticDriver {
        let closed = Mutex(0)
        func prepare() {}
        func apply(_ frame: RumbleFrame) {}
        func stop() {}
        func close() { closed.withLock { $0 += 1 } }
    }

    private struct Unavailable: Error {}

    @Test func aListNamesEachDriverOnceAndAutoAlone() {
        #expect(DriverChoice.problem(with: [.stdout, .evdev]) == nil)
        #expect(DriverChoice.problem(with: [.auto]) == nil)
        #expect(DriverChoice.problem(with: [.auto, .stdout])?.contains("'auto' picks one driver itself") == true)
        #expect(DriverChoice.problem(with: [.evdev, .hidraw, .evdev]) == "'evdev' is named twice in '--driver'")
    }

    @Test func oneChoiceIsItsDriverAndSeveralFanOut() throws {
        let only = Closable()
        #expect(try DriverChoice.combined([.stdout]) { _ in only } as? Closable === only)
        let both = try DriverChoice.combined([.stdout, .record]) { _ in Closable() }
        #expect((both as? FanOutDriver)?.drivers.count == 2)
    }

    @Test func aListFailingClosesTheDriversMadeBeforeAndThrowsItsError() {
        let first = Closable()
        #expect(throws: Unavailable.self) {
            try DriverChoice.combined([.stdout, .evdev]) { choice in
                guard choice == .stdout else { throw Unavailable() }
                return first
            }
        }
        #expect(first.closed.withLock { $0 } == 1)
    }

    @Test func theTerminalPlaysAHandleLocalityRoutedAndSaysNothing() throws {
        let notices = Mutex<[String]>([])
        let terminal = Closable()
        let routed = try DriverChoice.record.makeDriver(
            device: .auto, locality: .leftHandle, notice: { line in notices.withLock { $0.append(line) } }, terminal: terminal)
        #expect((routed as? RoutedDriver)?.routing == HandleRouting(.leftHandle))
        #expect((routed as? RoutedDriver)?.base as? Closable === terminal)
        #expect(
            try DriverChoice.stdout.makeDriver(device: .auto, locality: .all, notice: { _ in }, terminal: terminal) as? Closable
                === terminal)
        #expect(notices.withLock { $0 }.isEmpty)
    }
}
