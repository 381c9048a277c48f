#!/usr/bin/env python3
"""`render --serve` in headless Chromium, as a user sees it (`make serve-check`):
  scripts/serve-check.py TIMELINE_CARDS WORK_FOLDER
The page shows the first render (as images: an SVG's text is checked in the file each <img> shows);
a saved change shows its new title within a second, without a reload by hand; a bad save shows its
`file:line:column: error:` on the page above the last good image; a fixed save clears it. A
screenshot of each step is kept in WORK_FOLDER to look at."""
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import time

from devtools_pipe import Chromium

CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
            "--no-first-run", "--disable-extensions", "--window-size=900,700"]
LIMIT = 1.0  # seconds from a save to the page showing it

CARD = """version: 1
cards:
  - id: plan
    title: Launch plan
    items:
      - title: {title}
        event: "2026-11-02"
      - title: Beta opens
        event: "2026-11-16"
"""
BAD = """version: 1
cards:
  - id: plan
    items:
      - titel: Misspelled key
"""


def save(path, text):
    """Writes as an editor that saves by renaming does, so the watcher sees one complete file."""
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def wait_for(chromium, session, expression, timeout):
    """Seconds until the page's `expression` is true; None when it is not within `timeout`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if chromium.evaluate(session, expression, await_promise=True):
            return time.monotonic() - start
        time.sleep(0.02)
    return None


def shows(has, lacks=(), problem=None):
    """The page shows images, every one loaded, whose files hold each of `has` and none of `lacks`
    (an SVG is shown as an <img>: its text is in its file, not in the page), and its problems hold
    `problem` (None: it shows none)."""
    problems = ("text.includes(" + json.dumps(problem) + ")") if problem else "text === ''"
    return f"""(async () => {{
      const text = document.getElementById('problems').textContent;
      if (!({problems})) return false;
      const images = [...document.querySelectorAll('#images img')];
      if (!images.length || !images.every((i) => i.complete && i.naturalWidth > 0)) return false;
      const files = (await Promise.all(images.map((i) => fetch(i.src).then((r) => r.text())))).join(' ');
      return {json.dumps(list(has))}.every((t) => files.includes(t))
        && !{json.dumps(list(lacks))}.some((t) => files.includes(t));
    }})()"""


def main():
    binary, work = (os.path.abspath(arg) for arg in sys.argv[1:3])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    timeline = os.path.join(work, "plan.yaml")
    save(timeline, CARD.format(title="First milestone"))
    log = open(os.path.join(work, "serve.log"), "w+")
    server = subprocess.Popen([binary, "render", "plan.yaml", "-o", "out", "--serve", "--port", "0"], cwd=work,
                              stderr=log, stdout=subprocess.DEVNULL)
    chromium = None
    failures = []
    try:
        address = None
        for _ in range(200):
            log.seek(0)
            match = re.search(r"serving (http://127\.0\.0\.1:\d+/)", log.read())
            if match:
                address = match.group(1)
                break
            time.sleep(0.05)
        if not address:
            raise RuntimeError("render --serve printed no address")
        chromium = Chromium(CHROMIUM)
        session = chromium.open(address)

        def step(name, expression, timeout=LIMIT):
            took = wait_for(chromium, session, expression, timeout)
            shot = chromium.call("Page.captureScreenshot", {"format": "png"}, session)["data"]
            with open(os.path.join(work, name + ".png"), "wb") as f:
                f.write(base64.b64decode(shot))
            if took is None:
                failures.append(f"{name}: not on the page within {timeout} s")
                print(f"FAIL {name}", flush=True)
            else:
                print(f"ok   {name}: {took:.2f} s", flush=True)

        step("first", shows(["First milestone"]), timeout=10)
        save(timeline, CARD.format(title="Second milestone"))
        step("changed", shows(["Second milestone"], lacks=["First milestone"]))
        save(timeline, BAD)
        step("bad", shows(["Second milestone"], problem="plan.yaml:5:9: error:"))
        save(timeline, CARD.format(title="Third milestone"))
        step("fixed", shows(["Third milestone"]))
    finally:
        if chromium:
            chromium.close()
        server.terminate()
        server.wait()
    if failures:
        log.seek(0)
        print(log.read())
        sys.exit("serve-check: " + "; ".join(failures))
    print(f"serve-check: the page follows every save within {LIMIT} s; screenshots in {work}")


if __name__ == "__main__":
    main()
