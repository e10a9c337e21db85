import Foundation
import HapticsTool
import Testing

@testable import HapticsCommandLine

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The elements of an SVG document, in document order, with their attributes, text and the
/// ids and classes of the groups they sit in.
private final class SVGElements: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var groups: [String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    static func parse(_ text: String) throws -> [Element] {
        let delegate = SVGElements()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = delegate
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return delegate.elements
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        let groups = open.flatMap { index in [elements[index].attributes["id"], elements[index].attributes["class"]].compactMap { $0 } }
        elements.append(Element(name: name, attributes: attributes, groups: groups))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { elements[last].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }
}

@Suite struct TrackSVGTests {
    static let dice = ConvertCommandTests.dice

    private func svg(_ argument: String) async throws -> [SVGElements.Element] {
        let (code, console) = await CapturedConsole.run("render", argument, "--format", "svg")
        #expect(code == .success)
        return try SVGElements.parse(console.out)
    }

    @Test func isAThousandPixelsWideWithATitleNamingThePatternAndItsLength() async throws {
        let elements = try await svg(Self.dice)
        #expect(elements.first?.name == "svg")
        #expect(elements.first?.attributes["width"] == "1000")
        let title = try #require(elements.first { $0.attributes["class"] == "title" })
        #expect(title.text == "NiceVibrations__NVDice.haptic — 963.3 ms")
        #expect(elements.first { $0.name == "title" }?.text == "\(Self.dice) — 963.3 ms")
        // Readable at 1000 px: no text smaller than 12 px.
        let sizes = elements.compactMap { $0.attributes["font-size"] }.compactMap(Double.init)
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= 12 })
    }

    @Test func drawsThePatternAboveBothMotorLanes() async throws {
        let elements = try await svg(Self.dice)
        let ids = elements.compactMap { $0.attributes["id"] }
        #expect(ids == ["time-axis", "pattern", "strong-motor", "weak-motor"])
        let intensity = try #require(elements.first { $0.attributes["class"] == "intensity" })
        #expect(intensity.groups.contains("pattern"))
        #expect(elements.contains { $0.attributes["class"] == "sharpness" && $0.groups.contains("pattern") })
        // NVDice has four emphasis points: four transient marks.
        #expect(elements.filter { $0.attributes["class"] == "transient" }.count == 4)
        let lowestPatternPoint = try #require(
            intensity.attributes["points"]?.split(separator: " ").compactMap { Double($0.split(separator: ",")[1]) }.max())
        for lane in ["strong-motor", "weak-motor"] {
            let path = try #require(elements.first { $0.name == "path" && $0.groups.contains(lane) })
            let ys = (path.attributes["d"] ?? "").split(separator: " ").compactMap { Double($0) }.enumerated().filter { $0.offset % 2 == 1 }
                .map(\.element)
            #expect(ys.min().map { $0 > lowestPatternPoint } == true, "the \(lane) lane is below the pattern")
        }
    }

    @Test func hasLevelGridLinesAtQuarterStepsInEveryPanel() async throws {
        let elements = try await svg(Self.dice)
        let grid = elements.filter { $0.attributes["class"] == "grid level" }
        for panel in ["pattern", "strong-motor", "weak-motor"] {
            #expect(
                grid.filter { $0.groups.contains(panel) }.compactMap { $0.attributes["data-level"] } == ["0", "0.25", "0.5", "0.75", "1"])
        }
    }

    @Test func sharesOneTimeAxisWithMillisecondTicks() async throws {
        let elements = try await svg(Self.dice)
        let labels = elements.filter { $0.name == "text" && $0.groups.contains("time-axis") }.map(\.text)
        #expect(labels.first == "0 ms")
        let values = labels.compactMap { $0.hasSuffix(" ms") ? Double($0.dropLast(3)) : nil }
        #expect(values.count == labels.count && values.count >= 5)
        #expect(values == values.sorted() && (values.last ?? 0) <= 1010)
        let ticks = elements.filter { $0.attributes["class"] == "grid time" }
        #expect(ticks.count == labels.count)
        // Each tick runs from the top of the pattern panel to the axis, across every lane.
        #expect(Set(ticks.compactMap { $0.attributes["y1"] }).count == 1 && Set(ticks.compactMap { $0.attributes["y2"] }).count == 1)
    }

    @Test(arguments: ["heavy", "haptica:..oO-Oo", ConvertCommandTests.boing])
    func everyKindOfPatternDraws(_ argument: String) async throws {
        let elements = try await svg(argument)
        #expect(elements.contains { $0.attributes["class"] == "intensity" })
        #expect(elements.contains { $0.name == "title" && $0.text.hasPrefix(argument) })
    }
}
