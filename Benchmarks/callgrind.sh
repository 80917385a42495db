#!/usr/bin/env bash
# Instructions per operation, counted by valgrind's callgrind: unlike time, the
# count does not move with the load on the machine, so it shows what a change
# to the code did even where timings swing.
#
#   Benchmarks/callgrind.sh                  # decode and encode of the three files, both coders
#   Benchmarks/callgrind.sh Mapped/records/Mapped Mapped/records/Synthesized Parse/twitter/DynamicMapper
#
# Names are the benchmark package's. Each is run by CallgrindProbe (a plain
# program in this package; valgrind cannot run the benchmark binary) under
# callgrind, once for one iteration and once for three: the difference, halved,
# is one operation, with set-up and first-use costs cancelled out.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
source "$here/corpus.sh"

if [[ $# -eq 0 ]]; then
    for operation in Decode Encode; do
        for file in twitter citm_catalog canada; do
            set -- "$@" "$operation/$file/Foundation" "$operation/$file/DynamicMapper"
        done
    done
fi

# The plain build (as compare.sh's); only the probe and the library are compiled.
BENCHMARK_DISABLE_MALLOC_INTERPOSER=1 swift build -c release --scratch-path "$here/.build/plain" \
    --product CallgrindProbe >&2

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# Valgrind 3.19 cannot read the DWARF 5 debug information Swift 6 writes; the
# symbols, which the counts do not need anyway, stay.
strip --strip-debug -o "$scratch/probe" "$here/.build/plain/release/CallgrindProbe"

# Total instructions of running the operation $1, $2 times.
count() {
    valgrind --tool=callgrind --callgrind-out-file="$scratch/out" \
        "$scratch/probe" "$1" "$2" "$corpus" >/dev/null 2>"$scratch/log" || {
        cat "$scratch/log" >&2
        exit 1
    }
    sed -n 's/^summary: //p' "$scratch/out"
}

printf '%-34s %18s\n' "benchmark" "instructions (M)"
for name in "$@"; do
    one="$(count "$name" 1)"
    three="$(count "$name" 3)"
    printf '%-34s %18s\n' "$name" "$(awk -v d="$(( (three - one) / 2 ))" 'BEGIN { printf "%.2f", d / 1e6 }')"
done
