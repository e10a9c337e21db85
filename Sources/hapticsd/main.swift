import Glibc
import HapticsDaemon
import HapticsCLI

HapticsDaemonCommand.blockSignals()
let arguments = Array(CommandLine.arguments.dropFirst())
exit(HapticsDaemonCommand.run(arguments, environment: HapticsDaemonCommand.processEnvironment()).rawValue)
