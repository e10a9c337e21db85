import CBenchSupport
import Glibc
import Haptics

/// A driver making the system calls the evdev driver makes per frame, on /dev/null: the one
/// effect updated in place (`ioctl(EVIOCSFF)`, which fails there with `ENOTTY`: ignored, the
/// call is what counts) and the play event written; a silent frame writes the stop event
/// only. The effect is built as the evdev driver builds it (16-bit magnitudes, the frame's
/// length plus 50 ms, rounded up, as `RumbleEffect` reckons it), so the per-frame cost
/// benchmark counts a device's work without a device.
final class DevNullEvdevDriver: HapticDriver {
    private let sink = open("/dev/null", O_WRONLY | O_CLOEXEC)

    deinit {
        Glibc.close(sink)
    }

    func prepare() {}

    func apply(_ frame: RumbleFrame) {
        guard !frame.isSilent else { return write(value: 0) }
        var effect = ff_effect()
        effect.type = UInt16(FF_RUMBLE)
        effect.id = 0
        // As RumbleEffect.replayLength: divided in 64 bits where the sum fits.
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let total = frame.duration.attoseconds + Int128(51 * perMillisecond - 1)
        let milliseconds = Int64(exactly: total).map { Int128($0 / perMillisecond) } ?? total / Int128(perMillisecond)
        effect.replay.length = UInt16(min(max(milliseconds, 1), 32767))
        effect.u.rumble.strong_magnitude = UInt16((frame.scaledStrong * 65535).rounded())
        effect.u.rumble.weak_magnitude = UInt16((frame.scaledWeak * 65535).rounded())
        _ = bench_upload_effect(sink, &effect)
        write(value: 1)
    }

    func stop() {
        write(value: 0)
    }

    func close() {}

    private func write(value: Int32) {
        var event = input_event()
        event.type = UInt16(EV_FF)
        event.code = 0
        event.value = value
        _ = withUnsafeBytes(of: &event) { Glibc.write(sink, $0.baseAddress, $0.count) }
    }
}
