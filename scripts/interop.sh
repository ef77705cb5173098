#!/usr/bin/env bash
# Reads what Larder writes with the tools people already use, installed from PyPI into
# .venv-interop/ (scripts/interop/requirements.txt):
# - check_cooklang.py: the starter recipes and a recipe of hard lines exported as Cooklang and
#   read by cooklang-rs (cooklang-bindings), the official parser: every ingredient's name,
#   quantity and unit as Larder parses the line; and Larder reads its own export back.
# - check_schema_org.py: every recipe page, a share link's page and a collection's recipe page
#   of a `larder serve` on a scratch database read by recipe-scrapers and by Larder's own
#   extractor: every field equal to the recipe's, and no text ends the JSON-LD element.
# Uses the debug `larder` that `swift build` made and only the repository's own files.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

source scripts/lib/python-env.sh
venv="$root/.venv-interop"
python_env "$venv" scripts/interop/requirements.txt
binary=$(debug_larder)

starters="$root/Sources/LarderApplication/Resources/starter-recipes"
status=0
"$venv/bin/python" scripts/interop/check_cooklang.py "$binary" "$starters" || status=1
"$venv/bin/python" scripts/interop/check_schema_org.py "$binary" "$starters" || status=1
exit "$status"
