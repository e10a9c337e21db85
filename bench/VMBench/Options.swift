/// The main role's command line: `haptics-vm-bench --ahap FILE --c-player PATH
/// --sdl-player PATH --python PATH --evdev-player PATH [--seconds 20] [--rounds 5]`, every
/// path as the guest sees it.
struct Options {
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

    /// Reads `arguments` (without the program's name).
    init(_ arguments: [String]) throws {
        func value(_ flag: String) throws -> String {
            guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else {
                throw BenchError("missing \(flag) (usage: haptics-vm-bench --ahap FILE --c-player PATH --sdl-player PATH --python PATH --evdev-player PATH [--seconds N] [--rounds N])")
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
    }
}
