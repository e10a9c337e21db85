import FeedbackTheme
import Glibc
public import HapticsCommandLine
import HapticsDaemon

/// `hapticsd`: parses the command line, loads the theme and serves the bus (`DaemonService`)
/// until SIGTERM or SIGINT (exit 0 after SIGTERM, systemd's stop, and 130 after SIGINT) or
/// until another process takes the name (exit 0) or owns it (69). Kept apart from `main` so
/// tests can run it.
public enum HapticsDaemonCommand {
    /// Runs `hapticsd` with `arguments` (without the program name). Call
    /// `DaemonService.blockSignals()` first, on the main thread, before any other thread starts.
    public static func run(_ arguments: [String], environment: [String: String], console: Console = .standard) -> ExitCode {
        var reader = ArgumentReader(arguments, for: DaemonOptions.configuration)
        if reader.flag(.help) {
            console.out(reader.usage)
            return .success
        }
        if reader.flag(.version) {
            console.out(DaemonVersion.text)
            return .success
        }
        let options: DaemonOptions
        do {
            options = try DaemonOptions.parse(&reader)
        } catch {
            console.err("Error: \(error.message)")
            console.err(error.usage)
            return .usage
        }
        let lookup = ThemeLookup.resolve(option: options.theme, environment: environment) { access($0, F_OK) == 0 }
        let theme: FeedbackTheme
        do {
            theme = try DaemonService.load(lookup, log: console.err)
        } catch {
            console.err("Error: \(DaemonAdvice.message(for: error, option: options.theme, environment: environment))")
            return .dataError
        }
        do {
            return switch try DaemonService.serve(options, theme: theme, lookup: lookup, log: console.err) {
            // SIGTERM is how systemd stops the service: a normal end, not a failure.
            case .terminated, .nameLost: .success
            case .interrupted: .interrupted
            case .nameTaken: .unavailable
            }
        } catch {
            console.err("Error: \(DaemonAdvice.message(for: error))")
            return .failure
        }
    }

    /// The process's environment, from `environ`.
    public static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            cursor += 1
        }
        return result
    }
}
