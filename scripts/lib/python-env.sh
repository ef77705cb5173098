# Sourced from the repository's root by the scripts that run Python tools against Larder
# (browser tests, API fuzzing, interoperability checks).

# python_env DIR REQUIREMENTS [DEBIAN_PACKAGE...]: installs python3 and the Debian packages
# named when missing (and python3-venv, which Debian's python3 needs to make a virtual
# environment; a python3 that already has ensurepip, pyenv's say, needs nothing more), then
# keeps the virtual environment DIR matching REQUIREMENTS, reinstalling when the file changed.
python_env() {
  local venv=$1 requirements=$2
  shift 2
  local packages=("$@" python3)
  if ! python3 -c 'import ensurepip' 2>/dev/null; then packages+=(python3-venv); fi
  scripts/ensure-deps.sh "${packages[@]}"
  if [[ ! -x "$venv/bin/python" ]] || ! cmp -s "$requirements" "$venv/requirements.txt"; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/requirements.txt"
  fi
}

# debug_larder: prints the debug `larder` that `swift build` made, or fails saying so.
debug_larder() {
  local binary
  binary="$(pwd)/.build/debug/larder"
  [[ -x "$binary" ]] || { echo "error: $binary is missing; run 'swift build' first" >&2; return 1; }
  echo "$binary"
}
