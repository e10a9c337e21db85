import Glibc

/// The kernel's log, as `dmesg` prints it: read from `/dev/kmsg` so that a device the kernel
/// refused can say why (the guest has no syslog).
enum KernelLog {
    /// The last `count` messages, one a line, oldest first; a note when the log cannot be read.
    static func tail(_ count: Int = 15) -> String {
        let fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return "(cannot read /dev/kmsg: \(String(cString: strerror(errno))))" }
        defer { close(fd) }
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            // One read returns one record: "priority,sequence,microseconds,flags;text\n".
            let length = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if length < 0, errno == EINTR || errno == EPIPE { continue }  // EPIPE: a record was overwritten
            guard length > 0 else { break }  // EAGAIN: the end of the log
            let record = buffer[..<length]
            guard let separator = record.firstIndex(of: UInt8(ascii: ";")) else { continue }
            let text = record[(separator + 1)...].prefix { $0 != UInt8(ascii: "\n") }
            messages.append(String(decoding: text, as: UTF8.self))
            if messages.count > count { messages.removeFirst() }
        }
        return messages.joined(separator: "\n")
    }
}
