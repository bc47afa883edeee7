#!/usr/bin/env bash
# The Debian packages the tests need, in one place: `npm test` (scripts/test-all.sh) runs this first, and so does
# anyone setting up a machine by hand. Each package is named with the command or file that proves it is there:
#   chromium          /usr/bin/chromium: browser tests, Lighthouse, screenshots
#   fonts-noto-cjk    Chinese glyphs in screenshots and layout checks (without it Chinese renders as boxes)
#   firefox-esr       /usr/bin/firefox-esr: the browser journeys in Firefox (puppeteer-core over WebDriver BiDi)
#   webkit2gtk-driver /usr/bin/WebKitWebDriver: the browser journeys in WebKitGTK (webdriverio)
#   xvfb              /usr/bin/Xvfb: the display WebKitGTK needs
#   postgresql        pg_lsclusters: the server tests on PostgreSQL, the cluster and crash tests
#   nginx-light       nginx: the round-robin proxy of the cluster tests, the TLS proxy of the Observatory scan
#   libxml2-utils     xmllint: the sitemap is validated against its schema
#   prometheus        promtool: the alert rules and a metrics scrape are checked
# Missing packages are installed when this runs as root with apt-get; otherwise it stops at once with the one
# command to run, so no suite is ever skipped for want of a package. `--list` prints the package names.
set -euo pipefail

packages=(chromium fonts-noto-cjk firefox-esr webkit2gtk-driver xvfb postgresql nginx-light libxml2-utils prometheus)
if [ "${1:-}" = --list ]; then echo "${packages[*]}"; exit 0; fi

missing=()
has() { command -v "$1" >/dev/null 2>&1 || [ -x "$1" ]; }
has chromium || missing+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing+=(fonts-noto-cjk)
has firefox-esr || missing+=(firefox-esr)
has /usr/bin/WebKitWebDriver || missing+=(webkit2gtk-driver)
has Xvfb || missing+=(xvfb)
has pg_lsclusters || missing+=(postgresql)
has nginx || has /usr/sbin/nginx || missing+=(nginx-light)
has xmllint || missing+=(libxml2-utils)
has promtool || missing+=(prometheus)

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the Debian packages the tests need: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi

echo "The tests need these Debian packages, which are missing: ${missing[*]}" >&2
echo "Install them (as root), then run npm test again:" >&2
echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
exit 1
