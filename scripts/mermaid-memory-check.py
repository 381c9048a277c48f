#!/usr/bin/env python3
"""Reading a large Mermaid timeline takes about the memory the YAML reader takes for the same
content, and never aborts under `ulimit -v 1 GiB`.

Usage: mermaid-memory-check.py BIN [MiB]   (default 8 MiB; the report's figure is 40)

Writes a TD timeline of MiB mebibytes (sections of 1,000 periods, two events each), converts it
with `BIN convert -o` to its YAML twin, then runs `BIN validate` on each in a child of its own
under an address-space limit of 1 GiB, and compares the children's peak resident memory (their
peak address space, which the limit holds, is printed too):
Mermaid's must be within twice YAML's (plus 16 MiB for the executable itself). Exit 0 when it
is, 1 when not, with the figures printed either way.
"""
import os
import resource
import subprocess
import sys
import tempfile

LIMIT = 1 << 30


def limited():
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def peak(arguments):
    """Runs arguments in a fresh Python child and returns (exit status, its child's peak resident
    KiB, its peak address space in KiB as last read from /proc before it ended). The address space
    is what the limit holds; it is told so that a run near the limit shows before it fails."""
    probe = (
        "import resource, subprocess, sys, time\n"
        "def limited():\n"
        f"    resource.setrlimit(resource.RLIMIT_AS, ({LIMIT}, {LIMIT}))\n"
        "child = subprocess.Popen(sys.argv[1:], preexec_fn=limited, stdout=subprocess.DEVNULL)\n"
        "space = 0\n"
        "while child.poll() is None:\n"
        "    try:\n"
        "        with open(f'/proc/{child.pid}/status') as status:\n"
        "            for line in status:\n"
        "                if line.startswith('VmPeak:'):\n"
        "                    space = max(space, int(line.split()[1]))\n"
        "    except (OSError, ValueError):\n"
        "        pass\n"
        "    time.sleep(0.02)\n"
        "print(child.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, space)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe] + arguments, capture_output=True, text=True, check=True)
    status, kib, space = out.stdout.split()
    return int(status), int(kib), int(space)


def diagram(size):
    lines = ["timeline TD", "    title A large timeline"]
    total = 0
    index = 0
    while total < size:
        if index % 1000 == 0:
            lines.append(f"    section Part {index // 1000}")
        words = " ".join(f"word{(index * 7 + k) % 997}" for k in range(38))
        lines.append(f"    {2000 + index % 100}-{index} : {words} : two {index}")
        total += len(lines[-1]) + 1
        index += 1
    return "\n".join(lines) + "\n", index


def main():
    binary = sys.argv[1]
    mebibytes = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    with tempfile.TemporaryDirectory() as folder:
        text, periods = diagram(mebibytes << 20)
        mermaid = os.path.join(folder, "large.mmd")
        yaml = os.path.join(folder, "large.yaml")
        with open(mermaid, "w") as file:
            file.write(text)
        items = ["--max-items", str(periods + 10)]
        subprocess.run([binary, "convert", mermaid, "-o", yaml, *items], check=True, preexec_fn=limited)
        mermaid_status, mermaid_kib, mermaid_space = peak([binary, "validate", mermaid, *items])
        yaml_status, yaml_kib, yaml_space = peak([binary, "validate", yaml, *items])
        print(
            f"{mebibytes} MiB Mermaid, {periods} periods: validate peaks at {mermaid_kib // 1024} MiB "
            f"resident, {mermaid_space // 1024} MiB of address space (exit {mermaid_status}); its YAML "
            f"twin ({os.path.getsize(yaml) >> 20} MiB) at {yaml_kib // 1024} and {yaml_space // 1024} MiB "
            f"(exit {yaml_status}); ratio {mermaid_kib / yaml_kib:.2f}; limit {LIMIT >> 20} MiB of address space"
        )
        ok = mermaid_status == 0 and yaml_status == 0 and mermaid_kib <= 2 * yaml_kib + 16 * 1024
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
