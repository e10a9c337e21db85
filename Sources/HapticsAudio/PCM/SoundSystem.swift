import CSoundPCM
import Glibc
import HapticsPlatform

/// Every system call of the audio code in one place (as the hidraw module's `HidrawSystem`),
/// so tests can record the parameters chosen and each buffer written, and inject each failure.
///
/// Each call makes one attempt and reports failure by throwing the `Errno`.
struct SoundSystem: Sendable {
    /// `open(2)` of a PCM node for writing, close-on-exec, non-blocking: a file descriptor.
    var open: @Sendable (_ path: String) throws(Errno) -> Int32
    /// `SNDRV_PCM_IOCTL_HW_PARAMS` with the settings' format, channels, rate and period.
    var setHardware: @Sendable (_ fd: Int32, _ settings: PCMSettings) throws(Errno) -> Void
    /// `SNDRV_PCM_IOCTL_SW_PARAMS` with the settings' thresholds (underruns play silence).
    var setSoftware: @Sendable (_ fd: Int32, _ settings: PCMSettings) throws(Errno) -> Void
    /// `SNDRV_PCM_IOCTL_PREPARE`.
    var prepare: @Sendable (_ fd: Int32) throws(Errno) -> Void
    /// `SNDRV_PCM_IOCTL_WRITEI_FRAMES` of interleaved samples: the frames taken.
    var write: @Sendable (_ fd: Int32, _ samples: [Int16], _ channels: Int) throws(Errno) -> Int
    /// `SNDRV_PCM_IOCTL_STATUS`: the frames free for writing, and whether the PCM stopped on
    /// an underrun.
    var status: @Sendable (_ fd: Int32) throws(Errno) -> (available: Int, underrun: Bool)
    /// `SNDRV_PCM_IOCTL_START`.
    var start: @Sendable (_ fd: Int32) throws(Errno) -> Void
    /// `SNDRV_PCM_IOCTL_DELAY`: the frames written that have yet to be heard.
    var delay: @Sendable (_ fd: Int32) throws(Errno) -> Int
    /// `SNDRV_PCM_IOCTL_DROP`: stops at once, discarding what is queued.
    var drop: @Sendable (_ fd: Int32) throws(Errno) -> Void
    /// `close(2)`.
    var close: @Sendable (_ fd: Int32) -> Void
    /// `poll(2)` for room to write: until `settings.wakeFrames` are free, at most `timeout`.
    var wait: @Sendable (_ fd: Int32, _ timeout: Duration) -> Void
    /// Sleeps for `duration` (`clock_nanosleep(2)` on the monotonic clock): the feeder's pace.
    var sleep: @Sendable (_ duration: Duration) -> Void
    /// The names in a directory, `.` and `..` left out.
    var listDirectory: @Sendable (_ path: String) throws(Errno) -> [String]
    /// `realpath(3)`: the path with every link resolved, or `nil`.
    var resolve: @Sendable (_ path: String) -> String?
    /// A small text file's contents (sysfs, procfs), or `nil`.
    var readText: @Sendable (_ path: String) -> String?

    /// The real calls.
    static let live = SoundSystem(
        open: { path throws(Errno) in
            let fd = Glibc.open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw .current }
            return fd
        },
        setHardware: { fd, settings throws(Errno) in
            let code = csoundpcm_hw_params(
                fd, UInt32(settings.channels), UInt32(settings.rate), UInt32(settings.periodFrames),
                UInt32(settings.periods))
            guard code == 0 else { throw Errno(code) }
        },
        setSoftware: { fd, settings throws(Errno) in
            let code = csoundpcm_sw_params(
                fd, UInt(settings.wakeFrames), UInt(settings.bufferFrames))
            guard code == 0 else { throw Errno(code) }
        },
        prepare: { fd throws(Errno) in
            let code = csoundpcm_prepare(fd)
            guard code == 0 else { throw Errno(code) }
        },
        write: { fd, samples, channels throws(Errno) in
            var written = 0
            let code = samples.withUnsafeBytes {
                csoundpcm_writei(fd, $0.baseAddress, UInt(samples.count / channels), &written)
            }
            guard code == 0 else { throw Errno(code) }
            return written
        },
        status: { fd throws(Errno) in
            var frames: UInt = 0
            var underrun: Int32 = 0
            let code = csoundpcm_status(fd, &frames, &underrun)
            guard code == 0 else { throw Errno(code) }
            return (Int(frames), underrun != 0)
        },
        start: { fd throws(Errno) in
            let code = csoundpcm_start(fd)
            guard code == 0 else { throw Errno(code) }
        },
        delay: { fd throws(Errno) in
            var frames = 0
            let code = csoundpcm_delay(fd, &frames)
            guard code == 0 else { throw Errno(code) }
            return frames
        },
        drop: { fd throws(Errno) in
            let code = csoundpcm_drop(fd)
            guard code == 0 else { throw Errno(code) }
        },
        close: { fd in _ = Glibc.close(fd) },
        wait: { fd, timeout in
            _ = csoundpcm_wait(fd, Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        },
        sleep: { duration in
            let (seconds, attoseconds) = duration.components
            var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            var left = timespec()
            while clock_nanosleep(CLOCK_MONOTONIC, 0, &time, &left) == EINTR { time = left }
        },
        listDirectory: { path throws(Errno) in try DirectoryReader.names(in: path) },
        resolve: { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        },
        readText: { path in
            guard let bytes = try? FileReader.bytes(atPath: path, limit: 65_536) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    )
}
