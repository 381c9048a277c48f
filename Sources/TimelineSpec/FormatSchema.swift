import TimelineModel

/// The input format as data: the decoder checks keys against it and `timeline-cards schema`
/// prints it as JSON Schema, so the two cannot disagree.
public indirect enum ValueKind: Sendable {
    case text
    case number(minimum: Double)
    case integer(minimum: Int)
    case color
    case date
    case insets
    case enumeration([String])
    case object(ObjectSchema)
    case list(ValueKind)
    /// An integer or the name of a built-in / a file.
    case nameOrPath([String])
    /// A mapping of names the user chooses to values of one kind.
    case map(ValueKind)
    case boolean
}

public struct KeySchema: Sendable {
    public var name: String
    public var kind: ValueKind
    public var summary: String
}

public struct ObjectSchema: Sendable {
    public var name: String
    public var keys: [KeySchema]
    public var required: [String] = []
    public var keyNames: [String] { keys.map(\.name) }
}

public enum FormatSchema {
    public static let border = ObjectSchema(
        name: "Border",
        keys: [
            KeySchema(name: "color", kind: .color, summary: "Border color."),
            KeySchema(name: "width", kind: .number(minimum: 0), summary: "Border width in points (0: none)."),
        ])

    public static let shadow = ObjectSchema(
        name: "Shadow",
        keys: [
            KeySchema(name: "color", kind: .color, summary: "Shadow color, usually translucent."),
            KeySchema(name: "blur", kind: .number(minimum: 0), summary: "Blur radius in points."),
            KeySchema(name: "offset", kind: .insets, summary: "Offset: [y] or [x, y] in points."),
        ])

    public static let style = ObjectSchema(
        name: "Style",
        keys: [
            KeySchema(name: "width", kind: .number(minimum: 40), summary: "Card width in points (default 480)."),
            KeySchema(name: "background", kind: .color, summary: "Card background."),
            KeySchema(name: "border", kind: .object(border), summary: "Card border."),
            KeySchema(name: "cornerRadius", kind: .number(minimum: 0), summary: "Card corner radius (default 12)."),
            KeySchema(
                name: "margins", kind: .insets, summary: "Space inside the card, CSS order, 1 to 4 values (default 20)."
            ),
            KeySchema(name: "lineColor", kind: .color, summary: "Color of the timeline line."),
            KeySchema(name: "lineWidth", kind: .number(minimum: 0), summary: "Width of the timeline line (default 2)."),
            KeySchema(
                name: "shape", kind: .enumeration(Shape.allCases.map(\.rawValue)),
                summary: "Node outline for every item, instead of each status's own."),
            KeySchema(name: "shapeSize", kind: .number(minimum: 0), summary: "Node size (default 14)."),
            KeySchema(name: "groupShapeSize", kind: .number(minimum: 0), summary: "Node size of a group (default 20)."),
            KeySchema(
                name: "subShapeSize", kind: .number(minimum: 0),
                summary: "Node size of a group's children (default 10)."),
            KeySchema(name: "nodeColor", kind: .color, summary: "Node color."),
            KeySchema(name: "overdueColor", kind: .color, summary: "Node and text color of overdue items."),
            KeySchema(name: "itemSpacing", kind: .number(minimum: 0), summary: "Space between items (default 16)."),
            KeySchema(
                name: "groupPadding", kind: .number(minimum: 0), summary: "Space around a group's children (default 8)."
            ),
            KeySchema(
                name: "nestIndent", kind: .number(minimum: 0), summary: "Indent of each group level (default 16)."),
            KeySchema(
                name: "eventColumnWidth", kind: .number(minimum: 0),
                summary:
                    "Fixed width of the event column left of the line (default: its widest text, up to a third of the "
                    + "card or its widest word)."
            ),
            KeySchema(
                name: "statusColumnWidth", kind: .number(minimum: 0),
                summary:
                    "Widest the status column gets before its text wraps (default 88, or a quarter of the card); "
                    + "narrower when its texts are."
            ),
            KeySchema(
                name: "font", kind: .text,
                summary:
                    "Font family (default Inter): a bundled one (Inter, DejaVu Sans, DejaVu Serif, DejaVu Sans "
                    + "Mono), serif, sans-serif, monospace, or one of --fonts; any other is an error."
            ),
            KeySchema(
                name: "titleFont", kind: .text,
                summary: "Pango font description of titles, e.g. \"Inter Semi-Bold 14\"."),
            KeySchema(name: "subtitleFont", kind: .text, summary: "Pango font description of subtitles and columns."),
            KeySchema(name: "titleColor", kind: .color, summary: "Title color."),
            KeySchema(name: "subtitleColor", kind: .color, summary: "Subtitle, attribute and status color."),
            KeySchema(name: "eventColor", kind: .color, summary: "Event and day label color."),
            KeySchema(
                name: "iconScale", kind: .number(minimum: 0),
                summary: "Icon size relative to its node (default 0.65)."),
            KeySchema(name: "eventFormat", kind: .text, summary: "Date pattern for the event column, e.g. \"HH:mm\"."),
            KeySchema(name: "dayFormat", kind: .text, summary: "Date pattern for day labels (default \"EEE\\ndd\")."),
            KeySchema(
                name: "maxTitleLines", kind: .integer(minimum: 1), summary: "Title lines kept before an ellipsis."),
            KeySchema(
                name: "columns", kind: .integer(minimum: 1), summary: "Columns of the preview strip (default 4)."),
            KeySchema(
                name: "maxGap", kind: .number(minimum: 0),
                summary: "Length, in points, of a gap the time layout compresses (default 64)."),
            KeySchema(
                name: "dayScale", kind: .number(minimum: 0),
                summary: "Points per day on the vertical time layout (default 24)."),
            KeySchema(
                name: "maxLength", kind: .number(minimum: 100),
                summary:
                    "Longest vertical time layout before quiet gaps are compressed (default 120 per item, 480 to 1600)."
            ),
            KeySchema(
                name: "axis", kind: .enumeration(AxisMode.allCases.map(\.rawValue)),
                summary: "Time axis: none, ticks or grid (default ticks)."),
            KeySchema(
                name: "today", kind: .enumeration(TodayMode.allCases.map(\.rawValue)),
                summary: "Today line or marker when now is inside the span: auto or none (default auto)."),
            KeySchema(
                name: "legend", kind: .boolean,
                summary: "A legend of the sections and statuses used, under the card (default false)."),
            KeySchema(name: "shadow", kind: .object(shadow), summary: "Card drop shadow."),
            KeySchema(
                name: "textDirection", kind: .enumeration(TextDirection.allCases.map(\.rawValue)),
                summary:
                    "auto, ltr or rtl: rtl mirrors the card (vertical: event column right, status left; horizontal and "
                    + "preview: items run right to left); auto when most items read right to left (default auto)."
            ),
        ])

    public static let header = ObjectSchema(
        name: "Header",
        keys: [
            KeySchema(name: "title", kind: .text, summary: "Header title."),
            KeySchema(name: "subtitle", kind: .text, summary: "Header subtitle."),
            KeySchema(name: "background", kind: .color, summary: "Band color."),
            KeySchema(
                name: "color", kind: .color,
                summary: "Text color (default: white or dark, whichever reads on the band)."),
        ])

    public static let footer = ObjectSchema(
        name: "Footer",
        keys: [
            KeySchema(name: "text", kind: .text, summary: "Footer text."),
            KeySchema(name: "background", kind: .color, summary: "Band color."),
            KeySchema(
                name: "color", kind: .color,
                summary: "Text color (default: the subtitle color, made readable on the band)."),
        ])

    public static let feed = ObjectSchema(
        name: "Feed",
        keys: [
            KeySchema(name: "spacing", kind: .number(minimum: 0), summary: "Gap between cards (default 20)."),
            KeySchema(name: "margins", kind: .insets, summary: "Space around the cards, CSS order (default 20)."),
            KeySchema(name: "background", kind: .color, summary: "Strip background."),
            KeySchema(
                name: "titleColor", kind: .color,
                summary: "Card titles above each card (default: the title color, made readable on the background)."),
            KeySchema(
                name: "subtitleColor", kind: .color,
                summary:
                    "Card subtitles above each card (default: the subtitle color, made readable on the background)."),
        ])

    /// One entry of `sections` written as a list: `{ name: Design, color: "#6c32a9" }`.
    public static let section = ObjectSchema(
        name: "Section",
        keys: [
            KeySchema(name: "name", kind: .text, summary: "The name items give in `section`."),
            KeySchema(name: "color", kind: .color, summary: "Its items' node color, its band and legend entry."),
        ], required: ["name", "color"])

    public static let labels = ObjectSchema(
        name: "Labels",
        keys: [
            KeySchema(
                name: "today", kind: .text, summary: "The Today line's and marker's label (default: the locale's word)."
            ),
            KeySchema(
                name: "more", kind: .text,
                summary: "The preview strip's count of items left out, %d the number (default: \"+%d more\")."),
        ]
            + Status.allCases.map { status in
                KeySchema(
                    name: status.rawValue, kind: .text,
                    summary: "The legend's name of the `\(status.rawValue)` status (default: the locale's word).")
            })

    public static let itemKeys: [KeySchema] = [
        KeySchema(name: "title", kind: .text, summary: "Title; required unless the item has an icon or items."),
        KeySchema(name: "subtitle", kind: .text, summary: "Subtitle under the title."),
        KeySchema(name: "date", kind: .date, summary: "ISO 8601 date or date-time."),
        KeySchema(name: "end", kind: .date, summary: "End of a period that starts at date."),
        KeySchema(name: "event", kind: .text, summary: "Text left of the line, e.g. \"9:45\\nAM\"."),
        KeySchema(
            name: "status", kind: .enumeration(Status.allCases.map(\.rawValue)), summary: "Node kind (default open)."),
        KeySchema(
            name: "shape", kind: .enumeration(Shape.allCases.map(\.rawValue)),
            summary: "Node outline, instead of the status's own."),
        KeySchema(name: "color", kind: .color, summary: "Node color."),
        KeySchema(name: "icon", kind: .text, summary: "PNG or SVG file relative to the input's folder."),
        KeySchema(name: "attribute", kind: .text, summary: "Attribute line under the subtitle."),
        KeySchema(name: "subAttribute", kind: .text, summary: "Second attribute line."),
        KeySchema(name: "statusText", kind: .text, summary: "Right-hand status column."),
        KeySchema(name: "subStatusText", kind: .text, summary: "Second line of the status column."),
        KeySchema(name: "link", kind: .text, summary: "http, https or mailto URL."),
        KeySchema(
            name: "textDirection", kind: .enumeration(TextDirection.allCases.map(\.rawValue)),
            summary:
                "auto, ltr or rtl: an item reading the other way from its card swaps its event and status columns; "
                + "auto follows the title's first letter (default auto)."
        ),
        KeySchema(
            name: "items", kind: .list(.object(ObjectSchema(name: "Item", keys: []))),
            summary: "Children: makes this item a group."),
        KeySchema(
            name: "section", kind: .text, summary: "Section (a Mermaid section, a markwhen tag): its color and band."),
        KeySchema(
            name: "description", kind: .text,
            summary: "Body text under the subtitle: **bold**, *italic*, `code`, [links](https://…)."),
    ]
    public static let item = ObjectSchema(name: "Item", keys: itemKeys)

    /// `itemKeys` by position, named as they are, for the item reader's lookups (a test keeps
    /// the two in step).
    enum ItemKey: Int, CaseIterable {
        case title, subtitle, date, end, event, status, shape, color, icon, attribute, subAttribute, statusText,
            subStatusText, link, textDirection, items, section, description
    }

    public static let card = ObjectSchema(
        name: "Card",
        keys: [
            KeySchema(
                name: "id", kind: .text,
                summary: "Output file name, [a-z0-9-_.], at most 100 characters (default card-N)."),
            KeySchema(
                name: "title", kind: .text,
                summary: "Feed header above the card; the preview strip also shows it in its header row."),
            KeySchema(name: "subtitle", kind: .text, summary: "Feed header subtitle."),
            KeySchema(
                name: "attribute", kind: .text,
                summary: "Preview strip: text at the right of its header row, beside the title."),
            KeySchema(name: "header", kind: .object(header), summary: "Band at the top of the card."),
            KeySchema(name: "footer", kind: .object(footer), summary: "Band at the bottom of the card."),
            KeySchema(
                name: "layout", kind: .enumeration(LayoutKind.allCases.map(\.rawValue)),
                summary: "list, time or preview (default list)."),
            KeySchema(
                name: "direction", kind: .enumeration(Direction.allCases.map(\.rawValue)),
                summary: "vertical or horizontal (default vertical)."),
            KeySchema(
                name: "groupBy", kind: .enumeration(Grouping.allCases.map(\.rawValue)),
                summary: "none or day (default none)."),
            KeySchema(name: "style", kind: .object(style), summary: "Card style, over the document's."),
            KeySchema(
                name: "locale", kind: .text,
                summary: "BCP 47 locale of dates and labels, e.g. de-DE (default: the document's)."),
            KeySchema(
                name: "labels", kind: .object(labels), summary: "Words over the locale's own, e.g. { today: Heute }."),
            KeySchema(
                name: "sections", kind: .map(.color),
                summary:
                    "Section names and their colors, in legend order; or a list of { name, color }."),
            KeySchema(name: "items", kind: .list(.object(item)), summary: "The timeline's items."),
        ], required: ["items"])

    public static let document = ObjectSchema(
        name: "Document",
        keys: [
            KeySchema(name: "$schema", kind: .text, summary: "JSON Schema reference, for editors; ignored."),
            KeySchema(name: "version", kind: .integer(minimum: 1), summary: "Format version; must be 1."),
            KeySchema(name: "now", kind: .date, summary: "\"Today\" for overdue items and the preview strip."),
            KeySchema(
                name: "timeZone", kind: .text,
                summary:
                    "Zone every date is shown in: a UTC offset (+01:00, -05:30, UTC) or a zone name with daylight "
                    + "saving time (Europe/Berlin); default: the first date-time's offset, else UTC."),
            KeySchema(name: "theme", kind: .nameOrPath(Themes.names), summary: "Built-in theme or a theme file."),
            KeySchema(name: "style", kind: .object(style), summary: "Document-wide style."),
            KeySchema(
                name: "locale", kind: .text,
                summary: "BCP 47 locale of month and day names and labels, e.g. de-DE (default en)."),
            KeySchema(
                name: "labels", kind: .object(labels), summary: "Words over the locale's own, e.g. { today: Heute }."),
            KeySchema(name: "feed", kind: .object(feed), summary: "How cards are stacked into one strip."),
            KeySchema(name: "cards", kind: .list(.object(card)), summary: "The cards, one image each."),
        ], required: ["version", "cards"])

    /// Theme files: `style` and `feed` keys only.
    public static let theme = ObjectSchema(
        name: "Theme",
        keys: [
            KeySchema(name: "style", kind: .object(style), summary: "Style applied under the document's."),
            KeySchema(name: "feed", kind: .object(feed), summary: "Feed look."),
        ])
}
