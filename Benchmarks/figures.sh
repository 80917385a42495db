#!/usr/bin/env bash
# Regenerates every published benchmark figure from ONE run: README.md's performance paragraph
# and comparison-table cell, Benchmarks/README.md's two tables (wall clock, then callgrind's
# instruction counts of the same commit) and the chart Benchmarks/speedup.svg, each stamped with
# the commit, the date, the CPU (from lscpu or /proc/cpuinfo) and the Swift version.
#
#   Benchmarks/figures.sh                              # the whole suite, then callgrind (on a quiet machine)
#   Benchmarks/figures.sh --filter 'Decode/twitter/.*' # a trial: files go to Benchmarks/.build/figures/
#
# The trial above took 8.6 minutes on the 2-core VM at a load average of 7, nearly all of it the
# first release build of the benchmark package; the whole suite adds its run (minutes) and
# callgrind's counts of 29 benchmarks (each run twice under valgrind; not timed here).
#   Benchmarks/figures.sh --no-callgrind               # timings only; the instruction table says so
#
# The run is plain wall clock: built without package-benchmark's malloc interposer
# (BENCHMARK_DISABLE_MALLOC_INTERPOSER=1), which charges every allocation. Only the text between
# `<!-- figures:begin NAME -->` and `<!-- figures:end NAME -->` is rewritten (NAME: performance
# and twitter in README.md, timings and instructions in Benchmarks/README.md), by
# `report.py figures`. With --filter the run covers only some benchmarks, so nothing in the
# repository is overwritten unless --write is given too. Other arguments go to `benchmark`.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
cd "$here"
source "$here/corpus.sh"

callgrind=1
write=1
filtered=0
extra=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-callgrind) callgrind=0; shift ;;
        --write) write=2; shift ;;
        --filter) filtered=1; extra+=("$1" "$2"); shift 2 ;;
        *) extra+=("$1"); shift ;;
    esac
done
[[ $filtered -eq 1 && $write -ne 2 ]] && write=0

commit="$(git -C "$root" rev-parse --short HEAD)"
git -C "$root" diff --quiet HEAD -- "$root/Sources" "$here/Benchmarks" "$here/Package.swift" || commit="$commit with local changes"
cpu="$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)"
[[ -n "$cpu" ]] || cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1)"
[[ -n "$cpu" ]] || cpu="$(sysctl -n machdep.cpu.brand_string 2>/dev/null || echo 'unknown CPU')"
cores="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')"
swift_version="$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1)"
stamp="commit \`$commit\`, $(date -u +%Y-%m-%d), $cpu, $cores cores, Swift $swift_version"

results="$here/.build/figures-results"
rm -rf "$results"
mkdir -p "$results/plain"
progress=()
[[ -t 1 ]] || progress=(--no-progress)

echo "== benchmark run (plain wall clock, no malloc interposer) on $stamp" >&2
BENCHMARK_DISABLE_MALLOC_INTERPOSER=1 swift package --scratch-path "$here/.build/plain" \
    --allow-writing-to-package-directory benchmark --format jmh --path "$results/plain" \
    ${progress[@]+"${progress[@]}"} ${extra[@]+"${extra[@]}"}

shopt -s nullglob
exports=("$results"/plain/*.jmh.json)
if [[ ${#exports[@]} -eq 0 ]]; then
    echo "figures.sh: the benchmark run produced no JMH export in $results/plain" >&2
    exit 1
fi

counts="$results/callgrind.txt"
: >"$counts"
if [[ $callgrind -eq 1 ]]; then
    # The same build folder as the run, so the counts are of the same code.
    mapfile -t names < <(python3 "$here/report.py" callgrind-names "$results/plain")
    if [[ ${#names[@]} -gt 0 ]]; then
        echo "== callgrind: ${#names[@]} benchmarks" >&2
        "$here/callgrind.sh" "${names[@]}" | tee "$counts"
    fi
fi

output=()
if [[ $write -eq 0 ]]; then
    mkdir -p "$here/.build/figures"
    output=(--output-dir "$here/.build/figures")
fi
python3 "$here/report.py" figures "$results/plain" --corpus "$corpus" --stamp "$stamp" \
    --callgrind "$counts" --readme "$root/README.md" --benchmarks-readme "$here/README.md" \
    --chart "$here/speedup.svg" ${output[@]+"${output[@]}"}
