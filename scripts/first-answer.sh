#!/usr/bin/env bash
# Times what a user waits for after `larder serve` starts on an existing database: the first
# answer from /api/v1/health, the first and second finder answers and the library API (the
# first answer, and the first with its facets), each "after" figure counted from the start.
#   scripts/first-answer.sh DATABASE [LARDER_BINARY]
# The database is copied first (the copy is upgraded, the original left alone), with the finder
# index and library saved beside it (DATABASE.warm) when there is one; it needs an account
# named "bench" (the one `larder-bench http --db PATH` makes).
set -euo pipefail
database=${1:?usage: scripts/first-answer.sh DATABASE [LARDER_BINARY]}
larder=${2:-.build/release/larder}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
cp "$database" "$work/larder.sqlite"
if [[ -f "$database.warm" ]]; then cp "$database.warm" "$work/larder.sqlite.warm"; fi
export LARDER_DB="$work/larder.sqlite" XDG_CONFIG_HOME="$work" LARDER_PORT=${LARDER_PORT:-18125}
token=$("$larder" tokens create --user bench --name first-answer 2>/dev/null | tail -1)
"$larder" serve >"$work/serve.log" 2>&1 &
server=$!
start=$(date +%s.%N)
until curl -s -o /dev/null "http://127.0.0.1:$LARDER_PORT/api/v1/health"; do sleep 0.01; done
since() { awk -v now="$(date +%s.%N)" -v start="$start" 'BEGIN { printf "%.3f", now - start }'; }
echo "health after $(since) s"
ask() {
  curl -s -o /dev/null -w "$1: %{http_code} in %{time_total} s\n" \
    -H "Authorization: Bearer $token" "http://127.0.0.1:$LARDER_PORT$2"
}
ask "first finder request" "/api/v1/finder?have=egg&missing=0&limit=1"
echo "first finder answer after $(since) s"
ask "second finder request" "/api/v1/finder?have=egg,flour,milk&missing=2&limit=24"
ask "library" "/api/v1/library?limit=24"
echo "first library answer after $(since) s"
# While the library loads, a plain page comes from the database with its facets still to come
# ("facetsPartial": true); the library is whole once a page has them.
for _ in $(seq 600); do
  curl -s -H "Authorization: Bearer $token" "http://127.0.0.1:$LARDER_PORT/api/v1/library?limit=24" \
    | grep -q '"facetsPartial":false' && break
  sleep 0.1
done
echo "first library answer with facets after $(since) s (gives up after 60 s of asking)"
grep -E "Pantry finder (ready|read from)|Library read from|saved finder index|library saved" \
  "$work/serve.log" || true
echo "resident memory: $(ps -o rss= -p "$server") KB"
