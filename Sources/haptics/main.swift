import Glibc
import HapticsTool

// Not an async main: that one ends the main thread with `pthread_exit` (in `dispatch_main`),
// and unwinding it in a static executable first sorts every unwind entry of the program, some
// 70 million instructions (about 10 ms on every command). The command runs in a task, which
// exits the process; the main thread waits, taking signals as `dispatch_main`'s would.
let arguments = Array(CommandLine.arguments.dropFirst())
Task.detached { exit(await HapticsCommand.run(arguments).rawValue) }
while true { pause() }
