import HapticsCommandLine
import HapticsEvdev

/// Reads a gamepad's analog trigger (else its left stick, pulled down) as a pull from 0 to 1,
/// for the pull-to-refresh demo: pull the trigger past the threshold and the pad rumbles.
final class GamepadPullReader: Sendable {
    /// The device read.
    let device: EvdevDeviceInfo
    /// The axis read.
    let axis: PullAxis
    /// Each change of the pull, 0...1. Ends when the device goes away or `close()` is called.
    let pulls: AsyncStream<Double>

    private let reader: AxisReader

    /// Opens the first device `selection` picks that has a trigger or stick (read access is
    /// enough).
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
            let (pulls, continuation) = AsyncStream.makeStream(of: Double.self, bufferingPolicy: .bufferingNewest(64))
            self.pulls = pulls
            Task {
                for await motion in reader.motions where motion.code == axis.code {
                    continuation.yield(axis.fraction(motion.value))
                }
                continuation.finish()
            }
            return
        }
        throw lastError
    }

    deinit {
        close()
    }

    /// Stops reading and closes the device.
    func close() {
        reader.close()
    }
}
