#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A private PulseAudio for tests and benchmarks: one anonymous unix socket and a null sink named
# `cap` whose monitor records exactly what was played. `norewinds=1` matters: with the default
# null sink the beginning of a new stream is rewritten away and never reaches the monitor.
#
#   scripts/pulse-test.sh start DIR   starts it (if not already running) and prints the
#                                     PULSE_SERVER value to export, e.g. unix:DIR/native
#   scripts/pulse-test.sh stop DIR    stops it; succeeds when nothing is running
#   scripts/pulse-test.sh available   succeeds when a daemon binary (system or private) is there
#   scripts/pulse-test.sh kill DIR    kills it with SIGKILL, as a crash would (start restarts it
#                                     on the same socket)
#
# The daemon runs without systemd or a session bus, also as root (tests in containers).
set -eu
cmd=${1:-}
dir=${2:-}
if [ "$cmd" != available ]; then
    [ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop|kill DIR" >&2; exit 2; }
fi
server="unix:$dir/native"

# The daemon: the system's pulseaudio, or on a PipeWire desktop the copy scripts/install-deps.sh
# unpacked into a private folder (run with its own libraries and modules; nothing installed).
private_pulse="${LECTEUR_PRIVATE_PULSE:-${XDG_CACHE_HOME:-$HOME/.cache}/lecteur/pulseaudio}"
pulse_daemon() {
    if [ -z "${LECTEUR_PULSE_PRIVATE_ONLY:-}" ] && command -v pulseaudio >/dev/null 2>&1; then
        pulseaudio "$@"
    elif [ -x "$private_pulse/usr/bin/pulseaudio" ]; then
        modules=$(ls -d "$private_pulse"/usr/lib/pulse-*/modules | head -n 1)
        LD_LIBRARY_PATH="$private_pulse/usr/lib/x86_64-linux-gnu/pulseaudio:$modules${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
            "$private_pulse/usr/bin/pulseaudio" --dl-search-path="$modules" "$@"
    else
        echo "no pulseaudio binary (run scripts/install-deps.sh test)" >&2
        return 1
    fi
}

# Each pactl call is bounded: a daemon that accepted the connection but stalls (still starting
# under load) would otherwise hold the call, and the test's start, without end.
running() { PULSE_SERVER=$server timeout 5 pactl info >/dev/null 2>&1; }

case $cmd in
available)
    { [ -z "${LECTEUR_PULSE_PRIVATE_ONLY:-}" ] && command -v pulseaudio >/dev/null 2>&1; } \
        || [ -x "$private_pulse/usr/bin/pulseaudio" ]
    ;;
start)
    mkdir -p "$dir/runtime" "$dir/state"
    chmod 700 "$dir/runtime"
    if ! running; then
        # A pid file left by a daemon that was killed (a test's crash injection) names a process
        # that may linger as a zombie; pulseaudio would then refuse to start ("already running").
        rm -f "$dir/runtime/pid"
        # Own runtime/state/home dirs: nothing is shared with a user's session daemon.
        export XDG_RUNTIME_DIR="$dir/runtime" PULSE_RUNTIME_PATH="$dir/runtime" \
               PULSE_STATE_PATH="$dir/state" HOME="$dir"
        unset PULSE_SERVER
        pulse_daemon --daemonize=yes --exit-idle-time=-1 --system=false -n \
            --use-pid-file=yes --disallow-exit=no \
            --load="module-native-protocol-unix auth-anonymous=1 socket=$dir/native" \
            --load="module-null-sink sink_name=cap rate=22050 norewinds=1" \
            --log-target=file:"$dir/pulse.log" 2>>"$dir/pulse.err" || {
                cat "$dir/pulse.err" >&2; exit 1; }
        i=0
        until running; do
            i=$((i + 1))
            [ $i -le 100 ] || { echo "pulseaudio did not answer on $server" >&2; exit 1; }
            sleep 0.05
        done
        PULSE_SERVER=$server timeout 10 pactl set-default-sink cap
        # --daemonize puts the daemon in a session of its own, so out of the autogroup of the
        # test that started it. A test lane that runs at a higher priority (scripts/test.sh's
        # timing lane) names its autogroup nice here, and its sound server gets it too: the
        # sound a test judges is then not played at the priority of the load beside it.
        if [ -n "${LECTEUR_TEST_AUTOGROUP_NICE:-}" ] && [ -f "$dir/runtime/pid" ]; then
            echo "$LECTEUR_TEST_AUTOGROUP_NICE" > "/proc/$(cat "$dir/runtime/pid")/autogroup" 2>/dev/null || true
        fi
    fi
    echo "$server"
    ;;
stop)
    pidfile="$dir/runtime/pid"
    if running; then
        # Asked over the protocol rather than by signal: a daemon started from a process that
        # blocks SIGTERM (test runners do) inherits that mask and would ignore `pulseaudio --kill`.
        PULSE_SERVER=$server pactl exit 2>/dev/null || true
        i=0
        while running && [ $i -lt 60 ]; do i=$((i + 1)); sleep 0.05; done
    fi
    if [ -f "$pidfile" ]; then
        pid=$(cat "$pidfile")
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && grep -q pulseaudio "/proc/$pid/cmdline" 2>/dev/null; then
            kill -KILL "$pid" 2>/dev/null || true
        fi
        rm -f "$pidfile"
    fi
    if running; then echo "pulseaudio on $server did not stop" >&2; exit 1; fi
    ;;
kill)
    pidfile="$dir/runtime/pid"
    [ -f "$pidfile" ] || { echo "no pid file in $dir/runtime" >&2; exit 1; }
    pid=$(cat "$pidfile")
    grep -q pulseaudio "/proc/$pid/cmdline" 2>/dev/null || { echo "pid $pid is not pulseaudio" >&2; exit 1; }
    kill -KILL "$pid"
    i=0
    while running && [ $i -lt 60 ]; do i=$((i + 1)); sleep 0.05; done
    if running; then echo "pulseaudio on $server still answers" >&2; exit 1; fi
    ;;
*)
    echo "usage: $0 start|stop|kill DIR" >&2; exit 2 ;;
esac
