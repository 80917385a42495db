#!/usr/bin/env bash
# GET and PATCH requests/s and p99 with DynamicMapper's coders against Foundation's, in one
# release build of the server, both servers up at once and measured in turns (README: Load).
# Needs wrk (Debian's package) and python3; not part of CI.
#
#   Examples/PatchServer/load/run.sh [rounds] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
seconds="${2:-8}"
swift build -c release --product PatchServer
bin="$(swift build -c release --show-bin-path)/PatchServer"
work="$(mktemp -d)"
"$bin" --port 8101 --coders dynamic >"$work/dynamic.log" 2>&1 &
dynamic=$!
"$bin" --port 8102 --coders foundation >"$work/foundation.log" 2>&1 &
foundation=$!
trap 'kill $dynamic $foundation; rm -rf "$work"' EXIT
sleep 2

# A twitter status (the first of the shared benchmark timeline) with the model's members added.
python3 - "$work/status.json" <<'PY'
import json, sys
status = json.load(open("../../../shared/data/bench/twitter.json"))["statuses"][0]
document = {"name": "Ada", "email": "ada@example.com", "age": 36, **status}
open(sys.argv[1], "w").write(json.dumps(document, ensure_ascii=False))
PY
for port in 8101 8102; do
    for id in ada $(seq -f 'u%g' 0 255); do
        curl -sf -o /dev/null -X PUT -H 'Content-Type: application/json' --data-binary @"$work/status.json" \
            "http://127.0.0.1:$port/users/$id"
    done
done

for round in $(seq "$rounds"); do
    for kind in get patch; do
        for port in 8101 8102; do
            script=()
            [ "$kind" = patch ] && script=(-s load/patch.lua)
            echo "== $round $kind $port"
            wrk -t1 -c8 -d"${seconds}s" --latency "${script[@]}" "http://127.0.0.1:$port/users/ada" |
                grep -E "Requests/sec|99%|Non-2xx|Socket"
        done
    done
done | tee "$work/results.txt"

python3 - "$work/results.txt" <<'PY'
import re, statistics, sys
rows, current = {}, None
for line in open(sys.argv[1]):
    if m := re.match(r"== \d+ (\w+) (\d+)", line):
        current = rows.setdefault((m[1], {"8101": "dynamic", "8102": "foundation"}[m[2]]), {"rps": [], "p99": []})
    elif "Requests/sec" in line:
        current["rps"].append(float(line.split()[-1]))
    elif "99%" in line:
        value = line.split()[-1]
        scale = {"us": 0.001, "ms": 1.0}.get(value[-2:], 1000.0)
        current["p99"].append(float(value.rstrip("mus")) * scale)
for kind in ("get", "patch"):
    d, f = rows[(kind, "dynamic")], rows[(kind, "foundation")]
    print(f"{kind}: dynamic {statistics.median(d['rps']):.0f} req/s p99 {statistics.median(d['p99']):.2f} ms; "
          f"foundation {statistics.median(f['rps']):.0f} req/s p99 {statistics.median(f['p99']):.2f} ms; "
          f"ratio {statistics.median(d['rps']) / statistics.median(f['rps']):.2f}")
PY
