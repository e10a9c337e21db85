import Glibc
import HapticsModel

/// `haptics_play_preset`: see haptics.h.
@_cdecl("haptics_play_preset")
public func hapticsPlayPreset(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ repetitions: Int32) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        let name = try Argument.string(name, named: "name")
        let repetition = try Argument.repetition(repetitions)
        guard let preset = Preset(name: name) else { throw .noPreset(name) }
        engine.start(forever: repetition == .forever) { $0.play(preset, repetition: repetition) }
    }
}

/// `haptics_play_file`: see haptics.h.
@_cdecl("haptics_play_file")
public func hapticsPlayFile(_ engine: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ repetitions: Int32) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        let path = try Argument.string(path, named: "path")
        let repetition = try Argument.repetition(repetitions)
        if access(path, F_OK) != 0, errno == ENOENT { throw .noFile(path) }
        let pattern: HapticPattern
        do throws(PatternLoadError) {
            pattern = try PatternFile.load(contentsOf: path).pattern
        } catch {
            throw .format(error)
        }
        engine.start(forever: repetition == .forever) { $0.play(pattern, repetition: repetition) }
    }
}

/// `haptics_play_ahap_json`: see haptics.h.
@_cdecl("haptics_play_ahap_json")
public func hapticsPlayAHAPJSON(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ repetitions: Int32) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        let json = try Argument.string(json, named: "json")
        let repetition = try Argument.repetition(repetitions)
        let pattern: HapticPattern
        do throws(PatternLoadError) {
            pattern = try PatternFile.decode(Array(json.utf8), file: "AHAP JSON", format: .ahap).pattern
        } catch {
            throw .format(error)
        }
        engine.start(forever: repetition == .forever) { $0.play(pattern, repetition: repetition) }
    }
}

/// `haptics_play_composition`: see haptics.h.
@_cdecl("haptics_play_composition")
public func hapticsPlayComposition(_ engine: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ repetitions: Int32) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        let text = try Argument.string(text, named: "composition")
        let repetition = try Argument.repetition(repetitions)
        let pattern: HapticPattern
        do throws(CompositionError) {
            pattern = try Composition(text: text).pattern
        } catch {
            throw .invalidArgument("composition: \(error)")
        }
        engine.start(forever: repetition == .forever) { $0.play(pattern, repetition: repetition) }
    }
}
