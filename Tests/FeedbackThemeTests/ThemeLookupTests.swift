import FeedbackTheme
import Testing

@Suite struct ThemeLookupTests {
    @Test func theOptionComesFirst() {
        #expect(ThemeLookup.resolve(option: "/a.json", environment: ["FEEDBACK_THEME": "/b.json"]) { _ in true } == .file("/a.json"))
    }

    @Test func thenFeedbackTheme() {
        #expect(
            ThemeLookup.resolve(option: nil, environment: ["FEEDBACK_THEME": "/b.json", "XDG_CONFIG_HOME": "/c"]) { _ in true }
                == .file("/b.json"))
    }

    @Test func thenTheUsersConfigFolderWhenTheFileExists() {
        let environment = ["XDG_CONFIG_HOME": "/c", "HOME": "/home/u"]
        #expect(
            ThemeLookup.resolve(option: nil, environment: environment) { $0 == "/c/feedbackd/themes/default.json" }
                == .file("/c/feedbackd/themes/default.json"))
        #expect(
            ThemeLookup.resolve(option: nil, environment: ["HOME": "/home/u"]) { $0 == "/home/u/.config/feedbackd/themes/default.json" }
                == .file("/home/u/.config/feedbackd/themes/default.json"))
    }

    @Test func elseTheBuiltInTheme() {
        #expect(ThemeLookup.resolve(option: nil, environment: ["XDG_CONFIG_HOME": "/c", "FEEDBACK_THEME": ""]) { _ in false } == .builtIn)
    }
}
