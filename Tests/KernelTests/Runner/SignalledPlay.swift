import Glibc
import VirtualDevices

/// What the voice-coil tests (over USB audio and over Bluetooth) share to stop a long
/// pattern with a signal mid-play.
enum SignalledPlay {
    /// An AHAP pattern of one 5 s continuous event at full intensity, sharpness 0.5.
    static let continuous = """
        {"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticContinuous", "EventDuration": 5.0, "EventParameters": [
        {"ParameterID": "HapticIntensity", "ParameterValue": 1.0}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}
        """

    /// Writes `text` to the file at `path`, replacing it.
    static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw TestFailure(description: "cannot write \(path)") }
        defer { fclose(file) }
        try expect(fputs(text, file) >= 0, "cannot write \(path)")
    }

    /// Runs `haptics` with `arguments` until `sounds` says the pad sounds (at most 3 s, else
    /// a failure saying `silence`), lets it play 300 ms, sends `signal`, expects exit
    /// `status`, and waits 300 ms more for what follows to arrive. Returns when the signal
    /// was sent.
    static func stop(
        _ haptics: String, _ arguments: [String], with signal: Int32, status: Int32, silence: String, sounds: () -> Bool
    ) throws -> Duration {
        let child = try ChildProcess(haptics, arguments)
        guard Monotonic.wait(upTo: .seconds(3), until: sounds) else {
            child.kill(SIGKILL)
            throw TestFailure(description: "\(silence); haptics said: \(child.finish().output)")
        }
        usleep(300_000)
        child.kill(signal)
        let signalled = Monotonic.now
        let (exit, output) = child.finish()
        try expect(exit == status, "after signal \(signal) haptics exited \(exit), expected \(status): \(output)")
        usleep(300_000)
        return signalled
    }
}
