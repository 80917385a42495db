#!/usr/bin/env bash
# Builds the DocC documentation of both library modules with the toolchain's own `docc` (no
# package plug-in, so no package dependency) and fails on any warning: an unresolved link, a
# Topics cycle, an ambiguous symbol name.
#
# Symbol graphs come from the debug build that `swift build` already made
# (`swift package dump-symbol-graph` extracts them from its modules), with extension blocks, so
# that what the package adds to other modules' types (`Decoder.decode(at:)`, the conveniences on
# `Decodable` and `Encodable`) is documented too.
#
# Usage: scripts/docs.sh [output-directory]   (default .build/docs; one .doccarchive per module)
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-.build/docs}"
docc="$(command -v docc || true)"
if [ -z "$docc" ]; then
    docc="$(dirname "$(command -v swift)")/docc"
fi

graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT

# Its exit status is not the test: it also fails for a test module that `swift build` did not
# build (a fresh clone), whose graph is not needed; the two library graphs are checked below.
dump="$(swift package dump-symbol-graph --emit-extension-block-symbols --minimum-access-level public 2>&1)" || true
# The last line names the folder the graphs were written to.
source_dir="$(sed -n 's/^Files written to //p' <<<"$dump" | tail -1)"
if [ -z "$source_dir" ] || [ ! -f "$source_dir/DynamicMapper.symbols.json" ] || [ ! -f "$source_dir/DynamicMapperOperators.symbols.json" ]; then
    echo "error: could not find the symbol graphs in the output of dump-symbol-graph:" >&2
    echo "$dump" >&2
    exit 1
fi

mkdir -p "$out"
status=0
for module in DynamicMapper DynamicMapperOperators; do
    mkdir -p "$graphs/$module"
    # A module's own graph and the graphs of its extensions to other modules (Module@Other).
    cp "$source_dir/$module.symbols.json" "$graphs/$module/"
    find "$source_dir" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$graphs/$module/" \;
    echo "-- docc convert $module"
    log="$graphs/$module.log"
    if ! "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" \
        --output-path "$out/$module.doccarchive" \
        --warnings-as-errors >"$log" 2>&1; then
        status=1
    fi
    # Any diagnostic at all fails the build, whatever docc's exit status says.
    if grep -E '(warning|error):' "$log"; then
        status=1
    fi
done

if [ "$status" -ne 0 ]; then
    echo "error: the documentation has warnings (above)" >&2
    exit 1
fi
echo "documentation built without warnings: $out"
