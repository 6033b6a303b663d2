#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds and runs the reader on its built-in catalogue (arguments are passed to `lecteur`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh run
swift build -c release --product lecteur >&2
exec .build/release/lecteur "$@"
