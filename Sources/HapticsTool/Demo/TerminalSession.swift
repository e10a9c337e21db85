import Glibc
import HapticsCommandLine
import HapticsModel
import HapticsPlatform
import Synchronization

/// A terminal taken over for a full-screen UI: raw mode (each key arrives at once, unechoed,
/// Ctrl-C as a byte), the alternate screen buffer, and a hidden cursor.
///
/// `restore()` puts all three back as they were. It runs once, whoever calls it first: the UI
/// on its way out, or a signal handler on another thread.
final class TerminalSession: Sendable {
    /// Alternate screen on, cursor hidden, screen cleared.
    private static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
    /// Attributes reset, cursor shown, alternate screen off.
    private static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// The size used when the terminal does not tell its own.
    private static let fallbackSize = (columns: 80, rows: 24)

    /// Where the keys come from: the descriptor whose settings change.
    private let input: Int32
    /// Where the screen is drawn.
    private let output: Int32
    /// The settings to restore; `nil` once restored.
    private let saved: Mutex<termios?>

    /// Puts the terminal whose keys come from `input` into raw mode, and switches `output` to
    /// the alternate screen with the cursor hidden.
    init(input: Int32, output: Int32) throws(TerminalError) {
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { throw TerminalError(operation: "tcgetattr", errno: .current) }
        var raw = original
        cfmakeraw(&raw)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw TerminalError(operation: "tcsetattr", errno: .current) }
        self.input = input
        self.output = output
        saved = Mutex(original)
        FileWriter.write(Self.enter, to: output)
    }

    /// The terminal's size in characters and lines.
    var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return Self.fallbackSize
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Draws `lines` from the top of the screen, in one write.
    func show(_ lines: [DemoScreen.Line]) {
        let screen = lines.enumerated().map { index, line in
            "\u{1B}[\(index + 1);1H" + (line.isInverse ? "\u{1B}[7m" : "") + line.text + "\u{1B}[0m\u{1B}[K"
        }
        FileWriter.write(screen.joined(), to: output)
    }

    /// Shows the cursor, leaves the alternate screen and restores the terminal's settings;
    /// later calls do nothing.
    func restore() {
        guard var original = saved.withLock({ $0.take() }) else { return }
        FileWriter.write(Self.leave, to: output)
        tcsetattr(input, TCSAFLUSH, &original)
    }
}
