/// The main role's command line: `haptics-vm-bench --ahap FILE --c-player PATH
/// --sdl-player PATH --python PATH --evdev-player PATH [--seconds 20] [--rounds 5]
/// [--clock real-time|instructions]`, every path as the guest sees it.
struct Options {
    /// What the guest's clock counts, as scripts/vm/run.sh's `VM_CLOCK` set it up.
    enum ClockKind: String {
        /// The host's time, stalls and all.
        case realTime = "real-time"
        /// The guest's instruction count (QEMU `-icount`), which the host's stalls cannot reach.
        case instructions
    }

    /// The corpus AHAP file to render.
    let ahap: String
    /// How many seconds of it to play.
    let seconds: Int
    /// How many times Haptics and the plain C player each play it, in alternation.
    let rounds: Int
    /// The plain C player, built from bench/c_rumble_player.c.
    let cPlayer: String
    /// The SDL2 player, built from bench/sdl_rumble_player.c.
    let sdlPlayer: String
    /// The Python interpreter of the venv that has python-evdev.
    let python: String
    /// bench/evdev_rumble_player.py.
    let evdevPlayer: String
    /// What the guest's clock counts (default: real time).
    let clock: ClockKind

    /// Reads `arguments` (without the program's name).
    init(_ arguments: [String]) throws {
        func value(_ flag: String) throws -> String {
            guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else {
                throw BenchError(
                    "missing \(flag) (usage: haptics-vm-bench --ahap FILE --c-player PATH --sdl-player PATH --python PATH --evdev-player PATH [--seconds N] [--rounds N] [--clock real-time|instructions])"
                )
            }
            return arguments[index + 1]
        }
        ahap = try value("--ahap")
        cPlayer = try value("--c-player")
        sdlPlayer = try value("--sdl-player")
        python = try value("--python")
        evdevPlayer = try value("--evdev-player")
        let seconds = arguments.contains("--seconds") ? Int(try value("--seconds")) : 20
        guard let seconds, seconds > 0 else { throw BenchError("--seconds takes a whole number of seconds") }
        self.seconds = seconds
        let rounds = arguments.contains("--rounds") ? Int(try value("--rounds")) : 5
        guard let rounds, rounds > 0 else { throw BenchError("--rounds takes a whole number of rounds, at least 1") }
        self.rounds = rounds
        let clock = arguments.contains("--clock") ? ClockKind(rawValue: try value("--clock")) : .realTime
        guard let clock else { throw BenchError("--clock takes real-time or instructions") }
        self.clock = clock
    }
}
