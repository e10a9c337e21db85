import Dispatch
import Synchronization

/// Runs `body` to its end and returns its result, blocking the calling thread meanwhile:
/// for the loop thread, which is no thread of Swift's concurrency pool, so that blocking it
/// holds up no task.
func waitFor<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
    let result = Mutex<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    guard let value = result.withLock({ $0 }) else { preconditionFailure("the task signalled before it stored its value") }
    return value
}
