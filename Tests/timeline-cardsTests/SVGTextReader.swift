import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects the text of `<title>` and `<desc>`, every element name and every link target.
final class SVGTextReader: NSObject, XMLParserDelegate {
    var text: [String: String] = [:]
    var elements: Set<String> = []
    var hrefs: [String] = []
    private var current: String?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.insert(name)
        current = name == "title" || name == "desc" ? name : nil
        if name == "a", let href = attributes["href"] { hrefs.append(href) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        current = nil
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current { text[current, default: ""] += string }
    }
}

/// A small seeded generator, so the garbage bytes are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
