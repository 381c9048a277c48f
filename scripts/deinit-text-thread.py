#!/usr/bin/env python3
"""Every deinit under the given folders that lets go of a Pango, cairo, FreeType, librsvg or GLib
object does so inside `TextThread.release { ... }`: those objects live on the text thread, and a
deinit runs on whatever thread let go of the last reference (cairo closes the FreeType faces of
Pango's fonts in the FreeType library they all share; Pango keeps process-wide state unguarded).
Prints `file:line:column: error:` for each deinit that frees such an object outside it.
Usage: deinit-text-thread.py FOLDER..."""
import os
import re
import sys

FREES = re.compile(r"\b(g_object_unref|g_list_free\w*|pango_\w+_(free|unref)|cairo_\w*destroy|FcConfigDestroy|"
                   r"\.destroy\(\))")


def deinit_bodies(text):
    """Each deinit's line number and body, braces matched."""
    for match in re.finditer(r"\bdeinit\s*\{", text):
        depth, index = 1, match.end()
        while depth and index < len(text):
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            index += 1
        yield text.count("\n", 0, match.start()) + 1, text[match.end():index]


def outside_release(body):
    """The body without the closures it gives `TextThread.release`."""
    while True:
        match = re.search(r"\bTextThread\.release\s*\{", body)
        if not match:
            return body
        depth, index = 1, match.end()
        while depth and index < len(body):
            depth += {"{": 1, "}": -1}.get(body[index], 0)
            index += 1
        body = body[:match.start()] + body[index:]


def main():
    problems = []
    for folder in sys.argv[1:]:
        for root, _, names in os.walk(folder):
            for name in sorted(n for n in names if n.endswith(".swift")):
                path = os.path.join(root, name)
                text = open(path, encoding="utf-8").read()
                for line, body in deinit_bodies(text):
                    if FREES.search(outside_release(body)):
                        problems.append(f"{path}:{line}:5: error: a deinit lets go of a Pango or cairo object "
                                        "outside TextThread.release")
    print("\n".join(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
