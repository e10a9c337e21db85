/// One test run inside the VM: a name and a body that throws `TestFailure` when an
/// expectation does not hold.
struct KernelTest: Sendable {
    let name: String
    let body: @Sendable () async throws -> Void
}

/// Why a kernel test failed.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
}

/// Fails the running test with `message` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw TestFailure(description: message()) }
}

/// Fails the running test with `message` unless `value` is present.
func require<Value>(_ value: Value?, _ message: @autoclosure () -> String) throws -> Value {
    guard let value else { throw TestFailure(description: message()) }
    return value
}
