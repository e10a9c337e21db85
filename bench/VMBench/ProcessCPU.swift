import Glibc
import Haptics

/// This process's CPU time so far, user and system, as the kernel accounts it.
struct ProcessCPU {
    /// Time spent running the program's own code.
    let user: Duration
    /// Time spent in the kernel on its behalf.
    let system: Duration

    /// The time used until now.
    static var now: ProcessCPU {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func duration(_ time: timeval) -> Duration { .seconds(time.tv_sec) + .microseconds(time.tv_usec) }
        return ProcessCPU(user: duration(usage.ru_utime), system: duration(usage.ru_stime))
    }

    /// `user + system` in milliseconds, with the split: "12 ms (user 8, system 4)".
    var text: String {
        "\(Fixed.text((user + system).inMilliseconds, 1)) ms (user \(Fixed.text(user.inMilliseconds, 1)), system \(Fixed.text(system.inMilliseconds, 1)))"
    }
}
