# Homebrew formula for timeline-cards. As checked in, it builds the main branch:
#   brew tap-new "$USER/timeline-cards" && cp packaging/homebrew/timeline-cards.rb \
#     "$(brew --repository "$USER/timeline-cards")/Formula/" && brew install --HEAD "$USER/timeline-cards/timeline-cards"
# Each release attaches this formula with its version's source archive and checksum added
# (scripts/homebrew-formula.sh), for a tap: `brew install your-org/tap/timeline-cards`.
class TimelineCards < Formula
  desc "Render timelines from YAML, JSON or Mermaid as SVG, PNG and PDF"
  homepage "https://github.com/your-org/timeline-cards"
  head "https://github.com/your-org/timeline-cards.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.0", :build] # Swift 6
  depends_on "cairo"
  depends_on "fontconfig"
  depends_on "freetype"
  depends_on "glib"
  depends_on "harfbuzz"
  depends_on "libyaml"
  depends_on "librsvg"
  depends_on "pango"

  uses_from_macos "swift" => :build
  uses_from_macos "zlib"

  def install
    # SwiftPM's own sandbox cannot nest in Homebrew's.
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "timeline-cards"
    bin.install ".build/release/timeline-cards"
    # The binary finds its fonts in ../share/timeline-cards/Fonts from its own (resolved) place.
    (share/"timeline-cards").install "Sources/TimelineCairo/Fonts/Bundled" => "Fonts"
    # Line-break rules and hyphenation patterns, found the same way (../share/timeline-cards/Breaks).
    (share/"timeline-cards").install "Sources/TimelineBreaks/Data" => "Breaks"
    man1.install "docs/man/timeline-cards.1"
    generate_completions_from_executable(bin/"timeline-cards", "--generate-completion-script")
  end

  test do
    (testpath/"plan.yaml").write <<~YAML
      version: 1
      cards:
        - id: plan
          items: [{ title: Kickoff, status: complete }, { title: Launch }]
    YAML
    system bin/"timeline-cards", "render", "plan.yaml", "-o", "out", "--format", "svg", "--format", "png"
    assert_path_exists testpath/"out/plan.svg"
    assert_path_exists testpath/"out/plan.png"
    # ICU from macOS (libicucore): German's word for "Today" on the time axis.
    (testpath/"de.yaml").write <<~YAML
      version: 1
      locale: de-DE
      now: 2026-11-12T12:00:00Z
      cards:
        - id: de
          layout: time
          items: [{ title: Auftakt, date: 2026-11-02 }, { title: Start, date: 2026-11-23 }]
    YAML
    system bin/"timeline-cards", "render", "de.yaml", "-o", "de", "--format", "svg"
    assert_match "Heute", (testpath/"de/de.svg").read
    assert_match version.to_s, shell_output("#{bin}/timeline-cards --version") unless build.head?
  end
end
