#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the whole test suite on a fresh Debian 12 machine with Swift: installs the missing system
# packages, checks that the private PulseAudio, speech-dispatcher and brltty the tests start can
# start here, runs the tests, the install test, and ends with the count of skipped tests.
# Under CI=true (the CI entry point, .ci/run) a test runs or fails: a skipped test fails the run.
# What each gate needs: docs/testing.md.
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
# Under CI it is required: missing tools or root fail the run instead of skipping the package.
package_status=0
ci=0
if [ -n "${CI:-}" ] && [ "${CI}" != false ] && [ "${CI}" != 0 ]; then ci=1; fi
if [ "$(id -u)" -ne 0 ] || ! command -v dpkg-buildpackage >/dev/null || ! command -v lintian >/dev/null; then
  echo "package: not built (needs root, dpkg-buildpackage and lintian: scripts/install-deps.sh test)" >&2
  [ "$ci" -eq 1 ] && package_status=1
else
  started=$SECONDS
  if deb=$(scripts/build-deb.sh "$work/deb"); then
    export LECTEUR_PACKAGE_DEB=$deb
  else
    package_status=1
  fi
  echo "package: built and checked in $((SECONDS - started)) s" >&2
fi

# A daemon that cannot start stops the run here, named with its log.
check_test_daemons "$work/check"

# Suites that start daemons of their own run one after the other. The installed program is
# checked by PackageTests on the package built above (dpkg -i, run from /, man, completions,
# dpkg -r); InstallTests (scripts/install.sh into a prefix, a second release build) is run on
# demand: LECTEUR_INSTALL_TEST=1 swift test --filter InstallTests (docs/testing.md).
log="$work/swift-test.log"
status=0
swift test --skip-build --no-parallel --skip InstallTests "$@" 2>&1 | tee "$log" || status=$?

# Swift Testing reports each skipped test as `➜ Test name() skipped: "reason"`.
skipped=$(grep -cE '^[^ ]+ Test .* skipped' "$log" || true)
echo "test.sh: $skipped skipped test(s)"
grep -E '^[^ ]+ Test .* skipped' "$log" || true

if [ "$status" -ne 0 ]; then
  exit "$status"
fi
if [ "$skipped" -ne 0 ] && [ -n "${CI:-}" ] && [ "${CI}" != false ] && [ "${CI}" != 0 ]; then
  echo "test.sh: CI=$CI and $skipped test(s) were skipped: in CI a test runs or fails (docs/testing.md)" >&2
  exit 1
fi
if [ "$package_status" -ne 0 ]; then
  echo "package: scripts/build-deb.sh failed (see above); the suite fails" >&2
  exit "$package_status"
fi
if [ "$fuzz_status" -ne 0 ]; then
  echo "fuzz: a target crashed or did not build (see above); the suite fails" >&2
  exit "$fuzz_status"
fi
