#!/usr/bin/env python3
"""Tables and a chart from the benchmark package's JMH exports (standard library only).

    report.py table PLAIN_DIR [INTERPOSED_DIR] --corpus DIR
    report.py chart PLAIN_DIR --out speedup.svg [--title TEXT]
    report.py figures PLAIN_DIR --corpus DIR --stamp TEXT [--callgrind FILE]
              --readme README.md --benchmarks-readme Benchmarks/README.md --chart speedup.svg

PLAIN_DIR holds the export of a run built without package-benchmark's malloc
interposer (wall clock as a stopwatch sees it); INTERPOSED_DIR the export of a
run with it (allocation counts, and times that charge every allocation).
`compare.sh` makes both and calls this script; `figures.sh` makes a plain run and the
callgrind counts and calls `figures`, which rewrites the regions between
`<!-- figures:begin NAME -->` and `<!-- figures:end NAME -->` in the two READMEs and
draws the chart.
"""

import argparse
import glob
import json
import math
import os
import re
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


def bar_chart(table, title, stamp=""):
    """A grouped horizontal bar chart of speed-ups as SVG text.

    The axis stops at 6x so that one outlier (JSONSerialization on canada.json's numbers)
    does not flatten every other bar; a longer bar is cut there and says so in its label.
    """
    colours = {"decode": "#3b6ea8", "encode": "#5fa55a", "tree": "#d08c3c", "rewrite": "#8a5fa8"}
    labels = [label for label, *_ in ROWS]
    bar, gap, left, width = 16, 12, 120, 360
    limit = min(6, math.ceil(max([1.0] + list(table.values()))))
    scale = width / limit
    height = 60 + len(FILES) * (len(labels) * bar + gap) + (56 if stamp else 40)
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
    if stamp:
        escaped = stamp.replace("`", "").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        out.append(f'<text x="10" y="{bottom + 48}" fill="#555">{escaped}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- figures.sh: the generated regions of README.md and Benchmarks/README.md ---------------

# Rows of the callgrind table: (label, Foundation's benchmark or None, ours).
CALLGRIND_ROWS = [
    (f"{label} `{file}.json`", theirs and f"{op}/{file}/{theirs}", f"{op}/{file}/{ours}")
    for label, op, theirs, ours in (
        ("decode", "Decode", "Foundation", "DynamicMapper"),
        ("encode", "Encode", "Foundation", "DynamicMapper"),
        ("parse only", "Parse", None, "DynamicMapper"),
        ("parse into a tree", "Parse", "JSONSerialization", "DynamicMapperTree"),
        ("parse into a tree and serialise it", "Tree", "JSONSerialization", "DynamicMapper"),
    )
    for file in FILES
]

# Pairs reported as "ours against a baseline" under the tables, when both ran.
TARGETS = (
    ("twenty `@Mapped` properties against the synthesized `Codable` model with the same keys",
     "Mapped/records/Mapped", "Mapped/records/Synthesized"),
    ("statuses read with three `<--` each against the plain decode of the full model",
     "Mapping/twitter/DynamicDecode", "Mapping/twitter/PlainDecode"),
)


def callgrind_counts(path):
    """Benchmark name -> millions of instructions, from callgrind.sh's output."""
    counts = {}
    if path and os.path.exists(path):
        with open(path) as handle:
            for line in handle:
                parts = line.split()
                if len(parts) == 2 and "/" in parts[0]:
                    try:
                        counts[parts[0]] = float(parts[1])
                    except ValueError:
                        pass
    return counts


def extremes(table, label):
    """((smallest speed-up, its file), (largest, its file)) of one row kind, or None."""
    values = [(value, file) for (file, kind), value in table.items() if kind == label]
    if not values:
        return None
    return min(values), max(values)


def readme_paragraph(plain, stamp):
    table = speedups(plain)
    decode, encode = extremes(table, "decode"), extremes(table, "encode")
    if not decode or not encode:
        return "(no decode and encode figures in this run)"
    return (f"Release builds, side by side in one run on `../shared/data/bench`: decoding "
            f"{decode[0][0]:.1f}x (`{decode[0][1]}.json`) to {decode[1][0]:.1f}x (`{decode[1][1]}.json`) "
            f"faster than `JSONDecoder`, encoding {encode[0][0]:.1f}x to {encode[1][0]:.1f}x faster than "
            f"`JSONEncoder` ({stamp}). [Benchmarks/README.md](Benchmarks/README.md) has the tables, "
            f"instruction counts and method.")


def twitter_cell(plain):
    table = speedups(plain)
    decode, encode = table.get(("twitter", "decode")), table.get(("twitter", "encode"))
    return f"{fmt(decode, 1, 'x')} / {fmt(encode, 1, 'x')} faster"


def timing_table(plain, corpus, stamp):
    names = {"decode": "decode", "encode": "encode",
             "tree": "parse into a tree (`JSONSerialization` / `JSON`)",
             "rewrite": "parse into a tree and serialise it"}
    out = [f"Plain wall clock, p50 of one run ({stamp}); speed-up is Foundation's time divided "
           "by ours:", "",
           "| operation | Foundation | DynamicMapper | speed-up |", "|---|---|---|---|"]
    for label, _, _, _ in ROWS:
        for file in FILES:
            for row_label, _, base, mine in pairs(plain, file):
                if row_label == label:
                    out.append(f"| {names[label]} `{file}.json` | {fmt(base, suffix=' ms')} | "
                               f"{fmt(mine, suffix=' ms')} | {fmt(ratio(base, mine), suffix='x')} |")
    notes = []
    values = [value for (_, label), value in speedups(plain).items() if label == "decode"]
    if len(values) == len(FILES):
        notes.append(f"decode geometric mean {math.exp(sum(math.log(v) for v in values) / len(values)):.2f}x")
    rates = []
    for file in FILES:
        micros = metric(plain, f"Parse/{file}/DynamicMapper", "Time (wall clock)")
        path = os.path.join(corpus, file + ".json")
        if micros and os.path.exists(path):
            rates.append(f"`{file}.json` {micros / 1000:.2f} ms ({os.path.getsize(path) / (micros / 1e6) / 1e9:.2f} GB/s)")
    if rates:
        notes.append("parse only (`JSONDocument`) " + ", ".join(rates))
    for file in FILES:
        tree = millis(plain, f"Parse/{file}/DynamicMapperTree")
        parse = millis(plain, f"Parse/{file}/DynamicMapper")
        if tree and parse:
            notes.append(f"a `JSON` tree of `{file}.json` {tree / parse:.2f}x the parse")
    for text, numerator, denominator in TARGETS:
        value = ratio(millis(plain, numerator), millis(plain, denominator))
        if value is not None:
            notes.append(f"{text}: {value:.2f}x the time")
    if notes:
        out += ["", "In the same run: " + "; ".join(notes) + "."]
    return "\n".join(out)


def instruction_table(counts, stamp):
    if not counts:
        return "(callgrind was not run: `figures.sh --no-callgrind`)"
    out = [f"Instructions per operation, counted by `valgrind --tool=callgrind` "
           f"(`Benchmarks/callgrind.sh`, {stamp}), in millions:", "",
           "| operation | Foundation | DynamicMapper | Foundation / ours |", "|---|---|---|---|"]
    for label, theirs, ours in CALLGRIND_ROWS:
        mine = counts.get(ours)
        base = counts.get(theirs) if theirs else None
        if mine is None and base is None:
            continue
        shown = "—" if theirs is None else fmt(base, 1, " M")
        out.append(f"| {label} | {shown} | {fmt(mine, 1, ' M')} | "
                   f"{fmt(ratio(base, mine), suffix='x') if theirs else '—'} |")
    notes = []
    for text, numerator, denominator in TARGETS:
        mine, base = counts.get(numerator), counts.get(denominator)
        if mine is not None and base is not None:
            notes.append(f"{text}: {mine:.1f} M against {base:.1f} M ({mine / base:.2f}x)")
    if notes:
        out += ["", "Of the same commit: " + "; ".join(notes) + "."]
    return "\n".join(out)


def callgrind_names(plain):
    """The callgrind table's benchmarks that the plain run also ran (same filter)."""
    names = []
    wanted = [name for _, theirs, ours in CALLGRIND_ROWS for name in (theirs, ours)]
    # The TARGETS pairs that CallgrindProbe knows how to run.
    wanted += ["Mapped/records/Mapped", "Mapped/records/Synthesized"]
    for name in wanted:
        if name and name in plain and name not in names:
            names.append(name)
    return names


def replace_region(text, name, content, where):
    pattern = re.compile(r"(<!-- figures:begin " + re.escape(name) + r" -->)(.*?)(<!-- figures:end " + re.escape(name) + r" -->)", re.S)
    if len(pattern.findall(text)) != 1:
        sys.exit(f"report.py: {where} needs exactly one <!-- figures:begin {name} --> ... <!-- figures:end {name} --> region")
    block = "\n" in pattern.search(text).group(2)
    body = f"\n{content}\n" if block else content
    return pattern.sub(lambda m: m.group(1) + body + m.group(3), text)


def write_figures(arguments):
    plain = load(arguments.plain)
    if not plain:
        sys.exit("report.py: no JMH export found")
    counts = callgrind_counts(arguments.callgrind)
    stamp = arguments.stamp
    with open(arguments.readme) as handle:
        readme = handle.read()
    readme = replace_region(readme, "performance", readme_paragraph(plain, stamp), arguments.readme)
    readme = replace_region(readme, "twitter", twitter_cell(plain), arguments.readme)
    with open(arguments.benchmarks_readme) as handle:
        bench = handle.read()
    bench = replace_region(bench, "timings", timing_table(plain, arguments.corpus, stamp), arguments.benchmarks_readme)
    bench = replace_region(bench, "instructions", instruction_table(counts, stamp), arguments.benchmarks_readme)
    out = arguments.output_dir
    targets = (
        (arguments.readme, readme),
        (arguments.benchmarks_readme, bench),
        (arguments.chart, bar_chart(speedups(plain), "DynamicMapper vs Foundation, speed-up per file", stamp)),
    )
    for (path, text), name in zip(targets, ("README.md", "Benchmarks-README.md", "speedup.svg")):
        destination = os.path.join(out, name) if out else path
        with open(destination, "w") as handle:
            handle.write(text)
        print(f"wrote {destination}")


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
    figures = commands.add_parser("figures")
    figures.add_argument("plain")
    figures.add_argument("--corpus", required=True)
    figures.add_argument("--stamp", required=True)
    figures.add_argument("--callgrind")
    figures.add_argument("--readme", required=True)
    figures.add_argument("--benchmarks-readme", required=True)
    figures.add_argument("--chart", required=True)
    figures.add_argument("--output-dir", help="write the three files here instead of over their paths")
    names = commands.add_parser("callgrind-names")
    names.add_argument("plain")
    arguments = parser.parse_args()

    if arguments.command == "figures":
        write_figures(arguments)
        return
    if arguments.command == "callgrind-names":
        print("\n".join(callgrind_names(load(arguments.plain))))
        return

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
