#!/usr/bin/env python3
"""Every snippet of README.md and docs/*.md, run: `make test` calls this through DocSnippetTests.

  doc-snippets.py generate        writes Tests/DocSnippetsTests/DocSnippets.swift from the Swift snippets
  doc-snippets.py check           fails when that file is stale (the docs changed without `make snippets`)
  doc-snippets.py run --bin DIR   installs DIR/timeline-cards into a temporary $HOME/.local (make install
                                  INSTALL_FROM=DIR) and runs every shell snippet, page by page, in order

How a fenced block is treated, by its language and the HTML comment on the line before it:
  <!-- file: NAME -->      the block is saved as NAME in the page's folder (any language)
  <!-- snippet: syntax … --> checked, not run: `bash -n` for shell, YAML parsed for yaml (GitHub-only
                           steps, commands that would build or test this repository itself)
  <!-- snippet: output … -->  the output the shell block above it printed (standard error and output
                           together), compared line by line
  <!-- snippet: repository … --> a shell block run in this repository's folder (`make install …`),
                           with INSTALL_FROM set so that make installs the binary under test instead
                           of building a release
  sh, bash, shell          run with bash -euo pipefail in the page's folder (one folder per page,
                           blocks in page order), HOME a temporary folder where the tool is installed
  swift                    a manifest (`// swift-tools-version`) is loaded with `swift package
                           dump-package`; other snippets become tests in DocSnippets.swift: a snippet
                           that declares types or functions as they are, any other inside a function
                           run in a folder holding the page's files
  yaml, json               a document (`version:` and `cards:`) is checked with `timeline-cards validate`
  anything else            not run (output, error messages, Markdown examples)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATED = os.path.join(ROOT, "Tests", "DocSnippetsTests", "DocSnippets.swift")
SHELL = {"sh", "bash", "shell"}


def pages():
    names = ["README.md"] + sorted("docs/" + n for n in os.listdir(os.path.join(ROOT, "docs")) if n.endswith(".md"))
    return names


class Block:
    def __init__(self, page, line, language, text, note):
        self.page, self.line, self.language, self.text, self.note = page, line, language, text, note

    @property
    def where(self):
        return f"{self.page}:{self.line}"

    @property
    def file_name(self):
        m = re.match(r"file:\s*(\S+)", self.note or "")
        return m.group(1) if m else None

    @property
    def in_repository(self):
        return (self.note or "").startswith("snippet: repository")

    @property
    def is_output(self):
        return (self.note or "").startswith("snippet: output")

    @property
    def syntax_only(self):
        return (self.note or "").startswith("snippet: syntax")


def blocks(page):
    lines = open(os.path.join(ROOT, page), encoding="utf-8").read().split("\n")
    found, i, note = [], 0, None
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)", line)
        if not m:
            c = re.match(r"^\s*<!--\s*(.*?)\s*-->\s*$", line)
            if c:
                note = c.group(1)
            elif line.strip():
                note = None
            i += 1
            continue
        fence, language, start = m.group(2), m.group(3).lower(), i
        body = []
        i += 1
        closing = r"^ {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$"
        while i < len(lines) and not re.match(closing, lines[i]):
            body.append(lines[i][len(m.group(1)):] if lines[i].startswith(m.group(1)) else lines[i])
            i += 1
        found.append(Block(page, start + 1, language, "\n".join(body) + "\n", note))
        note = None
        i += 1
    return found


def all_blocks():
    return [b for p in pages() for b in blocks(p)]


# Swift snippets --------------------------------------------------------------------------------

def is_manifest(block):
    return block.language == "swift" and "swift-tools-version" in block.text


def declares(text):
    declaration = r"^(@\w+(\([^)]*\))?\s+)*(public |final |private )*(class|struct|enum|func|extension|actor)\s"
    return re.search(declaration, text, re.M) is not None


def ident(block, number=None):
    """A name from the page and the snippet's number on it (not its line: edits above it move lines)."""
    page = re.sub(r"[^A-Za-z0-9]", "_", block.page.replace("docs/", "").replace(".md", ""))
    return f"{page}_{number if number is not None else block.line}"


def swift_literal(text):
    return "#\"\"\"\n" + text.replace('"""#', '""" #') + "\"\"\"#"


def generate_text():
    imports = {"import Foundation", "import XCTest"}
    functions, declarations, tests, support_files = [], [], [], {}
    for page in pages():
        files, number = {}, 0
        for block in blocks(page):
            if block.file_name:
                files[block.file_name] = block.text
                continue
            if block.language != "swift" or block.syntax_only or is_manifest(block):
                continue
            code = []
            for line in block.text.rstrip("\n").split("\n"):
                if re.match(r"^import \w+\s*$", line):
                    imports.add(line.strip())
                else:
                    code.append(line)
            body = "\n".join(code).strip("\n")
            if declares(body):
                declarations.append(f"// {block.page}\n{body}\n")
                support_files.update(files)
                continue
            number += 1
            name = ident(block, number)
            indented = "\n".join(("    " + l) if l else "" for l in body.split("\n"))
            functions.append(
                f"// {block.page}, Swift snippet {number}\nfunc snippet_{name}() throws {{\n{indented}\n}}\n")
            literal = ", ".join(f"\"{k}\": {swift_literal(v)}" for k, v in sorted(files.items())) or ":"
            tests.append(
                f"    func test_{name}() throws {{\n"
                f"        try DocSandbox.run(files: [{literal}]) {{ try snippet_{name}() }}\n    }}\n")
    header = ("// swift-format-ignore-file\n"
              "// Generated by scripts/doc-snippets.py from the Swift snippets of README.md and docs/*.md.\n"
              "// Do not edit: change the docs and run `make snippets`.\n")
    text = header + "\n".join(sorted(imports)) + "\n\n" + "\n".join(functions) + "\n" + "\n".join(declarations)
    text += "\nfinal class SwiftSnippetTests: XCTestCase {\n" + "\n".join(tests) + "}\n"
    return text, support_files


def generate(write):
    text, files = generate_text()
    folder = os.path.dirname(GENERATED)
    stale = []
    wanted = {GENERATED: text}
    for name, content in files.items():
        wanted[os.path.join(folder, name)] = content
    for path, content in wanted.items():
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current != content:
            stale.append(os.path.relpath(path, ROOT))
            if write:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                open(path, "w", encoding="utf-8").write(content)
    if stale and not write:
        print("stale: " + ", ".join(stale) + "; run `make snippets` (scripts/doc-snippets.py generate)",
              file=sys.stderr)
        return 1
    return 0


# Shell snippets ---------------------------------------------------------------------------------

def run(binary_dir):
    work = tempfile.mkdtemp(prefix="doc-snippets-")
    home = os.path.join(work, "home")
    os.makedirs(home)
    env = dict(os.environ, HOME=home, CI="1")
    env.pop("TIMELINE_RECORD", None)
    # How the docs put the tool on PATH: make install PREFIX=$HOME/.local.
    install = subprocess.run(["make", "--no-print-directory", "-C", ROOT, "install", f"PREFIX={home}/.local",
                              f"INSTALL_FROM={binary_dir}"], env=env, capture_output=True, text=True)
    if install.returncode != 0:
        print(f"make install failed:\n{install.stdout}{install.stderr}", file=sys.stderr)
        return 1
    env["PATH"] = f"{home}/.local/bin:" + env.get("PATH", "")
    tool = os.path.join(home, ".local", "bin", "timeline-cards")
    failures, counted = [], 0
    last_output = None
    for page in pages():
        folder = os.path.join(work, "pages", page.replace("/", "_"))
        os.makedirs(folder)
        for block in blocks(page):
            problem = None
            if block.file_name:
                path = os.path.join(folder, block.file_name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                open(path, "w", encoding="utf-8").write(block.text)
                continue
            if block.language in SHELL:
                counted += 1
                args = ["bash", "-n"] if block.syntax_only else ["bash", "-euo", "pipefail"]
                where = ROOT if block.in_repository else folder
                block_env = dict(env, INSTALL_FROM=binary_dir) if block.in_repository else env
                result = subprocess.run(args, input=block.text, cwd=where, env=block_env, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, timeout=300)
                last_output = result.stdout
                if result.returncode != 0:
                    problem = f"exit {result.returncode}\n{block.text}{result.stdout}"
            elif block.is_output:
                counted += 1
                if (last_output or "").rstrip() != block.text.rstrip():
                    problem = f"the block above printed\n{last_output}but the page shows\n{block.text}"
            elif block.language == "yaml" and block.syntax_only:
                counted += 1
                try:
                    import yaml
                    yaml.safe_load(block.text)
                except ImportError:
                    pass
                except Exception as error:  # the block is not YAML
                    problem = str(error)
            elif (block.language in ("yaml", "json") and re.search(r"^\s*\"?version\"?\s*:", block.text, re.M)
                  and "cards" in block.text):
                counted += 1
                result = subprocess.run([tool, "validate", "-", "--input-format", block.language], input=block.text,
                                        cwd=folder, env=env, capture_output=True, text=True)
                if result.returncode != 0:
                    problem = result.stderr
            elif is_manifest(block):
                counted += 1
                package = os.path.join(work, "manifest-" + ident(block))
                os.makedirs(package)
                open(os.path.join(package, "Package.swift"), "w").write(block.text)
                result = subprocess.run(["swift", "package", "dump-package"], cwd=package, env=env,
                                        capture_output=True, text=True, timeout=300)
                if result.returncode != 0:
                    problem = result.stderr
            if problem:
                failures.append(f"{block.where}: snippet failed: {problem}")
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"doc snippets: {counted - len(failures)} of {counted} passed", file=sys.stderr)
    if not failures:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "generate":
        sys.exit(generate(write=True))
    if command == "check":
        sys.exit(generate(write=False))
    if command == "run" and len(sys.argv) == 4 and sys.argv[2] == "--bin":
        sys.exit(run(os.path.abspath(sys.argv[3])))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
