import Glibc
import HapticsCommandLine

// haptics-docgen FILE: prints the generated file named FILE (a manual page or a completion
// script, see GeneratedFile) on standard output; with no argument, lists the names.
let arguments = CommandLine.arguments.dropFirst()
let console = Console.standard
guard let name = arguments.first, arguments.count == 1 else {
    console.out(GeneratedFile.allCases.map(\.rawValue).joined(separator: "\n"))
    exit(arguments.isEmpty ? ExitCode.success.rawValue : ExitCode.usage.rawValue)
}
guard let file = GeneratedFile(rawValue: name) else {
    console.err("haptics-docgen: unknown file '\(name)'; run it without arguments for the list")
    exit(ExitCode.usage.rawValue)
}
console.out(String(file.contents.dropLast()))
