#!/usr/bin/env bash
# `swift format lint --strict` over every Swift file of the repository (build folders left out),
# with the root's .swift-format: any finding fails the run, a lint rule's or the layout's
# (indentation, line breaks, spacing, line length, trailing commas). `scripts/format.sh` lays
# the files out as the configuration wants; CONTRIBUTING.md, "Formatting and lint", has the
# rules left off and why.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/swift-files.sh

# --strict makes every finding an error and the exit status 1.
if ! swift format lint --strict --parallel --configuration .swift-format "${swift_files[@]}"; then
    echo "error: swift format lint found the problems above; scripts/format.sh fixes the layout (see CONTRIBUTING.md, \"Formatting and lint\")" >&2
    exit 1
fi
echo "swift format lint: ${#swift_files[@]} files, no findings"
