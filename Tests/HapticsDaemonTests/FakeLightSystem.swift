import HapticsEvdev
import Synchronization

/// One DualSense light bar in a pretend LED class (`input3:rgb:indicator` beside
/// `/dev/input/event3`, reading "0 0 0" as hid-playstation's does before its first write),
/// recording every write; writes fail once `unplugged`.
final class FakeLightSystem: LightSystem {
    /// The directory of the light bar's LED.
    static let led = "/sys/class/input/event3/device/device/leds/input3:rgb:indicator"
    private let state = Mutex<(files: [String: String], writes: [String], unplugged: Bool)>(
        (["\(led)/multi_intensity": "0 0 0\n", "\(led)/brightness": "255\n"], [], false))

    /// The light bar, through this system.
    var bar: LightBar? { LightBar(node: "/dev/input/event3", system: self) }

    /// The levels written to `multi_intensity`, in order.
    var colors: [String] {
        state.withLock { $0.writes }.filter { $0.hasPrefix("\(Self.led)/multi_intensity=") }.map { String($0.split(separator: "=")[1]) }
    }

    /// Makes every later write fail.
    func unplug() { state.withLock { $0.unplugged = true } }

    func names(in path: String) -> [String] {
        path == "/sys/class/input/event3/device/device/leds" ? ["input3:rgb:indicator", "input3:white:player-1"] : []
    }

    func read(_ path: String) -> String? { state.withLock { $0.files[path] } }

    func write(_ text: String, to path: String) throws(LightError) {
        let unplugged = state.withLock { $0.unplugged }
        if unplugged { throw .write(path: path, reason: "open: No such file or directory") }
        state.withLock {
            $0.files[path] = text + "\n"
            $0.writes.append("\(path)=\(text)")
        }
    }
}
