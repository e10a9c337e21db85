import HapticsModel

/// What a clock wakes at a deadline, in deadline order (ties in the order they came): tasks
/// sleeping on it, and timers that call a handler. Keeps the bookkeeping that lets a
/// cancellation arrive before a sleeper has registered. Not thread-safe: the clock that owns
/// it guards it with its lock, and wakes what it takes out only after unlocking. Deadlines are
/// times since the clock's origin; not generic over the clock, so that a clock in another
/// module (`ManualClock`) calls it without generic dispatch.
package struct SleeperQueue: Sendable {
    /// What to do when a deadline comes.
    package enum Waker: Sendable {
        /// Resume a sleeping task.
        case task(UnsafeContinuation<Void, any Error>)
        /// Call a timer's handler.
        case timer(@Sendable () -> Void)

        /// Resumes the task, or calls the handler.
        package func wake() {
            switch self {
            case .task(let continuation): continuation.resume()
            case .timer(let handler): handler()
            }
        }

        /// Whether a task waits behind it.
        package var isTask: Bool {
            if case .task = self { true } else { false }
        }
    }

    /// One entry: a sleeping task or an armed timer.
    package struct Sleeper: Sendable {
        package let id: UInt64
        package let deadline: Duration
        package let waker: Waker
    }

    private(set) var sleepers: [Sleeper] = []
    private var registering: Set<UInt64> = []
    private var cancelledEarly: Set<UInt64> = []
    private var nextID: UInt64 = 0

    /// An empty queue.
    package init() {}

    /// How many tasks are sleeping (armed timers aside).
    package var taskCount: Int { sleepers.count { $0.waker.isTask } }

    /// The id of a task about to register.
    package mutating func reserveID() -> UInt64 {
        nextID += 1
        registering.insert(nextID)
        return nextID
    }

    /// The id of a new timer, for `arm` and `disarm`.
    package mutating func makeTimerID() -> UInt64 {
        nextID += 1
        return nextID
    }

    /// Adds a sleeping task and returns whether it became the earliest; `nil` when it was
    /// cancelled before it got here (the caller then resumes it with `CancellationError`).
    package mutating func insert(id: UInt64, deadline: Duration, continuation: UnsafeContinuation<Void, any Error>) -> Bool? {
        registering.remove(id)
        if cancelledEarly.remove(id) != nil { return nil }
        return add(Sleeper(id: id, deadline: deadline, waker: .task(continuation)))
    }

    /// Arms the timer `id` for `deadline`, replacing the deadline it had; returns whether it
    /// became the earliest.
    package mutating func arm(timer id: UInt64, at deadline: Duration, handler: @escaping @Sendable () -> Void) -> Bool {
        disarm(timer: id)
        return add(Sleeper(id: id, deadline: deadline, waker: .timer(handler)))
    }

    /// Disarms the timer `id`, if it is armed.
    package mutating func disarm(timer id: UInt64) {
        if let index = sleepers.firstIndex(where: { $0.id == id }) { sleepers.remove(at: index) }
    }

    /// Forgets the sleeping task `id` without resuming it: the caller resumes a returned
    /// sleeper with `CancellationError`; one not registered yet is refused when it comes.
    package mutating func remove(id: UInt64) -> Sleeper? {
        if let index = sleepers.firstIndex(where: { $0.id == id }) { return sleepers.remove(at: index) }
        if registering.contains(id) { cancelledEarly.insert(id) }
        return nil
    }

    /// Takes the earliest entry when it is due by `now`.
    package mutating func removeFirst(dueBy now: Duration) -> Sleeper? {
        guard let earliest, earliest <= now else { return nil }
        return sleepers.remove(at: 0)
    }

    /// Takes the earliest entry, due or not.
    package mutating func removeFirst() -> Sleeper? {
        sleepers.isEmpty ? nil : sleepers.remove(at: 0)
    }

    /// The earliest deadline, read without copying its entry out.
    package var earliest: Duration? {
        sleepers.isEmpty ? nil : sleepers[0].deadline
    }

    private mutating func add(_ sleeper: Sleeper) -> Bool {
        guard let index = sleepers.firstIndex(where: { $0.deadline > sleeper.deadline }) else {
            // The latest deadline, as a player's next frame usually is: appended, not inserted.
            sleepers.append(sleeper)
            return sleepers.count == 1
        }
        sleepers.insert(sleeper, at: index)
        return index == 0
    }
}
