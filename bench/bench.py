#!/usr/bin/env python3
"""timeline-cards against Graphviz's `dot -Tsvg` on the same chains of labelled nodes.

Usage: bench/bench.py [--bin PATH] [--runs N] [--work DIR] [--quick]

Runs both tools alternately, several times each, and prints medians of wall time and of peak
resident memory (per process, from wait4's rusage), the ratios, and whether each
speed target (docs/performance.md) is met. A benchmark, not a test: nothing here fails a build.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATUSES = ["open", "in-progress", "complete", "open", "start", "end", "open", "complete"]


def items(count):
    return [{"title": f"Milestone {i}", "subtitle": f"Owner team {i}", "status": STATUSES[i % len(STATUSES)]}
            for i in range(1, count + 1)]


def write_card(path, count, card_id="n"):
    with open(path, "w") as f:
        json.dump({"version": 1, "cards": [{"id": card_id, "items": items(count)}]}, f)


def write_dot(path, count):
    """The equivalent chain a -> b -> ... with the same two-line labels."""
    with open(path, "w") as f:
        f.write("digraph timeline {\n  node [shape=box];\n")
        for item_index, item in enumerate(items(count), 1):
            f.write(f'  n{item_index} [label="{item["title"]}\\n{item["subtitle"]}"];\n')
        # One edge per statement: a single long `a -> b -> ...` statement overflows dot's parser stack.
        for index in range(1, count):
            f.write(f"  n{index} -> n{index + 1};\n")
        f.write("}\n")


def run(argv, cwd=None):
    """Wall seconds and peak RSS (KiB) of one process, output discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(argv)}\n{err}")
    return elapsed, usage.ru_maxrss, err


def median_runs(commands, runs):
    """Runs each command once per round, alternating, `runs` rounds; medians per command."""
    results = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            results[index].append(command())
    return [(statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs), rs) for rs in results]


def parse_timings(text):
    found = dict(re.findall(r"(read|decode|layout|shape|paint|encode|write|total) ([0-9.]+) ms", text))
    return {key: float(value) for key, value in found.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build-perf/release/timeline-cards"))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-perf/bench"))
    parser.add_argument("--quick", action="store_true", help="3 runs, 5 for the small card")
    args = parser.parse_args()
    runs = 3 if args.quick else args.runs
    binary = os.path.abspath(args.bin)
    dot = shutil.which("dot") or sys.exit("dot not found: apt-get install graphviz")
    work = args.work
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "batch"))
    out = os.path.join(work, "out")

    sizes = [8, 100, 1000, 10000]
    for count in sizes:
        write_card(os.path.join(work, f"card-{count}.json"), count)
        write_dot(os.path.join(work, f"chain-{count}.dot"), count)
    for index in range(100):
        write_card(os.path.join(work, "batch", f"input-{index:03}.json"), 8, card_id=f"c{index}")

    def ours(count, extra=()):
        return lambda: run([binary, "render", os.path.join(work, f"card-{count}.json"), "-o",
                            os.path.join(out, f"{count}.svg"), *extra])

    def graphviz(count):
        return lambda: run([dot, "-Tsvg", os.path.join(work, f"chain-{count}.dot"), "-o", os.path.join(out, f"{count}-dot.svg")])

    os.makedirs(out, exist_ok=True)
    ours(8)()  # warm the fontconfig cache and the page cache once
    rows = {}
    for count in sizes:
        count_runs = runs if count < 10000 else max(3, runs // 2)
        if count == 8:
            count_runs = max(count_runs, 11 if not args.quick else 5)
        (ot, om, _), (gt, gm, _) = median_runs([ours(count), graphviz(count)], count_runs)
        rows[count] = (ot, om, gt, gm)
        print(f"  measured {count} items", file=sys.stderr)

    # Phases for 1,000 and 10,000 items.
    phases = {}
    for count in (1000, 10000):
        samples = [parse_timings(ours(count, ["--timings"])()[2]) for _ in range(3)]
        phases[count] = {key: statistics.median(s[key] for s in samples) for key in samples[0]}

    # 100 inputs: one call (default --jobs) against 100 separate calls.
    batch_files = sorted(os.listdir(os.path.join(work, "batch")))

    def one_call():
        return run([binary, "render", os.path.join(work, "batch"), "-o", os.path.join(out, "batch")])

    def separate_calls():
        start = time.perf_counter()
        peak = 0
        for name in batch_files:
            _, memory, _ = run([binary, "render", os.path.join(work, "batch", name), "-o", os.path.join(out, "single")])
            peak = max(peak, memory)
        return time.perf_counter() - start, peak, ""

    (bt, bm, _), (st, sm, _) = median_runs([one_call, separate_calls], max(3, runs // 2))

    mib = lambda kib: kib / 1024
    print()
    print(f"machine: {os.cpu_count()} cores, {machine()}")
    print(f"runs: medians of {runs} alternating runs ({max(3, runs // 2)} for 10,000 items and for the batch)")
    print()
    print("| case | timeline-cards | dot -Tsvg | ratio | target | met |")
    print("|---|---|---|---|---|---|")
    ot, om, gt, gm = rows[8]
    print(f"| 8 items, SVG, whole process | {ot*1000:.0f} ms, {mib(om):.0f} MiB | {gt*1000:.0f} ms, {mib(gm):.0f} MiB | {ot/gt:.2f} | ≤ 1.00 | {yes(ot <= gt)} |")
    ot, om, gt, gm = rows[100]
    print(f"| 100 items, SVG | {ot*1000:.0f} ms, {mib(om):.0f} MiB | {gt*1000:.0f} ms, {mib(gm):.0f} MiB | {ot/gt:.2f} | — | — |")
    ot, om, gt, gm = rows[1000]
    print(f"| 1,000 items, SVG | {ot*1000:.0f} ms, {mib(om):.0f} MiB | {gt*1000:.0f} ms, {mib(gm):.0f} MiB | {ot/gt:.2f} | ≤ 0.50 | {yes(ot <= gt / 2)} |")
    ot, om, gt, gm = rows[10000]
    print(f"| 10,000 items, SVG | {ot*1000:.0f} ms, {mib(om):.0f} MiB | {gt*1000:.0f} ms, {mib(gm):.0f} MiB | {ot/gt:.3f} | < 1 s, < 256 MiB | {yes(ot < 1 and mib(om) < 256)} |")
    print(f"| 100 inputs × 8 items | one call: {bt*1000:.0f} ms, {mib(bm):.0f} MiB | 100 calls: {st*1000:.0f} ms | {bt/st:.2f} | ≤ 0.20 | {yes(bt <= st / 5)} |")
    p = phases[1000]
    share = (p["decode"] + p["layout"]) / p["total"]
    print(f"| --timings, 1,000 items | decode {p['decode']:.0f} + layout {p['layout']:.0f} of {p['total']:.0f} ms | — | {share:.2f} | < 0.25 | {yes(share < 0.25)} |")
    # Pango's shaping is its own phase; counted with layout, as before it was split out:
    with_shape = (p["decode"] + p["layout"] + p.get("shape", 0)) / p["total"]
    print(f"| (the same with shape {p.get('shape', 0):.0f} ms counted as layout) | | — | {with_shape:.2f} | — | — |")
    # Linear growth: the cost per added item from 1,000 to 10,000 against 100 to 1,000.
    t100, m100 = rows[100][0], rows[100][1]
    t1k, m1k = rows[1000][0], rows[1000][1]
    t10k, m10k = rows[10000][0], rows[10000][1]
    time_per = ((t1k - t100) / 900, (t10k - t1k) / 9000)
    mem_per = ((m1k - m100) / 900, (m10k - m1k) / 9000)
    time_ratio = time_per[1] / time_per[0]
    mem_ratio = mem_per[1] / mem_per[0] if mem_per[0] > 0 else float("inf")
    print(f"| time per added item, 100→1k / 1k→10k | {time_per[0]*1e6:.0f} µs / {time_per[1]*1e6:.0f} µs | — | {time_ratio:.2f} | ≤ 1.5 (linear) | {yes(time_ratio <= 1.5)} |")
    print(f"| memory per added item, 100→1k / 1k→10k | {mem_per[0]:.1f} KiB / {mem_per[1]:.1f} KiB | — | {mem_ratio:.2f} | ≤ 1.5 (linear) | {yes(mem_ratio <= 1.5)} |")
    print()
    print("phases (--timings, ms, median of 3):")
    for count in (1000, 10000):
        p = phases[count]
        print(f"  {count:>6} items: " + ", ".join(f"{k} {v:.1f}" for k, v in p.items()))


def yes(flag):
    return "yes" if flag else "**no**"


def machine():
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        model = "unknown CPU"
    try:
        dot_version = subprocess.run(["dot", "-V"], capture_output=True, text=True).stderr.strip()
    except OSError:
        dot_version = "dot ?"
    return f"{model}; {dot_version}"


if __name__ == "__main__":
    main()
