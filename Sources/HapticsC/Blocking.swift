import Dispatch
import HapticsModel

/// Waits a C caller's thread for the engine's asynchronous work. A C caller's thread is its
/// own, never one of Swift's cooperative threads, so blocking it on a semaphore holds up no
/// task: the work runs on the global executor (or, for a playback, on the engine's timer
/// thread) and signals when done.
enum Blocking {
    /// Runs `work` in a task of its own and returns when it has finished.
    static func run(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await work()
            done.signal()
        }
        done.wait()
    }

    /// Waits until `handle`'s playback ends, and says how.
    static func outcome(of handle: PlaybackHandle) -> PlaybackOutcome {
        let done = DispatchSemaphore(value: 0)
        handle.whenFinished { _ in done.signal() }
        done.wait()
        return handle.outcome ?? .stopped
    }
}
