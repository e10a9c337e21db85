import CSDBus
import FeedbackTheme
import HapticsModel
import HapticsPlayback

/// `io.github.haptics.Haptics1`, the project's own interface: AHAP patterns, impacts,
/// notifications and selections, each also at a locality (the `…At` methods); `Stop` and
/// `StopAll`; the `Gain`, `Version` and `Devices` properties.
final class HapticsInterface {
    private let bus: Bus
    private let feedbacks: RunningFeedbacks
    /// The engine the methods without a locality play on.
    private let engine: HapticEngine
    /// The engines of the `…At` methods, one per output a locality plays on.
    private let localities: LocalityEngines
    private let listDevices: () -> [DeviceEntry]
    private var devices: [DeviceEntry]

    init(
        bus: Bus, feedbacks: RunningFeedbacks, engine: HapticEngine, localities: LocalityEngines,
        devices: @escaping () -> [DeviceEntry]
    ) {
        self.bus = bus
        self.feedbacks = feedbacks
        self.engine = engine
        self.localities = localities
        self.listDevices = devices
        self.devices = devices()
    }

    /// Plays the track `render` makes for a method of this interface, every one of which
    /// goes through here: without a locality on the main engine, as the methods always have;
    /// at a locality on each of its engines, each rendering its own track. A locality that
    /// cannot play is the call's error; in the silent profile nothing sounds (the call still
    /// gets its id, and `FeedbackEnded`).
    func play(at locality: Locality?, for call: BusMessage, timeout: Int32, render: (HapticEngine) -> RumbleTrack)
        throws(MethodError) -> Int32
    {
        let engines = try locality.map { locality throws(MethodError) in try localities.engines(for: locality) } ?? [engine]
        guard feedbacks.profile != .silent else { return try feedbacks.play([], for: call, timeout: timeout) }
        let timelines = engines.map { engine in
            let track = render(engine)
            return (FeedbackTimeline(track: track, end: track.duration), engine)
        }
        return try feedbacks.play(timelines, for: call, timeout: timeout)
    }

    /// `Stop`: ends feedback `id`.
    func stop(_ id: UInt32, for call: BusMessage) -> Int32 {
        feedbacks.end(id, .explicit)
        return Bus.reply(to: call)
    }

    /// `StopAll`: ends every running feedback.
    func stopAll(for call: BusMessage) -> Int32 {
        feedbacks.endAll()
        return Bus.reply(to: call)
    }

    /// A write of `Gain`: set on every engine and announced when it changes.
    func setGain(_ gain: Double) -> Int32 {
        if gain != engine.gain {
            engine.setGain(gain)
            localities.setGain(gain)
            bus.emitPropertyChanged(.haptics, "Gain")
        }
        return 0
    }

    /// A device was plugged in or out: closes the localities' idle engines (the next call
    /// routes over the pads there are now) and updates `Devices`.
    func devicesChanged() {
        let now = listDevices()
        localities.devicesChanged(inUse: feedbacks.isPlaying)
        guard now != devices else { return }
        devices = now
        bus.emitPropertyChanged(.haptics, "Devices")
    }

    /// Appends the value of the property `member` to `reply`; `nil` for a member of another
    /// interface.
    func read(_ member: hapticsd_member, into reply: BusMessage) -> Int32? {
        switch member {
        case HAPTICSD_GAIN: return reply.append(engine.gain)
        case HAPTICSD_VERSION: return reply.append(DaemonVersion.interface)
        case HAPTICSD_DEVICES:
            var result = reply.open("a", "(sss)")
            for device in devices where result >= 0 {
                result = reply.open("r", "sss")
                if result >= 0 { result = reply.append(device.node) }
                if result >= 0 { result = reply.append(device.name) }
                if result >= 0 { result = reply.append(device.kind) }
                if result >= 0 { result = reply.close() }
            }
            return result >= 0 ? reply.close() : result
        default: return nil
        }
    }
}
