import FeedbackTheme
import Testing

@Suite struct FeedbackProfileTests {
    @Test func profilesAreCumulativeFromLoudestToQuietest() {
        #expect(FeedbackProfile.full.cumulative == [.full, .quiet, .silent])
        #expect(FeedbackProfile.quiet.cumulative == [.quiet, .silent])
        #expect(FeedbackProfile.silent.cumulative == [.silent])
        #expect(max(FeedbackProfile.full, .quiet) == .quiet)
    }
}
