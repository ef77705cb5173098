#!/usr/bin/env bash
# Fuzzes the JSON API against its own OpenAPI document: schemathesis (PyPI, in .venv-fuzz/)
# sends every operation of GET /api/v1/openapi.json to `larder serve` (the debug binary
# `swift build` made) on a free port with a fresh database, as the first account's owner with
# an API token, and fails on any 5xx and on any answer whose status, content type or body the
# document does not allow. Bounded: 25 examples per operation and phase (API_FUZZ_EXAMPLES), a
# fixed seed (API_FUZZ_SEED), the phases in API_FUZZ_PHASES; about two minutes on two cores.
# Reports land in .build/api-fuzz/. Extra arguments go to `schemathesis run`
# (e.g. --include-path-regex pantry, or -n 50 for a longer run).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

source scripts/lib/python-env.sh
venv="$root/.venv-fuzz"
python_env "$venv" scripts/api-fuzz/requirements.txt curl
binary=$(debug_larder)

artifacts="$root/.build/api-fuzz"
rm -rf "$artifacts"
mkdir -p "$artifacts"
work=$(mktemp -d)
server=""
cleanup() {
  if [[ -n "$server" ]]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
XDG_CONFIG_HOME="$work/config" "$binary" serve --db "$work/larder.sqlite" --port "$port" \
  >"$artifacts/server.log" 2>&1 &
server=$!
for _ in $(seq 300); do
  curl -sf "$base/api/v1/health" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -sf "$base/api/v1/health" >/dev/null || { cat "$artifacts/server.log" >&2; exit 1; }

# The first account, made through the setup page with the code the server printed, then an API
# token of its owner: what a script that uses the API has.
code=$(grep -o 'setup?code=[A-Za-z0-9_-]*' "$artifacts/server.log" | head -1 | cut -d= -f2)
token=$(python3 - "$base" "$code" <<'PY'
import json, sys, urllib.error, urllib.parse, urllib.request
base, code = sys.argv[1], sys.argv[2]
class Keep(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
form = urllib.parse.urlencode({"displayName": "Fuzz", "login": "fuzzer",
    "password": "api fuzz tests", "confirm": "api fuzz tests", "code": code}).encode()
request = urllib.request.Request(base + "/setup", data=form, method="POST",
    headers={"Content-Type": "application/x-www-form-urlencoded"})
session = None
try:
    urllib.request.build_opener(Keep).open(request)
except urllib.error.HTTPError as answer:
    cookie = answer.headers.get("Set-Cookie", "")
    if answer.code == 303 and cookie.startswith("larder_session="):
        session = cookie.split(";")[0].split("=", 1)[1]
if session is None:
    sys.exit("error: setting up the first account did not sign in")
request = urllib.request.Request(base + "/api/v1/tokens", method="POST",
    data=json.dumps({"name": "api fuzz"}).encode(),
    headers={"Content-Type": "application/json", "Cookie": "larder_session=" + session})
print(json.load(urllib.request.urlopen(request))["token"])
PY
) || { cat "$artifacts/server.log" >&2; exit 1; }

# Operations that would end or demote the fuzz's own credential are left out: revoking tokens,
# ending sessions, and removing or changing members (its own id is the only one it could hit,
# and a viewer's answers would be 403). The isolation matrix covers them in Swift.
started=$(date +%s)
status=0
# From the reports' folder, where schemathesis keeps its cache (.schemathesis/).
(cd "$artifacts" && "$venv/bin/schemathesis" run "$base/api/v1/openapi.json" \
  --header "Authorization: Bearer $token" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --phases "${API_FUZZ_PHASES:-examples,coverage,fuzzing,stateful}" \
  --max-examples "${API_FUZZ_EXAMPLES:-25}" --seed "${API_FUZZ_SEED:-1313}" \
  --workers 1 --request-timeout 30 --generation-database none \
  --exclude-operation-id deleteTokensId --exclude-operation-id deleteSessionsId \
  --exclude-operation-id deleteMembersId --exclude-operation-id patchMembersId \
  --suppress-health-check all --warnings off \
  --report junit --report-dir "$artifacts" \
  "$@") || status=$?
echo "api fuzz: $(( $(date +%s) - started )) s; reports in $artifacts" >&2
if grep -q "error: .* failed:" "$artifacts/server.log"; then
  echo "the server logged failures:" >&2
  grep "error: .* failed:" "$artifacts/server.log" | head -20 >&2
  status=1
fi
exit "$status"
