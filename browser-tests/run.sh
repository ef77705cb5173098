#!/usr/bin/env bash
# Runs the browser tests: headless Chromium (Debian's chromium + chromium-driver) driven by
# selenium from a virtual environment, against `larder serve` (the debug binary `swift build`
# made) on a free port with a fresh database, plus a local fixture site for clipping.
# Screenshots land in .build/browser-artifacts/. Extra arguments go to unittest (e.g. -k cook).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

source browser-tests/prepare.sh

artifacts="$root/.build/browser-artifacts"
mkdir -p "$artifacts"
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

port=$(free_port)
# Clipping from the loopback fixture site needs the clipping opt-in for private addresses.
LARDER_CLIP_ALLOW_PRIVATE=true XDG_CONFIG_HOME="$work/config" \
  "$binary" serve --db "$work/larder.sqlite" --port "$port" >"$artifacts/server.log" 2>&1 &
pids+=($!)

fixture_port=$(free_port)
python3 -m http.server "$fixture_port" --bind 127.0.0.1 --directory browser-tests/fixtures \
  >"$artifacts/fixture-server.log" 2>&1 &
pids+=($!)

wait_for() { python3 - "$@" <<'PY'
import sys, time, urllib.request
for url in sys.argv[1:]:
    for _ in range(300):
        try:
            urllib.request.urlopen(url, timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)
    else:
        sys.exit(f"error: {url} did not answer")
PY
}
wait_for "http://127.0.0.1:$port/api/v1/health" "http://127.0.0.1:$fixture_port/flatbread.html" \
  || { cat "$artifacts/server.log" >&2; exit 1; }

# The first account, made through the setup page as a new user would, with the setup code the
# server printed; the tests sign in as it.
code=$(grep -o 'setup?code=[A-Za-z0-9_-]*' "$artifacts/server.log" | head -1 | cut -d= -f2)
session=$(python3 - "http://127.0.0.1:$port" "$code" <<'PY'
import sys, urllib.parse, urllib.request
class Keep(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
form = urllib.parse.urlencode({"displayName": "Tess", "login": "tester",
    "password": "browser tests", "confirm": "browser tests", "code": sys.argv[2]}).encode()
request = urllib.request.Request(sys.argv[1] + "/setup", data=form, method="POST",
    headers={"Content-Type": "application/x-www-form-urlencoded"})
try:
    urllib.request.build_opener(Keep).open(request)
except urllib.error.HTTPError as answer:
    cookie = answer.headers.get("Set-Cookie", "")
    if answer.code == 303 and cookie.startswith("larder_session="):
        print(cookie.split(";")[0].split("=", 1)[1])
        sys.exit(0)
    sys.exit(f"error: setting up the first account answered {answer.code}")
sys.exit("error: setting up the first account did not sign in")
PY
) || { cat "$artifacts/server.log" >&2; exit 1; }

LARDER_URL="http://127.0.0.1:$port" FIXTURE_URL="http://127.0.0.1:$fixture_port" \
  LARDER_SESSION="$session" LARDER_BINARY="$binary" LARDER_DB="$work/larder.sqlite" \
  ARTIFACTS="$artifacts" "$venv/bin/python" -m unittest discover -s browser-tests -p 'test_*.py' -v "$@"
