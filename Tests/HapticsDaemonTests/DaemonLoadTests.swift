import Testing

/// Many clients and many calls: every id ends exactly once, nothing is lost, memory stays flat.
@Suite(.serialized, .enabled(if: ClientTools.runnable, ClientTools.reason))
struct DaemonLoadTests {
    @Test func aHundredClientsTriggerAtOnce() throws {
        let harness = try DaemonHarness()
        let script =
            Clients.gio + """
                address = Gio.dbus_address_get_for_bus_sync(Gio.BusType.SESSION, None)
                flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
                clients = [Gio.DBusConnection.new_for_address_sync(address, flags, None, None) for _ in range(100)]
                print('clients', len(set(c.get_unique_name() for c in clients)))
                pending = []
                def done(connection, result, _):
                    pending.append(connection.call_finish(result).unpack()[0])
                for client in clients:
                    client.call('org.sigxcpu.Feedback', '/org/sigxcpu/Feedback', FEEDBACK, 'TriggerFeedback',
                                GLib.Variant('(ssa{sv}i)', ('app', 'button-pressed', {}, -1)), None, 0, -1, None, done, None)
                context = GLib.MainContext.default()
                while len(pending) < 100:
                    context.iteration(True)
                wait_ended(pending)
                print('ids', len(set(pending)), 'ended', sum(len(ended.get(i, [])) for i in pending), 'once', all(len(ended.get(i, [])) == 1 for i in pending))
                """
        let output = try harness.python(script).output
        #expect(output.contains("clients 100"))
        #expect(output.contains("ids 100 ended 100 once True"))
        let frames = harness.frames { $0.last?.isSilent == true }
        // The mixed frames follow one another without gaps or overlaps, and end in silence.
        for (previous, next) in zip(frames, frames.dropFirst()) where previous.duration > 0 {
            #expect(next.time <= previous.time + previous.duration + 0.01, "a gap after the frame at \(previous.time) ms")
        }
        #expect(frames.last?.isSilent == true)
        #expect(frames.allSatisfy { (0...1).contains($0.strong) && (0...1).contains($0.weak) })
    }

    @Test func tenThousandTriggersInARowKeepMemoryFlat() throws {
        let harness = try DaemonHarness()
        let pid = harness.daemon?.pid ?? 0
        let script =
            Clients.gio + """
                def rss():
                    with open('/proc/%s/status' % sys.argv[1]) as status:
                        return next(int(line.split()[1]) for line in status if line.startswith('VmRSS:'))
                ids = []
                window = []
                context = GLib.MainContext.default()
                samples = {}
                for n in range(10000):
                    while len([i for i in window if i not in ended]) >= 32:
                        context.iteration(True)
                    feedback = call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['app', 'button-pressed', {}, -1])[0]
                    ids.append(feedback)
                    window = [i for i in window if i not in ended] + [feedback]
                    if n + 1 in (2000, 10000):
                        wait_ended(ids)
                        samples[n + 1] = rss()
                wait_ended(ids, 60)
                print('ids', len(set(ids)), 'once', all(len(ended.get(i, [])) == 1 for i in ids), 'natural', all(ended.get(i) == [0] for i in ids))
                print('rss', samples[2000], samples[10000])
                """
        let output = try harness.python(script, [String(pid)], timeout: .seconds(300)).output
        print("hapticsd under 10,000 triggers: \(output)")
        #expect(output.contains("ids 10000 once True natural True"))
        let rss =
            output.split(separator: "\n").first { $0.hasPrefix("rss ") }?.split(separator: " ").dropFirst().compactMap { Int($0) } ?? []
        #expect(rss.count == 2)
        if rss.count == 2 {
            // After warming up on 2,000 triggers, 8,000 more add less than 2 MiB.
            #expect(rss[1] - rss[0] < 2048, "RSS grew from \(rss[0]) KiB to \(rss[1]) KiB")
        }
        // Every trigger's 40 ms pulse reached the driver: overlapping ones mix into one level,
        // so the sounding time is at least the span of 10,000 pulses, 32 at a time.
        let sounding = harness.frames.filter { !$0.isSilent }.reduce(0) { $0 + $1.duration }
        #expect(sounding >= 10_000 * 40 / 32)
    }

    /// 100 clients each holding the 32 feedbacks one client may hold (`DaemonLimits`), loops
    /// of a 10 s periodic: the daemon's peak memory stays bounded, and every one of the 3,200
    /// ends with the reason EXPLICIT when its client leaves the bus (`watch_client` in
    /// src/fbd-feedback-manager.c ends a vanished client's events).
    @Test func aHundredClientsHoldingThirtyTwoFeedbacksEachStayBoundedAndEndWithThem() throws {
        let harness = try DaemonHarness(start: false)
        let theme = try harness.file(
            "hold.json",
            #"{"name": "hold", "profiles": [{"name": "quiet", "feedbacks": [{"event-name": "x-hold", "type": "VibraPeriodic", "duration": 10000}]}]}"#
        )
        try harness.startDaemon(["--theme", theme])
        let pid = harness.daemon?.pid ?? 0
        let script =
            Clients.gio + """
                def status(key):
                    with open('/proc/%s/status' % sys.argv[1]) as status:
                        return next(int(line.split()[1]) for line in status if line.startswith(key + ':'))
                before = status('VmRSS')
                address = Gio.dbus_address_get_for_bus_sync(Gio.BusType.SESSION, None)
                flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
                clients = [Gio.DBusConnection.new_for_address_sync(address, flags, None, None) for _ in range(100)]
                ids = []
                def done(connection, result, _):
                    ids.append(connection.call_finish(result).unpack()[0])
                for client in clients:
                    for _ in range(32):
                        client.call('org.sigxcpu.Feedback', '/org/sigxcpu/Feedback', FEEDBACK, 'TriggerFeedback',
                                    GLib.Variant('(ssa{sv}i)', ('app', 'x-hold', {}, 0)), None, 0, -1, None, done, None)
                context = GLib.MainContext.default()
                while len(ids) < 3200:
                    context.iteration(True)
                print('held', len(set(ids)), 'refused', error_of(lambda: call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['app', 'x-hold', {}, 0], clients[0])))
                print('rss', before, status('VmRSS'), status('VmHWM'))
                for client in clients:
                    client.close_sync(None)
                wait_ended(ids, 60)
                print('ended', sum(len(ended.get(i, [])) for i in ids), 'explicit', all(ended.get(i) == [2] for i in ids))
                """
        let output = try harness.python(script, [String(pid)], timeout: .seconds(300)).output
        print("hapticsd holding 3,200 feedbacks of 100 clients (VmRSS before, VmRSS held, VmHWM, KiB): \(output)")
        #expect(output.contains("held 3200 refused org.freedesktop.DBus.Error.LimitsExceeded"))
        #expect(output.contains("ended 3200 explicit True"))
        let rss =
            output.split(separator: "\n").first { $0.hasPrefix("rss ") }?.split(separator: " ").dropFirst().compactMap { Int($0) } ?? []
        #expect(rss.count == 3)
        if rss.count == 3 {
            #expect(rss[2] < 64 * 1024, "hapticsd peaked at \(rss[2]) KiB")
            #expect(rss[1] - rss[0] < 16 * 1024, "RSS grew from \(rss[0]) KiB to \(rss[1]) KiB")
        }
        #expect(harness.frames { $0.last?.isSilent == true }.last?.isSilent == true)
    }
}
