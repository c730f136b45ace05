#!/bin/sh
# Debian's chromium and a fixed font for the browser tests (Playwright's browser download is not used).
# Installs them with apt-get when missing and running as root; otherwise says what is missing, and the
# browser tests skip (or fail, when CI=true).
set -eu
missing=""
command -v chromium >/dev/null 2>&1 || missing="chromium"
if command -v dpkg >/dev/null 2>&1 && ! dpkg -s fonts-dejavu-core >/dev/null 2>&1; then
  missing="$missing fonts-dejavu-core"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing$missing for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
else
  echo "browser tests need:$missing (apt-get install$missing); without it they are skipped" >&2
fi
