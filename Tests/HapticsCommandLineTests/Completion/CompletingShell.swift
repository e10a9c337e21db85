import Foundation

/// A shell completing a command line with a generated completion script, run for real: the
/// candidates it offers for the line's last word. `nil`, with the reason printed, when the
/// shell is not installed.
enum CompletingShell: String, CaseIterable {
    case bash, zsh, fish

    /// The candidates offered for the last word of `words` (the command first), with the
    /// completion `script` of `command`, sorted.
    func candidates(_ words: [String], script: String, command: String) throws -> [String]? {
        guard let shell = Self.path(of: rawValue) else {
            print("skipped: \(rawValue) is not installed")
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let line = words.joined(separator: " ")
        let arguments: [String]
        switch self {
        case .bash:
            let file = folder.appendingPathComponent(command).path
            try Data(script.utf8).write(to: URL(fileURLWithPath: file))
            let run = """
                source "$1"; shift
                COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                _\(command)
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            arguments = ["-c", run, "bash", file] + words
        case .fish:
            let file = folder.appendingPathComponent(command + ".fish").path
            try Data(script.utf8).write(to: URL(fileURLWithPath: file))
            arguments = ["--no-config", "-c", "source $argv[1]; complete -C $argv[2] | string replace -r '\\t.*' ''", file, line]
        case .zsh:
            try Data(script.utf8).write(to: folder.appendingPathComponent("_" + command))
            let run = folder.appendingPathComponent("run.zsh").path
            try Data(Self.zshRun.utf8).write(to: URL(fileURLWithPath: run))
            arguments = ["-f", run, folder.path, line]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
    }

    /// `zsh run.zsh FOLDER LINE`: completes LINE (the cursor at its end) in an interactive zsh
    /// on a pseudo-terminal, with FOLDER's completion functions, and prints every candidate
    /// offered, one a line (each with the prefix the completion kept, as `stdout,` of a list).
    private static let zshRun = """
        zmodload zsh/zpty
        folder=$1 line=$2
        zpty shell zsh -f -i
        zpty -w shell "fpath=($folder \\$fpath); autoload -U compinit; compinit -u -D"
        zpty -w shell 'compadd () { local -a hits; builtin compadd -O hits "$@"; print -rl -- ${IPREFIX}${^hits} >> '"$folder/offered"'; builtin compadd "$@" }'
        zpty -w shell "finished () { print > $folder/finished }; comppostfuncs=(finished)"
        zpty -w -n shell "$line"$'\\t'
        for attempt in {1..100}; do [[ -e $folder/finished ]] && break; sleep 0.1; done
        zpty -d shell
        [[ -e $folder/offered ]] && cat $folder/offered
        true
        """

    /// The shell's path on `PATH`, or `nil`.
    private static func path(of name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
