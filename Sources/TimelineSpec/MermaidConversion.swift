import TimelineModel

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `timeline-cards convert`: a Mermaid timeline written as the equivalent timeline document.
public enum MermaidConversion {
    /// The YAML document that draws what the diagram draws (sections as groups, their colours,
    /// the title), after checking that it decodes: every problem is thrown as `render` reports it.
    public static func yaml(
        _ bytes: [UInt8], file: String, baseDirectory: String, limits: Limits = Limits()
    ) throws(DiagnosticsError) -> String {
        let decoder = DocumentDecoder(limits: limits)
        let read = try decoder.readTree(bytes, file: file, format: .mermaid)
        _ = try decoder.decode(
            Data(bytes), file: file, format: .mermaid, baseDirectory: baseDirectory)
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return YAMLWriter.text(
            of: read.root,
            header: ["Converted from the Mermaid timeline \(MessageText.escaped(name)) by timeline-cards convert."])
    }
}
