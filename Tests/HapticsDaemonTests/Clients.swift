/// The Python clients the tests run with Debian's Python: libfeedback through GObject
/// introspection, and Gio for the calls libfeedback 0.0.3 cannot make. Each stays on the
/// bus until its feedbacks end, printing `ended ID REASON` for each `FeedbackEnded`.
enum Clients {
    /// libfeedback: `argv`: event, timeout, seconds after which to end it (-1: never).
    static let libfeedback = """
        import sys, gi
        gi.require_version('Lfb', '0.0')
        from gi.repository import Lfb, GLib
        Lfb.init('org.example.HapticsTest')
        event = Lfb.Event.new(sys.argv[1])
        event.set_timeout(int(sys.argv[2]))
        end_after = float(sys.argv[3])
        loop = GLib.MainLoop()
        def ended(e):
            print('ended', int(e.get_end_reason()), flush=True)
            loop.quit()
        event.connect('feedback-ended', ended)
        print('triggered', event.trigger_feedback(), flush=True)
        if end_after >= 0:
            GLib.timeout_add(int(end_after * 1000), lambda: event.end_feedback() and False)
        GLib.timeout_add(15000, loop.quit)
        loop.run()
        """

    /// Gio: the prelude of a client; `call(interface, method, signature, args)` calls the
    /// daemon, `wait_ended(ids)` runs until each id has ended, `ended` maps ids to reasons.
    static let gio = """
        import sys
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        ended = {}
        def on_ended(connection, sender, path, interface, name, parameters):
            feedback, reason = parameters.unpack()
            ended.setdefault(feedback, []).append(reason)
        bus.signal_subscribe(None, 'org.sigxcpu.Feedback', 'FeedbackEnded', '/org/sigxcpu/Feedback', None, 0, on_ended)
        def call(interface, method, signature, args, connection=None):
            result = (connection or bus).call_sync('org.sigxcpu.Feedback', '/org/sigxcpu/Feedback', interface, method,
                                                   GLib.Variant(signature, tuple(args)) if signature else None, None, 0, -1, None)
            return result.unpack() if result is not None else None
        FEEDBACK = 'org.sigxcpu.Feedback'
        HAPTIC = 'org.sigxcpu.Feedback.Haptic'
        OWN = 'io.github.haptics.Haptics1'
        def wait_ended(ids, seconds=30):
            context = GLib.MainContext.default()
            deadline = GLib.get_monotonic_time() + seconds * 1000000
            while not all(i in ended for i in ids) and GLib.get_monotonic_time() < deadline:
                context.iteration(True) if context.pending() else GLib.usleep(1000)
        def error_of(function):
            try:
                function()
            except GLib.Error as error:
                return Gio.DBusError.get_remote_error(error)
            return None

        """
}
