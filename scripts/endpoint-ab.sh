#!/bin/bash
# Two builds of Larder on one database, the same requests to each in turn: a comparison
# that a busy machine affects alike (BENCHMARKS.md, "answers written by hand"). Each line
# gives requests per second, p50 and p99, and the CPU time the server spent per request
# (its user and system ticks over the requests completed), which varies less than requests
# per second on a shared machine.
#
#   scripts/endpoint-ab.sh OLD_LARDER NEW_LARDER DATABASE TOKEN [RECIPE_ID]
#
# Env: NAMES (requests), ROUNDS (3), SECS (3), CONN (4). Needs wrk (Debian's package).
set -euo pipefail
old=$1 new=$2 db=$3 token=$4 recipe=${5:-}
command -v wrk > /dev/null || { echo "endpoint-ab.sh: install wrk (apt-get install wrk)" >&2; exit 2; }
declare -A R
R[finder10k2]="/api/v1/finder?have=egg,flour,milk,butter,sugar,onion,garlic,rice,chicken,tomato&missing=2&limit=24"
R[finder25k2]="/api/v1/finder?have=egg,flour,milk,butter,sugar,onion,garlic,rice,chicken,tomato,olive%20oil,soy%20sauce,carrot,potato,cheese,lemon,parsley,cream,bacon,pepper,beef,pasta,spinach,mushroom,ginger&missing=2&limit=24"
R[search]="/api/v1/search?q=chicken"
R[list]="/api/v1/recipes?limit=24&offset=240"
R[recipe]="/recipes/$recipe"
"$old" --db "$db" serve --port 8101 > /dev/null 2>&1 & first=$!
"$new" --db "$db" serve --port 8102 > /dev/null 2>&1 & second=$!
trap 'kill $first $second 2> /dev/null' EXIT
# Both warm up before they are timed.
for port in 8101 8102; do
  until curl -sf -o /dev/null -H "Authorization: Bearer $token" \
    "http://127.0.0.1:$port/api/v1/finder?have=egg&limit=1"; do sleep 1; done
done
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
for name in ${NAMES:-finder10k2 finder25k2 search list recipe}; do
  for round in $(seq "${ROUNDS:-3}"); do
    for port in 8101 8102; do
      pid=$([ $port = 8101 ] && echo $first || echo $second)
      before=$(ticks "$pid")
      result=$(wrk -t1 -c"${CONN:-4}" -d"${SECS:-3}"s --latency -H "Authorization: Bearer $token" \
        "http://127.0.0.1:$port${R[$name]}" \
        | awk '/requests in/{n=$1} /Requests\/sec/{r=$2} /^ +50%/{p50=$2} /^ +99%/{p99=$2}
               END{print r, p50, p99, n}')
      after=$(ticks "$pid")
      cpu=$(echo "$result" | awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" \
        '{printf "%.3f", ($4 > 0 ? t * 1000 / hz / $4 : 0)}')
      echo "$name $([ $port = 8101 ] && echo old || echo new) round$round ${result% *} cpu_ms_per_request=$cpu"
    done
  done
done
