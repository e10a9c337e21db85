import Testing

@testable import HapticsDaemon

@Suite struct NameTakenTests {
    @Test func withoutReplaceItSuggestsReplace() {
        let taken = NameTaken(name: "org.sigxcpu.Feedback", owner: ":1.7", process: ("hapticsd", 42), replaceTried: false)
        #expect(
            taken.message == "Error: org.sigxcpu.Feedback is owned by :1.7 (hapticsd, pid 42); stop that service or run hapticsd --replace")
    }

    @Test func afterAReplaceRefusedItSaysHowToStopTheOwnerAndNotToReplaceAgain() {
        let feedbackd = NameTaken(name: "org.sigxcpu.Feedback", owner: ":1.82", process: ("feedbackd", 21735), replaceTried: true)
        #expect(
            feedbackd.message
                == "Error: org.sigxcpu.Feedback is owned by :1.82 (feedbackd, pid 21735), which does not let --replace take it; "
                + "stop it (systemctl --user stop feedbackd, or kill 21735), then start hapticsd again")
        let other = NameTaken(name: "org.sigxcpu.Feedback", owner: ":1.9", process: ("other", 5), replaceTried: true)
        #expect(other.message.hasSuffix("which does not let --replace take it; stop it (kill 5), then start hapticsd again"))
        #expect(!other.message.contains("run hapticsd --replace"))
    }
}
