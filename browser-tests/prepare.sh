# Sourced by the browser scripts from the repository's root: installs Chromium, its driver and
# Python's venv support when missing, keeps .venv-browser/ matching requirements.txt, and sets `venv` and `binary`
# (the debug `larder` that `swift build` made).
source scripts/lib/python-env.sh
venv="$(pwd)/.venv-browser"
python_env "$venv" browser-tests/requirements.txt chromium chromium-driver
binary=$(debug_larder)
