import HapticsCommandLine
import HapticsEvdev

/// Reads a gamepad's analog trigger (else its left stick, pulled down) as a pull from 0 to 1,
/// for the pull-to-refresh demo: pull the trigger past the threshold and the pad rumbles. The
/// pulls come on the `AxisReader`'s thread, as the device gives them, until the device goes
/// away or `close()` is called.
final class GamepadPullReader: PullSource {
    /// The device read.
    let device: EvdevDeviceInfo
    /// The axis read.
    let axis: PullAxis

    private let reader: AxisReader

    /// Opens the first device `selection` picks that has a trigger or stick (read access is
    /// enough), without reading it yet.
    init(selection: DeviceSelection, discovery: DeviceDiscovery = DeviceDiscovery()) throws(EvdevError) {
        var lastError: EvdevError = .noDevice(selection: selection, directory: discovery.directory)
        for info in discovery.devices(selectedBy: selection) {
            let reader: AxisReader
            do {
                reader = try AxisReader(device: info)
            } catch {
                lastError = error
                continue
            }
            guard let axis = PullAxis.best(of: reader.axes) else {
                reader.close()
                continue
            }
            self.device = info
            self.axis = axis
            self.reader = reader
            return
        }
        throw lastError
    }

    deinit {
        close()
    }

    /// Starts reading: each move of the axis, as a pull, goes to `onPull` on the reader's thread.
    func start(_ onPull: @escaping @Sendable (Double) -> Void) {
        let axis = axis
        reader.start { motion in
            if motion.code == axis.code { onPull(axis.fraction(motion.value)) }
        }
    }

    /// Stops reading and closes the device.
    func close() {
        reader.close()
    }
}
