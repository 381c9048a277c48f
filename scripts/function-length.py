#!/usr/bin/env python3
"""Every Swift function of the given folders whose body is over the limit, as a compiler-style error.

A function counts from its `func` (or `init`) line to its closing brace, both included. Comments
and string literals are blanked first, so a brace in either is not counted. The functions named
in the --allowed file (`path name` a line, `#` comments) may be longer, until they are split: one
listed that is no longer over the limit is an error too, so the list only shrinks.

usage: function-length.py [--limit N] [--allowed FILE] FOLDER...
"""

import argparse
import pathlib
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:[a-z]+(?:\([a-z]+\))?\s+)*(?:func\s+([^\s(<]+)|(init)[?!]?\s*[(<])")
# A line that starts another declaration: the function before it had no body (a protocol requirement).
NEXT_DECLARATION = re.compile(r"^\s*(?:func|var|let|init|static|case|typealias|associatedtype|subscript|@|})")


def blank_strings_and_comments(text: str) -> list[str]:
    """The lines of `text` with comments removed and every string literal's contents removed."""
    out: list[str] = []
    # The stack of what is open: "code" (an interpolation's parentheses count in it), '"', '"""', "/*".
    stack: list[list] = [["code", 0]]
    i, n = 0, len(text)
    while i < n:
        kind = stack[-1][0]
        c = text[i]
        if kind == "/*":
            if text.startswith("*/", i):
                stack.pop()
                i += 2
            elif text.startswith("/*", i):
                stack.append(["/*", 0])
                i += 2
            else:
                if c == "\n":
                    out.append(c)
                i += 1
            continue
        if kind in ('"', '"""'):
            hashes = stack[-1][1]
            if c == "\\" and text.startswith("#" * hashes + "(", i + 1):
                stack.append(["code", 0])
                out.append("(")
                i += 2 + hashes
            elif c == "\\" and hashes == 0:
                i += 2
            elif text.startswith(kind + "#" * hashes, i):
                stack.pop()
                out.append('"')
                i += len(kind) + hashes
            else:
                if c == "\n":
                    out.append(c)
                i += 1
            continue
        # Code.
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            stack.append(["/*", 0])
            i += 2
        elif c == "#" or c == '"':
            match = re.match(r'(#*)("""|")', text[i:])
            if match:
                stack.append([match.group(2), len(match.group(1))])
                out.append('"')
                i += match.end()
            else:
                out.append(c)
                i += 1
        elif c == "(" and len(stack) > 1:
            stack[-1][1] += 1
            out.append(c)
            i += 1
        elif c == ")" and len(stack) > 1:
            if stack[-1][1] == 0:
                stack.pop()
            else:
                stack[-1][1] -= 1
            out.append(c)
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out).split("\n")


def long_functions(lines: list[str], limit: int):
    """(first line, line count, name) of each function in `lines` longer than `limit`, 1-based."""
    for start, line in enumerate(lines):
        declaration = DECLARATION.match(line)
        if not declaration:
            continue
        depth = 0
        body_line = None
        for number in range(start, len(lines)):
            if number > start and body_line is None and NEXT_DECLARATION.match(lines[number]):
                break
            for c in lines[number]:
                if c in "([":
                    depth += 1
                elif c in ")]":
                    depth -= 1
                elif c == "{" and depth == 0 and body_line is None:
                    body_line = number
                    depth = 0
                    break
            if body_line is not None:
                break
        if body_line is None:
            continue
        braces = 0
        for number in range(body_line, len(lines)):
            text = lines[number] if number > body_line else lines[number][lines[number].index("{"):]
            braces += text.count("{") - text.count("}")
            if braces <= 0:
                if number - start + 1 > limit:
                    yield start + 1, number - start + 1, declaration.group(1) or declaration.group(2)
                break


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=60)
    parser.add_argument("--allowed", help="a file of `path name` lines: functions that may be longer")
    parser.add_argument("folders", nargs="+")
    arguments = parser.parse_args()
    allowed = set()
    if arguments.allowed:
        for entry in open(arguments.allowed, encoding="utf-8"):
            entry = entry.split("#", 1)[0].split()
            if entry:
                allowed.add((entry[0], entry[1]))
    found, still_long = 0, set()
    for folder in arguments.folders:
        for path in sorted(pathlib.Path(folder).rglob("*.swift")):
            lines = blank_strings_and_comments(path.read_text(encoding="utf-8"))
            for line, count, name in long_functions(lines, arguments.limit):
                if (str(path), name) in allowed:
                    still_long.add((str(path), name))
                    continue
                print(f"{path}:{line}:1: error: function '{name}' of {count} lines, over {arguments.limit}")
                found += 1
    for path, name in sorted(allowed - still_long):
        print(f"{arguments.allowed}: error: {path} {name} is no longer over {arguments.limit} lines: remove it")
        found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
