# Sourced by scripts/lint.sh and scripts/format.sh: `swift_files`, every Swift file of the
# repository, build folders (`.build`, `.build-*`) left out, in a stable order.
swift_files=()
while IFS= read -r -d '' file; do swift_files+=("$file"); done < <(
    find Package.swift Sources Tests Examples Benchmarks Fuzz scripts -name '.build*' -prune -o -name '*.swift' -print0 | sort -z)
