#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Time beside a real Orca (issue 45, « done when »): a real Orca 43 reads a real GNOME Terminal in
# which a shell runs Lecteur, in a private graphical session (recipe in RECIPES.md; the same
# session as scripts/orca-session.sh). Nothing touches the user's desktop: own HOME and XDG
# folders set before the session bus, its own process namespace, Xvfb, openbox, the
# accessibility bus, a private PulseAudio with two null sinks — `cap` for speech-dispatcher (so
# Orca's voice) and `reader` for Lecteur's own sound output (its Morse tones) — both recorded,
# and a private speech-dispatcher at LogLevel 5 whose log times every utterance (client, SSIP
# priority, begin, end).
#
#   scripts/orca-pace.sh [OUT]       runs the session, writes OUT (default: a temporary folder):
#                                    speechd.log, speech.raw and tones.raw (the two sinks, 22 050 Hz
#                                    s16 mono) with their start times, terminal.log (what the shell
#                                    and Lecteur printed), events.tsv (what the driver did, when),
#                                    report.txt (scripts/orca-pace-report.py); prints the report.
#   LECTEUR=PATH                     the binary (default .build/debug/lecteur)
#
# The driver is a user who listens: each step waits until Orca has been silent for a while
# (speech-dispatcher's log unchanged) before the next key, as a user waits for the end of a
# sentence. (c) In the shell, `lp` (Lecteur, --braille auto, no brltty)
# and Enter: the start-up heard. (a) `entrainement koch`, ten questions answered (the symbol told
# from the tones recorded at Lecteur's sink: at lesson 1, K is three tones and M two; questions 3
# and 7 answered wrong on purpose), Enter for each question once Orca is silent; `stop`. (b) `tout lire`, Enter after
# the first screen, `stop` after the second, `où`. (d) `quitter`: the shell's prompt comes back.
# About 6 to 7 minutes (Orca reads a screen of `tout lire` in 95 s); on demand, not in CI.
# Exit status: 0 when every check holds, 1 when one fails, 77 when a program is missing.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" != --inside ]; then
    missing=""
    for program in orca gnome-terminal xdotool openbox Xvfb dbus-run-session speech-dispatcher python3 script parec pactl; do
        command -v "$program" >/dev/null 2>&1 || missing="$missing $program"
    done
    [ -x /usr/libexec/at-spi-bus-launcher ] || missing="$missing at-spi-bus-launcher"
    "$here/scripts/pulse-test.sh" available || missing="$missing pulseaudio"
    if [ -n "$missing" ]; then
        echo "orca-pace: missing:$missing (apt-get install --no-install-recommends orca gnome-terminal xdotool openbox dbus-x11 xvfb pulseaudio-utils)" >&2
        exit 77
    fi
    out=${1:-$(mktemp -d /tmp/lecteur-orca-pace.XXXXXX)}
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
    lecteur=${LECTEUR:-$here/.build/debug/lecteur}
    [ -x "$lecteur" ] || { echo "orca-pace: no binary at $lecteur (swift build)" >&2; exit 77; }
    # Without a process namespace of its own, another `orca` of this user (another test's) would
    # be taken for this session's: the measurement would lie.
    isolate=()
    if [ "$(id -u)" = 0 ]; then
        isolate=(unshare --pid --fork --mount-proc)
    elif pgrep -u "$(id -u)" -x orca >/dev/null; then
        echo "orca-pace: an orca process of this user already runs; stop it first" >&2
        exit 1
    fi
    # The private HOME and XDG folders before the session bus: dconf and Orca write there.
    session=$(mktemp -d /tmp/lecteur-orca-pace-home.XXXXXX)
    export HOME=$session/home XDG_CONFIG_HOME=$session/home/.config XDG_DATA_HOME=$session/home/.local/share \
           XDG_CACHE_HOME=$session/home/.cache XDG_STATE_HOME=$session/home/.local/state XDG_RUNTIME_DIR=$session/run
    mkdir -p "$session/locale" "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$XDG_RUNTIME_DIR"
    chmod 700 "$XDG_RUNTIME_DIR"
    # A French user's session: Orca speaks with the French voice (with C.UTF-8 it read
    # Lecteur's French with its English one, twice as long). The locale is compiled into the
    # session's folder when the system has none.
    if locale -a 2>/dev/null | grep -qi '^fr_FR.utf-\?8$'; then
        export LANG=fr_FR.UTF-8
    elif localedef -i fr_FR -f UTF-8 "$session/locale/fr_FR.UTF-8" 2>/dev/null || [ -d "$session/locale/fr_FR.UTF-8" ]; then
        export LOCPATH=$session/locale LANG=fr_FR.UTF-8
    else
        echo "orca-pace: no French locale (localedef fr_FR failed): Orca reads with its English voice" >&2
        export LANG=C.UTF-8
    fi
    unset LC_ALL LC_NUMERIC LC_MESSAGES LC_CTYPE DBUS_SESSION_BUS_ADDRESS SPEECHD_ADDRESS PULSE_SERVER PULSE_SINK DISPLAY WAYLAND_DISPLAY BRLAPI_HOST
    status=0
    LECTEUR=$lecteur "${isolate[@]}" dbus-run-session -- "$0" --inside "$session" "$out" || status=$?
    rm -rf "$session"
    [ $status = 0 ] || exit $status
    python3 "$here/scripts/orca-pace-report.py" "$out" | tee "$out/report.txt"
    exit "${PIPESTATUS[0]}"
fi

session=$2
out=$3
# This script's own arithmetic reads « 12.5 » (bash's EPOCHREALTIME follows the numeric locale);
# not exported: Orca, the terminal and Lecteur have the French locale.
LC_NUMERIC=C
t0=$EPOCHREALTIME
echo "$t0" >"$out/t0"
now() { printf '%.3f' "$(bc <<<"$EPOCHREALTIME - $t0")"; }
events=$out/events.tsv
: >"$events"
mark() { printf '%s\t%s\n' "$(now)" "$*" >>"$events"; }

pids=()
cleanup() {
    set +e
    cp "$session/speechd/log/speech-dispatcher.log" "$out/speechd.log" 2>/dev/null
    cp "$session/orca.log" "$out/orca.log" 2>/dev/null
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
    "$here/scripts/speechd-test.sh" stop "$session/speechd" >/dev/null 2>&1
    "$here/scripts/pulse-test.sh" stop "$session/pulse" >/dev/null 2>&1
    wait 2>/dev/null
}
trap cleanup EXIT

display=$((200 + RANDOM % 300))
while [ -e /tmp/.X11-unix/X$display ]; do display=$((display + 1)); done
export DISPLAY=:$display
Xvfb "$DISPLAY" -screen 0 1024x768x24 -nolisten tcp >"$session/xvfb.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -e /tmp/.X11-unix/X$display ] && break; sleep 0.05; done
openbox >"$session/openbox.log" 2>&1 &
pids+=($!)

# Sound: `cap` (the default sink) carries speech-dispatcher's voice, so Orca's; `reader` carries
# Lecteur's own output (PULSE_SINK in `lp` below). Each monitor is recorded from a known time:
# the first bytes' arrival minus what they hold.
export PULSE_SERVER=$("$here/scripts/pulse-test.sh" start "$session/pulse")
pactl load-module module-null-sink sink_name=reader rate=22050 norewinds=1 >/dev/null
record() {
    local sink=$1 file=$2
    parec -d "$sink.monitor" --rate=22050 --channels=1 --format=s16le --latency-msec=10 >"$out/$file.raw" &
    pids+=($!)
    for _ in $(seq 500); do
        local size
        size=$(stat -c %s "$out/$file.raw")
        if [ "$size" -gt 0 ]; then
            printf '%s\n' "$(bc -l <<<"$EPOCHREALTIME - $t0 - $size / 44100")" >"$out/$file.start"
            return 0
        fi
        sleep 0.005
    done
    echo "orca-pace: nothing recorded from $sink" >&2
    return 1
}
record cap speech
record reader tones
export SPEECHD_ADDRESS=$(SPEECHD_LOG_LEVEL=5 "$here/scripts/speechd-test.sh" start "$session/speechd")
speechd_log=$session/speechd/log/speech-dispatcher.log

gsettings set org.gnome.desktop.a11y.applications screen-reader-enabled false
/usr/libexec/at-spi-bus-launcher --launch-immediately >"$session/at-spi.log" 2>&1 &
pids+=($!)
export GTK_MODULES=gail:atk-bridge NO_AT_BRIDGE=0
dbus-update-activation-environment DISPLAY PULSE_SERVER SPEECHD_ADDRESS HOME XDG_CONFIG_HOME XDG_DATA_HOME \
    XDG_CACHE_HOME XDG_STATE_HOME XDG_RUNTIME_DIR LANG ${LOCPATH:+LOCPATH} GTK_MODULES NO_AT_BRIDGE


# The shell's `lp`: Lecteur as a user starts it (its own catalogue of 14 formations, --braille
# auto; no brltty answers here), its
# sound to the `reader` sink, its start and end times noted for the report.
mkdir -p "$HOME/bin"
cat >"$HOME/bin/lp" <<EOF
#!/bin/bash
printf '%s\n' "\$EPOCHREALTIME" >>"$out/lecteur.started"
PULSE_SINK=reader "$LECTEUR" "\$@"
printf '%s\n' "\$EPOCHREALTIME" >>"$out/lecteur.ended"
EOF
chmod +x "$HOME/bin/lp"
cat >"$HOME/.pacerc" <<EOF
PS1='\$ '
PATH=$HOME/bin:\$PATH
EOF

start_orca() {
    mark "orca: start"
    orca --replace >"$session/orca.log" 2>&1 &
    pids+=($!)
}
wait_for_text() {
    local deadline=$((${EPOCHREALTIME%.*} + $3))
    while ! grep -qF -- "$2" "$1" 2>/dev/null; do
        if [ "${EPOCHREALTIME%.*}" -ge "$deadline" ]; then mark "$4: not seen"; return 1; fi
        sleep 0.02
    done
    mark "$4"
}
# wait_after FILE OFFSET TEXT SECONDS LABEL: TEXT printed in FILE past byte OFFSET.
wait_after() {
    local deadline=$((${EPOCHREALTIME%.*} + $4))
    while ! tail -c +"$(($2 + 1))" "$1" 2>/dev/null | grep -qF -- "$3"; do
        if [ "${EPOCHREALTIME%.*}" -ge "$deadline" ]; then mark "$5: not seen"; return 1; fi
        sleep 0.01
    done
    mark "$5"
}
# quiet SECONDS: until speech-dispatcher has logged nothing for SECONDS (at most 180 s): Orca
# has finished what it was reading.
quiet() {
    local last size i=0
    last=$(stat -c %s "$speechd_log")
    while [ $i -lt "$(bc <<<"180 / $1")" ]; do
        sleep "$1"
        size=$(stat -c %s "$speechd_log")
        [ "$size" = "$last" ] && return 0
        last=$size
        i=$((i + 1))
    done
    mark "quiet: never"
}
terminal_log=$out/terminal.log
size_of() { stat -c %s "$1"; }
type_line() {
    xdotool windowactivate --sync "$window" 2>/dev/null || true
    if [ -n "$1" ]; then
        mark "type: $1"
        xdotool type --delay 60 "$1"
    fi
    mark "enter: $1"
    xdotool key Return
}
# tones_then_silence: waits until Lecteur's sink has played tones and then been silent 0.8 s
# (at most 20 s); prints how many tones it played since the call.
tones_then_silence() {
    python3 - "$out/tones.raw" "$(size_of "$out/tones.raw")" <<'PY'
import array, sys, time
path, offset = sys.argv[1], int(sys.argv[2]) & ~1
deadline, tones, active, silent, heard = time.time() + 20, 0, False, 0, False
window = 220  # 10 ms at 22 050 Hz
pending = b""
with open(path, "rb") as f:
    f.seek(offset)
    while time.time() < deadline:
        chunk = f.read()
        if not chunk:
            time.sleep(0.02)
            continue
        pending += chunk
        while len(pending) >= window * 2:
            samples = array.array("h", pending[:window * 2])
            pending = pending[window * 2:]
            loud = max(abs(s) for s in samples) > 500
            if loud:
                if not active:
                    tones += 1
                active, silent, heard = True, 0, True
            else:
                silent += 1
                if silent >= 3:
                    active = False
                if heard and silent >= 80:
                    print(tones)
                    sys.exit(0)
print(tones)
PY
}

# 0. Orca first, as a user's desktop has it; then the terminal with a shell.
start_orca
wait_for_text "$speechd_log" "702 END" 60 "orca: first words" || true
quiet 2
mark "terminal: start"
gnome-terminal --title "Lecteur" -- script -q -f -E always --log-out "$terminal_log" \
    -c "bash --rcfile $HOME/.pacerc -i"
window=$(xdotool search --sync --name "Lecteur" | head -n 1)
wait_for_text "$terminal_log" '$ ' 30 "shell: prompt" || true
quiet 2

# (c) Start-up beside Orca.
type_line lp
wait_for_text "$terminal_log" "lecteur> " 30 "lecteur: prompt" || true
quiet 2

# (a) A Koch lesson of ten questions through the terminal, the next question at Enter.
type_line "entrainement koch"
quiet 2
for n in $(seq 1 10); do
    # Enter asks each question, the first too (the introduction says so); the reader of
    # main before issue 45's last step asked the first at once (Enter then replays it).
    type_line ""
    count=$(tones_then_silence)
    mark "question $n: $count tones"
    quiet 1.5
    case $count in 3) answer=k; wrong=m ;; 2) answer=m; wrong=k ;; *) answer=k; wrong=k ;; esac
    if [ "$n" = 3 ] || [ "$n" = 7 ]; then answer=$wrong; fi
    type_line "$answer"
    sleep 0.3
    quiet 2
done
quiet 2
type_line stop
quiet 2

# (b) `tout lire` one screen at a time: Enter after the first, `stop` after the second, `où`.
mark "reading: start"
type_line "tout lire"
quiet 2.5
type_line ""
quiet 2.5
type_line stop
quiet 2
type_line "où"
quiet 2
mark "reading: end"

# (d) `quitter`: the shell's prompt back.
offset=$(size_of "$terminal_log")
type_line quitter
wait_after "$terminal_log" "$offset" '$ ' 10 "shell: prompt back" || true
quiet 2
mark "end"
