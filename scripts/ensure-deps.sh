#!/usr/bin/env bash
# Installs the Debian packages Larder needs to build and test, only when something is missing.
# Runs 'apt-get update' at most once. Used by 'make run' and 'make test'.
set -euo pipefail

# Debian builds libmicrohttpd with GnuTLS, which `larder serve --tls-cert` uses; openssl and curl
# make and check a certificate in the HTTPS tests; libsodium-dev hashes account passwords.
# Photo import runs tesseract (with English, German, French, Spanish and Italian) after
# ImageMagick has deskewed and thresholded the page; the tests render recipe cards with
# ImageMagick in the DejaVu and Liberation fonts.
# libpq-dev is the PostgreSQL store's client library; postgresql (with its unaccent extension)
# is the server the tests start a private cluster of (scripts/with-postgres.sh).
packages=(pkg-config libsqlite3-dev libmicrohttpd-dev libxml2-dev zlib1g-dev libcurl4-openssl-dev
  libsodium-dev openssl curl libpq-dev postgresql postgresql-contrib
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa
  tesseract-ocr-ita imagemagick fonts-dejavu-core fonts-liberation)
# Extra packages a target needs (for example the browser tests) come as arguments.
packages+=("$@")

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]})); then
  echo "Installing missing packages: ${missing[*]}"
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "error: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v swift >/dev/null; then
  cat >&2 <<'MSG'
error: the Swift 6 toolchain is not on PATH.
Larder needs Swift 6.0 or newer (https://www.swift.org/install/linux/); Debian 12 does not
package it. Install it (for example to /opt/swift) and put its usr/bin on PATH.
MSG
  exit 1
fi
