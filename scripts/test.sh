#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the whole test suite on a fresh Debian 12 machine with Swift: installs the missing system
# packages, starts the private PulseAudio and brltty the integration tests use, runs the tests,
# and stops the daemons whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test

source scripts/test-daemons.sh
work=$(mktemp -d /tmp/lecteur-test.XXXXXX)
trap 'stop_test_daemons "$work"' EXIT

swift build --build-tests

# A short bounded fuzzing pass over the pure core (libFuzzer + ASan); longer runs: scripts/fuzz.sh --time 300.
# A crash fails the run (after the tests, so that one run says everything): its input is in
# .build-fuzz/artifacts and becomes a regression test.
fuzz_status=0
scripts/fuzz.sh --time 20 || fuzz_status=$?

# The Debian package (scripts/build-deb.sh: a release build from nothing under debhelper, then
# lintian, which fails the step on any error or warning), a step of its own because it takes
# minutes; PackageTests then installs it with dpkg, runs it and removes it (as root).
package_status=0
if [ "$(id -u)" -eq 0 ] && command -v dpkg-buildpackage >/dev/null && command -v lintian >/dev/null; then
  started=$SECONDS
  if deb=$(scripts/build-deb.sh "$work/deb"); then
    export LECTEUR_PACKAGE_DEB=$deb
  else
    package_status=1
  fi
  echo "package: built and checked in $((SECONDS - started)) s" >&2
fi

# Daemons for the integration tests.
start_test_daemons "$work"

# Suites share the daemons: run them one after the other.
swift test --skip-build --no-parallel "$@"

if [ "$package_status" -ne 0 ]; then
  echo "package: scripts/build-deb.sh failed (see above); the suite fails" >&2
  exit "$package_status"
fi
if [ "$fuzz_status" -ne 0 ]; then
  echo "fuzz: a target crashed or did not build (see above); the suite fails" >&2
  exit "$fuzz_status"
fi
