import Glibc
import Synchronization
import VirtualDevices

/// The device side of a USB device attached to the kernel's `vhci_hcd` (USB/IP) over one end
/// of an `AF_UNIX` socket pair: it reads the host's `USBIP_CMD_SUBMIT` and `USBIP_CMD_UNLINK`
/// (big-endian, 48-byte headers) and answers `USBIP_RET_SUBMIT` and `USBIP_RET_UNLINK`.
///
/// Control transfers are answered at once by `control`; bulk and interrupt OUT data is
/// recorded and completed; interrupt IN transfers stay pending (the device has nothing to
/// report) until the host unlinks them; isochronous OUT transfers are completed one packet
/// per 1 ms slot, in real time, each packet recorded with the monotonic time its slot ended,
/// so the host's audio stream runs at the device's pace. A transfer the host has unlinked is
/// never completed.
final class USBIPServer: Sendable {
    /// One isochronous packet the device received, and the end of its 1 ms slot.
    struct IsochronousPacket: Sendable {
        /// The monotonic time the packet's slot ended.
        let time: Duration
        /// The monotonic time the host submitted the transfer that held the packet.
        let submitted: Duration
        /// The packet's bytes.
        let payload: [UInt8]
    }

    /// Data the host sent on a bulk or interrupt OUT endpoint.
    struct Transfer: Sendable {
        /// The endpoint number, without its direction bit.
        let endpoint: UInt32
        /// The bytes.
        let data: [UInt8]
        /// The monotonic time the transfer arrived.
        let time: Duration
    }

    /// The reply to a control transfer given its 8-byte setup packet and OUT data: the IN
    /// data (cut to wLength here), or nil to stall the request.
    typealias ControlHandler = @Sendable (_ setup: [UInt8], _ data: [UInt8]) -> [UInt8]?

    private enum Command {
        static let submit: UInt32 = 1
        static let unlink: UInt32 = 2
        static let submitReply: UInt32 = 3
        static let unlinkReply: UInt32 = 4
    }

    /// An isochronous OUT transfer waiting for its slots.
    private struct IsochronousSubmission {
        let sequence: UInt32
        let packets: [[UInt8]]
        let time: Duration
    }

    private struct State {
        var isochronousQueue: [IsochronousSubmission] = []
        var isochronousInFlight: UInt32?
        var pendingInterruptIn: Set<UInt32> = []
        var packets: [IsochronousPacket] = []
        var transfers: [Transfer] = []
        var controlRequests: [Transfer] = []
        var running = true
    }

    private static let headerSize = 48
    private static let connectionReset = -Int32(ECONNRESET)
    private static let brokenPipe = -Int32(EPIPE)

    /// The vhci port the device is attached to.
    let port: Int
    private let socket: Int32
    private let control: ControlHandler
    /// The state and the socket's write side: a reply is written under the lock, so a
    /// transfer's completion and the answer to its unlink are never reordered.
    private let state = Mutex(State())

    /// Attaches a high-speed device to `vhci_hcd`'s `port` and starts serving it; fails with
    /// the reason when `vhci_hcd` is absent or refuses the attach line.
    init(port: Int = 0, deviceID: UInt32 = 0x0001_0002, control: @escaping ControlHandler) throws {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else {
            throw TestFailure(description: "socketpair: \(String(cString: strerror(errno)))")
        }
        self.port = port
        socket = pair[0]
        self.control = control
        defer { close(pair[1]) }
        let attach = "/sys/devices/platform/vhci_hcd.0/attach"
        let line = "\(port) \(pair[1]) \(deviceID) 3"
        let descriptor = open(attach, O_WRONLY)
        guard descriptor >= 0 else {
            close(pair[0])
            throw TestFailure(description: "cannot open \(attach) (vhci-hcd loaded?): \(String(cString: strerror(errno)))")
        }
        let written = write(descriptor, line, line.utf8.count)
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard written == line.utf8.count else {
            close(pair[0])
            throw TestFailure(description: "vhci_hcd refused \"\(line)\": \(reason)")
        }
        try BackgroundThread.start { [self] in serve() }
        try BackgroundThread.start(realTimePriority: 10) { [self] in pace() }
    }

    /// Every isochronous packet received so far, in order.
    var isochronousPackets: [IsochronousPacket] { state.withLock { $0.packets } }

    /// Every bulk and interrupt OUT transfer received so far, in order.
    var transfers: [Transfer] { state.withLock { $0.transfers } }

    /// The control requests the host made, each as its 8-byte setup packet and the time it arrived.
    var controlRequests: [Transfer] { state.withLock { $0.controlRequests } }

    /// Unplugs the device: detaches the vhci port, which closes the connection, and stops
    /// serving.
    func detach() {
        let wasRunning = state.withLock { state in
            defer { state.running = false }
            return state.running
        }
        guard wasRunning else { return }
        let descriptor = open("/sys/devices/platform/vhci_hcd.0/detach", O_WRONLY)
        if descriptor >= 0 {
            let line = "\(port)"
            _ = write(descriptor, line, line.utf8.count)
            close(descriptor)
        }
        shutdown(socket, Int32(SHUT_RDWR))
    }

    // MARK: - Serving

    /// Reads the host's commands until the connection closes.
    private func serve() {
        while let header = read(Self.headerSize) {
            let command = Self.word(header, 0)
            let sequence = Self.word(header, 4)
            if command == Command.unlink {
                unlink(sequence, target: Self.word(header, 20))
                continue
            }
            guard command == Command.submit else { break }
            let isIn = Self.word(header, 12) == 1
            let endpoint = Self.word(header, 16)
            let length = Int(Self.word(header, 24))
            let packetCount = Int(Int32(bitPattern: Self.word(header, 32)))
            let setup = Array(header[40..<48])
            let isochronous = packetCount > 0 && packetCount < 1024
            guard let data = isIn || length == 0 ? [] : read(length) else { break }
            if isochronous {
                guard let descriptors = read(16 * packetCount) else { break }
                let packets = (0..<packetCount).map { index in
                    let offset = Int(Self.word(descriptors, 16 * index))
                    let size = Int(Self.word(descriptors, 16 * index + 4))
                    return offset + size <= data.count ? Array(data[offset..<offset + size]) : []
                }
                let submission = IsochronousSubmission(sequence: sequence, packets: packets, time: Monotonic.now)
                state.withLock { $0.isochronousQueue.append(submission) }
            } else if endpoint == 0 {
                state.withLock { $0.controlRequests.append(Transfer(endpoint: 0, data: setup, time: Monotonic.now)) }
                let reply = control(setup, data)
                let wanted = Int(setup[6]) | Int(setup[7]) << 8
                state.withLock { _ in
                    if let reply {
                        let answer = isIn ? Array(reply.prefix(wanted)) : []
                        send(Self.submitReply(sequence, status: 0, length: isIn ? answer.count : data.count) + answer)
                    } else {
                        send(Self.submitReply(sequence, status: Self.brokenPipe, length: 0))
                    }
                }
            } else if isIn {
                state.withLock { _ = $0.pendingInterruptIn.insert(sequence) }
            } else {
                state.withLock { state in
                    state.transfers.append(Transfer(endpoint: endpoint, data: data, time: Monotonic.now))
                    send(Self.submitReply(sequence, status: 0, length: data.count))
                }
            }
        }
        state.withLock { $0.running = false }
        close(socket)
    }

    /// Cancels transfer `target` if it is still pending, and answers the unlink `sequence`:
    /// `-ECONNRESET` when it was cancelled, 0 when it had already completed.
    private func unlink(_ sequence: UInt32, target: UInt32) {
        state.withLock { state in
            var cancelled = state.pendingInterruptIn.remove(target) != nil
            if let index = state.isochronousQueue.firstIndex(where: { $0.sequence == target }) {
                state.isochronousQueue.remove(at: index)
                cancelled = true
            }
            if state.isochronousInFlight == target {
                state.isochronousInFlight = nil
                cancelled = true
            }
            var reply = Self.basicHeader(Command.unlinkReply, sequence)
            reply += Self.bytes(UInt32(bitPattern: cancelled ? Self.connectionReset : 0))
            reply += [UInt8](repeating: 0, count: 24)
            send(reply)
        }
    }

    /// Completes the queued isochronous transfers one packet per 1 ms slot.
    private func pace() {
        var slotEnd = Monotonic.now
        while state.withLock({ $0.running }) {
            let next: IsochronousSubmission? = state.withLock { state in
                guard !state.isochronousQueue.isEmpty else { return nil }
                let submission = state.isochronousQueue.removeFirst()
                state.isochronousInFlight = submission.sequence
                return submission
            }
            guard let submission = next else {
                usleep(250)
                slotEnd = max(slotEnd, Monotonic.now)
                continue
            }
            var received: [IsochronousPacket] = []
            for payload in submission.packets {
                slotEnd += .milliseconds(1)
                Self.sleep(until: slotEnd)
                received.append(IsochronousPacket(time: slotEnd, submitted: submission.time, payload: payload))
            }
            state.withLock { state in
                guard state.isochronousInFlight == submission.sequence else { return }
                state.isochronousInFlight = nil
                state.packets += received
                let total = submission.packets.reduce(0) { $0 + $1.count }
                var reply = Self.submitReply(submission.sequence, status: 0, length: total, packetCount: submission.packets.count)
                var offset = 0
                for payload in submission.packets {
                    reply +=
                        Self.bytes(UInt32(offset)) + Self.bytes(UInt32(payload.count)) + Self.bytes(UInt32(payload.count)) + Self.bytes(0)
                    offset += payload.count
                }
                send(reply)
            }
        }
    }

    // MARK: - The wire

    private func read(_ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(socket, $0.baseAddress! + done, count - done) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return buffer
    }

    /// Writes `bytes` whole; called with the state lock held. Once the host has closed the
    /// connection (the port detached) the write fails with `EPIPE` instead of raising
    /// `SIGPIPE`, which would end the test program.
    private func send(_ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return }
            done += sent
        }
    }

    private static func submitReply(_ sequence: UInt32, status: Int32, length: Int, packetCount: Int = 0) -> [UInt8] {
        basicHeader(Command.submitReply, sequence) + bytes(UInt32(bitPattern: status)) + bytes(UInt32(length)) + bytes(0)
            + bytes(UInt32(packetCount)) + bytes(0) + [UInt8](repeating: 0, count: 8)
    }

    private static func basicHeader(_ command: UInt32, _ sequence: UInt32) -> [UInt8] {
        bytes(command) + bytes(sequence) + bytes(0) + bytes(0) + bytes(0)
    }

    private static func bytes(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian, Array.init)
    }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func sleep(until time: Duration) {
        let (seconds, attoseconds) = time.components
        var target = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
    }
}
