import Glibc
import HapticsAudio
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsPlatform
import HapticsPlayback
import HapticsRouting

/// Where the daemon's frames go, with what its loop needs to follow the devices: the driver,
/// the list behind the `Devices` property, and, for evdev, the hot-plug monitor whose
/// descriptor joins the loop's `poll` and the driver taking each change (under `auto`, with
/// the watches on where a DualSense's voice coils appear).
struct DaemonOutput {
    /// The driver the engine plays through.
    let driver: any HapticDriver
    /// The devices driven now.
    let devices: () -> [DeviceEntry]
    /// inotify on the input directory, for the loop to poll; `nil` without evdev (or when it
    /// cannot be watched).
    let hotPlug: HotPlugMonitor?
    /// Hands a change to the driver.
    let take: (DeviceChange) -> Void
    /// inotify on where a DualSense's voice coils appear after its event node (the playback
    /// PCMs in `/dev/snd`, the hidraw nodes in `/dev`), for the loop to poll: empty but under
    /// `auto` (or where they cannot be watched).
    let voiceCoilWatches: [HotPlugMonitor]
    /// Looks again at the DualSenses whose voice coils were not reachable yet (a watch saw a
    /// change).
    let voiceCoilPathsChanged: () -> Void

    /// The output `options` ask for: each driver's, and several through a `FanOutDriver`
    /// (their devices listed in order). Device notices go to `log`, and to `mailbox` so
    /// that a device dropped while playing (on the player's thread) updates `Devices` too.
    /// `auto` plays a DualSense's voice coils through `voiceCoils`, shared with the localities'
    /// engines.
    init(
        _ options: DaemonOptions, voiceCoils: VoiceCoilCards, log: @escaping @Sendable (String) -> Void, mailbox: Mailbox<DaemonWork>
    ) {
        let outputs = options.drivers.map { Self(choice: $0, options: options, voiceCoils: voiceCoils, log: log, mailbox: mailbox) }
        if outputs.count == 1, let only = outputs.first {
            self = only
            return
        }
        driver = FanOutDriver(outputs.map(\.driver))
        devices = { outputs.flatMap { $0.devices() } }
        hotPlug = outputs.lazy.compactMap(\.hotPlug).first
        take = { change in for output in outputs { output.take(change) } }
        voiceCoilWatches = outputs.flatMap(\.voiceCoilWatches)
        voiceCoilPathsChanged = { for output in outputs { output.voiceCoilPathsChanged() } }
    }

    /// The output of one driver.
    private init(
        choice: DriverChoice, options: DaemonOptions, voiceCoils: VoiceCoilCards, log: @escaping @Sendable (String) -> Void,
        mailbox: Mailbox<DaemonWork>
    ) {
        switch choice {
        case .record:
            driver = DaemonLineDriver(format: .json)
            devices = { [DeviceEntry(node: "-", name: "standard output", kind: "record")] }
            hotPlug = nil
            take = { _ in }
            voiceCoilWatches = []
            voiceCoilPathsChanged = {}
        case .stdout:
            driver = DaemonLineDriver(format: .text)
            devices = { [DeviceEntry(node: "-", name: "standard output", kind: "text")] }
            hotPlug = nil
            take = { _ in }
            voiceCoilWatches = []
            voiceCoilPathsChanged = {}
        case .auto, .evdev:
            let evdev = EvdevDriver(selection: options.device, watchesHotPlug: false) { notice in
                log("hapticsd: \(notice)")
                mailbox.post(.devicesChanged)
            }
            devices = { evdev.devices.map { DeviceEntry(node: $0.node, name: $0.name, kind: $0.kind) } }
            do {
                hotPlug = try HotPlugMonitor()
            } catch {
                log("hapticsd: note: cannot watch /dev/input (\(error)); pads plugged in later are not seen")
                hotPlug = nil
            }
            if choice == .auto {
                let routing = VoiceCoilRouting(evdev: evdev, voiceCoils: voiceCoils) { log("hapticsd: note: \($0)") }
                driver = routing
                take = { change in
                    evdev.handle(change)
                    routing.devicesChanged()
                }
                voiceCoilWatches = Self.voiceCoilWatches(log: log)
                voiceCoilPathsChanged = { routing.devicesChanged() }
            } else {
                driver = evdev
                take = { evdev.handle($0) }
                voiceCoilWatches = []
                voiceCoilPathsChanged = {}
            }
        case .hidraw:
            let hidraw = HidrawDriver(selection: options.device) { log("hapticsd: \($0)") }
            driver = hidraw
            devices = { hidraw.pads.map { DeviceEntry(node: $0.node, name: $0.device.name, kind: "hidraw") } }
            hotPlug = nil
            take = { _ in }
            voiceCoilWatches = []
            voiceCoilPathsChanged = {}
        case .audio:
            let audio = VoiceCoilSelection(selection: options.device, voiceCoils: voiceCoils)
            driver = audio
            devices = { audio.pads.map { DeviceEntry(node: $0.card.playbackNode, name: $0.device.name, kind: "audio") } }
            hotPlug = nil
            take = { _ in }
            voiceCoilWatches = []
            voiceCoilPathsChanged = {}
        }
    }

    /// The watches on the playback PCMs in `/dev/snd` (where it exists: a machine with no sound
    /// card has none) and the hidraw nodes in `/dev`; one that cannot be made is a note (a
    /// DualSense then plays its voice coils only if they were there when its event node
    /// appeared).
    private static func voiceCoilWatches(log: @Sendable (String) -> Void) -> [HotPlugMonitor] {
        let watched: [(directory: String, accepts: @Sendable (String) -> Bool)] = [
            ("/dev/snd", { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }), ("/dev", { $0.hasPrefix("hidraw") }),
        ]
        return watched.compactMap { directory, accepts in
            do throws(Errno) {
                return try HotPlugMonitor(directory: directory, accepts: accepts)
            } catch {
                guard error.code != ENOENT else { return nil }
                log(
                    "hapticsd: note: cannot watch \(directory) (\(error)); "
                        + "a DualSense plays its voice coils only if they are there when it appears")
                return nil
            }
        }
    }
}
