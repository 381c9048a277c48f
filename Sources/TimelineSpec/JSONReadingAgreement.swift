import TimelineModel

/// The JSON reading path checked against itself, for the JSON fuzz target and its tests:
/// `StrictJSON`'s verdict and the JSON reader must agree, every problem must have a place, and
/// where libyaml reads the same bytes as YAML it must build the very same tree.
package enum JSONReadingAgreement {
    /// How the readers disagree on `bytes`, or nil when they agree.
    package static func disagreement(in bytes: [UInt8], limits: Limits) -> String? {
        let decoder = DocumentDecoder(limits: limits)
        let json = Result { () throws(DiagnosticsError) in try decoder.readTree(bytes, file: "fuzz.json", format: .json)
        }
        let problems: [Diagnostic]
        switch json {
        case .success(let read): problems = read.diagnostics
        case .failure(let error): problems = error.diagnostics
        }
        if case .failure(let error) = json, error.diagnostics.isEmpty { return "refused without a problem" }
        if let unplaced = problems.first(where: { ($0.line ?? 0) < 1 || ($0.column ?? 0) < 1 }) {
            return "a problem without a place: \(unplaced)"
        }

        if let violation = StrictJSON.check(bytes) {
            guard (0...bytes.count).contains(violation.offset) else {
                return "a violation outside the input: \(violation)"
            }
            if case .success = json { return "the strict check refused (\(violation.message)) but the input was read" }
            return nil
        }
        // Accepted by the strict check: only the checks made before it, and the limits, may stop reading.
        if case .failure(let error) = json,
            let stop = error.diagnostics.first(where: { problem in
                !allowedStops.contains { problem.message.hasPrefix($0) }
            })
        {
            return "the strict check accepted the input but reading stopped: \(stop)"
        }

        // libyaml reads JSON as JSON except for raw U+0085, U+2028 and U+2029, which YAML 1.1
        // folds as line breaks; inputs it refuses (surrogate escapes, long keys) are not compared.
        guard !TextPosition.containsYAML11LineBreak(bytes),
            let yaml = try? decoder.readTree(bytes, file: "fuzz.json", format: .yaml)
        else { return nil }
        guard case .success(let read) = json else { return "libyaml read what the JSON reader refused: \(json)" }
        let fast = read.root.outline + read.diagnostics.map(\.description).joined(separator: "\n")
        let slow = yaml.root.outline + yaml.diagnostics.map(\.description).joined(separator: "\n")
        return fast == slow ? nil : "the JSON reader and libyaml differ:\n\(fast)\n---\n\(slow)"
    }

    /// Problems that may stop reading JSON the strict check accepted.
    private static let allowedStops = [
        "the file is", "the file contains", "nesting deeper than", "the document expands to",
        "the document has more than",
        "aliases expand to",
    ]
}
