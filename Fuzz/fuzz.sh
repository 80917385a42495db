#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets with AddressSanitizer and runs them.
#
#   Fuzz/fuzz.sh                      # build, then run every target
#   Fuzz/fuzz.sh DecodeModel          # build, then run one target
#   FUZZ_RUNS=100000 Fuzz/fuzz.sh     # executions per target (default 3,500,000)
#   FUZZ_SECONDS=600 Fuzz/fuzz.sh     # or a time limit per target instead
#   FUZZ_BUILD_ONLY=1 Fuzz/fuzz.sh    # build and check that each target starts, nothing else
#
# Each target is the library compiled with `swiftc -sanitize=fuzzer,address` plus one entry
# point and the shared properties in Tests/DynamicMapperTestSupport/FuzzChecks*.swift (with their
# oracles in FuzzOracles*.swift). The corpus
# grows in .build-fuzz/corpus/<Target>, seeded from Fuzz/Seeds/<Target>, Fuzz/Regressions
# and ../shared/data. A finding is written to .build-fuzz/findings/<Target>-crash-…; keep
# it in Fuzz/Regressions/<Target>/ so FuzzRegressionTests runs it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
build="$root/.build-fuzz"
shared="$root/../shared/data"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(ParseRoundTrip DecodeModel DynamicEdits PathEdits JSON5Input JSONPatchApply MergePatch PointerEdits ModelChanges); fi

mkdir -p "$build/findings"
# ld.gold warns about every sanitizer helper symbol it cannot export; those lines say nothing.
quiet() {
    local rc=0
    "$@" > "$build/build.log" 2>&1 || rc=$?
    grep -v 'Cannot export local symbol' "$build/build.log" || true
    return $rc
}
flags=(-O -wmo -swift-version 6 -package-name DynamicMapper -sanitize=fuzzer,address -parse-as-library)

echo "== building DynamicMapper with -sanitize=fuzzer,address"
quiet swiftc "${flags[@]}" -module-name DynamicMapper -emit-library -static \
    -emit-module -emit-module-path "$build/DynamicMapper.swiftmodule" \
    -o "$build/libDynamicMapper.a" $(find Sources/DynamicMapper -name '*.swift' | sort)

for target in "${targets[@]}"; do
    echo "== building $target"
    quiet swiftc "${flags[@]}" -module-name "Fuzz$target" -I "$build" -L "$build" -lDynamicMapper \
        "Fuzz/Targets/$target.swift" Tests/DynamicMapperTestSupport/FuzzChecks*.swift Tests/DynamicMapperTestSupport/FuzzOracles*.swift \
        -o "$build/fuzz-$target"
done

# Seeds: every target's inputs start with a byte of settings (and, for DynamicEdits, a count
# of edits); a leading zero byte gives the defaults and no edits, so each shared file becomes
# a seed as it is.
seed() {
    local target="$1" corpus="$build/corpus/$1"
    mkdir -p "$corpus"
    if [ -d "Fuzz/Seeds/$target" ]; then cp Fuzz/Seeds/"$target"/* "$corpus"/ 2>/dev/null || true; fi
    if [ -d "Fuzz/Regressions/$target" ]; then cp Fuzz/Regressions/"$target"/* "$corpus"/ 2>/dev/null || true; fi
    if [ "$target" = PathEdits ]; then
        :  # path text: its own seeds only
    elif [ -d "$shared" ]; then
        for file in "$shared"/JSONTestSuite/test_parsing/* "$shared"/JSONTestSuite/test_transform/* "$shared"/bench/*.json; do
            [ -f "$file" ] || continue
            local name="shared-$(basename "$file")"
            [ -f "$corpus/$name" ] || { printf '\0'; head -c 16384 "$file"; } > "$corpus/$name"
        done
    else
        echo "warning: $shared is missing; seeding from Fuzz/Seeds only" >&2
    fi
}

status=0
for target in "${targets[@]}"; do
    seed "$target"
    limit=(-runs="${FUZZ_RUNS:-3500000}")
    if [ -n "${FUZZ_SECONDS:-}" ]; then limit=(-max_total_time="$FUZZ_SECONDS"); fi
    if [ -n "${FUZZ_BUILD_ONLY:-}" ]; then limit=(-runs=0); fi
    # Path text is worth fuzzing long (deep and bracket-heavy paths); JSON input at 4 KiB.
    length=4096
    if [ "$target" = PathEdits ]; then length=32768; fi
    echo "== fuzzing $target (${limit[*]})"
    rc=0
    SWIFT_BACKTRACE=enable=no "$build/fuzz-$target" "$build/corpus/$target" "${limit[@]}" \
        -max_len="$length" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$build/findings/$target-" > "$build/$target.log" 2>&1 || rc=$?
    grep -E '^#[0-9]+ +(INITED|DONE)|stat::number_of_executed_units|ERROR|Fatal error|SUMMARY|Test unit written' "$build/$target.log" || true
    if [ "$rc" -ne 0 ]; then
        echo "!! $target found a problem (exit $rc); see $build/$target.log and $build/findings" >&2
        status=1
    fi
done
exit $status
