import Glibc

/// Figures the kernel keeps about this process: context switches per thread, CPU time and
/// peak memory.
enum ProcessStatus {
    /// Voluntary plus involuntary context switches of every thread but the caller, by
    /// thread id.
    static func contextSwitchesOfOtherThreads() -> [String: Int] {
        var link = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &link, link.count)
        let me = String(decoding: link.prefix(max(length, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: "/").last.map(
            String.init)
        var switches: [String: Int] = [:]
        for task in directory("/proc/self/task") where task != me {
            for line in read("/proc/self/task/\(task)/status").split(separator: "\n") where line.contains("ctxt_switches:") {
                switches[task, default: 0] += Int(line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" }).last ?? "") ?? 0
            }
        }
        return switches
    }

    /// The context switches between two snapshots: each thread's growth, and all of a thread
    /// that appeared in between. A thread that ended in between is counted as one wake-up.
    static func wakeUps(from before: [String: Int], to after: [String: Int]) -> Int {
        let grown = after.reduce(0) { sum, entry in sum + entry.value - (before[entry.key] ?? 0) }
        return grown + before.keys.filter { after[$0] == nil }.count
    }

    /// User plus system CPU time of the whole process, in nanoseconds.
    static var cpuNanoseconds: Int64 {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return (Int64(usage.ru_utime.tv_sec) + Int64(usage.ru_stime.tv_sec)) * 1_000_000_000
            + (Int64(usage.ru_utime.tv_usec) + Int64(usage.ru_stime.tv_usec)) * 1000
    }

    /// Resident memory now and at its peak, in KiB (`VmRSS`, `VmHWM`).
    static var memory: (resident: Int, peak: Int) {
        var resident = 0
        var peak = 0
        for line in read("/proc/self/status").split(separator: "\n") {
            let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
            if line.hasPrefix("VmRSS:") { resident = value }
            if line.hasPrefix("VmHWM:") { peak = value }
        }
        return (resident, peak)
    }

    private static func read(_ path: String) -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func directory(_ path: String) -> [String] {
        guard let handle = opendir(path) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
