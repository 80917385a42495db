#!/usr/bin/env bash
# Runs the DynamicMapper vs Foundation benchmarks (release build) and prints
# a ratio table: Foundation p50 / DynamicMapper p50 for decode and encode, and
# parse throughput in MB/s, per corpus file.
#
#   Benchmarks/compare.sh                      # full run, ~1-2 min after the build
#   Benchmarks/compare.sh --filter '.*twitter.*'   # extra args go to `benchmark`;
#                                                  # --filter is a whole-name regex
#
# Smoke run used by CI (each benchmark once; fails if a DynamicMapper coder
# throws or disagrees with Foundation):
#   cd Benchmarks && BENCHMARK_SMOKE=1 swift package --allow-writing-to-package-directory benchmark
#
# Plain run with package-benchmark's own table:
#   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
#
# The corpus is found through $DYNAMICMAPPER_SHARED (the `shared` folder or the
# folder holding the .json files), else ../../shared/data/bench from here.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

corpus=""
for candidate in \
    "${DYNAMICMAPPER_SHARED:-}/data/bench" \
    "${DYNAMICMAPPER_SHARED:-}" \
    "$here/../../shared/data/bench"; do
    if [[ -n "$candidate" && -f "$candidate/twitter.json" ]]; then
        corpus="$(cd "$candidate" && pwd)"
        break
    fi
done
if [[ -z "$corpus" ]]; then
    echo "compare.sh: corpus not found (set DYNAMICMAPPER_SHARED or put shared/data/bench beside the repo)" >&2
    exit 1
fi

# Inside .build so that the export never shows up as an untracked file.
results="$here/.build/compare-results"
rm -rf "$results"
mkdir -p "$results"

# JMH is the one export format that puts every benchmark and metric, with
# percentiles, into a single JSON file.
# The progress bar only helps someone watching a terminal.
progress=()
[[ -t 1 ]] || progress=(--no-progress)

swift package --allow-writing-to-package-directory benchmark \
    --format jmh --path "$results" ${progress[@]+"${progress[@]}"} "$@"

shopt -s nullglob
exports=("$results"/*.jmh.json)
if [[ ${#exports[@]} -eq 0 ]]; then
    echo "compare.sh: the benchmark run produced no JMH export in $results" >&2
    exit 1
fi

python3 - "$corpus" "${exports[@]}" <<'PY'
import json
import os
import sys

corpus = sys.argv[1]
results = {}
for path in sys.argv[2:]:
    with open(path) as handle:
        for element in json.load(handle):
            # "package.benchmark.<target>.<Op>/<file>/<impl>"
            name = element["benchmark"].split(".", 3)[-1]
            metrics = {"throughput": element["primaryMetric"]}
            metrics.update(element.get("secondaryMetrics", {}))
            results[name] = metrics

def p50(name, metric):
    metric_result = results.get(name, {}).get(metric)
    if metric_result is None:
        return None
    return metric_result["scorePercentiles"]["50.0"]

def ratio(numerator, denominator):
    if numerator is None or denominator in (None, 0):
        return "n/a"
    return f"{numerator / denominator:.2f}x"

def fmt(value, suffix="", digits=0):
    return "n/a" if value is None else f"{value:,.{digits}f}{suffix}"

files = sorted({name.split("/")[1] for name in results if name.count("/") == 2
                and os.path.exists(os.path.join(corpus, name.split("/")[1] + ".json"))})
if not results:
    sys.exit("compare.sh: no benchmark results found in the export")

print()
print("p50 wall clock; speedup = Foundation time / DynamicMapper time (higher is better)")
header = f"{'file':<14}{'decode':>9}{'encode':>9}   {'parse MB/s':>11}{'tree MB/s':>11}{'JSONSer MB/s':>14}"
print(header)
print("-" * len(header))
for file in files:
    size = os.path.getsize(os.path.join(corpus, file + ".json"))
    def mbps(impl):
        micros = p50(f"Parse/{file}/{impl}", "Time (wall clock)")
        return None if not micros else size / (micros / 1e6) / 1e6
    decode = ratio(p50(f"Decode/{file}/Foundation", "Time (wall clock)"),
                   p50(f"Decode/{file}/DynamicMapper", "Time (wall clock)"))
    encode = ratio(p50(f"Encode/{file}/Foundation", "Time (wall clock)"),
                   p50(f"Encode/{file}/DynamicMapper", "Time (wall clock)"))
    print(f"{file:<14}{decode:>9}{encode:>9}   {fmt(mbps('DynamicMapper'), digits=1):>11}"
          f"{fmt(mbps('DynamicMapperTree'), digits=1):>11}{fmt(mbps('JSONSerialization'), digits=1):>14}")

print()
print("p50 per operation (time in ms, mallocs, instructions in millions)")
header = f"{'benchmark':<38}{'time':>10}{'mallocs':>12}{'instr (M)':>12}"
print(header)
print("-" * len(header))
for file in files:
    for op, impls in (("Parse", ("JSONSerialization", "DynamicMapper", "DynamicMapperTree")),
                      ("Decode", ("Foundation", "DynamicMapper")),
                      ("Encode", ("Foundation", "DynamicMapper"))):
        for impl in impls:
            name = f"{op}/{file}/{impl}"
            if name not in results:
                print(f"{name:<38}{'(not run)':>10}")
                continue
            micros = p50(name, "Time (wall clock)")
            instructions = p50(name, "Instructions")
            print(f"{name:<38}"
                  f"{fmt(None if micros is None else micros / 1000, digits=2):>10}"
                  f"{fmt(p50(name, 'Malloc (total)')):>12}"
                  f"{fmt(None if not instructions else instructions / 1e6, digits=1):>12}")
print()
print("Dynamic mapping and nested keys (p50 wall clock)")
plain = p50("Mapping/twitter/PlainDecode", "Time (wall clock)")
dynamic = p50("Mapping/twitter/DynamicDecode", "Time (wall clock)")
if plain and dynamic:
    print(f"  dynamic statuses with three <-- each: {100 * (dynamic / plain - 1):+.1f}% vs the plain decode (target: at most +15%)")
foundation = p50("KeyedKey/records/Foundation", "Time (wall clock)")
keyed = p50("KeyedKey/records/DynamicMapper", "Time (wall clock)")
if foundation and keyed:
    print(f"  ten nested-key properties through KeyedKey: {foundation / keyed:.2f}x Foundation's speed with hand-written nested containers (target: at least 1x)")
synthesized = p50("Mapped/records/Synthesized", "Time (wall clock)")
mapped = p50("Mapped/records/Mapped", "Time (wall clock)")
foundation_plain = p50("Mapped/records/Foundation", "Time (wall clock)")
if synthesized and mapped:
    print(f"  twenty @Mapped properties: {mapped / synthesized:.2f}x the time of synthesized Codable through DynamicJSONDecoder (target: at most 1.3x)")
    if foundation_plain:
        print(f"  twenty @Mapped properties: {foundation_plain / mapped:.2f}x the speed of synthesized Codable through JSONDecoder")
serialization = p50("Patch/twitter/JSONSerialization", "Time (wall clock)")
patch = p50("Patch/twitter/DynamicMapper", "Time (wall clock)")
if serialization and patch:
    print(f"  decode, rename every status's user, encode: {serialization / patch:.2f}x faster than JSONSerialization (target: at least 3x)")
PY
