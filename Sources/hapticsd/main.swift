import Glibc
import HapticsDaemon
import HapticsDaemonTool

DaemonService.blockSignals()
let arguments = Array(CommandLine.arguments.dropFirst())
exit(HapticsDaemonCommand.run(arguments, environment: HapticsDaemonCommand.processEnvironment()).rawValue)
