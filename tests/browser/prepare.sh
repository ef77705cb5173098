# Sourced by the browser scripts from the repository's root: installs Chromium and its driver
# when missing, keeps .venv-browser/ matching requirements.txt, and sets `venv` and `binary`
# (the debug `larder` that `swift build` made).
scripts/ensure-deps.sh chromium chromium-driver

venv="$(pwd)/.venv-browser"
if [[ ! -x "$venv/bin/python" ]] || ! cmp -s tests/browser/requirements.txt "$venv/requirements.txt"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r tests/browser/requirements.txt
  cp tests/browser/requirements.txt "$venv/requirements.txt"
fi

binary="$(pwd)/.build/debug/larder"
[[ -x "$binary" ]] || { echo "error: $binary is missing; run 'swift build' first" >&2; exit 1; }
