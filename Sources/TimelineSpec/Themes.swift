import TimelineModel

/// The built-in themes, written in the theme-file format and decoded by the same code.
public enum Themes {
    public static let names = ["default", "dark", "fiori", "mono", "auto"]

    /// One line describing each theme, for `timeline-cards themes`.
    public static let summaries: [String: String] = [
        "default": "Light card, blue nodes, Inter type.",
        "dark": "Dark card and feed, light text, bright nodes.",
        "fiori": "SAP Fiori (Horizon) colors: blue nodes, negative red for overdue.",
        "mono": "Black, white and greys, no colors or shadows (grey group boxes and footer): print-friendly.",
        "auto": "Default and dark in one SVG, following the reader's prefers-color-scheme (PNG and PDF: default).",
    ]

    static let sources: [String: String] = [
        "default": "style: {}\n",
        // The light half of `auto`; its dark half is made from "dark" (`DarkVariant`).
        "auto": "style: {}\n",
        "dark": """
        style:
          background: "#1c1c1e"
          border: { color: "#3a3a3c", width: 1 }
          lineColor: "#48484a"
          nodeColor: "#0a84ff"
          overdueColor: "#ff453a"
          titleColor: "#f2f2f7"
          subtitleColor: "#aeaeb2"
          eventColor: "#aeaeb2"
        feed:
          background: "#000000"

        """,
        "fiori": """
        style:
          background: "#ffffff"
          border: { color: "#e5e5e5", width: 1 }
          cornerRadius: 16
          lineColor: "#758ca4"
          nodeColor: "#0070f2"
          overdueColor: "#d20a0a"
          titleColor: "#1d2d3e"
          subtitleColor: "#556b82"
          eventColor: "#556b82"
          lineWidth: 1
        feed:
          background: "#f5f6f7"

        """,
        "mono": """
        style:
          background: "#ffffff"
          border: { color: "#000000", width: 1 }
          cornerRadius: 0
          lineColor: "#000000"
          nodeColor: "#000000"
          overdueColor: "#000000"
          titleColor: "#000000"
          subtitleColor: "#333333"
          eventColor: "#333333"
        feed:
          background: "#ffffff"

        """,
    ]
}
