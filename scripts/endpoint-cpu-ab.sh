#!/bin/bash
# Two builds of Larder on one database, the same request to each in turn, reporting the CPU
# time each server spent per request (user + system ticks over the requests wrk completed):
# less sensitive than requests per second to what else a shared machine is doing.
#
#   scripts/endpoint-cpu-ab.sh OLD_LARDER NEW_LARDER DATABASE TOKEN PATH [ROUNDS]
#
# Needs wrk (Debian's package); 3-second rounds at 4 connections.
set -euo pipefail
old=$1 new=$2 db=$3 token=$4 path=$5 rounds=${6:-3}
"$old" --db "$db" serve --port 8101 > /dev/null 2>&1 & p1=$!
"$new" --db "$db" serve --port 8102 > /dev/null 2>&1 & p2=$!
trap 'kill $p1 $p2 2> /dev/null' EXIT
for port in 8101 8102; do
  until curl -sf -o /dev/null -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/finder?have=egg&limit=1"; do sleep 1; done
done
ticks() { awk '{print $14+$15}' /proc/$1/stat; }
for r in $(seq $rounds); do
  for port in 8101 8102; do
    pid=$([ $port = 8101 ] && echo $p1 || echo $p2)
    t0=$(ticks $pid)
    n=$(wrk -t1 -c4 -d3s -H "Authorization: Bearer $token" "http://127.0.0.1:$port$path" | awk '/requests in/{print $1}')
    t1=$(ticks $pid)
    echo "$([ $port = 8101 ] && echo old || echo new) round$r requests=$n cpu_ms_per_req=$(python3 -c "print(round(($t1-$t0)*10/$n,3))")"
  done
done
