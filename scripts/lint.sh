#!/usr/bin/env bash
# `swift format lint --strict` over every Swift file of the repository (build folders left out),
# with the root's .swift-format. It fails on:
#   - any finding of a lint rule (the `rules` of .swift-format), in any file;
#   - any finding at all, layout included, in the paths listed in `clean` below.
# The layout findings of the pretty printer (indentation, line breaks, spacing, line length,
# trailing commas) cannot be turned off by a rule, and most files keep a layout it does not
# produce (continuation lines aligned under the opening parenthesis, a nested call's arguments
# indented once, aligned `<->` columns and end-of-line comments); outside `clean` they are
# counted and printed, not failed on. CONTRIBUTING.md, "Formatting and lint", has the details.
set -euo pipefail
cd "$(dirname "$0")/.."

# Paths whose every finding fails the run: they have none today. Add a folder once
# `swift format lint --strict --recursive --configuration .swift-format <folder>` prints nothing.
clean=(Package.swift Fuzz Sources/DynamicMapperOperators Benchmarks/Tools Examples/PatchServer/Package.swift)
layout='Indentation|AddLines|RemoveLine|Spacing|LineLength|TrailingComma|TrailingWhitespace|EndOfLineComment'

files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
    find Package.swift Sources Tests Examples Benchmarks Fuzz scripts -name '.build*' -prune -o -name '*.swift' -print0 | sort -z)

# --strict makes every finding an error and the exit status 1; the findings are sorted out below.
output="$(swift format lint --strict --parallel --configuration .swift-format "${files[@]}" 2>&1)" || true

failed=0
declare -A tolerated=()
while IFS= read -r line; do
    [ -n "$line" ] || continue
    if [[ "$line" =~ ^([^:]+):[0-9]+:[0-9]+:\ (error|warning):\ \[([A-Za-z]+)\] ]]; then
        file="${BASH_REMATCH[1]}" category="${BASH_REMATCH[3]}"
        in_clean=0
        for path in "${clean[@]}"; do
            if [ "$file" = "$path" ] || [[ "$file" == "$path"/* ]]; then in_clean=1; fi
        done
        if [[ "$category" =~ ^($layout)$ ]] && [ "$in_clean" = 0 ]; then
            tolerated[$category]=$(( ${tolerated[$category]:-0} + 1 ))
            continue
        fi
    fi
    # A rule's finding, a finding in a clean path, or anything swift-format says that is not a
    # finding (a file it cannot parse, a configuration it cannot read).
    echo "$line" >&2
    failed=1
done <<< "$output"

summary=""
for category in "${!tolerated[@]}"; do summary+=" $category ${tolerated[$category]},"; done
echo "swift format lint: ${#files[@]} files; layout findings outside the clean paths (not failed on):${summary%,}"
if [ "$failed" = 1 ]; then
    echo "error: swift format lint found the problems above (see CONTRIBUTING.md, \"Formatting and lint\")" >&2
    exit 1
fi
