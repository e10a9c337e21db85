import CHaptics

/// The frame of every function of the C interface: runs its body, and turns what it throws
/// into the status returned and the message `haptics_last_error` gives.
enum Call {
    /// Runs `body`; `HAPTICS_OK` when it returns, else the error's status, its message recorded
    /// as this thread's last error.
    static func run(_ body: () throws(LibraryError) -> Void) -> Int32 {
        do {
            try body()
            return HAPTICS_OK.rawValue
        } catch {
            LastError.set(error.description)
            return error.status.rawValue
        }
    }

    /// Runs `body` on the engine `pointer` stands for (see `run(_:)`).
    static func run(on pointer: OpaquePointer?, _ body: (LibraryEngine) throws(LibraryError) -> Void) -> Int32 {
        run { () throws(LibraryError) in try body(try EngineRegistry.engine(pointer)) }
    }
}
