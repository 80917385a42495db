# Sourced by compare.sh and callgrind.sh: sets `corpus` to the folder holding
# twitter.json, citm_catalog.json and canada.json, found through
# $DYNAMICMAPPER_SHARED (the `shared` folder or the folder of files), else
# ../../shared/data/bench from the Benchmarks folder ($here).
corpus=""
for candidate in \
    "${DYNAMICMAPPER_SHARED:-}/data/bench" \
    "${DYNAMICMAPPER_SHARED:-}" \
    "$here/../../shared/data/bench"; do
    if [[ -n "$candidate" && -f "$candidate/twitter.json" ]]; then
        corpus="$(cd "$candidate" && pwd)"
        break
    fi
done
if [[ -z "$corpus" ]]; then
    echo "$(basename "$0"): corpus not found (set DYNAMICMAPPER_SHARED or put shared/data/bench beside the repo)" >&2
    exit 1
fi
