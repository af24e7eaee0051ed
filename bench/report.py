#!/usr/bin/env python3
"""Turns hyperfine JSON exports and max-RSS readings into the benchmark report.

usage: report.py RESULTS_DIR  (prints the report and writes RESULTS_DIR/../results.md)
"""
import json
import math
import os
import sys

results = sys.argv[1]


def load(name):
    with open(os.path.join(results, name)) as f:
        return {r["command"]: r for r in json.load(f)["results"]}


def median_ms(r):
    return r["median"] * 1000


def span(r):
    return f"{min(r['times']) * 1000:.1f}-{max(r['times']) * 1000:.1f}"


def rss(label):
    path = os.path.join(results, f"rss-{label}.txt")
    if not os.path.exists(path):
        return "n/a"
    with open(path) as f:
        return f"{int(f.read().strip()) / 1024:.1f} MiB"


out = []
check = load("check-vs-diff.json")
lc, df, empty = check["livecontract check"], check["diff"], check["empty swift binary"]
full = check["livecontract check --no-cache"]
lcd, emptyd = check["livecontract check (dynamic stdlib)"], check["empty swift binary (dynamic stdlib)"]
out.append("## check on schema/delivery.yaml (all 20 outputs) vs diff of the two Swift copies vs an empty Swift binary\n")
out.append("Release builds; `static` = scripts/build-release (the recommended install: `--static-swift-stdlib` and the start-up settings it lists), `dynamic` = plain `swift build -c release`.\n")
out.append("| command | median ms | range ms | max RSS |")
out.append("|---|---|---|---|")
out.append(f"| livecontract check (check cache, nothing changed) | {median_ms(lc):.2f} | {span(lc)} | {rss('check')} |")
out.append(f"| livecontract check --no-cache (load, render, compare) | {median_ms(full):.2f} | {span(full)} | {rss('check-no-cache')} |")
out.append(f"| diff (the two Swift copies) | {median_ms(df):.2f} | {span(df)} | {rss('diff')} |")
out.append(f"| empty Swift binary | {median_ms(empty):.2f} | {span(empty)} | {rss('empty')} |")
out.append(f"| livecontract check (dynamic) | {median_ms(lcd):.2f} | {span(lcd)} | |")
out.append(f"| empty Swift binary (dynamic) | {median_ms(emptyd):.2f} | {span(emptyd)} | |")
out.append("")
out.append(f"static: check / diff = {median_ms(lc) / median_ms(df):.2f}x (target <= 5x); "
           f"check / empty Swift binary = {median_ms(lc) / median_ms(empty):.2f}x (target <= 2x)")
out.append(f"static, --no-cache: check / diff = {median_ms(full) / median_ms(df):.2f}x; "
           f"check / empty Swift binary = {median_ms(full) / median_ms(empty):.2f}x")
out.append(f"dynamic: check / diff = {median_ms(lcd) / median_ms(df):.2f}x; "
           f"check / empty Swift binary = {median_ms(lcd) / median_ms(emptyd):.2f}x\n")

sizes = sorted({int(name.split("-")[1]) for name in os.listdir(results)
                if name.startswith("size-") and name.endswith("-generate.json")})
out.append("## generate and check at N state fields vs protoc --java_out --kotlin_out\n")
out.append("| fields | generate ms (range) | check --no-cache ms (range) | protoc ms (range) | protoc / generate | max RSS generate | max RSS protoc |")
out.append("|---|---|---|---|---|---|---|")
medians = {}
for n in sizes:
    g = load(f"size-{n}-generate.json")["generate"]
    c = load(f"size-{n}-check.json")["check"]
    p = load(f"size-{n}-protoc.json")["protoc"]
    medians[n] = (median_ms(g), median_ms(c), median_ms(p))
    out.append(f"| {n} | {median_ms(g):.1f} ({span(g)}) | {median_ms(c):.1f} ({span(c)}) | "
               f"{median_ms(p):.1f} ({span(p)}) | {median_ms(p) / median_ms(g):.1f}x | {rss(f'generate-{n}')} | {rss(f'protoc-{n}')} |")
out.append("")
out.append("scaling exponent k in time ~ N^k between neighbouring sizes (target <= 1.1 from 1,000 to 10,000):\n")
for a, b in zip(sizes, sizes[1:]):
    ga, ca, pa = medians[a]
    gb, cb, pb = medians[b]
    k = lambda x, y: math.log(y / x) / math.log(b / a)
    out.append(f"- {a} -> {b}: generate {k(ga, gb):.2f}, check {k(ca, cb):.2f}, protoc {k(pa, pb):.2f}")
build = os.path.join(results, "release-build-seconds.txt")
if os.path.exists(build):
    with open(build) as f:
        out.append(f"\nclean release build (scripts/build-release): {float(f.read().strip()):.1f} s (target < 90 s)")
wheel = os.path.join(results, "first-check-wheel-seconds.txt")
if os.path.exists(wheel):
    with open(wheel) as f:
        seconds = float(f.read().strip())
    source = os.path.join(results, "first-check-source-seconds.txt")
    if os.path.exists(source):
        with open(source) as f:
            built = f"{float(f.read().strip()):.1f} s"
    else:
        built = "not measured (run bench/run --clean-build)"
    out.append("\n## time from nothing to the first check\n")
    out.append("| path | seconds |")
    out.append("|---|---|")
    out.append(f"| fresh virtualenv + pip install of the wheel (local file) + one check | {seconds:.1f} s (target < 10 s) |")
    out.append(f"| clean scripts/build-release + one check | {built} |")
text = "\n".join(out) + "\n"
print(text)
with open(os.path.join(results, "..", "results.md"), "w") as f:
    f.write("# Benchmark results\n\nWritten by bench/run; figures from one machine, medians of hyperfine runs.\n\n" + text)
