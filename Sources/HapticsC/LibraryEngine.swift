import HapticsEvdev
import HapticsModel
import HapticsPlayback
import HapticsRouting
import Synchronization

/// What a `haptics_engine *` stands for: an engine on the driver `haptics_engine_open` named,
/// and the playbacks started on it that `haptics_wait` waits for.
///
/// A `record` engine has no clock (`HapticEngine(instantDriver:)`): its time moves only when
/// `wait()` plays everything started to its end, and its `RecordingDriver` keeps every frame.
/// The others play in real time on `PrecisionClock`.
final class LibraryEngine: Sendable {
    /// The engine.
    let engine: HapticEngine
    /// The driver the engine plays to, which `setTriggerEffect` looks into.
    private let driver: any HapticDriver
    /// Where on the pads the engine plays.
    let locality: Locality
    /// What the actuators the engine plays on can do (`PlaybackPad.limits(of:)`); `nil` when
    /// it plays on no pad (the terminal, a recording).
    let limits: PadLimits?
    /// The recorder a `record` engine plays to; `nil` on any other.
    private let recorder: RecordingDriver?
    /// The playbacks started and not seen ended yet, and the first failure seen since the
    /// last `wait()`.
    private let playbacks = Mutex(Playbacks())
    /// The triggers' status, read from the first `triggerStatus` call until `close()`.
    private let statusWatch = Mutex<TriggerStatusWatch?>(nil)

    private struct Playbacks {
        var started: [Started] = []
        var failure: (any Error)?
        var nextID: UInt64 = 0
    }

    /// A playback `wait()` waits for.
    private struct Started {
        let id: UInt64
        let handle: PlaybackHandle
        let forever: Bool
    }

    /// Opens an engine on `driver`, playing at `locality` as `DriverChoice.makeDriver` routes
    /// it; `device` picks the device of `evdev`, `hidraw` and `auto`, and is refused by the
    /// others. `evdev` (and `auto` with a device named) opens its device now and throws why it
    /// cannot, or why it cannot play the locality; `auto` with none plays in the terminal when
    /// no gamepad can vibrate.
    init(driver: DriverChoice, device: String?, locality: Locality) throws(LibraryError) {
        if device?.isEmpty == true {
            throw .invalidArgument("device is empty; name one (a path, an index, a name, \"auto\" or \"all\") or pass NULL")
        }
        if driver == .record || driver == .stdout, let device {
            throw .invalidArgument("device is \"\(device)\"; the \(driver.rawValue) driver takes none (NULL)")
        }
        let recorder = driver == .record ? RecordingDriver() : nil
        let made: any HapticDriver
        do {
            if let recorder {
                made = RoutedDriver.playing(on: recorder, at: locality)
            } else {
                made = try driver.makeDriver(
                    device: device.map(DeviceSelection.init(option:)) ?? .auto, locality: locality, notice: { _ in },
                    terminal: StdoutDriver(format: .text))
            }
        } catch {
            throw .device(error)
        }
        let profile = PlaybackPad.profile(of: made)
        self.recorder = recorder
        self.driver = made
        self.locality = locality
        limits = PlaybackPad.limits(of: made)
        engine = recorder == nil ? HapticEngine(driver: made, settings: RenderSettings(pad: profile)) : HapticEngine(instantDriver: made)
    }

    /// Starts a playback with `start`, and keeps its handle for `wait()`.
    func start(forever: Bool = false, _ start: (HapticEngine) -> PlaybackHandle) {
        let handle = start(engine)
        playbacks.withLock { playbacks in
            playbacks.started.removeAll { started in
                guard let outcome = started.handle.outcome else { return false }
                if case .failed(let error) = outcome, playbacks.failure == nil { playbacks.failure = error }
                return true
            }
            playbacks.nextID += 1
            playbacks.started.append(Started(id: playbacks.nextID, handle: handle, forever: forever))
        }
    }

    /// Waits until every playback started so far has ended, and throws the first failure
    /// among them (or among those seen ended since the last wait). On a `record` engine nothing
    /// blocks: time runs through every playback to its end at once; those started meanwhile by
    /// other threads are the next wait's.
    func wait() throws(LibraryError) {
        let waited = playbacks.withLock { $0.started }
        if recorder != nil {
            guard !waited.contains(where: { $0.forever && !$0.handle.isFinished }) else {
                throw .unsupported(
                    "a playback repeating forever never ends on a record engine; stop it (haptics_stop) before waiting")
            }
            engine.playToEnd()
        }
        for started in waited {
            let outcome = started.handle.outcome ?? Blocking.outcome(of: started.handle)
            playbacks.withLock { playbacks in
                playbacks.started.removeAll { $0.id == started.id }
                if case .failed(let error) = outcome, playbacks.failure == nil { playbacks.failure = error }
            }
        }
        if let failure = playbacks.withLock({ $0.failure.take() }) { throw .device(failure) }
    }

    /// Sets `effect` on the triggers on `sides` of the pads the driver reaches through hidraw
    /// (`TriggerReach`), until another effect, `haptics_stop` or `close()`.
    func setTriggerEffect(_ effect: TriggerEffect, on sides: [Actuator.Side]) throws(LibraryError) {
        do {
            for side in sides { try TriggerReach.set(effect, on: side, through: driver) }
        } catch let error as TriggerReachError {
            throw .unsupported(error.description)
        } catch {
            throw .device(error)
        }
    }

    /// The status of the trigger on `side` of the first adaptive-trigger pad the driver reaches
    /// (`TriggerReach`), from the last input report read; the first call starts reading and
    /// waits up to `timeout` for a report.
    func triggerStatus(of side: Actuator.Side, waitingUpTo timeout: Duration) throws(LibraryError) -> TriggerStatus {
        var watch: TriggerStatusWatch
        if let running = statusWatch.withLock({ $0 }) {
            watch = running
        } else {
            // The reader is made (the driver opening the pads) outside the lock; a caller that
            // raced this one keeps the watch installed first.
            do {
                watch = TriggerStatusWatch(reader: try TriggerReach.statusReader(through: driver))
            } catch let error as TriggerReachError {
                throw .unsupported(error.description)
            } catch {
                throw .device(error)
            }
            let made = watch
            let installed = statusWatch.withLock { current in
                if current == nil { current = made }
                return current ?? made
            }
            if installed !== watch { watch.close() }
            watch = installed
        }
        guard let status = watch.status(of: side, waitingUpTo: timeout) else {
            throw .noReport("\(watch.padName) sent no input report within \(Int(timeout.inMilliseconds.rounded())) ms")
        }
        return status
    }

    /// The frames a `record` engine's driver has received, in order.
    func recordedFrames() throws(LibraryError) -> [RumbleFrame] {
        guard let recorder else {
            throw .unsupported("only a record engine keeps its frames; this one plays them")
        }
        return recorder.frames
    }

    /// Stops everything, turns the motors off and releases the driver, waiting until it is done.
    func close() {
        statusWatch.withLock { $0.take() }?.close()
        Blocking.run { [engine] in await engine.close() }
        playbacks.withLock { $0.started.removeAll() }
    }
}
