#!/usr/bin/env bash
# Prepares the ingredient-parsing peer for `larder-bench ingredients`: a virtual environment in
# .venv-peer/ (repository root, gitignored) with ingredient-parser-nlp 2.9.1 from PyPI, and the
# NLTK English tagger it needs, copied from ../shared/data/nltk (never downloaded: this network
# reaches PyPI only). Idempotent: does nothing that is already done. Used by `make peer`.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$root/.venv-peer"
version="2.9.1"
python="${PYTHON:-python3}"

# The tagger: ../shared next to the repository, or NLTK_SOURCE when it lives elsewhere.
nltk_source="${NLTK_SOURCE:-$root/../shared/data/nltk}"
nltk_target="$venv/nltk_data"
tagger="taggers/averaged_perceptron_tagger_eng"

if [[ ! -x "$venv/bin/python" ]]; then
  echo "Creating $venv"
  if ! "$python" -m venv "$venv"; then
    # Debian's python3 makes virtual environments only with python3-venv installed.
    rm -rf "$venv"
    "$root/scripts/ensure-deps.sh" python3-venv
    "$python" -m venv "$venv"
  fi
fi

installed=$("$venv/bin/python" -m pip show ingredient-parser-nlp 2>/dev/null \
  | sed -n 's/^Version: //p' || true)
if [[ "$installed" != "$version" ]]; then
  echo "Installing ingredient-parser-nlp==$version into $venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "ingredient-parser-nlp==$version"
fi

if [[ ! -f "$nltk_target/$tagger/averaged_perceptron_tagger_eng.weights.json" ]]; then
  if [[ ! -d "$nltk_source/$tagger" ]]; then
    echo "error: the NLTK tagger is not at $nltk_source/$tagger" >&2
    echo "Set NLTK_SOURCE to the folder holding taggers/ (see shared/data/nltk/SOURCE.md)." >&2
    exit 1
  fi
  echo "Copying the NLTK tagger into $nltk_target"
  mkdir -p "$nltk_target/taggers"
  rm -rf "$nltk_target/$tagger"
  cp -R "$nltk_source/$tagger" "$nltk_target/taggers/"
  chmod -R u+w "$nltk_target/taggers"
  gunzip -f "$nltk_target/$tagger/averaged_perceptron_tagger_eng.weights.json.gz"
fi

# A smoke test through the script the benchmark runs, which stops before the peer could try
# to download anything.
answer=$(echo '"2 cups flour"' | NLTK_DATA="$nltk_target" "$venv/bin/python" \
  "$root/scripts/peer/parse_lines.py")
if [[ "$answer" != *'"name": "flour"'* ]]; then
  echo "error: the peer's smoke test failed: $answer" >&2
  exit 1
fi
echo "Peer ready: $venv (NLTK_DATA=$nltk_target)"
