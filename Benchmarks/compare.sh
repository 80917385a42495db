#!/usr/bin/env bash
# Runs the DynamicMapper vs Foundation benchmarks (release build) twice and
# prints the tables from report.py: first without package-benchmark's malloc
# interposer (plain wall clock, the headline: what a stopwatch sees), then with
# it (allocation counts; its times charge every allocation, which favours the
# side that allocates less). Ratios are Foundation p50 / DynamicMapper p50 from
# one run; peer libraries' figures from issue 18 are printed as context.
#
#   Benchmarks/compare.sh                          # both runs, ~2-4 min after the builds
#   Benchmarks/compare.sh --plain-only             # skip the interposed run
#   Benchmarks/compare.sh --chart speedup.svg      # also draw the plain speed-ups as SVG
#   Benchmarks/compare.sh --filter '.*twitter.*'   # other args go to `benchmark`;
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

source "$here/corpus.sh"

# Inside .build so that the exports never show up as untracked files.
results="$here/.build/compare-results"
rm -rf "$results"
mkdir -p "$results/plain" "$results/interposed"

# The progress bar only helps someone watching a terminal.
progress=()
[[ -t 1 ]] || progress=(--no-progress)

# JMH is the one export format that puts every benchmark and metric, with
# percentiles, into a single JSON file. The plain build gets its own scratch
# path: the two builds differ in a package trait, and sharing one folder would
# rebuild everything on each switch.
run() { # scratch path, export folder
    swift package --scratch-path "$1" --allow-writing-to-package-directory benchmark \
        --format jmh --path "$2" ${progress[@]+"${progress[@]}"} ${extra[@]+"${extra[@]}"}
}
extra=()
chart=""
interposed=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --chart) chart="$2"; shift 2 ;;
        --plain-only) interposed=0; shift ;;
        *) extra+=("$1"); shift ;;
    esac
done

BENCHMARK_DISABLE_MALLOC_INTERPOSER=1 run "$here/.build/plain" "$results/plain"
if [[ $interposed -eq 1 ]]; then
    run "$here/.build" "$results/interposed"
fi

shopt -s nullglob
exports=("$results"/plain/*.jmh.json)
if [[ ${#exports[@]} -eq 0 ]]; then
    echo "compare.sh: the benchmark run produced no JMH export in $results/plain" >&2
    exit 1
fi

if [[ $interposed -eq 1 ]]; then
    python3 "$here/report.py" table "$results/plain" "$results/interposed" --corpus "$corpus"
else
    python3 "$here/report.py" table "$results/plain" --corpus "$corpus"
fi
if [[ -n "$chart" ]]; then
    python3 "$here/report.py" chart "$results/plain" --out "$chart"
fi
