import TimelineModel
import TimelinePolicy

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the document tree: themes, styles, cards and items, into the model.
struct DocumentReader {
    let context: DecodeContext
    let baseDirectory: String
    let source: String
    var themeOverride: String?
    /// `--now`, which wins over the document's `now`.
    var nowOverride: DateValue?
    /// `--locale`, which wins over the document's and the cards' `locale`.
    var localeOverride: String?
    /// `--time-zone`, a UTC offset or zone name, which wins over the document's `timeZone`.
    var timeZoneOverride: String?
    /// The icon files read so far, each once.
    var icons: IconReader

    func read(_ root: YAMLNode) -> Document? {
        guard let keys = context.mapping(root, "document", FormatSchema.document) else { return nil }
        if let version = keys["version"] {
            if let number = context.integer(version, "version", minimum: 0, maximum: Int(Int32.max)), number != 1 {
                context.error(version, "version: \(number) is not supported; this tool reads version 1")
            }
        }
        var style = Style()
        var feed = Feed()
        if let name = themeOverride {
            applyTheme(
                YAMLNode(.scalar(name, plain: false), line: 1, column: 1), fromCommandLine: true, style: &style,
                feed: &feed)
        } else if let theme = keys["theme"] {
            applyTheme(theme, style: &style, feed: &feed)
        }
        if let node = keys["style"] { context.applyStyle(node, "style", to: &style) }
        if let node = keys["feed"] { context.applyFeed(node, "feed", to: &feed) }
        readNames(keys, "", into: &style.names)
        let darkTheme = isAutoTheme(keys) ? DarkVariant.darkTheme() : nil
        let written = keys["now"].flatMap { context.date($0, "now") }
        let now = nowOverride ?? written

        var cards: [Card] = []
        if let list = keys["cards"], let nodes = context.sequence(list, "cards") {
            if nodes.isEmpty { context.error(list, "cards: a timeline needs at least one card") }
            var itemCount = 0
            var usedIDs: [String: YAMLNode] = [:]
            for (index, node) in nodes.enumerated() {
                guard var card = readCard(node, index: index, style: style, itemCount: &itemCount) else { continue }
                card.now = now
                if let darkTheme { card.darkStyle = DarkVariant.style(from: card.style, dark: darkTheme) }
                if card.layout == .preview, now == nil {
                    context.error(node, "cards[\(index)]: the preview layout needs 'now' (in the document, or --now)")
                }
                if let first = usedIDs[card.id] {
                    context.error(
                        node, "cards[\(index)]: id '\(card.id)' is already used by the card at line \(first.line)")
                }
                usedIDs[card.id] = node
                cards.append(card)
            }
        }
        let zone = displayZone(keys, cards: cards, now: now)
        DisplayZone.apply(zone, to: &cards)
        var document = Document(cards: cards, source: source)
        document.now = now.map(zone.shown)
        document.feed = feed
        if let darkTheme { document.darkFeed = DarkVariant.feed(from: feed, dark: darkTheme) }
        document.icons = icons.icons
        document.filesRead = Array(icons.icons.keys).sorted() + context.themeFilesRead
        document.fontsNamed = context.fontsNamed
        document.theme =
            themeOverride
            ?? keys["theme"].flatMap { node in
                guard case .scalar(let name, _) = node.content else { return nil }
                return name
            }
        return document
    }

    /// `--time-zone`, else `timeZone:`, else the first date-time's offset, else UTC.
    private func displayZone(_ keys: MappingKeys, cards: [Card], now: DateValue?) -> DisplayTimeZone {
        // The dates' window only for a zone named: a card without one has no use for it.
        let window = { DisplayZone.window(cards, now: now) }
        return timeZoneOverride.flatMap { DisplayZone.zone($0, window: window()) }
            ?? keys["timeZone"].flatMap { timeZone($0, window: window()) }
            ?? .fixed(DisplayZone.firstOffset(cards) ?? 0)
    }

    /// `timeZone:`, a UTC offset or a zone name.
    private func timeZone(_ node: YAMLNode, window: (start: Double, end: Double)) -> DisplayTimeZone? {
        guard let text = context.text(node, "timeZone") else { return nil }
        if let zone = DisplayZone.zone(text, window: window) { return zone }
        context.error(node, "timeZone: " + DisplayZone.problem(text))
        return nil
    }

    /// `theme: auto` (or `--theme auto`): one SVG for light and dark readers.
    private func isAutoTheme(_ keys: MappingKeys) -> Bool {
        if let themeOverride { return themeOverride == "auto" }
        guard case .scalar(let name, _)? = keys["theme"]?.content else { return false }
        return name == "auto"
    }

    /// A theme named in the document is confined to the input's folder; one given with `--theme`
    /// is the user's own path, relative to the working directory.
    private func applyTheme(_ node: YAMLNode, fromCommandLine: Bool = false, style: inout Style, feed: inout Feed) {
        guard let name = context.text(node, "theme") else { return }
        if let text = Themes.sources[name] {
            let themeContext = DecodeContext(file: "theme:\(name)", limits: context.limits)
            if let root = try? YAMLReader(file: "theme:\(name)", limits: context.limits).read(Array(text.utf8)) {
                applyThemeRoot(root, themeContext, style: &style, feed: &feed)
            }
            return
        }
        let looksLikeFile =
            name.contains("/") || name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".json")
        guard looksLikeFile else {
            context.error(
                node,
                "theme: \(DecodeContext.quoted(name)) is neither a built-in theme "
                    + "(\(Themes.names.joined(separator: ", "))) nor a theme file",
                suggestion: Suggestion.closest(to: name, in: Themes.names))
            return
        }
        // A FIFO or device would block and a sparse file would fill memory: regular files only,
        // no bigger than an input may be. One named in the document is read inside its folder,
        // no link followed; one given with --theme is the user's own path.
        let read: Result<(path: String, bytes: [UInt8]), IncludedFile.Problem> =
            fromCommandLine
            ? RegularFile.read(name, maxBytes: context.limits.maxInputBytes).map { (name, $0) }.mapError { .file($0) }
            : IncludedFile.read(name, in: baseDirectory, maxBytes: context.limits.maxInputBytes)
        switch read {
        case .failure(let problem):
            context.error(node, "theme: the theme file \(problem.message(for: name, limitFlag: "--max-input-bytes"))")
        case .success(let (path, bytes)):
            context.themeFilesRead.append(URL(fileURLWithPath: path).path)
            // The theme file's own problems point into the theme file.
            let shown = fromCommandLine ? name : path
            do {
                let read = try DocumentDecoder(limits: context.limits).readTree(
                    bytes, file: shown, format: InputFormat(fileName: path))
                read.diagnostics.forEach(context.report)
                let themeContext = DecodeContext(file: shown, limits: context.limits)
                applyThemeRoot(read.root, themeContext, style: &style, feed: &feed)
                themeContext.diagnostics.forEach(context.report)
                context.fontsNamed += themeContext.fontsNamed
            } catch {
                error.diagnostics.forEach(context.report)
            }
        }
    }

    private func applyThemeRoot(_ root: YAMLNode, _ themeContext: DecodeContext, style: inout Style, feed: inout Feed) {
        guard let keys = themeContext.mapping(root, "theme", FormatSchema.theme) else { return }
        if let node = keys["style"] { themeContext.applyStyle(node, "style", to: &style) }
        if let node = keys["feed"] { themeContext.applyFeed(node, "feed", to: &feed) }
    }

    /// Ids name files (`<id>.scene.json` is the longest name made of one), and file systems allow
    /// 255 bytes in a name.
    static let maxIDLength = 100

    private func readCard(_ node: YAMLNode, index: Int, style documentStyle: Style, itemCount: inout Int) -> Card? {
        let path = "cards[\(index)]"
        guard let keys = context.mapping(node, path, FormatSchema.card) else { return nil }
        var style = documentStyle
        if let value = keys["style"] { context.applyStyle(value, path + ".style", to: &style) }
        readNames(keys, path + ".", into: &style.names)
        var id = "card-\(index + 1)"
        if let value = keys["id"], let text = context.text(value, path + ".id") {
            if text.utf8.count > Self.maxIDLength {
                context.error(
                    value,
                    "\(path).id: \(DecodeContext.quoted(text)) is \(text.unicodeScalars.count) characters, more than "
                        + "\(Self.maxIDLength); an id names output files"
                )
            } else if text.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".contains($0) }),
                text != ".", text != ".."
            {
                id = text
            } else {
                context.error(
                    value, "\(path).id: \(DecodeContext.quoted(text)) may use only a-z, 0-9, '-', '_' and '.'")
            }
        }
        var card = Card(id: id, style: style, items: [])
        card.location = context.location(node)
        card.title = keys["title"].flatMap { context.text($0, path + ".title") }
        card.subtitle = keys["subtitle"].flatMap { context.text($0, path + ".subtitle") }
        card.attribute = keys["attribute"].flatMap { context.text($0, path + ".attribute") }
        card.layout = keys["layout"].flatMap { context.choice($0, path + ".layout", LayoutKind.self) } ?? .list
        card.direction =
            keys["direction"].flatMap { context.choice($0, path + ".direction", Direction.self) } ?? .vertical
        card.groupBy = keys["groupBy"].flatMap { context.choice($0, path + ".groupBy", Grouping.self) } ?? .none
        if let value = keys["header"], let band = context.mapping(value, path + ".header", FormatSchema.header) {
            card.header = readBand(
                band, path + ".header", text: (band["title"], band["subtitle"]),
                // The node color, deepened where white text would not read on it (the dark theme's bright blue).
                defaultBackground: style.nodeColor.deepened())
            if card.header?.title == nil, card.header?.subtitle == nil {
                context.error(value, "\(path).header: needs a title or a subtitle")
            }
        }
        if let value = keys["footer"], let band = context.mapping(value, path + ".footer", FormatSchema.footer) {
            card.footer = readBand(
                band, path + ".footer", text: (band["text"], nil),
                defaultBackground: style.lineColor.withOpacity(0.25))
            if card.footer?.title == nil { context.error(value, "\(path).footer: needs a text") }
        }
        if let value = keys["sections"] { card.sections = context.sections(value, path + ".sections") }
        if let list = keys["items"], let nodes = context.sequence(list, path + ".items") {
            card.items = readItems(nodes, path: { path + ".items" }, depth: 0, itemCount: &itemCount)
        }
        context.applySections(to: &card)
        validate(card, node: node, keys: keys, path: path)
        return card
    }

    /// `locale` then `labels` of a document (`prefix` "") or card; `--locale` wins over both
    /// locales, and is resolved once, for the document.
    private func readNames(_ keys: MappingKeys, _ prefix: String, into names: inout DateNames) {
        if let tag = localeOverride {
            if prefix.isEmpty {
                let flag = YAMLNode(.scalar(tag, plain: false), line: 1, column: 1)
                context.localeNames(tag, at: flag, "--locale").map { names = $0 }
            }
        } else if let node = keys["locale"] {
            context.localeNames(node, prefix + "locale").map { names = $0 }
        }
        if let node = keys["labels"] { context.applyLabels(node, prefix + "labels", to: &names) }
    }

    private func readBand(
        _ keys: MappingKeys, _ path: String, text: (YAMLNode?, YAMLNode?),
        defaultBackground: Color
    ) -> Band {
        let firstKey = text.1 == nil ? "text" : "title"
        return Band(
            title: text.0.flatMap { context.text($0, "\(path).\(firstKey)") },
            subtitle: text.1.flatMap { context.text($0, "\(path).subtitle") },
            background: keys["background"].flatMap { context.color($0, path + ".background") } ?? defaultBackground,
            color: keys["color"].flatMap { context.color($0, path + ".color") })
    }

    private func validate(_ card: Card, node: YAMLNode, keys: MappingKeys, path: String) {
        if card.layout == .time {
            var missing = 0
            forEachItem(card.items) { item in
                if item.date == nil, let location = item.location, missing < 20,
                    !context.itemsWithUnreadableDates.contains(location)
                {
                    missing += 1
                    context.error(
                        YAMLNode(.scalar("", plain: true), line: location.line, column: location.column),
                        "\(path): the time layout needs a 'date' on every item")
                }
            }
        }
    }

    private func forEachItem(_ items: [Item], _ body: (Item) -> Void) {
        var stack = items[...].reversed().map { $0 }
        while let item = stack.popLast() {
            body(item)
            stack.append(contentsOf: (item.children ?? []).reversed())
        }
    }

    /// Paths are closures: built only for a message, not for each of thousands of items.
    private func readItems(_ nodes: [YAMLNode], path: () -> String, depth: Int, itemCount: inout Int) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            itemCount += 1
            if itemCount - 1 == context.limits.maxItems { // written so Int.max cannot overflow
                context.error(
                    node,
                    "\(path())[\(index)]: more than \(context.limits.maxItems) items in one document (raise with "
                        + "--max-items)"
                )
            }
            if itemCount > context.limits.maxItems { return items }
            if let item = readItem(node, path: { "\(path())[\(index)]" }, depth: depth, itemCount: &itemCount) {
                items.append(item)
            }
        }
        return items
    }

    private typealias Key = FormatSchema.ItemKey

    private func readItem(_ node: YAMLNode, path: () -> String, depth: Int, itemCount: inout Int) -> Item? {
        guard let keys = context.mapping(node, path(), FormatSchema.item) else { return nil }
        var item = Item()
        item.location = context.location(node)
        item.title = keys[Key.title].flatMap { context.text($0, path() + ".title") }
        item.subtitle = keys[Key.subtitle].flatMap { context.text($0, path() + ".subtitle") }
        item.date = keys[Key.date].flatMap { context.date($0, path() + ".date") }
        if keys[Key.date] != nil || keys.suggested.contains("date"), item.date == nil, let location = item.location {
            context.itemsWithUnreadableDates.insert(location)
        }
        item.end = keys[Key.end].flatMap { context.date($0, path() + ".end") }
        item.event = keys[Key.event].flatMap { context.text($0, path() + ".event") }
        item.status = keys[Key.status].flatMap { context.choice($0, path() + ".status", Status.self) } ?? .open
        item.shape = keys[Key.shape].flatMap { context.choice($0, path() + ".shape", Shape.self) }
        item.color = keys[Key.color].flatMap { context.color($0, path() + ".color") }
        item.attribute = keys[Key.attribute].flatMap { context.text($0, path() + ".attribute") }
        item.subAttribute = keys[Key.subAttribute].flatMap { context.text($0, path() + ".subAttribute") }
        item.statusText = keys[Key.statusText].flatMap { context.text($0, path() + ".statusText") }
        item.subStatusText = keys[Key.subStatusText].flatMap { context.text($0, path() + ".subStatusText") }
        item.section = keys[Key.section].flatMap { context.text($0, path() + ".section") }
        item.body = keys[Key.description].flatMap { context.text($0, path() + ".description") }
        item.textDirection =
            keys[Key.textDirection].flatMap { context.choice($0, path() + ".textDirection", TextDirection.self) }
            ?? .auto
        if let value = keys[Key.icon] { item.icon = readIcon(value, path: path) }
        if let value = keys[Key.link] { item.link = readLink(value, path: path) }
        if let date = item.date, let end = item.end, end < date, let value = keys[Key.end] {
            context.error(value, "\(path()).end: the period ends before it starts (date)")
        }
        if let value = keys[Key.items], let children = context.sequence(value, path() + ".items") {
            if depth + 1 > context.limits.maxNesting {
                context.error(
                    value,
                    "\(path()).items: groups nest deeper than \(context.limits.maxNesting) levels (raise with "
                        + "--max-nesting)"
                )
            } else {
                if children.isEmpty { context.error(value, "\(path()).items: a group needs at least one item") }
                item.children = readItems(
                    children, path: { path() + ".items" }, depth: depth + 1, itemCount: &itemCount)
            }
        }
        if keys.lacksAll("title", "icon", "items") {
            context.error(node, "\(path()): an item needs a title (or an icon, or items)")
        }
        return item
    }

    /// An item's icon: a .png or .svg file inside the input's folder, read and checked now.
    private func readIcon(_ value: YAMLNode, path: () -> String) -> String? {
        guard let name = context.text(value, path() + ".icon") else { return nil }
        switch IncludedFile.read(name, in: baseDirectory, maxBytes: context.limits.maxIconBytes) {
        case .success(let (file, bytes)):
            guard let kind = IconFile.Kind(rawValue: PathName.fileExtension(of: name).lowercased()) else {
                context.error(value, "\(path()).icon: \(DecodeContext.quoted(name)) must be a .png or .svg file")
                return nil
            }
            let label = "\(path()).icon: \(DecodeContext.quoted(name))"
            let inFolder = ContainedFile.components(name)?.joined(separator: "/") ?? name
            switch icons.read(
                file, bytes: bytes, kind: kind, label: label, name: inFolder, location: context.location(value))
            {
            case .success: return file
            case .failure(let problem): context.error(value, "\(label) \(problem.message)")
            }
        case .failure(let problem):
            context.error(value, "\(path()).icon: \(problem.message(for: name, limitFlag: "--max-icon-bytes"))")
        }
        return nil
    }

    /// An item's link: an http, https or mailto URL, normalized.
    private func readLink(_ value: YAMLNode, path: () -> String) -> String? {
        guard let link = context.text(value, path() + ".link") else { return nil }
        switch LinkPolicy.normalized(link) {
        case .success(let url): return url
        case .failure(.scheme):
            context.error(value, "\(path()).link: \(DecodeContext.quoted(link)) is not an http, https or mailto URL")
        case .failure(.controlCharacter):
            context.error(value, "\(path()).link: \(DecodeContext.quoted(link)) contains a control character")
        }
        return nil
    }
}
