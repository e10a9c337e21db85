import HapticsEvdev
import HapticsHidraw
import HapticsModel

/// Where the `…At` methods play a locality: which outputs, pad by pad, as the `--driver`
/// list and the pads decide. Pure: the pads are given.
///
/// Per path: evdev reaches the handles (`PadProfile.rumbleParts`; a pad whose sides are not
/// known plays only `all` and `handles`); hidraw reaches what its reports do
/// (`HidrawPadModel.parts`, of the parts the pad has). `auto` picks per pad, as the command
/// line does: a Switch Pro with a writable hidraw node plays through hidraw (HD Rumble); a
/// DualSense plays its handles through evdev and, where the locality names triggers and the
/// node is writable, its triggers through hidraw; an Xbox pad over Bluetooth plays through
/// hidraw (all four motors) when the locality names a trigger and the node is writable, else
/// through evdev; any other pad through evdev. Without write access, `auto` keeps evdev
/// silently, and refuses with the permission advice only when the locality names nothing
/// evdev reaches. `record` and `stdout` print the frames of every locality.
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
    }

    /// One output a locality plays on, with an engine of its own.
    enum Output: Sendable, Hashable {
        /// Lines on standard output (`record`, `stdout`).
        case lines(FrameFormat)
        /// The evdev pads at `nodes`, on `parts` (both handles, or one).
        case evdev(nodes: [String], parts: Set<PadPart>)
        /// The hidraw node of the pad whose evdev node is `node`, at `locality`.
        case hidraw(node: String, locality: Locality)
    }

    /// A pad as routing sees it: its evdev device and, where it has one the hidraw driver
    /// knows, its hidraw node.
    struct Pad: Sendable, Hashable {
        /// The evdev device.
        var device: EvdevDeviceInfo
        /// The hidraw pad, `nil` without one.
        var hidraw: HidrawPadInfo?
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
                outputs.append(.lines(format))
                continue
            }
            for pad in pads {
                let plan = plan(locality, path: path, pad: pad)
                if !plan.evdev.isEmpty { evdev[plan.evdev, default: []].append(pad.device.node) }
                if let hidraw = plan.hidraw { outputs.append(.hidraw(node: pad.device.node, locality: hidraw)) }
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
                    return !plan.evdev.isEmpty || plan.hidraw != nil || plan.denied
                }
            }
        }
    }

    /// What one pad plays of `locality` through `path`: the handles evdev plays, the locality
    /// hidraw plays, and whether hidraw would play it but may not write.
    private static func plan(_ locality: Locality, path: Path, pad: Pad) -> (evdev: Set<PadPart>, hidraw: Locality?, denied: Bool) {
        let evdevParts = evdevParts(locality, pad.device.profile)
        guard let hidraw = pad.hidraw else { return (path == .hidraw ? [] : evdevParts, nil, false) }
        let reach = hidraw.model.parts.intersection(pad.device.profile.parts)
        let hidrawParts = locality.parts(of: reach)
        let writable = hidraw.isWritable
        switch path {
        case .lines: return ([], nil, false)
        case .evdev: return (evdevParts, nil, false)
        case .hidraw:
            guard let named = Locality.naming(hidrawParts) else { return ([], nil, false) }
            return writable ? ([], named, false) : ([], nil, true)
        case .auto:
            switch hidraw.model {
            case .switchPro:
                guard writable, let named = Locality.naming(hidrawParts) else { return (evdevParts, nil, false) }
                return ([], named, false)
            case .dualSense:
                let triggers = Locality.naming(hidrawParts.intersection(PadPart.triggers))
                guard let triggers else { return (evdevParts, nil, false) }
                return writable ? (evdevParts, triggers, false) : (evdevParts, nil, evdevParts.isEmpty)
            case .xboxBluetooth:
                guard hidrawParts.contains(where: \.isTrigger), let named = Locality.naming(hidrawParts) else {
                    return (evdevParts, nil, false)
                }
                return writable ? ([], named, false) : (evdevParts, nil, evdevParts.isEmpty)
            }
        }
    }

    /// The handles evdev plays of `locality` on a pad of `profile`: where the sides are known,
    /// the locality's handles; where they are not, both for `all` and `handles` only.
    private static func evdevParts(_ locality: Locality, _ profile: PadProfile) -> Set<PadPart> {
        guard !profile.rumbleParts.isEmpty else { return locality == .all || locality == .handles ? PadPart.handles : [] }
        return locality.parts(of: profile.rumbleParts).intersection(PadPart.handles)
    }
}

extension Locality {
    /// The locality that names exactly `parts` (`all` for every part), or `nil` for an empty
    /// set or one no locality names.
    static func naming(_ parts: Set<PadPart>) -> Locality? {
        parts.isEmpty ? nil : allCases.first { $0.parts == parts }
    }
}
