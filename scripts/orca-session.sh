#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A real Orca reading a real GNOME Terminal (VTE) with Lecteur inside, in a private graphical
# session (issue 35, « done when »; recipe in RECIPES.md). Nothing touches the user's desktop:
# own HOME and XDG folders, Xvfb, openbox, a private session bus, a private PulseAudio null
# sink, the accessibility bus, and a private speech-dispatcher at LogLevel 5 that both Orca and
# Lecteur speak through, so its log names every utterance with its client and SSIP priority.
#
#   scripts/orca-session.sh [OUT]    runs the session, writes OUT (default: a temporary folder):
#                                    speechd.log, terminal-N.log (what Lecteur printed, with
#                                    timing), events.tsv (what the driver did, when) and
#                                    report.txt (scripts/orca-session-report.py); prints it.
#   LECTEUR=PATH                     the binary (default .build/debug/lecteur)
#
# The driver: Lecteur starts alone in the terminal; Orca starts after it (noticed?); `suivant`,
# `où`, `aide`, `suivant` are typed with xdotool (each answer heard once, with its position? Orca's
# own speech not held back?); `actualiser`, then another window takes the focus while the
# catalogue (served 3 s late) loads (the background notice said at `text`?); `quitter`. Then
# Lecteur starts again beside the running Orca (two lines before the first element?), Orca
# quits (noticed?), `quitter`. Takes about 2.5 to 3 minutes: on demand, not in CI.
# Exit status: 0 when every check holds, 1 when one fails, 77 when a program is missing.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" != --inside ]; then
    missing=""
    for program in orca gnome-terminal xdotool openbox Xvfb dbus-run-session speech-dispatcher python3 script; do
        command -v "$program" >/dev/null 2>&1 || missing="$missing $program"
    done
    [ -x /usr/libexec/at-spi-bus-launcher ] || missing="$missing at-spi-bus-launcher"
    "$here/scripts/pulse-test.sh" available || missing="$missing pulseaudio"
    if [ -n "$missing" ]; then
        echo "orca-session: missing:$missing (apt-get install --no-install-recommends orca gnome-terminal xdotool openbox dbus-x11 xvfb)" >&2
        exit 77
    fi
    out=${1:-$(mktemp -d /tmp/lecteur-orca-session.XXXXXX)}
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
    lecteur=${LECTEUR:-$here/.build/debug/lecteur}
    [ -x "$lecteur" ] || { echo "orca-session: no binary at $lecteur (swift build)" >&2; exit 77; }
    # Another Orca of this user would answer Lecteur's probe too: the measurement would lie.
    if pgrep -u "$(id -u)" -x orca >/dev/null; then
        echo "orca-session: an orca process of this user already runs; stop it first" >&2
        exit 1
    fi
    # The private HOME and XDG folders before the session bus: dconf and Orca write there.
    session=$(mktemp -d /tmp/lecteur-orca-home.XXXXXX)
    export HOME=$session/home XDG_CONFIG_HOME=$session/home/.config XDG_DATA_HOME=$session/home/.local/share \
           XDG_CACHE_HOME=$session/home/.cache XDG_STATE_HOME=$session/home/.local/state XDG_RUNTIME_DIR=$session/run
    mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$XDG_RUNTIME_DIR"
    chmod 700 "$XDG_RUNTIME_DIR"
    export LANG=C.UTF-8 LC_ALL=C.UTF-8
    unset DBUS_SESSION_BUS_ADDRESS SPEECHD_ADDRESS PULSE_SERVER DISPLAY WAYLAND_DISPLAY
    status=0
    # A process namespace of its own: Lecteur finds Orca by its process, and another `orca` of
    # this user on the machine (another test's) would otherwise be taken for this session's.
    isolate=()
    if [ "$(id -u)" = 0 ]; then isolate=(unshare --pid --fork --mount-proc); fi
    LECTEUR=$lecteur "${isolate[@]}" dbus-run-session -- "$0" --inside "$session" "$out" || status=$?
    rm -rf "$session"
    [ $status = 0 ] || exit $status
    python3 "$here/scripts/orca-session-report.py" "$out" | tee "$out/report.txt"
    exit "${PIPESTATUS[0]}"
fi

session=$2
out=$3
# bash's own clock: a poll that starts no program is fine-grained (the 2 s checks need it).
t0=$EPOCHREALTIME
echo "$t0" >"$out/t0"
now() { printf '%.3f' "$(bc <<<"$EPOCHREALTIME - $t0" 2>/dev/null || echo 0)"; }
events=$out/events.tsv
: >"$events"
mark() { printf '%s\t%s\n' "$(now)" "$*" >>"$events"; }

pids=()
cleanup() {
    set +e
    cp "$session/speechd/log/speech-dispatcher.log" "$out/speechd.log" 2>/dev/null
    cp "$session/orca.log" "$out/orca.log" 2>/dev/null
    # Orca first (it would speak its goodbye into a dead queue), Xvfb last: the terminal
    # server, started by the bus, ends with its display.
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
    "$here/scripts/speechd-test.sh" stop "$session/speechd" >/dev/null 2>&1
    "$here/scripts/pulse-test.sh" stop "$session/pulse" >/dev/null 2>&1
    wait 2>/dev/null
}
trap cleanup EXIT

# The display: Xvfb on a free number, openbox to give windows the focus as a desktop does.
display=$((200 + RANDOM % 300))
while [ -e /tmp/.X11-unix/X$display ]; do display=$((display + 1)); done
export DISPLAY=:$display
Xvfb "$DISPLAY" -screen 0 1024x768x24 -nolisten tcp >"$session/xvfb.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -e /tmp/.X11-unix/X$display ] && break; sleep 0.05; done
openbox >"$session/openbox.log" 2>&1 &
pids+=($!)

# Sound and speech: the private null sink, and one speech-dispatcher for Orca and Lecteur.
export PULSE_SERVER=$("$here/scripts/pulse-test.sh" start "$session/pulse")
export SPEECHD_ADDRESS=$(SPEECHD_LOG_LEVEL=5 "$here/scripts/speechd-test.sh" start "$session/speechd")
speechd_log=$session/speechd/log/speech-dispatcher.log

# Orca started by hand (GNOME's switch off): the accessibility bus as a desktop starts it.
gsettings set org.gnome.desktop.a11y.applications screen-reader-enabled false
/usr/libexec/at-spi-bus-launcher --launch-immediately >"$session/at-spi.log" 2>&1 &
pids+=($!)
export GTK_MODULES=gail:atk-bridge NO_AT_BRIDGE=0
# gnome-terminal-server is started by the bus: it gets this environment from there.
dbus-update-activation-environment DISPLAY PULSE_SERVER SPEECHD_ADDRESS HOME XDG_CONFIG_HOME XDG_DATA_HOME \
    XDG_CACHE_HOME XDG_STATE_HOME XDG_RUNTIME_DIR LANG LC_ALL GTK_MODULES NO_AT_BRIDGE

orca_pid=""
start_orca() {
    mark "orca: start"
    orca --replace >"$session/orca.log" 2>&1 &
    orca_pid=$!
    pids+=($orca_pid)
    for _ in $(seq 300); do
        if [ "$(cat /proc/$orca_pid/comm 2>/dev/null)" = orca ]; then mark "orca: named"; break; fi
        sleep 0.02
    done
}
orca_alive() {
    [ "$(cat /proc/$orca_pid/comm 2>/dev/null)" = orca ] && [ "$(awk '{print $3}' /proc/$orca_pid/stat 2>/dev/null)" != Z ]
}
# Quit as Orca's own signal handler does (« Screen reader off. »); Orca+Q needs xmodmap for
# its Insert modifier, which this session lacks. A shutdown that hangs ends like a crash.
stop_orca() {
    mark "orca: SIGTERM"
    kill -TERM "$orca_pid"
    for _ in $(seq 250); do orca_alive || break; sleep 0.02; done
    if orca_alive; then
        mark "orca: still running 5 s after SIGTERM, killed"
        kill -KILL "$orca_pid"
        for _ in $(seq 250); do orca_alive || break; sleep 0.02; done
    fi
    mark "orca: gone"
    wait "$orca_pid" 2>/dev/null || true
}

# Lecteur in the terminal, through `script` only to keep a timed copy of what it printed (the
# pty in between passes the focus reports through). The window stays 4 s after Lecteur ends, as
# a shell's would: closed at once, it takes the focus away and Orca cuts the goodbye itself.
terminal_round=0
start_lecteur() {
    terminal_round=$((terminal_round + 1))
    local log=$out/terminal-$terminal_round.log
    : >"$log"
    mark "lecteur $terminal_round: start"
    gnome-terminal --title "Lecteur $terminal_round" -- script -q -f -E always --log-out "$log" \
        --log-timing "$out/terminal-$terminal_round.timing" -c "$LECTEUR --braille off $*; sleep 4"
    wait_for_text "$log" "lecteur> " 30 "lecteur $terminal_round: prompt"
    lecteur_window=$(xdotool search --sync --name "Lecteur $terminal_round" | head -n 1)
}
# wait_for_text FILE TEXT SECONDS LABEL: marks LABEL when TEXT appears in FILE.
wait_for_text() {
    local deadline=$((${EPOCHREALTIME%.*} + $3)) seen
    while ! grep -qF -- "$2" "$1" 2>/dev/null; do
        if [ "${EPOCHREALTIME%.*}" -ge "$deadline" ]; then mark "$4: not seen"; return 1; fi
        sleep 0.02
    done
    seen=$EPOCHREALTIME
    printf '%s\t%s\n' "$(bc <<<"$seen - $t0")" "$4" >>"$events"
}
# quiet SECONDS: waits until speech-dispatcher has logged nothing for SECONDS (at most 30 s).
quiet() {
    local last size i=0
    last=$(stat -c %s "$speechd_log")
    while [ $i -lt 300 ]; do
        sleep "$1"
        size=$(stat -c %s "$speechd_log")
        [ "$size" = "$last" ] && return 0
        last=$size
        i=$((i + 1))
    done
}
type_command() {
    xdotool windowactivate --sync "$lecteur_window" 2>/dev/null || true
    mark "type: $1"
    xdotool type --delay 40 "$1"
    mark "enter: $1"
    xdotool key Return
}

# The catalogue from a local server that answers at once the first time and 3 s late after:
# `actualiser` then ends while another window has the focus (a background event).
catalogue_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 - "$catalogue_port" "$here/Tests/LecteurIntegrationTests/Fixtures/audit-clean.catalogue.json" <<'PY' &
import http.server, sys, time
body = open(sys.argv[2], "rb").read()
served = 0
class Slow(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        global served
        served += 1
        if served > 1:
            time.sleep(3)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), Slow).serve_forever()
PY
pids+=($!)

export LECTEUR
# 1. Lecteur alone, then Orca started after it.
start_lecteur --catalog "http://127.0.0.1:$catalogue_port/catalogue.json"
quiet 1.5
start_orca
wait_for_text "$out/terminal-1.log" "Orca a démarré" 10 "lecteur 1: noticed orca" || true
# Orca speaks once it is up (« Screen reader on. »): typing earlier, it would not read the answer.
wait_for_text "$speechd_log" "Screen reader on" 30 "orca: first words" || true
quiet 2
# 2. The five commands beside Orca, each answer left to be read out.
for command in suivant où aide suivant; do
    type_command "$command"
    quiet 2
done
# 3. `actualiser`, and another window takes the focus before the catalogue comes (3 s): the
# catalogue loaded is a background event, said while the terminal is not focused.
gnome-terminal --title "Autre" -- sleep 600
other_window=$(xdotool search --sync --name "Autre" | head -n 1)
quiet 2
type_command actualiser
sleep 1.5
xdotool windowactivate --sync "$other_window"
mark "focus: other window"
sleep 3.5
quiet 2
xdotool windowactivate --sync "$lecteur_window"
mark "focus: Lecteur"
quiet 2
type_command quitter
wait_for_text "$out/terminal-1.log" "Au revoir" 10 "lecteur 1: goodbye" || true
quiet 2
# 4. Lecteur started beside the running Orca; Orca quits before it.
start_lecteur
quiet 2
stop_orca
quiet 2
type_command quitter
quiet 2
mark "end"
