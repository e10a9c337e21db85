public import HapticsModel

/// Turns theme feedbacks into rumble tracks for a gamepad.
///
/// - feedbackd's vibra types drive both motors at the entry's magnitude (a phone has one
///   motor; a pad feels a plain rumble best on both).
/// - A pulse shorter than the renderer's minimum pulse (`RenderSettings.minimumTransientPulse`,
///   40 ms by default) is lengthened to it: shorter ones do not spin a gamepad's motor up.
///   Pauses keep their length.
/// - A periodic fade-in ramps in steps of the renderer's step (10 ms by default).
public struct ThemeRenderer: Sendable {
    /// The renderer for patterns, and the source of the minimum pulse and the step.
    public let renderer: Renderer

    /// Creates a theme renderer on `renderer`.
    public init(renderer: Renderer = Renderer()) {
        self.renderer = renderer
    }

    /// The track `feedback` plays once.
    public func track(for feedback: ThemeFeedback) -> RumbleTrack {
        switch feedback {
        case .rumble(let duration, let count, let pause, let magnitude):
            var frames: [RumbleFrame] = []
            var start = Duration.zero
            let pulse = lengthened(duration)
            for index in 0..<count {
                frames.append(RumbleFrame(start: start, duration: pulse, strong: magnitude, weak: magnitude))
                start += pulse + (index + 1 < count ? pause : .zero)
            }
            return RumbleTrack(frames: frames)
        case .periodic(let duration, let magnitude, let fadeInTime, let fadeInLevel):
            return periodic(
                duration: lengthened(duration), magnitude: magnitude, fadeInTime: min(fadeInTime, duration), fadeInLevel: fadeInLevel)
        case .pattern(let steps):
            var frames: [RumbleFrame] = []
            var start = Duration.zero
            for step in steps {
                let length = step.magnitude > 0 ? lengthened(step.duration) : step.duration
                frames.append(RumbleFrame(start: start, duration: length, strong: step.magnitude, weak: step.magnitude))
                start += length
            }
            return RumbleTrack(frames: frames)
        case .haptics(let reference):
            return track(for: reference)
        }
    }

    private func track(for reference: PatternReference) -> RumbleTrack {
        switch reference.source {
        case .preset(let preset):
            return renderer.render(preset.pattern.scaled(by: reference.intensity))
        case .ahap(_, let pattern), .haptic(_, let pattern):
            return renderer.render(pattern.scaled(by: reference.intensity))
        case .haptica(let haptica):
            var frames: [RumbleFrame] = []
            for (index, note) in haptica.notes.enumerated() {
                guard case .impact(let style) = note else { continue }
                let offset = haptica.slot * index
                let impact = renderer.render(Preset.impact(style).pattern.scaled(by: reference.intensity))
                frames += impact.frames.map {
                    RumbleFrame(start: $0.start + offset, duration: $0.duration, strong: $0.strong, weak: $0.weak)
                }
            }
            let end = haptica.slot * haptica.notes.count
            if let last = frames.last, last.end < end {
                frames.append(RumbleFrame(start: last.end, duration: end - last.end, strong: 0, weak: 0))
            }
            return RumbleTrack(frames: frames)
        }
    }

    private func periodic(duration: Duration, magnitude: Double, fadeInTime: Duration, fadeInLevel: Double) -> RumbleTrack {
        var frames: [RumbleFrame] = []
        let step = renderer.settings.step
        var start = Duration.zero
        while start < fadeInTime {
            let progress = (start + step / 2) / fadeInTime
            let level = fadeInLevel + (magnitude - fadeInLevel) * min(progress, 1)
            let length = min(step, fadeInTime - start)
            frames.append(RumbleFrame(start: start, duration: length, strong: level, weak: level))
            start += length
        }
        if start < duration {
            frames.append(RumbleFrame(start: start, duration: duration - start, strong: magnitude, weak: magnitude))
        }
        return RumbleTrack(frames: frames)
    }

    private func lengthened(_ duration: Duration) -> Duration {
        max(duration, renderer.settings.minimumTransientPulse)
    }
}
