#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A private speech-dispatcher for tests: its own configuration, socket, pid and log in DIR, the
# espeak-ng output module, French by default, playing into the PulseAudio named by PULSE_SERVER
# (the tests' private null sink). Nothing is shared with a user's session daemon.
#
#   PULSE_SERVER=unix:… scripts/speechd-test.sh start DIR   starts it, prints the SPEECHD_ADDRESS value
#                                  (SPEECHD_LOG_LEVEL=5: its log, DIR/log, names each message's priority)
#   scripts/speechd-test.sh stop DIR                        stops it; succeeds when nothing runs
#   scripts/speechd-test.sh available                       succeeds when speech-dispatcher is installed
set -eu
cmd=${1:-}
dir=${2:-}

case $cmd in
available)
    command -v speech-dispatcher >/dev/null 2>&1 && [ -d /etc/speech-dispatcher ] \
        && [ -e /usr/lib/speech-dispatcher-modules/sd_espeak-ng ]
    ;;
start)
    [ -n "$dir" ] || { echo "usage: $0 start DIR" >&2; exit 2; }
    [ -n "${PULSE_SERVER:-}" ] || { echo "speechd-test: PULSE_SERVER must name the private PulseAudio" >&2; exit 2; }
    mkdir -p "$dir/conf" "$dir/log" "$dir/runtime"
    chmod 700 "$dir/runtime"
    cp -r /etc/speech-dispatcher/. "$dir/conf/"
    # Later lines win in speechd.conf: append the test's choices.
    cat >>"$dir/conf/speechd.conf" <<EOF
AudioOutputMethod "pulse"
DefaultModule espeak-ng
DefaultLanguage "fr"
EOF
    # SPEECHD_LOG_LEVEL=5 logs each message with its client and priority (a test reads them).
    if [ -n "${SPEECHD_LOG_LEVEL:-}" ]; then echo "LogLevel ${SPEECHD_LOG_LEVEL}" >>"$dir/conf/speechd.conf"; fi
    # Its own runtime folder: no autospawned session daemon is found or disturbed.
    # Standard descriptors to files: a test runner's pipes are not held open. A test runner may
    # block SIGTERM, and the daemon would inherit that mask: it starts with every signal unblocked.
    XDG_RUNTIME_DIR="$dir/runtime" HOME="$dir" python3 -c '
import os, signal, sys
signal.pthread_sigmask(signal.SIG_SETMASK, [])
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGPIPE):
    signal.signal(s, signal.SIG_DFL)
os.closerange(3, 65536)
os.execvp(sys.argv[1], sys.argv[1:])' \
        speech-dispatcher -s -t 0 -c unix_socket -S "$dir/speechd.sock" -P "$dir/speechd.pid" \
        -C "$dir/conf" -L "$dir/log" </dev/null >"$dir/speechd.out" 2>&1 &
    i=0
    until [ -S "$dir/speechd.sock" ] && [ -s "$dir/speechd.pid" ]; do
        i=$((i + 1))
        if [ $i -gt 100 ]; then
            echo "speech-dispatcher did not start: $(tail -5 "$dir/speechd.out" "$dir/log/speech-dispatcher.log" 2>/dev/null)" >&2
            exit 1
        fi
        sleep 0.05
    done
    echo "unix_socket:$dir/speechd.sock"
    ;;
stop)
    [ -n "$dir" ] || { echo "usage: $0 stop DIR" >&2; exit 2; }
    [ -f "$dir/speechd.pid" ] || exit 0
    pid=$(cat "$dir/speechd.pid")
    if [ -n "$pid" ] && grep -q speech-dispatcher "/proc/$pid/cmdline" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        i=0
        while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do i=$((i + 1)); sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$dir/speechd.pid" "$dir/speechd.sock"
    ;;
*)
    sed -n '3,10p' "$0" >&2
    exit 2
    ;;
esac
