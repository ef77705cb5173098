#!/usr/bin/env python3
"""Soak benchmark: `larder serve` (release) under a steady mixed load for several minutes.

Builds a library of generated recipes with `larder-bench store --db`, makes an owner and an API
token with the CLI, starts the server, and drives it with wrk (Debian's package) from 16
connections with a mix of full-text search, the pantry finder, recipe pages, the library page
and writes (a pantry item's amount, a recipe's favourite and rating). Every minute it reads the
server's resident memory from /proc and wrk's figures for that minute: requests, errors (socket
errors and answers other than 2xx/3xx), p50/p99 latency.

Prints one JSON document (see BENCHMARKS.md). Exit status 1 when any minute had errors or when
RSS grew more than 10% after the warm-up minute. Run through `make bench-soak`.
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, ".build", "release")

LUA = r"""
-- One request per call, chosen by weight; the recipe ids, pantry item and token come from
-- the environment the soak script sets.
local token = os.getenv("SOAK_TOKEN")
local pantry = os.getenv("SOAK_PANTRY")
local ids = {}
for id in string.gmatch(os.getenv("SOAK_IDS"), "[^,]+") do ids[#ids + 1] = id end
local words = {"tomato", "garlic", "chick", "onion soup", "lemon", "rice", "coconut curry",
  "bread", "chocolate", "egg", "bean", "pasta", "spin", "ginger", "potato", "honey"}
local pantries = {"egg,flour,milk,butter", "onion,garlic,tomato,rice,chicken",
  "pasta,tomato,basil,parmesan,garlic,olive oil", "potato,carrot,onion,celery,leek,butter",
  "rice,coconut milk,ginger,garlic,lime,chili,onion,chicken,spinach,tomato"}
local counter = 0

local function pick(list) return list[math.random(#list)] end
local function escape(text) return (text:gsub(" ", "%%20"):gsub(",", "%%2C")) end

request = function()
  counter = counter + 1
  local headers = {["Authorization"] = "Bearer " .. token}
  local roll = math.random(100)
  if roll <= 30 then
    return wrk.format("GET", "/api/v1/recipes?q=" .. escape(pick(words)) .. "&limit=24", headers)
  elseif roll <= 55 then
    return wrk.format("GET", "/api/v1/finder?have=" .. escape(pick(pantries)), headers)
  elseif roll <= 80 then
    return wrk.format("GET", "/recipes/" .. pick(ids), headers)
  elseif roll <= 85 then
    return wrk.format("GET", "/library?q=" .. escape(pick(words)), headers)
  elseif roll <= 93 then
    headers["Content-Type"] = "application/json"
    return wrk.format("PATCH", "/api/v1/pantry/" .. pantry, headers,
      '{"quantity": ' .. (counter % 12 + 1) .. '}')
  else
    headers["Content-Type"] = "application/json"
    local favourite = (counter % 2 == 0) and "true" or "false"
    return wrk.format("PATCH", "/api/v1/recipes/" .. pick(ids), headers,
      '{"isFavorite": ' .. favourite .. ', "rating": ' .. (counter % 5 + 1) .. '}')
  end
end

done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'SOAK {"requests": %d, "seconds": %.3f, "socketErrors": %d, "badStatus": %d, ' ..
    '"p50ms": %.3f, "p99ms": %.3f, "maxms": %.3f}\n',
    summary.requests, summary.duration / 1e6,
    errors.connect + errors.read + errors.write + errors.timeout, errors.status,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
"""


def run(command, **kwargs):
    return subprocess.run(command, check=True, text=True, capture_output=True, **kwargs)


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    raise RuntimeError("no VmRSS")


def api(port, token, method, path, body=None):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=int, default=10)
    parser.add_argument("--recipes", type=int, default=100_000)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--threads", type=int, default=2, help="wrk's threads")
    parser.add_argument("--db", help="reuse (or keep) this library instead of a temporary one")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="larder-soak-")
    database = args.db or os.path.join(folder, "larder.sqlite")
    larder = os.path.join(RELEASE, "larder")
    environment = dict(os.environ, HOME=folder, XDG_CONFIG_HOME=folder, LARDER_STARTER_RECIPES="0")
    if not os.path.exists(database):
        print(f"Generating {args.recipes} recipes in {database}…", file=sys.stderr)
        run([os.path.join(RELEASE, "larder-bench"), "store", "--recipes", str(args.recipes),
             "--queries", "20", "--db", database], env=environment)
        run([larder, "--db", database, "users", "add", "soak", "--owner", "--password-stdin"],
            input="soak password 1234\n", env=environment)
    token = run([larder, "--db", database, "tokens", "create", "--user", "soak", "--name",
                 "soak"], env=environment).stdout.strip().splitlines()[-1]

    server = subprocess.Popen(
        [larder, "--db", database, "serve", "--port", "0", "--threads", "4"], env=environment,
        stderr=subprocess.PIPE, text=True)
    port = None
    started = time.time()
    for line in server.stderr:
        match = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
        if match:
            port = int(match.group(1))
        if "Press Ctrl-C" in line:
            break
    if port is None:
        raise SystemExit("the server did not start")
    startup = round(time.time() - started, 2)
    # The log goes on to a file so the pipe never fills.
    log_path = os.path.join(folder, "server.log")

    def drain():
        with open(log_path, "w") as log:
            for line in server.stderr:
                log.write(line)

    threading.Thread(target=drain, daemon=True).start()

    listed = api(port, token, "GET", "/api/v1/recipes?limit=200&sort=name")
    ids = [item["id"] for item in listed["items"]]
    item = api(port, token, "POST", "/api/v1/pantry", {"line": "6 onions"})
    pantry_id = item["id"]
    lua_path = os.path.join(folder, "soak.lua")
    with open(lua_path, "w") as lua:
        lua.write(LUA)
    wrk_environment = dict(os.environ, SOAK_TOKEN=token, SOAK_IDS=",".join(ids),
                           SOAK_PANTRY=pantry_id)

    minutes = []
    rss_start = rss_mb(server.pid)
    for minute in range(1, args.minutes + 1):
        result = subprocess.run(
            ["wrk", "-t", str(args.threads), "-c", str(args.connections), "-d", "60s",
             "--timeout", "10s", "-s", lua_path, f"http://127.0.0.1:{port}"],
            env=wrk_environment, check=True, text=True, capture_output=True)
        line = next(l for l in result.stdout.splitlines() if l.startswith("SOAK "))
        figures = json.loads(line[5:])
        figures["minute"] = minute
        figures["requestsPerSecond"] = round(figures["requests"] / figures["seconds"], 1)
        figures["rssMB"] = rss_mb(server.pid)
        figures["errors"] = figures.pop("socketErrors") + figures.pop("badStatus")
        minutes.append(figures)
        print(json.dumps(figures), file=sys.stderr)

    server.send_signal(signal.SIGTERM)
    server.wait(timeout=30)
    warm = minutes[0]["rssMB"]
    peak_after = max(m["rssMB"] for m in minutes[1:]) if len(minutes) > 1 else warm
    growth = round((peak_after - warm) / warm * 100, 1)
    report = {
        "benchmark": "soak",
        "recipes": args.recipes,
        "minutes": args.minutes,
        "connections": args.connections,
        "serverThreads": 4,
        "startupSeconds": startup,
        "rssBeforeLoadMB": rss_start,
        "rssAfterWarmupMB": warm,
        "rssGrowthAfterWarmupPercent": growth,
        "errors": sum(m["errors"] for m in minutes),
        "requests": sum(m["requests"] for m in minutes),
        "machine": f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end",
        "perMinute": minutes,
    }
    print(json.dumps(report, indent=2))
    if report["errors"] or growth > 10:
        sys.exit(1)


if __name__ == "__main__":
    main()
