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

# Debian's python3 makes virtual environments only with python3-venv (ensurepip).
packages=(python3)
if ! python3 -c 'import ensurepip' 2>/dev/null; then packages+=(python3-venv); fi
scripts/ensure-deps.sh "${packages[@]}"

venv="$root/.venv-interop"
requirements=scripts/interop/requirements.txt
if [[ ! -x "$venv/bin/python" ]] || ! cmp -s "$requirements" "$venv/requirements.txt"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/requirements.txt"
fi

binary="$root/.build/debug/larder"
[[ -x "$binary" ]] || { echo "error: $binary is missing; run 'swift build' first" >&2; exit 1; }

starters="$root/Sources/LarderApplication/Resources/starter-recipes"
status=0
"$venv/bin/python" scripts/interop/check_cooklang.py "$binary" "$starters" || status=1
"$venv/bin/python" scripts/interop/check_schema_org.py "$binary" "$starters" || status=1
exit "$status"
