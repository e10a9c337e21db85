import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsRouting

/// Where the `…At` methods play a locality: which outputs, pad by pad, as the `--driver`
/// list and the pads decide. Pure: the pads are given.
///
/// Per path: evdev reaches the handles (a pad whose sides are not known plays only `all` and
/// `handles`); hidraw reaches what its reports do (`HidrawPadModel.parts`, of the parts the
/// pad has); audio reaches the handles of a pad with a sound card (the DualSense's voice coils
/// over USB). `auto` picks per pad, as the command line does (`PadPaths.auto`): a Switch Pro
/// with a writable hidraw node plays through hidraw (HD Rumble); a DualSense plays its handles
/// on its voice coils (through its sound card over USB, through hidraw over Bluetooth with a
/// writable node), else through evdev, and, where the locality names triggers and the node is
/// writable, its triggers through hidraw; an Xbox pad over Bluetooth plays through hidraw (all four motors) when the
/// locality names a trigger and the node is writable, else through evdev; any other pad
/// through evdev. Without write access, `auto` keeps evdev silently, and refuses with the
/// permission advice only when the locality names nothing evdev reaches. `record` and `stdout`
/// print the frames of every locality.
enum LocalityRoute {
    /// One path a `--driver` list names.
    enum Path: Sendable, Hashable {
        /// `record` or `stdout`: lines, for every locality.
        case lines(FrameFormat)
        /// `evdev`.
        case evdev
        /// `hidraw`.
        case hidraw
        /// `auto`: per pad.
        case auto
        /// `audio`: the handles of the pads with a sound card.
        case audio
    }

    /// One output a locality plays on, with an engine of its own.
    enum Output: Sendable, Hashable {
        /// Lines on standard output (`record`, `stdout`), of the frames routed for `locality`
        /// (`HandleRouting`: one handle's motor alone for a handle).
        case lines(FrameFormat, locality: Locality)
        /// The evdev pads at `nodes`, on `parts` (both handles, or one).
        case evdev(nodes: [String], parts: Set<PadPart>)
        /// The hidraw node of the pad whose evdev node is `node`, at `locality`.
        case hidraw(node: String, locality: Locality)
        /// The sound card of the pad whose evdev node is `node`, at `locality` (its handles);
        /// where `auto` chose it, evdev plays them when the card cannot be opened.
        case audio(node: String, locality: Locality, auto: Bool)
    }

    /// A pad as routing sees it: its evdev device and, where it has one the hidraw driver
    /// knows, its hidraw node.
    struct Pad: Sendable, Hashable {
        /// The evdev device.
        var device: EvdevDeviceInfo
        /// The hidraw pad, `nil` without one.
        var hidraw: HidrawPadInfo?
        /// Whether a sound card belongs to it (a DualSense over USB).
        var hasSoundCard = false
    }

    /// Why a locality cannot play.
    enum Refusal: Error, Sendable, Equatable {
        /// No pad is driven.
        case noPad(Locality)
        /// No pad driven has the locality's parts on a path it is driven by; `available` lists
        /// the localities they do have.
        case unavailable(Locality, available: [Locality])
        /// The locality's parts are reached only through the hidraw node `node` of the pad
        /// `name`, which this user may not write to.
        case permissionDenied(Locality, node: String, name: String)
    }

    /// The outputs `locality` plays on through `paths`, over `pads`.
    static func outputs(for locality: Locality, paths: [Path], pads: [Pad]) throws(Refusal) -> [Output] {
        var outputs: [Output] = []
        var evdev: [Set<PadPart>: [String]] = [:]
        var denied: Pad?
        for path in paths {
            if case .lines(let format) = path {
                outputs.append(.lines(format, locality: locality))
                continue
            }
            for pad in pads {
                let plan = plan(locality, path: path, pad: pad)
                if !plan.evdev.isEmpty { evdev[plan.evdev, default: []].append(pad.device.node) }
                if let hidraw = plan.hidraw { outputs.append(.hidraw(node: pad.device.node, locality: hidraw)) }
                if let audio = plan.audio { outputs.append(.audio(node: pad.device.node, locality: audio, auto: path == .auto)) }
                if plan.denied, denied == nil { denied = pad }
            }
        }
        for parts in evdev.keys.sorted(by: { $0.sorted().lexicographicallyPrecedes($1.sorted()) }) {
            var seen = Set<String>()
            outputs.append(.evdev(nodes: (evdev[parts] ?? []).filter { seen.insert($0).inserted }, parts: parts))
        }
        guard outputs.isEmpty else { return outputs }
        if let denied, let hidraw = denied.hidraw {
            throw .permissionDenied(locality, node: hidraw.node, name: denied.device.name)
        }
        if pads.isEmpty { throw .noPad(locality) }
        throw .unavailable(locality, available: available(paths: paths, pads: pads))
    }

    /// The localities that play somewhere through `paths` over `pads`, write access granted
    /// or not, in `Locality.allCases` order.
    static func available(paths: [Path], pads: [Pad]) -> [Locality] {
        Locality.allCases.filter { locality in
            paths.contains { path in
                if case .lines = path { return true }
                return pads.contains { pad in
                    let plan = plan(locality, path: path, pad: pad)
                    return !plan.evdev.isEmpty || plan.hidraw != nil || plan.audio != nil || plan.denied
                }
            }
        }
    }

    /// What one pad plays of `locality` through `path`.
    private struct Plan {
        /// The handles evdev plays.
        var evdev: Set<PadPart> = []
        /// The locality hidraw plays.
        var hidraw: Locality?
        /// The locality the sound card plays.
        var audio: Locality?
        /// Whether hidraw would play it but may not write.
        var denied = false
    }

    /// What one pad plays of `locality` through `path`. `evdev` and `auto` decide as the
    /// command line does (`PadPaths`).
    private static func plan(_ locality: Locality, path: Path, pad: Pad) -> Plan {
        let profile = pad.device.profile
        let name = PadLocalities.name(profile: profile, device: pad.device.name, node: pad.device.node)
        switch path {
        case .lines:
            return Plan()
        case .audio:
            guard pad.hasSoundCard else { return Plan() }
            let handles = locality.parts(of: PadPart.handles)
            return Plan(audio: handles.isEmpty ? nil : PadPaths.locality(of: handles))
        case .evdev:
            return Plan(evdev: (try? PadPaths.evdev(profile: profile, locality: locality, name: name)) ?? [])
        case .hidraw:
            guard let hidraw = pad.hidraw,
                let named = Locality.naming(locality.parts(of: hidraw.model.parts.intersection(profile.parts)))
            else { return Plan() }
            return hidraw.isWritable ? Plan(hidraw: named) : Plan(denied: true)
        case .auto:
            do {
                let paths = try PadPaths.auto(
                    profile: profile, access: HidrawAccess(pad.hidraw), hasSoundCard: pad.hasSoundCard,
                    bluetooth: pad.hidraw?.isBluetooth ?? false,
                    locality: locality, name: name)
                return Plan(
                    evdev: paths.evdev, hidraw: paths.hidraw.isEmpty ? nil : PadPaths.locality(of: paths.hidraw),
                    audio: paths.audio.isEmpty ? nil : PadPaths.locality(of: paths.audio))
            } catch HidrawError.permissionDenied {
                return Plan(denied: true)
            } catch {
                return Plan()
            }
        }
    }
}

extension Locality {
    /// The locality that names exactly `parts` (`all` for every part), or `nil` for an empty
    /// set or one no locality names.
    static func naming(_ parts: Set<PadPart>) -> Locality? {
        parts.isEmpty ? nil : allCases.first { $0.parts == parts }
    }
}
