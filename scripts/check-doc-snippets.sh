#!/usr/bin/env bash
# Type-checks every ```swift block of README.md and of the DocC articles against the package's
# own modules, so that a reader who copies a block gets code that compiles.
#
# Each block is its own program (a top-level `let data` in two blocks must not clash), checked
# with `swiftc -typecheck` against the modules `swift build` already produced: nothing is built
# twice and nothing is linked. A marker on the line before a block changes what is expected:
#
#   <!-- snippet: continues -->        the block goes on from the one before it in the same file
#                                      (it is checked with that block's code in front of it)
#   <!-- snippet: fails "message" -->  the block must NOT compile, and the compiler's output must
#                                      contain `message` (the Common compiler errors section)
#   <!-- snippet: manifest -->         a Package.swift: checked against the toolchain's PackageDescription
#   <!-- snippet: skip -->             not this package's code (another library's, shown for comparison)
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
modules="$(swift build --show-bin-path)/Modules"
# SwiftPM compiles manifests against this module, with the tools version as the API version.
manifest_api="$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/pm/ManifestAPI"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Writes each block of a file to $scratch as NNN.swift, with NNN.expect holding "ok",
# "skip" or "fails <message>", and NNN.origin naming the file and line.
extract() {
    awk -v out="$scratch" -v src="$1" -v start="$2" '
        function flush_marker() { marker = pending; pending = "" }
        /^<!-- snippet: .* -->$/ && !inblock {
            pending = $0
            sub(/^<!-- snippet: /, "", pending); sub(/ -->$/, "", pending)
            next
        }
        /^```swift[ \t]*$/ && !inblock {
            inblock = 1; n++; flush_marker()
            name = sprintf("%s/%04d", out, start + n)
            if (marker == "continues") {
                if (previous == "") { print src ":" NR ": a continuing block needs a block before it" > "/dev/stderr"; exit 2 }
                system("cp " previous ".swift " name ".swift")
                kind = "ok"
            } else if (marker ~ /^fails "/) {
                kind = marker; sub(/^fails "/, "fails ", kind); sub(/"$/, "", kind)
            } else if (marker == "skip" || marker == "manifest") {
                kind = marker
            } else if (marker != "") {
                print src ":" NR ": unknown snippet marker: " marker > "/dev/stderr"; exit 2
            } else {
                kind = "ok"
            }
            print kind > (name ".expect"); close(name ".expect")
            print src ":" NR + 1 > (name ".origin"); close(name ".origin")
            next
        }
        /^```[ \t]*$/ && inblock {
            inblock = 0; close(name ".swift")
            if (kind == "ok") previous = name
            next
        }
        inblock { print >> (name ".swift") }
        !/^[ \t]*$/ && !inblock { pending = "" }
        END { print n }
    ' "$1"
}

count=0
for file in "${files[@]}"; do
    found="$(extract "$file" "$count")"
    count=$((count + found))
done

# Checks one block; prints what is wrong, if anything, and fails then.
check() {
    local base="$1" kind origin output flags
    kind="$(cat "$base.expect")"
    origin="$(cat "$base.origin")"
    if [ "$kind" = manifest ]; then
        flags=(-I "$manifest_api" -package-description-version 6.0)
        kind=ok
    else
        flags=(-I "$modules")
    fi
    if output="$(swiftc -typecheck -swift-version 6 "${flags[@]}" "$base.swift" 2>&1)"; then
        if [ "$kind" != ok ]; then
            echo "error: $origin: the block compiles, but the text says it fails with: ${kind#fails }"
            return 1
        fi
    elif [ "$kind" = ok ]; then
        echo "error: $origin: the block does not compile:"
        # Compiler lines name the scratch file; point them at the block in the document instead.
        sed "s|$base.swift|$origin (block line)|" <<<"$output" | grep -v -e "^$" -e "warning:" | head -20
        return 1
    elif ! grep -qF -- "${kind#fails }" <<<"$output"; then
        echo "error: $origin: the block fails, but not with the quoted message \"${kind#fails }\":"
        grep 'error:' <<<"$output" | head -5
        return 1
    fi
}

# One type-check per block, as many at a time as there are cores; each loads the standard
# library and Foundation, which is most of its time.
jobs="${DOC_SNIPPET_JOBS:-$(nproc)}"
checked=0
for expect in "$scratch"/*.expect; do
    base="${expect%.expect}"
    [ "$(cat "$expect")" = skip ] && continue
    checked=$((checked + 1))
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n || true
    done
    { check "$base" >"$base.result" 2>&1 && touch "$base.passed"; } &
done
wait

failures=0
for result in "$scratch"/*.result; do
    if [ ! -e "${result%.result}.passed" ]; then
        cat "$result"
        failures=$((failures + 1))
    fi
done

echo "doc snippets: $checked checked in ${#files[@]} files, $failures failing"
[ "$failures" -eq 0 ]
