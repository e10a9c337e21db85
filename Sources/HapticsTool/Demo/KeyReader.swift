import Dispatch
import Glibc
import HapticsCommandLine
import Synchronization

/// Reads a terminal's keys as `DemoInput`s without holding a task: a dispatch read source
/// decodes whatever arrives with a `KeyDecoder`. The stream ends at end of input or on a read
/// error (the terminal went away). The source's handlers hold it until it is cancelled, which
/// releases them: always end with `close()`.
final class KeyReader: Sendable {
    /// The key presses, decoded.
    let inputs: AsyncStream<DemoInput>
    /// The read source, until `close()` takes it.
    private let source: Mutex<(any DispatchSourceRead)?>
    /// Ends when the source's cancel handler has run.
    private let cancelled: AsyncStream<Void>

    /// Starts reading `descriptor`, which stays open and is not closed by the reader.
    init(descriptor: Int32) {
        let (inputs, keys) = AsyncStream.makeStream(of: DemoInput.self)
        let (cancelled, cancellation) = AsyncStream.makeStream(of: Void.self)
        let decoder = Mutex(KeyDecoder())
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "haptics.demo.keys"))
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { return }
            guard count > 0 else {
                keys.finish()
                source.cancel()
                return
            }
            for input in decoder.withLock({ $0.decode(buffer.prefix(count)) }) { keys.yield(input) }
        }
        source.setCancelHandler {
            keys.finish()
            cancellation.finish()
        }
        source.resume()
        self.inputs = inputs
        self.source = Mutex(source)
        self.cancelled = cancelled
    }

    /// Stops reading, and returns once the descriptor is no longer watched (so it may be closed).
    func close() async {
        source.withLock { $0.take() }?.cancel()
        for await _ in cancelled {}
    }
}
