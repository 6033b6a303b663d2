#!/bin/sh
# A private PulseAudio for tests and benchmarks: one anonymous unix socket and a null sink named
# `cap` whose monitor records exactly what was played. `norewinds=1` matters: with the default
# null sink the beginning of a new stream is rewritten away and never reaches the monitor.
#
#   scripts/pulse-test.sh start DIR   starts it (if not already running) and prints the
#                                     PULSE_SERVER value to export, e.g. unix:DIR/native
#   scripts/pulse-test.sh stop DIR    stops it; succeeds when nothing is running
#   scripts/pulse-test.sh kill DIR    kills it with SIGKILL, as a crash would (start restarts it
#                                     on the same socket)
#
# The daemon runs without systemd or a session bus, also as root (tests in containers).
set -eu
cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop|kill DIR" >&2; exit 2; }
server="unix:$dir/native"

running() { PULSE_SERVER=$server pactl info >/dev/null 2>&1; }

case $cmd in
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
        pulseaudio --daemonize=yes --exit-idle-time=-1 --system=false -n \
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
        PULSE_SERVER=$server pactl set-default-sink cap
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
