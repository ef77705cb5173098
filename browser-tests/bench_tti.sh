#!/usr/bin/env bash
# Measures the home page's time to interactive with 10,000 generated recipes (plus the
# starters): imports them into a fresh database, serves it with the debug binary, and loads
# the pages in headless Chromium several times. Prints JSON; BENCHMARKS.md records a run.
# Usage: browser-tests/bench_tti.sh [RECIPES] [RUNS]
# LARDER_BENCH_DB=path keeps the database there and reuses it when it exists (imports are slow).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
count=${1:-10000}
runs=${2:-7}

source browser-tests/prepare.sh

work=$(mktemp -d)
server=""
cleanup() {
  [[ -n "$server" ]] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

export XDG_CONFIG_HOME="$work/config"
database=${LARDER_BENCH_DB:-$work/larder.sqlite}
if [[ ! -e "$database" ]]; then
  python3 browser-tests/generate_recipes.py "$count" >"$work/recipes.json"
  import_start=$(date +%s.%N)
  "$binary" import --db "$database" "$work/recipes.json" >/dev/null
  import_end=$(date +%s.%N)
  echo "imported $count recipes in $(python3 -c "print(round($import_end - $import_start, 1))") s" >&2
fi

# The pages need a signed-in browser: one account, made once, that tti.py signs in as.
if ! "$binary" users list --db "$database" 2>/dev/null | grep -q '^bench\b'; then
  printf 'bench password\n' | "$binary" users add bench --owner --password-stdin --db "$database" >/dev/null
fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$binary" serve --db "$database" --port "$port" >"$work/server.log" 2>&1 &
server=$!
python3 - "http://127.0.0.1:$port/api/v1/health" <<'PY'
import sys, time, urllib.request
for _ in range(600):
    try:
        urllib.request.urlopen(sys.argv[1], timeout=1).read()
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("error: the server did not answer")
PY
LARDER_URL="http://127.0.0.1:$port" "$venv/bin/python" browser-tests/tti.py "$runs"
