#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A private brltty for tests: the Virtual ("vr") driver talking to the project's test display
# (Tests/BrailleTestDisplay/braille-test-display.py), BrlAPI on its own host number, auth=none,
# everything in one temporary directory. Nothing touches a real tty, the speech or a system brltty.
#
#   brltty-test.sh start [--dir DIR] [--host N] [--cells N] [--table fr] [--auth SPEC]
#       Starts the test display then brltty; waits (bounded) until the display is connected and
#       BrlAPI listens. Prints KEY=VALUE lines to source or parse:
#         BRAILLE_TEST_DIR  BRLAPI_HOST  BRLAPI_AUTH  BRAILLE_DISPLAY_LOG  BRAILLE_DISPLAY_CONTROL
#       With BRLTTY_TEST_LOG_LEVEL set (e.g. debug,server), brltty logs at that level to DIR/brltty.log
#       (which tty each BrlAPI client took: "taking control of tty …").
#   brltty-test.sh stop-brltty DIR     stops brltty only (the display stays, to test reconnection)
#   brltty-test.sh kill-brltty DIR     kills brltty with SIGKILL, as a crash would (its BrlAPI
#                                      socket file stays behind; start-brltty copes with that)
#   brltty-test.sh start-brltty DIR    starts brltty again with the same settings
#   brltty-test.sh stop DIR            stops brltty and the display; idempotent
#
[ -n "${BRLTTY_TEST_TRACE:-}" ] && set -x
# Keys: `echo LnDn > "$BRAILLE_DISPLAY_CONTROL"`. Cells shown: the JSON lines of the display log.
set -euo pipefail

# A process started by a test runner may inherit a signal mask with SIGTERM and SIGCHLD blocked
# (Swift Testing's does): bash then hangs waiting for $(…) children and brltty ignores SIGTERM,
# leaving its BrlAPI socket behind. Start over once with every signal unblocked and at its default.
if [ -z "${BRLTTY_TEST_SIGNALS_RESET:-}" ]; then
    export BRLTTY_TEST_SIGNALS_RESET=1
    exec python3 -c '
import os, signal, sys
signal.pthread_sigmask(signal.SIG_SETMASK, [])
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGCHLD, signal.SIGPIPE, signal.SIGQUIT):
    signal.signal(s, signal.SIG_DFL)
os.execv("/bin/bash", ["bash"] + sys.argv[1:])' "$0" "$@"
fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
display_py="$here/../Tests/BrailleTestDisplay/braille-test-display.py"
brlapi_dir=/var/lib/BrlAPI
wait_limit=${BRLTTY_TEST_TIMEOUT:-15}

# Runs a daemon with only stdin/stdout/stderr: a parent such as Foundation's Process watches
# descriptors it handed to this script, and would not see the script end while a daemon holds one.
clean_exec() {
    exec python3 -c '
import os, sys
os.closerange(3, 65536)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"
}

die() { echo "brltty-test: $*" >&2; exit 1; }

# A daemon that has exited but not yet been reaped (its parent, this script, is gone) is a zombie:
# it counts as stopped.
alive() {
    [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null || return 1
    local state
    state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null || echo Z)
    [ "$state" != Z ]
}

pid_of() { [ -f "$1" ] && cat "$1" 2>/dev/null || true; }

# Waits for a pid to go, then insists: the stop command must never hang a test run.
stop_pid() {
    local pid=$1 i
    alive "$pid" || return 0
    kill -TERM "$pid" 2>/dev/null || true
    for i in $(seq 1 50); do alive "$pid" || return 0; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
}

# Whether a brltty listens on BrlAPI host number $1 (a socket file left by a killed brltty does
# not count: brltty replaces it).
host_live() {
    [ -S "$brlapi_dir/$1" ] || return 1
    python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX)
try:
    s.connect(sys.argv[1])
except OSError:
    sys.exit(1)' "$brlapi_dir/$1"
}

# Host numbers: every rig of every test process, of every clone on this machine, takes its number
# here. A number is a rig's from its start to its stop, brltty stopped, killed or restarted in
# between: the test display holds an flock on $hosts_dir/N.lock for its whole life (it outlives
# brltty, which is stopped first). Taking the first number nobody *listened* on was not enough: a
# test that stops brltty to test reconnection left its number looking free, another rig took it,
# and the first brltty, started again, replaced the second's socket (a 0-cell display then showed
# 40 cells). A number is handed out only when its lock is free and nobody listens on it (a system
# brltty, or one left by a rig whose lock went with a crashed display). Below 5 and 90 to 99 are
# never handed out: tests use them as "no brltty here" (:4, :96, :97).
hosts_dir=${BRLTTY_TEST_HOSTS_DIR:-/tmp/lecteur-brlapi-hosts}
host_first=5
host_last=89

host_lock() { echo "$hosts_dir/$1.lock"; }
# Whether nobody holds host $1's lock (taken and released at once: only the allocator, under
# $hosts_dir/allocate.lock, ever takes one for good, so it cannot be taken in between).
host_unlocked() { flock -n "$(host_lock "$1")" true; }

# A BrlAPI host number no rig holds and nobody listens on. Called under the allocation lock.
free_host() {
    local n
    for n in $(seq "$host_first" "$host_last"); do
        host_unlocked "$n" && ! host_live "$n" && { echo "$n"; return 0; }
    done
    die "no free BrlAPI host number in $host_first..$host_last (locks in $hosts_dir)"
}

start_brltty() {
    local dir=$1
    # shellcheck disable=SC1091
    . "$dir/config"
    alive "$(pid_of "$dir/brltty.pid")" && return 0
    # Never on a number this rig no longer holds (its display gone): another rig may have it.
    host_unlocked "$HOST" && die "the rig in $dir no longer holds $(host_lock "$HOST"); not starting brltty on :$HOST"
    rm -f "$dir/brltty.pid"
    local before
    before=$(grep -c '"event": "connected"' "$dir/display.jsonl" || true)
    # -q: no start-up message (it would hold the first client for 3 s); -n: stay in foreground
    # is not wanted here, so run it in the background ourselves and keep its pid file.
    clean_exec brltty -n -e -q ${BRLTTY_TEST_LOG_LEVEL:+-l "$BRLTTY_TEST_LOG_LEVEL"} -f /dev/null -F /dev/null -W "$dir/w" -P "$dir/brltty.pid" \
        -b vr -d "client:$dir/vr.sock" -x no -s no -t "$TABLE" \
        -A "auth=$AUTH,host=:$HOST" </dev/null >"$dir/brltty.log" 2>&1 9>&- &
    echo $! >"$dir/brltty.launch.pid"
    local i
    for i in $(seq 1 $((wait_limit * 10))); do
        local now
        now=$(grep -c '"event": "connected"' "$dir/display.jsonl" || true)
        if [ "$now" -gt "$before" ] && host_live "$HOST"; then return 0; fi
        alive "$(cat "$dir/brltty.launch.pid")" || die "brltty exited: $(tail -5 "$dir/brltty.log")"
        sleep 0.1
    done
    die "brltty did not reach the test display within ${wait_limit}s"
}

stop_brltty() {
    local dir=$1 pid
    for file in "$dir/brltty.pid" "$dir/brltty.launch.pid"; do
        pid=$(pid_of "$file")
        stop_pid "$pid"
    done
    rm -f "$dir/brltty.pid" "$dir/brltty.launch.pid"
}

cmd=${1:-}; shift || true
case "$cmd" in
start)
    dir="" host="" cells=40 table=fr auth=none
    while [ $# -gt 0 ]; do
        case "$1" in
        --dir) dir=$2; shift 2 ;;
        --host) host=$2; shift 2 ;;
        --cells) cells=$2; shift 2 ;;
        --table) table=$2; shift 2 ;;
        --auth) auth=$2; shift 2 ;;
        *) die "unknown option $1" ;;
        esac
    done
    [ -n "$dir" ] || dir=$(mktemp -d /tmp/lecteur-brltty.XXXXXX)
    # Choosing a number and taking its lock happen under one machine-wide lock, so two rigs
    # (two tests, two `swift test` processes, two clones) never choose the same number. The lock
    # is closed in the children, which would otherwise hold it for their whole life.
    mkdir -p "$hosts_dir"
    chmod 1777 "$hosts_dir" 2>/dev/null || true
    exec 9>"$hosts_dir/allocate.lock"
    flock -w 60 9 || die "could not take $hosts_dir/allocate.lock"
    mkdir -p "$dir"
    if [ -n "$host" ]; then
        host_unlocked "$host" || die "BrlAPI host :$host is held by another test's rig ($(host_lock "$host"))"
    else
        host=$(free_host)
    fi
    host_live "$host" && die "BrlAPI host :$host is already in use"
    cat >"$dir/config" <<EOF
HOST=$host
CELLS=$cells
TABLE=$table
AUTH=$auth
EOF
    : >"$dir/display.jsonl"
    # The display holds the number's lock for its life (flock(1) runs it as a child and keeps the
    # lock until it ends); `stop` stops brltty first, then the display, which frees the number.
    clean_exec flock -n -E 75 "$(host_lock "$host")" \
        python3 "$display_py" --socket "$dir/vr.sock" --cells "$cells" --log "$dir/display.jsonl" \
        --control "$dir/keys" --pidfile "$dir/display.pid" </dev/null >"$dir/display.out" 2>&1 9>&- &
    for i in $(seq 1 $((wait_limit * 10))); do
        [ -S "$dir/vr.sock" ] && [ -p "$dir/keys" ] && break
        sleep 0.1
    done
    [ -S "$dir/vr.sock" ] || die "test display did not start: $(cat "$dir/display.out")"
    # Checked, not assumed: the number is ours before anyone else may choose.
    host_unlocked "$host" && die "the test display does not hold $(host_lock "$host")"
    exec 9>&-
    start_brltty "$dir"
    echo "BRAILLE_TEST_DIR=$dir"
    echo "BRLAPI_HOST=:$host"
    echo "BRLAPI_AUTH=$auth"
    echo "BRAILLE_DISPLAY_LOG=$dir/display.jsonl"
    echo "BRAILLE_DISPLAY_CONTROL=$dir/keys"
    ;;
start-brltty)
    [ -f "${1:-}/config" ] || die "usage: $0 start-brltty DIR (from a previous start)"
    start_brltty "$1"
    ;;
stop-brltty)
    [ -n "${1:-}" ] || die "usage: $0 stop-brltty DIR"
    [ -d "$1" ] || exit 0
    stop_brltty "$1"
    ;;
kill-brltty)
    [ -n "${1:-}" ] && [ -d "$1" ] || die "usage: $0 kill-brltty DIR"
    pid=$(pid_of "$1/brltty.pid")
    alive "$pid" || die "no brltty running in $1"
    kill -KILL "$pid"
    for i in $(seq 1 50); do alive "$pid" || break; sleep 0.1; done
    rm -f "$1/brltty.pid" "$1/brltty.launch.pid"
    ;;
stop)
    [ -n "${1:-}" ] || die "usage: $0 stop DIR"
    [ -d "$1" ] || exit 0
    stop_brltty "$1"
    stop_pid "$(pid_of "$1/display.pid")"
    rm -f "$1/display.pid"
    ;;
*)
    sed -n '3,19p' "$0" >&2
    exit 2
    ;;
esac
