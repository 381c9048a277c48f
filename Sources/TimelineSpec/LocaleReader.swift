import TimelineModel

/// `locale:` and `labels:` of a document or card: the words dates are written with.
extension DecodeContext {
    /// Names for a `locale` value: English without ICU for `en` and `en-*`, else ICU's; an error
    /// at the value when it is no BCP 47 tag or ICU has no data for it.
    func localeNames(_ node: YAMLNode, _ path: String) -> DateNames? {
        guard let tag = text(node, path) else { return nil }
        return localeNames(tag, at: node, path)
    }

    func localeNames(_ tag: String, at node: YAMLNode, _ path: String) -> DateNames? {
        guard Self.isLocaleTag(tag) else {
            error(node, "\(path): \(Self.quoted(tag)) is not a BCP 47 locale, such as en-US, de-DE or ja")
            return nil
        }
        let language = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        if language == "en" {
            var names = DateNames.english
            names.language = tag
            return names
        }
        guard var names = ICUDates.names(for: tag) else {
            error(
                node,
                "\(path): no date names for \(Self.quoted(tag)) (ICU's libicui18n is missing or has no data for it)")
            return nil
        }
        names.language = tag
        return names
    }

    /// `labels: { today: Heute }` over the locale's words.
    func applyLabels(_ node: YAMLNode, _ path: String, to names: inout DateNames) {
        guard let keys = mapping(node, path, FormatSchema.labels) else { return }
        keys["today"].flatMap { text($0, path + ".today") }.map { names.today = $0 }
        keys["more"].flatMap { text($0, path + ".more") }.map { names.morePattern = $0 }
        for (index, status) in Status.allCases.enumerated() where names.statuses.indices.contains(index) {
            keys[status.rawValue].flatMap { text($0, path + "." + status.rawValue) }.map { names.statuses[index] = $0 }
        }
    }

    /// Language, then optional script, region and variants: letters and digits between hyphens.
    static func isLocaleTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else {
            return false
        }
        let subtags = parts.dropFirst()
        // An extension or private use (`-u-ca-buddhist`, `-x-mine`): a one-character singleton
        // followed by at least one subtag of its own.
        for (offset, part) in zip(subtags.indices, subtags) where part.count == 1 {
            guard offset + 1 < parts.count, parts[offset + 1].count > 1 else { return false }
        }
        return subtags.allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
