#!/usr/bin/env python3
"""timeline-cards against Graphviz's `dot` on the same chains of labelled nodes.

Usage: bench/bench.py [--bin PATH] [--baseline PATH] [--runs N] [--work DIR] [--quick]

Runs both tools alternately, several times each, and prints medians of wall time and of peak
resident memory (per process, from wait4's rusage), the ratios, and whether each speed target
(docs/performance.md) is met. Text sets: one-line titles ("Milestone 12"), titles that wrap,
three-line subtitles, Chinese and Arabic; formats: SVG, and PNG and PDF beside
`dot -Tpng -Gdpi=144` (our PNGs' density) and `dot -Tpdf`. With --baseline, another build of
timeline-cards (the main branch, say) runs in the same alternation, for a before and after that
a shared machine's load affects alike.
A benchmark, not a test: nothing here fails a build.
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


# Each text set: an item's title and subtitle. "plain" has one-line texts; the others are what
# real timelines hold: titles of a sentence that wrap, subtitles of several lines,
# Chinese and Arabic.
TEXT_SETS = {
    "plain": lambda i: (f"Milestone {i}", f"Owner team {i}"),
    "wrapped": lambda i: (f"Milestone {i} — a long title that wraps around the card", f"Owner team {i}"),
    "subtitles": lambda i: (
        f"Milestone {i}", f"Owner team {i}, reviewed with the platform group and signed off by the release managers"),
    "cjk": lambda i: (f"里程碑 {i}：新版本的设计评审与用户体验团队一起完成并发布", f"负责团队 {i}"),
    "arabic": lambda i: (f"المرحلة {i} — مراجعة التصميم مع فريق تجربة المستخدم قبل الإطلاق", f"الفريق {i}"),
}


def items(count, text_set="plain"):
    texts = TEXT_SETS[text_set]
    return [{"title": texts(i)[0], "subtitle": texts(i)[1], "status": STATUSES[i % len(STATUSES)]}
            for i in range(1, count + 1)]


def write_card(path, count, card_id="n", text_set="plain"):
    with open(path, "w") as f:
        json.dump({"version": 1, "cards": [{"id": card_id, "items": items(count, text_set)}]}, f, ensure_ascii=False)


def write_dot(path, count, text_set="plain"):
    """The equivalent chain a -> b -> ... with the same two-line labels."""
    with open(path, "w") as f:
        f.write("digraph timeline {\n  node [shape=box];\n")
        for item_index, item in enumerate(items(count, text_set), 1):
            f.write(f'  n{item_index} [label="{item["title"]}\\n{item["subtitle"]}"];\n')
        # One edge per statement: a single long `a -> b -> ...` statement overflows dot's parser stack.
        for index in range(1, count):
            f.write(f"  n{index} -> n{index + 1};\n")
        f.write("}\n")


def run(argv, cwd=None):
    """Wall seconds, peak RSS (KiB), standard error and processor seconds (user and system, on
    every thread) of one process, output discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(argv)}\n{err}")
    return elapsed, usage.ru_maxrss, err, usage.ru_utime + usage.ru_stime


def median_runs(commands, runs):
    """Runs each command once per round, alternating, `runs` rounds; per command the medians of
    wall time and peak memory, the runs, and the median processor time."""
    results = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            results[index].append(command())
    return [(statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs), rs,
             statistics.median(r[3] for r in rs)) for rs in results]


def parse_timings(text):
    found = dict(re.findall(r"(read|decode|layout|shape|paint|encode|write|total) ([0-9.]+) ms", text))
    return {key: float(value) for key, value in found.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build-perf/release/timeline-cards"))
    parser.add_argument("--baseline", help="another timeline-cards binary, measured alongside as 'before'")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-perf/bench"))
    parser.add_argument("--quick", action="store_true", help="3 runs, 5 for the small card")
    parser.add_argument("--inputs-only", type=int, metavar="ITEMS",
                        help="write a card of ITEMS items of each text set into --work, and stop")
    args = parser.parse_args()
    if args.inputs_only:
        os.makedirs(args.work, exist_ok=True)
        for text_set in TEXT_SETS:
            write_card(os.path.join(args.work, f"{text_set}-{args.inputs_only}.json"), args.inputs_only,
                       text_set=text_set)
        return
    runs = 3 if args.quick else args.runs
    binary = os.path.abspath(args.bin)
    baseline = os.path.abspath(args.baseline) if args.baseline else None
    dot = shutil.which("dot") or sys.exit("dot not found: apt-get install graphviz")
    work = args.work
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "batch"))
    out = os.path.join(work, "out")

    # (text set, item count) pairs measured, each in the formats listed.
    cases = {("plain", 8): ["svg", "png", "pdf"], ("plain", 100): ["svg"], ("plain", 1000): ["svg"],
             ("plain", 10000): ["svg"], ("wrapped", 8): ["svg", "png"], ("wrapped", 100): ["svg", "png", "pdf"],
             ("wrapped", 1000): ["svg", "pdf"],
             ("wrapped", 10000): ["svg"], ("subtitles", 1000): ["svg"], ("cjk", 1000): ["svg"],
             ("arabic", 1000): ["svg"]}
    for text_set, count in cases:
        write_card(os.path.join(work, f"{text_set}-{count}.json"), count, text_set=text_set)
        write_dot(os.path.join(work, f"{text_set}-{count}.dot"), count, text_set=text_set)
    for index in range(100):
        write_card(os.path.join(work, "batch", f"input-{index:03}.json"), 8, card_id=f"c{index}")

    def ours(text_set, count, fmt="svg", extra=(), tool=binary):
        # A PDF page is at most 14,400 points a side: a card of 1,000 wrapped items (82,571 points
        # tall) is drawn at a sixth of its size.
        scale = ["--scale", "0.17"] if fmt == "pdf" and count >= 1000 else []
        return lambda: run([tool, "render", os.path.join(work, f"{text_set}-{count}.json"), "-o",
                            os.path.join(out, f"{text_set}-{count}"), "--format", fmt, *scale, *extra])

    def graphviz(text_set, count, fmt="svg"):
        # Our PNGs are drawn at 2 pixels per point (144 dpi): dot draws its PNG at the same density,
        # or it would compress a quarter of the pixels.
        density = ["-Gdpi=144"] if fmt == "png" else []
        return lambda: run([dot, f"-T{fmt}", *density, os.path.join(work, f"{text_set}-{count}.dot"), "-o",
                            os.path.join(out, f"{text_set}-{count}-dot.{fmt}")])

    os.makedirs(out, exist_ok=True)
    load_before = load()
    ours("plain", 8)()  # warm the fontconfig cache and the page cache once
    rows = {}
    before = {}
    for (text_set, count), formats in cases.items():
        for fmt in formats:
            count_runs = runs if count < 10000 else max(3, runs // 2)
            if count == 8:
                # A small card takes 10-25 ms, and single runs on a shared VM move by a tenth or
                # more: 31 rounds (a few seconds) keep the medians' ratio steady to a few percent.
                count_runs = max(count_runs, 31 if not args.quick else 5)
            elif count <= 1000 and not args.quick:
                # Single runs of the 1,000 wrapped items take 30 to 48 ms on a shared VM, and the
                # medians of 15 rounds moved by a tenth between runs: 25 rounds (a few seconds a
                # card) for the cards whose ratios are targets.
                count_runs = max(count_runs, 25)
            commands = [ours(text_set, count, fmt), graphviz(text_set, count, fmt)]
            if baseline:
                commands.append(ours(text_set, count, fmt, tool=baseline))
            medians = median_runs(commands, count_runs)
            (ot, om, _, oc), (gt, gm, _, gc) = medians[:2]
            rows[text_set, count, fmt] = (ot, om, gt, gm, oc, gc)
            if baseline:
                before[text_set, count, fmt] = medians[2][:2]
            print(f"  measured {text_set} {count} items {fmt}", file=sys.stderr)

    # Phases for 1,000 and 10,000 items of each set measured at that size.
    phases = {}
    for (text_set, count), formats in cases.items():
        if count < 1000:
            continue
        samples = [parse_timings(ours(text_set, count, extra=["--timings"])()[2]) for _ in range(3)]
        phases[text_set, count] = {key: statistics.median(s[key] for s in samples) for key in samples[0]}

    # 100 inputs: one call (default --jobs) against 100 separate calls.
    batch_files = sorted(os.listdir(os.path.join(work, "batch")))

    def one_call():
        return run([binary, "render", os.path.join(work, "batch"), "-o", os.path.join(out, "batch")])

    def separate_calls():
        start = time.perf_counter()
        peak = 0
        processor = 0
        for name in batch_files:
            _, memory, _, cpu = run(
                [binary, "render", os.path.join(work, "batch", name), "-o", os.path.join(out, "single")])
            peak = max(peak, memory)
            processor += cpu
        return time.perf_counter() - start, peak, "", processor

    (bt, bm, _, _), (st, sm, _, _) = median_runs([one_call, separate_calls], max(3, runs // 2))

    mib = lambda kib: kib / 1024
    print()
    print(f"machine: {os.cpu_count()} cores, {machine()}; load average before: {load_before}")
    print(f"runs: medians of {runs} alternating runs "
          f"(at least 31 for 8 items, {'25 for 100 and 1,000, ' if not args.quick else ''}"
          f"{max(3, runs // 2)} for 10,000 items and for the batch)")
    print()
    print("| texts | items | format | timeline-cards | dot | ratio | target | met | processor time ratio |")
    print("|---|---:|---|---|---|---|---|---|---|")
    targets = {
        ("plain", 8, "svg"): ("≤ 0.90", lambda ot, om, gt: ot <= 0.9 * gt),
        ("plain", 8, "png"): ("≤ 1.00", lambda ot, om, gt: ot <= gt),
        ("wrapped", 8, "svg"): ("≤ 1.00", lambda ot, om, gt: ot <= gt),
        ("wrapped", 8, "png"): ("≤ 1.00", lambda ot, om, gt: ot <= gt),
        ("plain", 1000, "svg"): ("≤ 0.50", lambda ot, om, gt: ot <= gt / 2),
        ("plain", 10000, "svg"): ("≤ 0.8 s, ≤ 256 MiB", lambda ot, om, gt: ot <= 0.8 and mib(om) <= 256),
        ("wrapped", 1000, "svg"): ("≤ 0.40", lambda ot, om, gt: ot <= 0.4 * gt),
        ("wrapped", 1000, "pdf"): ("≤ 0.50", lambda ot, om, gt: ot <= gt / 2),
        ("wrapped", 10000, "svg"): ("≤ 0.8 s, ≤ 256 MiB", lambda ot, om, gt: ot <= 0.8 and mib(om) <= 256),
    }
    for key, (ot, om, gt, gm, oc, gc) in rows.items():
        text_set, count, fmt = key
        target, check = targets.get(key, ("—", None))
        met = yes(check(ot, om, gt)) if check else "—"
        print(f"| {text_set} | {count:,} | {fmt.upper()} | {ot*1000:,.0f} ms, {mib(om):.0f} MiB | "
              f"{gt*1000:,.0f} ms, {mib(gm):.0f} MiB | {ot/gt:.3f} | {target} | {met} | {oc/gc:.3f} |")
    if baseline:
        print()
        print(f"before: {baseline}")
        print("| texts | items | format | before | after | after / before | before / dot | after / dot |")
        print("|---|---:|---|---:|---:|---:|---:|---:|")
        # Not bt and bm, which hold the batch's figures printed below.
        for key, (before_time, before_memory) in before.items():
            ot, om, gt = rows[key][:3]
            text_set, count, fmt = key
            print(f"| {text_set} | {count:,} | {fmt.upper()} | {before_time*1000:,.0f} ms, "
                  f"{mib(before_memory):.0f} MiB | {ot*1000:,.0f} ms, {mib(om):.0f} MiB | {ot/before_time:.3f} | "
                  f"{before_time/gt:.3f} | {ot/gt:.3f} |")
    print()
    print("| case | timeline-cards | — | ratio | target | met |")
    print("|---|---|---|---|---|---|")
    print(f"| 100 inputs × 8 items | one call: {bt*1000:.0f} ms, {mib(bm):.0f} MiB | 100 calls: {st*1000:.0f} ms "
          f"| {bt/st:.2f} | ≤ 0.20 | {yes(bt <= st / 5)} |")
    p = phases["plain", 1000]
    share = (p["decode"] + p["layout"]) / p["total"]
    print(f"| --timings, 1,000 items | decode {p['decode']:.0f} + layout {p['layout']:.0f} of {p['total']:.0f} ms "
          f"| — | {share:.2f} | < 0.25 | {yes(share < 0.25)} |")
    # Shaping is measuring text for the layout, so the share is shown with it counted as layout too:
    with_shape = (p["decode"] + p["layout"] + p.get("shape", 0)) / p["total"]
    print(f"| (the same with shape {p.get('shape', 0):.0f} ms counted as layout) | | — | {with_shape:.2f} | — | — |")
    # Linear growth: the cost per added item from 1,000 to 10,000 against 100 to 1,000.
    t100, m100 = rows["plain", 100, "svg"][0], rows["plain", 100, "svg"][1]
    t1k, m1k = rows["plain", 1000, "svg"][0], rows["plain", 1000, "svg"][1]
    t10k, m10k = rows["plain", 10000, "svg"][0], rows["plain", 10000, "svg"][1]
    time_per = ((t1k - t100) / 900, (t10k - t1k) / 9000)
    mem_per = ((m1k - m100) / 900, (m10k - m1k) / 9000)
    time_ratio = time_per[1] / time_per[0]
    mem_ratio = mem_per[1] / mem_per[0] if mem_per[0] > 0 else float("inf")
    print(f"| time per added item, 100→1k / 1k→10k | {time_per[0]*1e6:.0f} µs / {time_per[1]*1e6:.0f} µs "
          f"| — | {time_ratio:.2f} | ≤ 1.5 (linear) | {yes(time_ratio <= 1.5)} |")
    print(f"| memory per added item, 100→1k / 1k→10k | {mem_per[0]:.1f} KiB / {mem_per[1]:.1f} KiB "
          f"| — | {mem_ratio:.2f} | ≤ 1.5 (linear) | {yes(mem_ratio <= 1.5)} |")
    print()
    print("phases (--timings, SVG, ms, median of 3):")
    for (text_set, count), p in phases.items():
        print(f"  {text_set:>9} {count:>6} items: " + ", ".join(f"{k} {v:.1f}" for k, v in p.items()))
    print(f"load average after: {load()}")
    print(thread_starts(work))


def thread_starts(work, processes=30):
    """How soon a new process's first thread runs while the process keeps working
    (`thread_start_probe.c`), over `processes` processes: where most start a millisecond late,
    the scheduler keeps new threads on their parent's core, and a render's text thread and lanes
    overlap its other work less than they could (the ratios' parallel part)."""
    compiler = shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
    if not compiler:
        return "thread starts: not measured (no C compiler)"
    probe = os.path.join(work, "thread_start_probe")
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "thread_start_probe.c")
    if subprocess.run([compiler, "-O2", "-o", probe, source, "-lpthread"]).returncode != 0:
        return "thread starts: not measured (the probe did not compile)"
    try:
        delays = sorted(float(subprocess.run([probe], capture_output=True, text=True, check=True).stdout)
                        for _ in range(processes))
    except (subprocess.CalledProcessError, ValueError):
        return "thread starts: not measured (the probe could not start a thread)"
    late = sum(delay > 0.5 for delay in delays)
    return (f"thread starts (a new process's first thread, its parent working on): median "
            f"{statistics.median(delays):.2f} ms, {late} of {processes} later than 0.5 ms, the latest "
            f"{delays[-1]:.2f} ms")


def load():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


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
