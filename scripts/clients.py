#!/usr/bin/env python3
"""`make clients`: every fixture drawn by the clients people view our images in.

Renders every fixture (cards, and feed-*.yaml also as a strip) to SVG, PNG and PDF, then:
- draws each SVG with Chromium (inline in an HTML page), Inkscape and librsvg, and each PDF with
  poppler, and compares each drawing with our PNG: normalized RMSE under 0.03, both flattened on
  white, at our PNG's scale (2); PDFs after a 1 px blur (PDF_LIMITS says why);
- draws two different cards inlined in one HTML page with Chromium and compares each with its PNG
  (ids that clash would draw one card's glyphs in the other);
- finds each card's drawn texts in Chromium with window.find (the SVG's invisible text layer);
- reads Chromium's accessibility tree of each SVG inlined in a page: an image, or a graphics
  document when the card has links, named by its title, and each link named;
- runs `qpdf --check` on every PDF and `pngcheck` on every PNG, checks the links fixture's links
  with `pdfinfo -url` and right-to-left text with `pdftotext`.

Installs what it needs from Debian first; a client that cannot be installed is a failure.
Exits 1 when anything fails. Usage: clients.py BINARY FIXTURES_DIR WORK_DIR
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import time

from devtools_pipe import Chromium

PACKAGES = {  # Debian package: the commands it provides that this script runs
    "chromium": ["chromium"],
    "inkscape": ["inkscape"],
    "librsvg2-bin": ["rsvg-convert"],
    "poppler-utils": ["pdftocairo", "pdftoppm", "pdftotext", "pdfinfo"],
    "qpdf": ["qpdf"],
    "pngcheck": ["pngcheck"],
    "imagemagick": ["convert", "compare"],
}
SCALE = 2
LIMIT = 0.03
# A PDF is drawn from its embedded fonts as glyphs, where our PNG (like every SVG client) fills
# glyph outlines at their exact places, and both poppler rasterizers put each glyph's bitmap on
# the pixel grid: cairo (pdftocairo, Evince) at whole pixels, Splash (pdftoppm, Okular) at
# quarter pixels across but whole pixels down, with heavier edges. So PDFs are compared after a
# 1 px blur, which evens out where on the pixel grid a glyph lands but not a misplaced glyph or
# line, and Splash's heavier edges get a wider limit: (limit, blur in pixels). The edges' share
# grows with how much of a card is text: word-breaks, almost all bold text, measures 0.048 with
# every glyph in place (its difference image is an even outline of every glyph).
PDF_LIMITS = {"PDF pdftocairo": (0.03, 1), "PDF pdftoppm": (0.05, 1)}
CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
            "--no-first-run", "--disable-extensions"]

failures = []
rows = []
rmses = {}  # client: every image's RMSE


def fail(message):
    failures.append(message)
    print(f"FAIL {message}", flush=True)


def run(command, timeout=300, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, **kwargs)


def install():
    """Installs the packages that are missing; returns the commands that are usable."""
    missing = [p for p in PACKAGES if run(["dpkg", "-s", p]).returncode != 0]
    if missing:
        print(f"installing: {' '.join(missing)}", flush=True)
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(sudo + ["apt-get", "update", "-qq"], timeout=600, env=env)
        for package in missing:
            result = run(sudo + ["apt-get", "install", "-y", "-qq", package], timeout=1200, env=env)
            if result.returncode != 0:
                fail(f"{package}: cannot be installed: {result.stderr.strip().splitlines()[-1:] or result.returncode}")
    usable = set()
    for package, commands in PACKAGES.items():
        for command in commands:
            if shutil.which(command):
                usable.add(command)
            else:
                fail(f"{command} ({package}) is not available: its checks cannot run")
    return usable


def render(binary, fixtures, out):
    """Every fixture's cards as out/<input>/<card>.{svg,png,pdf}; feeds also as out/<input>.*."""
    formats = ["--format", "svg", "--format", "png", "--format", "pdf"]
    result = run([binary, "render", fixtures, "-o", out] + formats)
    if result.returncode != 0:
        fail(f"render: {result.stderr.strip()}")
    feeds = sorted(f for f in os.listdir(fixtures) if f.startswith("feed-") and f.endswith((".yaml", ".yml", ".json")))
    if feeds:
        inputs = [os.path.join(fixtures, f) for f in feeds]
        result = run([binary, "render"] + inputs + ["-o", os.path.join(out, "feeds"), "--feed"] + formats)
        if result.returncode != 0:
            fail(f"render --feed: {result.stderr.strip()}")
    images = []
    for folder, _, files in os.walk(out):
        for name in files:
            if name.endswith(".svg"):
                images.append(os.path.join(folder, name[:-4]))
    return sorted(images)


def svg_size(path):
    head = open(path, encoding="utf-8").read(2048)
    match = re.search(r'<svg [^>]*?width="([\d.]+)" height="([\d.]+)"', head)
    return (float(match.group(1)), float(match.group(2))) if match else (0, 0)


def flattened(png, out, blur):
    """On white; with `blur`, a Gaussian blur of that many pixels (antialiasing differs between
    rasterizers, misplaced or missing drawing does not blur away)."""
    blurred = ["-blur", f"0x{blur}"] if blur else []
    run(["convert", png, "-background", "white", "-alpha", "remove", "-alpha", "off"] + blurred + [out])
    return out


def rmse(drawn, ours, work, blur=0):
    """Normalized RMSE of two pictures as `flattened`; None when one is missing or the sizes differ."""
    if not os.path.exists(drawn):
        return None, "not drawn"
    a = flattened(drawn, work + "-a.png", blur)
    b = flattened(ours, work + "-b.png", blur)
    sizes = [run(["identify", "-format", "%wx%h", p]).stdout for p in (a, b)]
    if sizes[0] != sizes[1]:
        return None, f"size {sizes[0]}, ours {sizes[1]}"
    result = run(["compare", "-metric", "RMSE", a, b, "null:"])
    match = re.search(r"\(([\d.e-]+)\)", result.stderr)
    return (float(match.group(1)), "") if match else (None, result.stderr.strip())


def inline_page(svgs, script=""):
    body = "".join(open(s, encoding="utf-8").read().split("?>", 1)[-1] for s in svgs)
    return ("<!doctype html><html><head><meta charset=\"utf-8\"><style>html,body{margin:0;padding:0;background:#fff}"
            f"svg{{display:block}}</style></head><body>{body}<script>{script}</script></body></html>")


def chromium_screenshot(svgs, out, page):
    width = max(svg_size(s)[0] for s in svgs)
    height = sum(svg_size(s)[1] for s in svgs)
    with open(page, "w", encoding="utf-8") as f:
        f.write(inline_page(svgs))
    run(CHROMIUM + [f"--force-device-scale-factor={SCALE}", f"--window-size={int(width)},{int(height)}",
                    f"--screenshot={out}", "file://" + page], timeout=120)


def drawn_texts(svg):
    """The texts of the SVG's text layer, first lines first (titles come before subtitles)."""
    document = open(svg, encoding="utf-8").read()
    return [html.unescape(t) for t in re.findall(r'lengthAdjust="spacingAndGlyphs">([^<]+)</text>', document)]


def chromium_finds(svg, page):
    """Which of the card's drawn texts Chromium's find-in-page finds, as {text: found}."""
    # What a reader types: the words of each drawn text, without the spaces a styled run ends on.
    texts = [t for t in dict.fromkeys(t.strip() for t in drawn_texts(svg)) if t][:12]
    script = ("const texts=%s;const found={};"
              "for(const t of texts){getSelection().removeAllRanges();found[t]=window.find(t,true);}"
              "document.title=JSON.stringify(found);") % json.dumps(texts).replace("</", "<\\/")
    with open(page, "w", encoding="utf-8") as f:
        f.write(inline_page([svg], script))
    dom = run(CHROMIUM + ["--dump-dom", "file://" + page], timeout=120).stdout
    match = re.search(r"<title>(\{.*?\})</title>", dom, re.S)
    return texts, (json.loads(html.unescape(match.group(1))) if match else {})


def accessibility_tree(page):
    """(role, name, ignored, description) of every node of the page's accessibility tree, as Chromium gives it to
    screen readers (devtools_pipe.py)."""
    chromium = Chromium(CHROMIUM)
    try:
        session = chromium.open("file://" + page)
        chromium.call("Page.enable", session=session)
        time.sleep(1)  # the page is local: loaded well within a second
        chromium.call("Accessibility.enable", session=session)
        nodes = chromium.call("Accessibility.getFullAXTree", session=session)["nodes"]
        value = lambda node, key: (node.get(key) or {}).get("value")
        return [(value(n, "role"), value(n, "name"), n.get("ignored"), value(n, "description")) for n in nodes]
    finally:
        chromium.close()


def accessibility_problems(svg, page):
    """What a screen reader would miss in the SVG inlined in a page: the root's role and name, and each link."""
    text = open(svg, encoding="utf-8").read()
    title = html.unescape(re.search(r"<title[^>]*>([^<]*)</title>", text).group(1))
    links = [html.unescape(label) for label in re.findall(r'<a [^>]*aria-label="([^"]*)"', text)]
    with open(page, "w", encoding="utf-8") as f:
        f.write(inline_page([svg]))
    nodes = [n for n in accessibility_tree(page) if not n[2]]
    role = "graphics-document" if links else "image"
    problems = []
    if not any(n[0] == role and n[1].startswith(title) for n in nodes):
        problems.append(f"no {role} named '{title}' in {[n[:2] for n in nodes][:4]}")
    found = [n[1] for n in nodes if n[0] == "link"]
    if found != links:
        problems.append(f"links {found}, expected {links}")
    if any(n[0] in ("StaticText", "text") for n in nodes):
        problems.append("the invisible text layer is read out besides the description")
    return problems


def main():
    binary, fixtures, work = (os.path.abspath(arg) for arg in sys.argv[1:4])
    started = time.time()
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    usable = install()
    installed = time.time()
    images = render(binary, fixtures, os.path.join(work, "out"))
    drawn = os.path.join(work, "drawn")
    os.makedirs(drawn)

    # Inkscape starts slowly: one run exports every SVG (copied, so its PNGs land beside the copies).
    inkscape_dir = os.path.join(work, "inkscape")
    if "inkscape" in usable:
        os.makedirs(inkscape_dir)
        copies = []
        for index, image in enumerate(images):
            copies.append(os.path.join(inkscape_dir, f"{index}.svg"))
            shutil.copy(image + ".svg", copies[-1])
        result = run(["inkscape", "--export-type=png", f"--export-dpi={96 * SCALE}"] + copies, timeout=1200)
        if result.returncode != 0:
            fail(f"inkscape: {result.stderr.strip()[-300:]}")

    for index, image in enumerate(images):
        name = os.path.relpath(image, os.path.join(work, "out"))
        ours = image + ".png"
        if not os.path.exists(ours):
            page = re.escape(os.path.basename(image)) + r"-\d+\.png"
            for part in sorted(f for f in os.listdir(os.path.dirname(image)) if re.fullmatch(page, f)):
                ours = os.path.join(os.path.dirname(image), part)
                break
        stem = os.path.join(drawn, f"{index}")
        row = {"image": name}
        clients = {}
        if "rsvg-convert" in usable:
            run(["rsvg-convert", "-z", str(SCALE), image + ".svg", "-o", stem + "-rsvg.png"])
            clients["librsvg"] = stem + "-rsvg.png"
        if "inkscape" in usable:
            clients["inkscape"] = os.path.join(inkscape_dir, f"{index}.png")
        if "chromium" in usable:
            chromium_screenshot([image + ".svg"], stem + "-chromium.png", stem + "-page.html")
            clients["chromium"] = stem + "-chromium.png"
        if "pdftoppm" in usable and os.path.exists(image + ".pdf"):
            # poppler's two rasterizers: cairo (Evince, pdftocairo) and Splash (Okular, xpdf, pdftoppm).
            run(["pdftocairo", "-r", str(72 * SCALE), "-png", "-singlefile", image + ".pdf", stem + "-pdftocairo"])
            clients["PDF pdftocairo"] = stem + "-pdftocairo.png"
            run(["pdftoppm", "-r", str(72 * SCALE), "-png", "-singlefile", image + ".pdf", stem + "-pdftoppm"])
            clients["PDF pdftoppm"] = stem + "-pdftoppm.png"
        for client, png in clients.items():
            value, problem = rmse(png, ours, stem + "-" + client.replace(" ", "-"))
            row[client] = "-" if value is None else f"{value:.4f}"
            rmses.setdefault(client, []).append(value if value is not None else 1)
            limit = LIMIT
            if client in PDF_LIMITS:
                # Reported as drawn; held to the bound after the blur (see PDF_LIMITS).
                limit, blur = PDF_LIMITS[client]
                value, problem = rmse(png, ours, stem + "-" + client.replace(" ", "-"), blur)
                row[client] += "" if value is None else f" ({value:.4f} blurred)"
                rmses.setdefault(client + " blurred", []).append(value if value is not None else 1)
            if value is None or value >= limit:
                fail(f"{name}: {client} differs from our PNG: {problem or f'RMSE {value:.4f}'}")
        if "chromium" in usable:
            texts, found = chromium_finds(image + ".svg", stem + "-find.html")
            missing = [t for t in texts if not found.get(t)]
            row["find"] = f"{len(texts) - len(missing)}/{len(texts)}"
            if missing or not texts:
                fail(f"{name}: Chromium's find does not find {missing or 'any text'}")
            problems = accessibility_problems(image + ".svg", stem + "-ax.html")
            row["accessibility"] = "ok" if not problems else "FAIL"
            for problem in problems:
                fail(f"{name}: Chromium's accessibility tree: {problem}")
        rows.append(row)
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in row.items() if k != "image"), flush=True)

    # Two different cards in one page: each must look like itself.
    if "chromium" in usable:
        pair = [i for i in images if os.path.basename(i) in ("release-2", "links")][:2]
        if len(pair) == 2:
            shot = os.path.join(drawn, "two-cards.png")
            chromium_screenshot([p + ".svg" for p in pair], shot, os.path.join(drawn, "two-cards.html"))
            top = 0
            for image in pair:
                width, height = (int(v * SCALE) for v in svg_size(image + ".svg"))
                crop = os.path.join(drawn, os.path.basename(image) + "-in-page.png")
                run(["convert", shot, "-crop", f"{width}x{height}+0+{top}", "+repage", crop])
                top += height
                value, problem = rmse(crop, image + ".png", crop[:-4])
                shown = value if value is None else f"{value:.4f}"
                print(f"two cards in one page: {os.path.basename(image)} RMSE {shown}", flush=True)
                if value is None or value >= LIMIT:
                    difference = problem or f"RMSE {value:.4f}"
                    fail(f"two cards inlined in one page: {os.path.basename(image)} differs: {difference}")
        else:
            fail("two cards in one page: fixtures demo.yaml (release-2) and links.yaml are needed")

    # File checks.
    for folder, _, files in os.walk(os.path.join(work, "out")):
        for file in sorted(files):
            path = os.path.join(folder, file)
            if file.endswith(".pdf") and "qpdf" in usable:
                result = run(["qpdf", "--check", path])
                if result.returncode != 0 or "WARNING" in result.stdout + result.stderr:
                    fail(f"qpdf --check {file}: {(result.stdout + result.stderr).strip()[-300:]}")
            if file.endswith(".png") and "pngcheck" in usable:
                result = run(["pngcheck", "-q", path])
                if result.returncode != 0:
                    fail(f"pngcheck {file}: {result.stdout.strip()}")
    links = os.path.join(work, "out", "links", "links.pdf")
    if "pdfinfo" in usable and os.path.exists(links):
        urls = re.findall(r"Annotation\s+(\S+)", run(["pdfinfo", "-url", links]).stdout)
        if len(urls) != 3:
            fail(f"pdfinfo -url links.pdf: 3 links expected, found {urls}")
    scripts = os.path.join(work, "out", "scripts", "scripts.pdf")
    if "pdftotext" in usable and os.path.exists(scripts):
        text = run(["pdftotext", scripts, "-"]).stdout
        lines = ["الاجتماع الأسبوعي", "פגישה שבועית", "مراجعة التصميم مع فريق تجربة المستخدم", "סקירת עיצוב עם הצוות"]
        for line in lines:
            if line not in text:
                fail(f"pdftotext scripts.pdf: '{line}' is not extracted as written")

    print("\nworst RMSE: " + ", ".join(f"{client} {max(values):.4f}" for client, values in rmses.items()))
    checking, installing = time.time() - installed, installed - started
    print(f"\n{len(images)} images; checks took {checking:.0f} s, installing {installing:.0f} s")
    if failures:
        print(f"{len(failures)} client checks failed:")
        for failure in failures:
            print(f"  {failure}")
        return 1
    print("every client check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
