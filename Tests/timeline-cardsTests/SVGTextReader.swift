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
