#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian package lecteur_VERSION_ARCH.deb (and lecteur-dbgsym_VERSION_ARCH.deb) with
# debhelper (debian/, which drives the Makefile), offline, as the current user, from a copy of the
# checkout (dpkg-buildpackage writes beside the source folder, and `debian/rules clean` empties the
# build folder), then checks it with lintian. A release build from nothing: several minutes.
#
#   scripts/build-deb.sh [OUTDIR]     both go to OUTDIR (default: dist-out/)
#
# LECTEUR_DEB_WORK=DIR: build in DIR (an empty or missing folder) and keep it: DIR/lecteur is then
# the tree with its release build done (.build-release), where scripts/test.sh runs InstallTests
# without a second release build.
#
# Needs debhelper, lintian, appstream, desktop-file-utils (scripts/install-deps.sh test) and Swift.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-dist-out}")
mkdir -p "$out"
command -v swift >/dev/null || export PATH=/opt/swift/usr/bin:$PATH
command -v swift >/dev/null || { echo "build-deb.sh : swift introuvable (voir https://www.swift.org/install/linux/)" >&2; exit 1; }

if [ -n "${LECTEUR_DEB_WORK:-}" ]; then
  work=$(realpath -m "$LECTEUR_DEB_WORK")
  mkdir -p "$work"
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/lecteur-deb.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi
# The files git knows (committed or not yet), nothing it ignores: no .build*, no Package.resolved.
mkdir "$work/lecteur"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
  [ -e "$f" ] && printf '%s\0' "$f"
done | tar --null -T - -cf - | tar -xf - -C "$work/lecteur"

appstreamcli validate --no-net "$work"/lecteur/dist/*.metainfo.xml >&2
(cd "$work/lecteur" && dpkg-buildpackage -us -uc -b) >&2
cp "$work"/*.deb "$out/"
deb=$(ls "$work"/lecteur_*.deb)
echo "lintian :" >&2
lintian --fail-on error,warning --info "$deb" >&2
echo "$out/$(basename "$deb")"
