import HapticsModel
import Synchronization

@testable import HapticsDaemon

/// A shared driver that records each call with the locality it was played at.
final class LocalizedRecorder: LocalizedDriver {
    enum Call: Equatable {
        case prepare, stop, close
        case apply(sounding: Bool, at: Locality)
    }

    private let log = Mutex<[Call]>([])
    var calls: [Call] { log.withLock { $0 } }

    func prepare() { log.withLock { $0.append(.prepare) } }
    func apply(_ frame: RumbleFrame) { apply(frame, at: .all) }
    func apply(_ frame: RumbleFrame, at locality: Locality) {
        log.withLock { $0.append(.apply(sounding: !frame.isSilent, at: locality)) }
    }
    func stop() { log.withLock { $0.append(.stop) } }
    func close() { log.withLock { $0.append(.close) } }
}

/// The recorders made for each node, and cards that make them.
final class MadeRecorders: Sendable {
    private let drivers = Mutex<[String: [LocalizedRecorder]]>([:])

    /// Cards whose drivers are recorders kept here.
    var cards: VoiceCoilCards { VoiceCoilCards { [self] node in make(node) } }

    func recorders(_ node: String) -> [LocalizedRecorder] { drivers.withLock { $0[node] ?? [] } }

    private func make(_ node: String) -> LocalizedRecorder {
        let driver = LocalizedRecorder()
        drivers.withLock { $0[node, default: []].append(driver) }
        return driver
    }
}
