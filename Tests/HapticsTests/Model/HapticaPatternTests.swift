import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct HapticaPatternTests {
    @Test func eachCharacterIsTheImpactHapticaPlaysForIt() {
        let (notes, ignored) = HapticaPattern.notes(in: "O-o-.-X-x")
        #expect(notes.map(\.style) == [.heavy, .medium, .light, .rigid, .soft])
        #expect(ignored.isEmpty)
    }

    @Test func aDashWaitsATenthOfASecondAndImpactsWithoutAWaitFireTogether() {
        let (notes, _) = HapticaPattern.notes(in: "..oO-Oo")
        #expect(
            notes == [
                .init(time: 0, style: .light), .init(time: 0, style: .light), .init(time: 0, style: .medium), .init(time: 0, style: .heavy),
                .init(time: 0.1, style: .heavy), .init(time: 0.1, style: .medium),
            ])
    }

    @Test func theWaitCanBeGivenAndWaitsAddUp() {
        let (notes, _) = HapticaPattern.notes(in: "O--o---.", wait: 0.05)
        #expect(notes.map(\.time) == [0, 2 * 0.05, 5 * 0.05])
        #expect(HapticaPattern.notes(in: "O-o", wait: -1).notes.map(\.time) == [0, 0])
        #expect(HapticaPattern.notes(in: "O-o", wait: .nan).notes.map(\.time) == [0, 0])
    }

    @Test func otherCharactersAreIgnoredWithANotice() {
        let (notes, ignored) = HapticaPattern.notes(in: "O a-b o!")
        #expect(notes.map(\.time) == [0, 0.1])
        #expect(ignored == [1, 2, 4, 5, 7])
        let loaded = HapticaPattern.load("O a-b o!")
        #expect(loaded.notices.count == 1)
        #expect(
            loaded.notices.first?.description
                == "haptica:O a-b o!: ignored ' ' at 1, 'a' at 2, 'b' at 4, ' ' at 5, '!' at 7: Haptica plays only O o . X x and -")
        #expect(HapticaPattern.load("..oO-Oo").notices.isEmpty)
    }

    @Test func thePatternIsEachImpactsPresetAtItsTime() {
        let pattern = HapticaPattern.load("O-.").pattern
        let heavy = Preset.impact(.heavy).pattern.events
        var light = Preset.impact(.light).pattern.events
        for index in light.indices { light[index].time += 0.1 }
        #expect(pattern.events == heavy + light)
        #expect(pattern.duration == max(Preset.impact(.heavy).pattern.duration, 0.1 + Preset.impact(.light).pattern.duration))
    }

    @Test func impactsFiringTogetherAddUp() {
        let single = Renderer().render(HapticaPattern.load(".").pattern)
        let double = Renderer().render(HapticaPattern.load("..").pattern)
        #expect(double.duration == single.duration)
        #expect(double.frames.first.map { $0.strong } == single.frames.first.map { min(1, 2 * $0.strong) })
    }

    @Test func aStringWithoutImpactsIsAnEmptyPattern() {
        #expect(HapticaPattern.load("---").pattern.events.isEmpty)
        #expect(HapticaPattern.load("").pattern.events.isEmpty)
    }

    @Test func eachSymbolNamesItsImpactOnce() {
        #expect(
            "O o . X x".split(separator: " ").map { HapticaPattern.style(of: $0.first ?? " ") } == [.heavy, .medium, .light, .rigid, .soft])
        #expect(HapticaPattern.style(of: HapticaPattern.waitSymbol) == nil)
        #expect(HapticaPattern.style(of: "a") == nil)
    }
}
