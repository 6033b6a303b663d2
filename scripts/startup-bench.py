#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Start-up of Lecteur's one-shot commands and of the reader, beside the tools they stand next to,
measured in the same run, turn about:

  lecteur say --output F.wav TEXT          against  espeak-ng -v fr -w F.wav TEXT
  lecteur morse --output F.wav TEXT        against  ebook2cw -o F TEXT-FILE   (MP3, its format)
  echo quitter | lecteur --speech off --braille off --transcript none
                                           against  echo quitter | cat

    scripts/startup-bench.py [--lecteur BIN] [--runs N] [--markdown]

Each process is started under GNU time (no shell), its standard input a pipe that carries
"quitter" for the reader; wall time is taken around spawn and wait, peak RSS is the process's own
(time's %M, ru_maxrss), processor time the user and system time `wait4` reports for time and the
command; all are medians of RUNS (default 10). The rounds interleave: each round runs every command
once, so a busy moment of a shared machine weighs on Lecteur and its anchor alike. HOME and the
XDG folders are a private temporary folder (the reader and ebook2cw both write theirs there),
created and warmed by one unmeasured round. The load average is printed before and after.

BIN defaults to .build/release/lecteur (`swift build -c release --product lecteur`).
"""
import argparse, os, pathlib, shutil, statistics, subprocess, sys, tempfile, time

TEXT = "Bonjour, voici Lecteur."
TIME = "/usr/bin/time"
MORSE = "CQ CQ DE F4ABC"


def run(argv, env, stdin_bytes=b""):
    """Wall seconds and peak RSS (MB) of one process, started without a shell.

    The peak RSS is GNU time's (`/usr/bin/time -f %M`, the process's own ru_maxrss): a process
    spawned from Python directly would report Python's memory, which the child shares until
    its exec. The wall time is taken around time and the process, the same few hundred
    microseconds of time's own for every command."""
    report = tempfile.NamedTemporaryFile(prefix="lecteur-startup-", suffix=".txt", delete=False)
    report.close()
    argv = [TIME, "-f", "%M", "-o", report.name] + argv
    r, w = os.pipe()
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=[
        (os.POSIX_SPAWN_DUP2, r, 0),
        (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, "/dev/null", os.O_WRONLY, 0),
        (os.POSIX_SPAWN_CLOSE, w)])
    os.close(r)
    try:
        os.write(w, stdin_bytes)
    except BrokenPipeError:
        pass
    os.close(w)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    kilobytes = pathlib.Path(report.name).read_text().split()
    os.unlink(report.name)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"startup-bench: {' '.join(argv)} failed with status {os.waitstatus_to_exitcode(status)}")
    # Processor time (user + system) of time and the command it waited for: what the command
    # did, which a loaded machine stretches far less than the wall time it waited for a core.
    return wall, int(kilobytes[-1]) / 1024, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lecteur", default=".build/release/lecteur")
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    lecteur = str(pathlib.Path(args.lecteur).resolve())
    tools = {name: shutil.which(name) for name in ("espeak-ng", "ebook2cw", "cat")}
    for name, path in tools.items():
        if not path:
            sys.exit(f"startup-bench: {name} not found (scripts/install-deps.sh installs it)")
    if not os.access(TIME, os.X_OK):
        sys.exit("startup-bench: no GNU time at /usr/bin/time (Debian package time)")
    if not os.access(lecteur, os.X_OK):
        sys.exit(f"startup-bench: no binary {lecteur} (swift build -c release --product lecteur)")

    work = pathlib.Path(tempfile.mkdtemp(prefix="lecteur-startup."))
    home = work / "home"
    home.mkdir()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "fr_FR.UTF-8",
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
           "XDG_STATE_HOME": str(home / ".local/state"), "XDG_CACHE_HOME": str(home / ".cache"),
           "XDG_RUNTIME_DIR": str(work / "run")}
    if "LECTEUR_DATA_DIR" in os.environ:
        env["LECTEUR_DATA_DIR"] = os.environ["LECTEUR_DATA_DIR"]
    (work / "run").mkdir(mode=0o700)
    morse_text = work / "morse.txt"
    morse_text.write_text(MORSE + "\n")
    wav = str(work / "x.wav")
    pairs = [
        ("say one sentence to WAV",
         ("lecteur say --output", [lecteur, "say", "--output", wav, TEXT], b""),
         ("espeak-ng -v fr -w", [tools["espeak-ng"], "-v", "fr", "-w", wav, TEXT], b"")),
        ("Morse to a file",
         ("lecteur morse --output", [lecteur, "morse", "--output", wav, MORSE], b""),
         ("ebook2cw (MP3)", [tools["ebook2cw"], "-o", str(work / "cw"), str(morse_text)], b"")),
        ("reader start and quit",
         ("echo quitter | lecteur --speech off --braille off --transcript none",
          [lecteur, "--speech", "off", "--braille", "off", "--transcript", "none"], b"quitter\n"),
         ("echo quitter | cat", [tools["cat"]], b"quitter\n")),
    ]
    commands = [c for _, a, b in pairs for c in (a, b)]
    load_before = os.getloadavg()
    for _, argv, stdin in commands:  # warm-up: files created, caches filled
        run(argv, env, stdin)
    samples = {label: [] for label, _, _ in commands}
    for _ in range(args.runs):
        for label, argv, stdin in commands:
            samples[label].append(run(argv, env, stdin))
    load_after = os.getloadavg()
    shutil.rmtree(work)

    def med(label):
        times = [t for t, _, _ in samples[label]]
        return (statistics.median(times) * 1000, statistics.median(m for _, m, _ in samples[label]),
                statistics.median(c for _, _, c in samples[label]) * 1000)

    print(f"Median of {args.runs} interleaved rounds, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
          f"load average {' '.join('%.2f' % x for x in load_before)} before, "
          f"{' '.join('%.2f' % x for x in load_after)} after; {os.cpu_count()} cores.\n")
    print("| measure | Lecteur: wall, peak RSS, processor | anchor: wall, peak RSS, processor | Lecteur / anchor |")
    print("|---|---|---|---|")
    for title, (la, _, _), (lb, _, _) in pairs:
        ta, ma, ca = med(la)
        tb, mb, cb = med(lb)
        print(f"| {title}: `{la}` against `{lb}` | {ta:.1f} ms, {ma:.1f} MB, {ca:.1f} ms | {tb:.1f} ms, {mb:.1f} MB, {cb:.1f} ms "
              f"| time {ta / tb:.2f}×, memory {ma / mb:.2f}×, processor {ca / max(cb, 0.001):.2f}× |")


if __name__ == "__main__":
    main()
