#!/usr/bin/env bash
# Lays out every Swift file of the repository (build folders left out) as the root's
# .swift-format wants, in place: what `scripts/lint.sh` then finds is a rule's finding, which
# needs an edit by hand (or a `// swift-format-ignore: RuleName` with its reason).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/swift-files.sh

swift format format --in-place --parallel --configuration .swift-format "${swift_files[@]}"
