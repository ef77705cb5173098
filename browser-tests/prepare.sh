# Sourced by the browser scripts from the repository's root: installs Chromium, its driver and
# Python's venv support when missing, keeps .venv-browser/ matching requirements.txt, and sets `venv` and `binary`
# (the debug `larder` that `swift build` made).
# Debian's python3 makes virtual environments only with python3-venv (ensurepip); a python3
# that already has ensurepip (pyenv, say) needs nothing more.
packages=(chromium chromium-driver python3)
if ! python3 -c 'import ensurepip' 2>/dev/null; then packages+=(python3-venv); fi
scripts/ensure-deps.sh "${packages[@]}"

venv="$(pwd)/.venv-browser"
if [[ ! -x "$venv/bin/python" ]] || ! cmp -s browser-tests/requirements.txt "$venv/requirements.txt"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r browser-tests/requirements.txt
  cp browser-tests/requirements.txt "$venv/requirements.txt"
fi

binary="$(pwd)/.build/debug/larder"
[[ -x "$binary" ]] || { echo "error: $binary is missing; run 'swift build' first" >&2; exit 1; }
