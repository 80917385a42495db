#!/usr/bin/env bash
# Compiles and runs every ```swift block of README.md and of the DocC articles against the
# package's own modules, so that a reader who copies a block gets code that compiles and does
# what its comments say.
#
# Each block is its own program (a top-level `let data` in two blocks must not clash). All of
# them are compiled as ONE executable against the debug build that `swift build` already made
# (nothing is built twice): scripts/doc_snippets.py puts each block in a file of its own, its
# types and functions `private` at file scope and its top-level code in a function, with
# `#sourceLocation` lines so that every compiler message names the Markdown file and line.
# The executable then runs every block, in document order, and compares the outputs the
# comments show with what the code gives; a block that throws fails too.
#
# Shown outputs, at the end of a line of code (text after ` — ` is a remark, not compared;
# `…` stands for any text):
#
#   expression              // → value       the expression's value, as Swift describes it:
#   let name = expression   // → value       optionals unwrapped (`nil` when empty), strings
#                                             with or without quotes, Data as its UTF-8 text,
#                                             enum cases with or without a leading dot
#   print(something)        // prints text   what that line prints
#   try something()         // throws text   the line must throw; text is the error's description
#
# or, for output over several lines, alone on a line, followed by the printed lines:
#
#   // prints:
#   // first line
#   // second line                           everything printed since the previous check
#
# A line that shows an output and never runs (a `catch` nothing reached) fails the check. Other
# comments are prose and are not compared. A marker on the line before a block changes what is
# expected:
#
#   <!-- snippet: continues -->        the block goes on from the one before it in the same file
#                                      (it is compiled and run with that block's code in front)
#   <!-- snippet: no-run: reason -->   compiled but not run (it would need the network, a server,
#                                      a device); reason says which
#   <!-- snippet: fails "message" -->  the block must NOT compile, and the compiler's output must
#                                      contain `message` (the Common compiler errors article)
#   <!-- snippet: manifest -->         a Package.swift: checked against the toolchain's PackageDescription
#   <!-- snippet: skip -->             not compiled: another library's code, or UIKit and AppKit,
#                                      which Linux does not have
#
# Needs python3 (standard library only). Measured on the 2-core VM with other builds running,
# after `swift build`: 17 s at a load average of 8 (the one compile and link of all blocks 9 s,
# the nine single type-checks most of the rest, the run 0.1 s); the type-check-only version it
# replaced took 30 s at the same load (20 s at a load of 5).
#
# Usage: scripts/check-doc-snippets.sh [markdown files...]   (default: README.md and every article)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$#" -gt 0 ]; then
    files=("$@")
else
    files=(README.md Sources/*/*.docc/*.md)
fi

swift build --target DynamicMapperOperators >/dev/null
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
# SwiftPM compiles manifests against this module, with the tools version as the API version.
manifest_api="$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/pm/ManifestAPI"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

python3 scripts/doc_snippets.py generate "$scratch" "${files[@]}"

# The blocks that must not compile, and the manifests: one type-check each, as many at a
# time as there are cores.
check_single() {
    local base="$1" kind where reason output flags
    kind="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["kind"])' "$base.json")"
    where="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["where"])' "$base.json")"
    reason="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["reason"])' "$base.json")"
    if [ "$kind" = manifest ]; then
        flags=(-I "$manifest_api" -package-description-version 6.0)
    else
        flags=(-I "$modules")
    fi
    if output="$(swiftc -typecheck -swift-version 6 "${flags[@]}" "$base.swift" 2>&1)"; then
        if [ "$kind" = fails ]; then
            echo "error: $where: the block compiles, but the text says it fails with: $reason"
            return 1
        fi
    elif [ "$kind" = manifest ]; then
        echo "error: $where: the manifest does not compile:"
        sed "s|$base.swift|$where (block line)|" <<<"$output" | grep -v -e "^$" -e "warning:" | head -20
        return 1
    elif ! grep -qF -- "$reason" <<<"$output"; then
        echo "error: $where: the block fails, but not with the quoted message \"$reason\":"
        grep 'error:' <<<"$output" | head -5
        return 1
    fi
}

jobs="${DOC_SNIPPET_JOBS:-$(nproc)}"
shopt -s nullglob
for source in "$scratch"/single/*.swift; do
    base="${source%.swift}"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n || true
    done
    { check_single "$base" >"$base.result" 2>&1 && touch "$base.passed"; } &
done
wait

failures=0
for result in "$scratch"/single/*.result; do
    if [ ! -e "${result%.result}.passed" ]; then
        cat "$result"
        failures=$((failures + 1))
    fi
done

# Every other block, compiled together into one executable with the library's objects. One
# whole-module compile loads Foundation and the package's modules once: 9 s at a load average
# of 8, against 36 s for the same files compiled in batches.
cp scripts/DocCheck.swift "$scratch/module/"
# Only the objects of sources that still exist: a file renamed since the last build leaves its
# old object behind, whose symbols would clash with the new one's.
objects=()
for object in "$bin"/DynamicMapper.build/*.o "$bin"/DynamicMapperOperators.build/*.o; do
    source_name="$(basename "$object" .o)"
    if [[ "$source_name" != *.swift ]] || [[ -n "$(find Sources -name "$source_name" -print -quit)" ]]; then
        objects+=("$object")
    fi
done
if ! swiftc -swift-version 6 -enable-upcoming-feature MemberImportVisibility -I "$modules" \
    -module-name DocSnippets -wmo "$scratch"/module/*.swift "${objects[@]}" \
    -o "$scratch/runner" >"$scratch/compile.log" 2>&1; then
    # The messages name the Markdown file and line; the generated files' own lines are noise.
    if ! grep -E '^[^ /][^ ]*\.md:[0-9]+:[0-9]+: error:' "$scratch/compile.log" | sort -u | head -40; then
        head -60 "$scratch/compile.log"
    fi
    echo "error: the blocks above do not compile"
    exit 1
fi
# Run from the scratch folder: a block that writes a file by a relative path writes it there.
if ! (cd "$scratch" && ./runner); then
    failures=$((failures + 1))
fi

python3 scripts/doc_snippets.py summary "$scratch/blocks.json"
[ "$failures" -eq 0 ]
