#!/usr/bin/env python3
"""Tables and a chart from the benchmark package's JMH exports (standard library only).

    report.py table PLAIN_DIR [INTERPOSED_DIR] --corpus DIR
    report.py chart PLAIN_DIR --out speedup.svg [--title TEXT]

PLAIN_DIR holds the export of a run built without package-benchmark's malloc
interposer (wall clock as a stopwatch sees it); INTERPOSED_DIR the export of a
run with it (allocation counts, and times that charge every allocation).
`compare.sh` makes both and calls this script.
"""

import argparse
import glob
import json
import math
import os
import sys

FILES = ("twitter", "citm_catalog", "canada")

# (label, operation, Foundation's benchmark, ours); "rewrite" is parse to a tree and
# serialise it again. "Parse" against
# JSONSerialization is the like-for-like tree comparison; parse-only has no
# Foundation counterpart and is reported as throughput.
ROWS = (
    ("decode", "Decode", "Foundation", "DynamicMapper"),
    ("encode", "Encode", "Foundation", "DynamicMapper"),
    ("tree", "Parse", "JSONSerialization", "DynamicMapperTree"),
    ("rewrite", "Tree", "JSONSerialization", "DynamicMapper"),
)

# Context, not dependencies: figures quoted in issue 18, measured side by side
# in one process (release, interleaved rounds) on the same VM, November 2026.
# They are printed, never re-measured, so that the table can be read against
# the Swift peers without building them.
PEERS = """\
Peers on the same VM (quoted from issue 18, not re-run; speed-up = Foundation time / theirs):
  decode   ExtrasJSON 0.7-0.9x; IkigaJSON 2.4.1 0.5-1.1x (wrong on canada.json; 2.4.4 quadratic)
  encode   IkigaJSON 2.4.1 1.8-2.6x
  parse    simdjson 2.3-4.6 GB/s (the physical anchor)
  tree     IkigaJSON's JSONObject parse+serialise was faster than our JSON tree on twitter.json;
           callgrind on 2026-11-27, parse+serialise: IkigaJSON 53.4/118.2/276.5 M
           instructions, our JSON tree 24.4/57.4/148.6 M (twitter/citm_catalog/canada)"""


def load(directory):
    """Benchmark name ("Decode/twitter/Foundation") -> metric name -> p50."""
    results = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.jmh.json"))):
        with open(path) as handle:
            for element in json.load(handle):
                name = element["benchmark"].split(".", 3)[-1]
                metrics = dict(element.get("secondaryMetrics", {}))
                metrics["Throughput"] = element["primaryMetric"]
                results[name] = {
                    metric: value["scorePercentiles"]["50.0"]
                    for metric, value in metrics.items()
                }
    return results


def metric(results, name, key):
    return results.get(name, {}).get(key)


def millis(results, name):
    micros = metric(results, name, "Time (wall clock)")
    return None if micros is None else micros / 1000


def ratio(baseline, ours):
    if baseline is None or not ours:
        return None
    return baseline / ours


def fmt(value, digits=2, suffix=""):
    return "n/a" if value is None else f"{value:,.{digits}f}{suffix}"


def speedups(results):
    """(file, label) -> Foundation time / ours, for every pair that ran."""
    table = {}
    for file in FILES:
        for label, op, theirs, ours in ROWS:
            value = ratio(millis(results, f"{op}/{file}/{theirs}"), millis(results, f"{op}/{file}/{ours}"))
            if value is not None:
                table[(file, label)] = value
    return table


def pairs(results, file):
    """(label, (Foundation's name, ours), Foundation's ms, ours) for each row that ran."""
    for label, op, theirs, ours in ROWS:
        names = (f"{op}/{file}/{theirs}", f"{op}/{file}/{ours}")
        base, mine = millis(results, names[0]), millis(results, names[1])
        if base is not None or mine is not None:
            yield label, names, base, mine


def print_table(plain, interposed, corpus):
    print()
    print("Plain wall clock (no malloc interposer): p50 per operation, speed-up = Foundation / ours")
    header = f"{'file':<14}{'op':<8}{'Foundation':>12}{'ours':>10}{'speed-up':>10}"
    print(header)
    print("-" * len(header))
    for file in FILES:
        for label, _, base, mine in pairs(plain, file):
            print(f"{file:<14}{label:<8}{fmt(base, suffix=' ms'):>12}{fmt(mine, suffix=' ms'):>10}"
                  f"{fmt(ratio(base, mine), suffix='x'):>10}")
        micros = metric(plain, f"Parse/{file}/DynamicMapper", "Time (wall clock)")
        path = os.path.join(corpus, file + ".json")
        if micros and os.path.exists(path):
            rate = os.path.getsize(path) / (micros / 1e6) / 1e9
            print(f"{file:<14}{'parse':<8}{'-':>12}{fmt(micros / 1000, suffix=' ms'):>10}"
                  f"{fmt(rate, suffix=' GB/s'):>14}")
    values = [value for (_, label), value in speedups(plain).items() if label == "decode"]
    if len(values) == len(FILES):
        geomean = math.exp(sum(math.log(v) for v in values) / len(values))
        print(f"decode geometric mean over the three files: {geomean:.2f}x")

    if interposed:
        print()
        print("With package-benchmark's malloc interposer (charges every allocation, so it favours")
        print("the side that allocates less): p50 time and mallocs per operation")
        header = f"{'file':<14}{'op':<8}{'Foundation':>12}{'ours':>10}{'speed-up':>10}{'mallocs':>22}"
        print(header)
        print("-" * len(header))
        for file in FILES:
            for label, (base_name, our_name), base, mine in pairs(interposed, file):
                allocations = (f"{fmt(metric(interposed, base_name, 'Malloc (total)'), 0)} -> "
                               f"{fmt(metric(interposed, our_name, 'Malloc (total)'), 0)}")
                print(f"{file:<14}{label:<8}{fmt(base, suffix=' ms'):>12}{fmt(mine, suffix=' ms'):>10}"
                      f"{fmt(ratio(base, mine), suffix='x'):>10}{allocations:>22}")

    extras = plain or interposed
    print()
    print("Other targets (plain run when present)")
    for text, numerator, denominator, target in (
        ("twenty @Mapped properties vs synthesized Codable, both on DynamicJSONDecoder",
         "Mapped/records/Mapped", "Mapped/records/Synthesized", "at most 1.2x"),
        ("dynamic statuses with three <-- each vs the plain decode",
         "Mapping/twitter/DynamicDecode", "Mapping/twitter/PlainDecode", "at most 1.15x"),
    ):
        value = ratio(millis(extras, numerator), millis(extras, denominator))
        if value is not None:
            print(f"  {text}: {value:.2f}x the time (target {target})")
    print()
    print(PEERS)


def bar_chart(table, title):
    """A grouped horizontal bar chart of speed-ups as SVG text.

    The axis stops at 6x so that one outlier (JSONSerialization on canada.json's numbers)
    does not flatten every other bar; a longer bar is cut there and says so in its label.
    """
    colours = {"decode": "#3b6ea8", "encode": "#5fa55a", "tree": "#d08c3c", "rewrite": "#8a5fa8"}
    labels = [label for label, *_ in ROWS]
    bar, gap, left, width = 16, 12, 120, 360
    limit = min(6, math.ceil(max([1.0] + list(table.values()))))
    scale = width / limit
    height = 60 + len(FILES) * (len(labels) * bar + gap) + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 140}" height="{height}" '
        f'font-family="sans-serif" font-size="12">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="10" y="20" font-size="14" font-weight="bold">{title}</text>',
    ]
    bottom = 40 + len(FILES) * (len(labels) * bar + gap)
    for tick in range(1, limit + 1):
        x = left + tick * scale
        dash = "" if tick == 1 else ' stroke-dasharray="2 4"'
        out.append(f'<line x1="{x:.1f}" y1="36" x2="{x:.1f}" y2="{bottom}" stroke="#888"{dash}/>')
        out.append(f'<text x="{x - 6:.1f}" y="{bottom + 14}">{tick}x</text>')
    y = 40
    for file in FILES:
        out.append(f'<text x="10" y="{y + len(labels) * bar / 2 + 4}">{file}.json</text>')
        for label in labels:
            value = table.get((file, label))
            if value is not None:
                length = min(value, limit) * scale
                cut = " (axis cut)" if value > limit else ""
                out.append(f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar - 3}" '
                           f'fill="{colours[label]}"/>')
                out.append(f'<text x="{left + length + 4:.1f}" y="{y + bar - 5}">{label} {value:.2f}x{cut}</text>')
            y += bar
        y += gap
    out.append(f'<text x="10" y="{bottom + 32}" fill="#555">speed-up = Foundation p50 / DynamicMapper p50 '
               f'(tree: JSONSerialization vs JSON; rewrite: JSONSerialization vs a patched view), plain wall clock; 1x = Foundation</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    table = commands.add_parser("table")
    table.add_argument("plain")
    table.add_argument("interposed", nargs="?")
    table.add_argument("--corpus", required=True)
    chart = commands.add_parser("chart")
    chart.add_argument("plain")
    chart.add_argument("--out", required=True)
    chart.add_argument("--title", default="DynamicMapper vs Foundation, speed-up per file")
    arguments = parser.parse_args()

    plain = load(arguments.plain)
    if arguments.command == "table":
        interposed = load(arguments.interposed) if arguments.interposed else {}
        if not plain and not interposed:
            sys.exit("report.py: no JMH export found")
        print_table(plain, interposed, arguments.corpus)
    else:
        values = speedups(plain)
        if not values:
            sys.exit("report.py: no Foundation/DynamicMapper pairs in the export")
        with open(arguments.out, "w") as handle:
            handle.write(bar_chart(values, arguments.title))
        print(f"wrote {arguments.out}")


if __name__ == "__main__":
    main()
