public import CHaptics
import HapticsModel

/// `haptics_recorded_frames`: see haptics.h. `count` is a `size_t *` and `capacity` a `size_t`,
/// which Swift sees as `Int` and `UInt` (the same registers).
@_cdecl("haptics_recorded_frames")
public func hapticsRecordedFrames(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<haptics_frame>?, _ capacity: UInt, _ count: UnsafeMutablePointer<Int>?
) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        guard let count else { throw .invalidArgument("count is NULL") }
        if out == nil, capacity > 0 { throw .invalidArgument("out is NULL, with a capacity of \(capacity) frames") }
        let frames = try engine.recordedFrames()
        for (index, frame) in frames.prefix(Int(min(capacity, UInt(Int.max)))).enumerated() {
            out?[index] = haptics_frame(
                start_ms: frame.start.inMilliseconds, duration_ms: frame.duration.inMilliseconds, strong: frame.scaledStrong,
                weak: frame.scaledWeak)
        }
        count.pointee = frames.count
    }
}
