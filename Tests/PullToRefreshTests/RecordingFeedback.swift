import Haptics
import Synchronization

/// A `HapticFeedback` stand-in that records every call, in order.
final class RecordingFeedback: HapticFeedback {
    enum Call: Hashable, Sendable {
        case prepare
        case impact(ImpactStyle, intensity: Double)
        case notify(NotificationType)
        case selection
    }

    private let recorded = Mutex<[Call]>([])

    var calls: [Call] {
        recorded.withLock { $0 }
    }

    var impactStyles: [ImpactStyle] {
        calls.compactMap { call in
            if case .impact(let style, _) = call { style } else { nil }
        }
    }

    func prepare() {
        record(.prepare)
    }

    func impact(_ style: ImpactStyle, intensity: Double) {
        record(.impact(style, intensity: intensity))
    }

    func notify(_ type: NotificationType) {
        record(.notify(type))
    }

    func selection() {
        record(.selection)
    }

    private func record(_ call: Call) {
        recorded.withLock { $0.append(call) }
    }
}
