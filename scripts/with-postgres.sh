#!/usr/bin/env bash
# Runs a command beside a private PostgreSQL server, for the tests that check the PostgreSQL
# store: a cluster made in a temporary folder, owned by an unprivileged user, listening on a
# free loopback port, and removed when the command ends. The command finds it in
# LARDER_TEST_POSTGRES (postgres://larder@127.0.0.1:PORT/larder_test).
#
#   scripts/with-postgres.sh swift test --skip-build
#
# Installs Debian's postgresql when it is missing. Where it cannot be installed or started,
# the command still runs, without LARDER_TEST_POSTGRES, after saying why; the PostgreSQL
# tests then skip, unless LARDER_REQUIRE_POSTGRES=1 (make test sets it) makes them fail.
set -euo pipefail
cd "$(dirname "$0")/.."

if (($# == 0)); then
  echo "usage: scripts/with-postgres.sh COMMAND [ARGUMENTS...]" >&2
  exit 2
fi

say() { echo "with-postgres: $*" >&2; }

find_bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

start_cluster() {
  # Global: the exit trap stops the server with it.
  bindir=$(find_bindir)
  if [[ -z "$bindir" || ! -x "$bindir/initdb" ]]; then
    scripts/ensure-deps.sh postgresql postgresql-contrib >&2 || return 1
    bindir=$(find_bindir)
    [[ -n "$bindir" && -x "$bindir/initdb" ]] || { say "initdb not found after installing"; return 1; }
  fi
  folder=$(mktemp -d /tmp/larder-postgres.XXXXXX)
  chmod 755 "$folder"
  # PostgreSQL refuses to run as root: the cluster belongs to nobody when root starts it.
  run_as=()
  if [[ $(id -u) -eq 0 ]]; then
    chown nobody "$folder"
    run_as=(runuser -u nobody --)
  fi
  # A free loopback port, found with bash alone: one nothing answers on.
  port=""
  for _ in $(seq 1 50); do
    candidate=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
  done
  [[ -n "$port" ]] || { say "no free loopback port found"; return 1; }
  "${run_as[@]}" "$bindir/initdb" -D "$folder/data" -U larder --auth=trust -E UTF8 \
    --locale=C.UTF-8 -N >"$folder/initdb.log" 2>&1 || { say "initdb failed:"; cat "$folder/initdb.log" >&2; return 1; }
  # Durability is not what these tests check: without fsync the suite runs faster.
  "${run_as[@]}" "$bindir/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 \
    -o "-p $port -k $folder -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
    start >/dev/null || { say "the server did not start:"; cat "$folder/server.log" >&2; return 1; }
  stop_cluster() {
    "${run_as[@]}" "$bindir/pg_ctl" -D "$folder/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$folder"
  }
  trap stop_cluster EXIT
  "$bindir/psql" -q -h 127.0.0.1 -p "$port" -U larder -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE DATABASE larder_test" >/dev/null || return 1
  "$bindir/psql" -q -h 127.0.0.1 -p "$port" -U larder -d larder_test -v ON_ERROR_STOP=1 \
    -c "CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public" >/dev/null || return 1
  export LARDER_TEST_POSTGRES="postgres://larder@127.0.0.1:$port/larder_test"
  say "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($folder)"
}

if [[ -n "${LARDER_TEST_POSTGRES:-}" ]]; then
  say "using LARDER_TEST_POSTGRES as given"
elif ! start_cluster; then
  say "no PostgreSQL server could be started: the PostgreSQL store's tests will skip"
fi

status=0
"$@" || status=$?
exit $status
