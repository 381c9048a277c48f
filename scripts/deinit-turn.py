#!/usr/bin/env python3
"""Every deinit under the given folders that lets go of a Pango, cairo, FreeType or GLib object
takes `FontLibrary.pangoTurn`: a font's last reference closes its FreeType face in the library
cairo shares between threads, so letting go of one outside the turn races another thread's text.
Prints `file:line:column: error:` for each deinit that frees such an object and never names the
turn. Usage: deinit-turn.py FOLDER..."""
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


def main():
    problems = []
    for folder in sys.argv[1:]:
        for root, _, names in os.walk(folder):
            for name in sorted(n for n in names if n.endswith(".swift")):
                path = os.path.join(root, name)
                text = open(path, encoding="utf-8").read()
                for line, body in deinit_bodies(text):
                    if FREES.search(body) and "pangoTurn" not in body:
                        problems.append(f"{path}:{line}:5: error: a deinit lets go of a Pango or cairo object "
                                        "outside FontLibrary.pangoTurn")
    print("\n".join(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
