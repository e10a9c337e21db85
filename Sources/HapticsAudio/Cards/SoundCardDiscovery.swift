/// Finds the ALSA card that belongs to a pad, and who holds a busy one.
///
/// The pad's event node (`/sys/class/input/eventN/device/device`, its HID device) and the card
/// (`/sys/class/sound/cardN/device`) are interfaces of the same USB device: `.../usb1/1-2/1-2:1.3`
/// and `.../usb1/1-2/1-2:1.0` share `.../usb1/1-2`. A pad over Bluetooth has no USB device, so
/// no card.
public struct SoundCardDiscovery: Sendable {
    /// Where sysfs is mounted.
    public let sysfs: String
    /// Where procfs is mounted.
    public let proc: String
    /// Where the device nodes are.
    public let devices: String
    let system: SoundSystem

    /// Creates a discovery over `sysfs`, `proc` and `devices` (other roots for tests).
    public init(sysfs: String = "/sys", proc: String = "/proc", devices: String = "/dev") {
        self.init(sysfs: sysfs, proc: proc, devices: devices, system: .live)
    }

    init(sysfs: String, proc: String, devices: String, system: SoundSystem) {
        self.sysfs = sysfs
        self.proc = proc
        self.devices = devices
        self.system = system
    }

    /// The card beside the pad whose event node is `eventNode` (e.g. `/dev/input/event5`), or
    /// `nil` when the pad has none (Bluetooth, no snd-usb-audio) or the card has no playback
    /// PCM.
    public func card(forEventNode eventNode: String) -> SoundCard? {
        guard let event = eventName(eventNode),
            let hid = system.resolve("\(sysfs)/class/input/\(event)/device/device"),
            let usbDevice = Self.usbDevice(containing: hid),
            let names = try? system.listDirectory("\(sysfs)/class/sound")
        else { return nil }
        for index in names.compactMap(Self.cardIndex).sorted() {
            let card = "\(sysfs)/class/sound/card\(index)"
            guard let device = system.resolve("\(card)/device"), Self.usbDevice(containing: device) == usbDevice,
                let entries = try? system.listDirectory(card), entries.contains("pcmC\(index)D0p")
            else { continue }
            let id = system.readText("\(card)/id")?.trimmingSpaces ?? "\(index)"
            return SoundCard(index: index, id: id, playbackNode: "\(devices)/snd/pcmC\(index)D0p")
        }
        return nil
    }

    /// Who holds the card's playback PCM open: the process of the owner in
    /// `/proc/asound/cardN/pcm0p/sub0/status` (the thread that opened it, whose process is its
    /// thread group), else the first process with the node among its open files; `nil` when
    /// no one is found.
    public func holder(of card: SoundCard) -> CardHolder? {
        if let status = system.readText("\(proc)/asound/card\(card.index)/pcm0p/sub0/status"),
            let thread = Self.ownerPID(inStatus: status)
        {
            let pid = system.readText("\(proc)/\(thread)/status").flatMap(Self.threadGroup(inStatus:)) ?? thread
            return CardHolder(pid: pid, command: command(of: pid))
        }
        guard let processes = try? system.listDirectory(proc) else { return nil }
        for pid in processes.compactMap({ Int($0) }).sorted() {
            guard let fds = try? system.listDirectory("\(proc)/\(pid)/fd") else { continue }
            if fds.contains(where: { system.resolve("\(proc)/\(pid)/fd/\($0)") == card.playbackNode }) {
                return CardHolder(pid: pid, command: command(of: pid))
            }
        }
        return nil
    }

    /// A process's command name, or empty.
    private func command(of pid: Int) -> String {
        system.readText("\(proc)/\(pid)/comm")?.trimmingSpaces ?? ""
    }

    /// `event5` for `/dev/input/event5` or a link to it.
    private func eventName(_ node: String) -> String? {
        let last = { (path: String) in path.split(separator: "/").last.map(String.init) }
        if let name = last(node), name.hasPrefix("event") { return name }
        return system.resolve(node).flatMap(last).flatMap { $0.hasPrefix("event") ? $0 : nil }
    }

    /// `1` for `card1`.
    static func cardIndex(_ name: String) -> Int? {
        name.hasPrefix("card") ? Int(name.dropFirst(4)) : nil
    }

    /// The USB device a sysfs path lies under: the path up to the USB interface's parent
    /// (`.../usb1/1-2` for `.../usb1/1-2/1-2:1.3/0003:054C:0CE6.0001`), or `nil` when no
    /// USB interface is on the path.
    static func usbDevice(containing path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let interface = components.lastIndex(where: isUSBInterface) else { return nil }
        return components[..<interface].joined(separator: "/")
    }

    /// Whether a sysfs name is a USB interface's, `1-2:1.3` or `3-1.4:1.0`: a port path, a
    /// colon, a configuration and an interface number.
    private static func isUSBInterface(_ name: Substring) -> Bool {
        let parts = name.split(separator: ":")
        guard parts.count == 2, parts[0].contains("-"), parts[1].contains(".") else { return false }
        return parts[0].allSatisfy { $0.isNumber || $0 == "-" || $0 == "." } && parts[1].allSatisfy { $0.isNumber || $0 == "." }
    }

    /// The `owner_pid` line's value in a substream's status, or `nil` (`closed`).
    static func ownerPID(inStatus status: String) -> Int? {
        field("owner_pid", in: status).flatMap { Int($0) }
    }

    /// The `Tgid` line's value in a task's `/proc/PID/status`: the process a thread belongs to.
    static func threadGroup(inStatus status: String) -> Int? {
        field("Tgid", in: status).flatMap { Int($0) }
    }

    /// The value of the `name: value` line named `name`, or `nil`.
    private static func field(_ name: String, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 1)
            if fields.count == 2, fields[0].trimmingSpaces == name { return fields[1].trimmingSpaces }
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading or trailing spaces, tabs and newlines.
    fileprivate var trimmingSpaces: String {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
