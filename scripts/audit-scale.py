#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Loading and auditing catalogues of 1 000, 10 000 and 100 000 formations with the release
binary, side by side in one run with python3's json.load and jq reading the same files.

  scripts/audit-scale.py [--sizes 1000,10000,100000] [--runs 3] [--bin .build/release/lecteur]
                         [--bin before=/other/lecteur --bin after=.build/release/lecteur] [--accented]
                         [--json OUT] [--load-runs N]

Each measure is a separate process under GNU time: wall time (median of the runs) and peak RSS (the
largest). Prints a Markdown table. The catalogue is the benchmarks' generated one (API JSON,
40 categories, half of the prices as Laravel decimal strings). With several `--bin NAME=PATH`, each
lecteur measure is taken for every binary in turn, run after run, so that a change of the machine's
load weighs on all of them alike. `--accented` adds, at each size, a catalogue whose descriptions are
long accented French paragraphs (json.load and loading into the reader). `--json OUT` also writes
every measure as a list of {size, document, what, binary, wall_s, peak_mb, report_mb, file_mb}
(`scripts/figures-23.sh` reads it)."""
import argparse, json, os, shutil, statistics, subprocess, tempfile

def catalogue(count):
    parts = []
    for i in range(count):
        c = i % 40
        price = '"%d.00"' % (100 + i % 2900) if i % 2 == 0 else str(100 + i % 2900)
        session = "null" if i % 3 == 0 else '"2026-0%d-1%dT09:00:00.000000Z"' % (1 + i % 9, i % 9)
        level = ["Débutant", "Intermédiaire", "Expert"][i % 3]
        parts.append('{"id": %d, "title": "Formation %d : IA et données", "description": "Description de la formation %d.",'
                     '\n "duration": "%d jours", "level": "%s",\n "price": %s, "next_session": %s,\n'
                     ' "category": {"id": %d, "name": "Catégorie %d é", "slug": "c%d", "color": "#000000", "icon": "i"}}'
                     % (i + 1, i, i, 1 + i % 5, level, price, session, c, c, c))
    return '{"data": [' + ",".join(parts) + "]}"

ACCENTED = ("Élaborée par des formatrices et des formateurs expérimentés, cette formation présente les étapes "
            "d'un projet numérique accessible : écouter les besoins, concevoir des écrans lisibles à l'oreille "
            "comme au doigt, vérifier avec un lecteur d'écran, réécrire ce qui gêne. Déjà suivie par des équipes "
            "de collectivités, d'hôpitaux et d'écoles, elle s'achève par un exercice noté où chacun évalue "
            "l'ergonomie d'un service réel, à Besançon, à Nîmes ou à Châlons-en-Champagne. « Très concrète », "
            "disent les stagiaires ; ni prérequis ni matériel particulier. ")

def accented(count):
    """The same records with a description of about 1 KB of accented French (escaped nowhere)."""
    parts = []
    for i in range(count):
        c = i % 40
        price = '"%d.00"' % (100 + i % 2900) if i % 2 == 0 else str(100 + i % 2900)
        description = "Session n° %d. " % i + ACCENTED + ACCENTED[: 100 + i % 300]
        parts.append('{"id": %d, "title": "Formation %d : données, éthique et accessibilité", "description": "%s",'
                     ' "duration": "%d jours", "level": "Intermédiaire", "price": %s, "next_session": null,'
                     ' "category": {"id": %d, "name": "Catégorie %d é", "slug": "c%d", "color": "#000000", "icon": "i"}}'
                     % (i + 1, i, description, 1 + i % 5, price, c, c, c))
    return '{"data": [' + ",".join(parts) + "]}"

def measure(argv, runs, stdin=subprocess.DEVNULL):
    """Median wall time and the largest peak RSS, both from GNU time (the child's own maximum
    resident set: Python's wait4 would count the forking interpreter's pages too)."""
    walls, peak = [], 0
    with tempfile.NamedTemporaryFile("r") as stats:
        for _ in range(runs):
            child = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", stats.name] + argv, stdin=stdin,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if child.returncode != 0:
                raise SystemExit("%s failed: %s" % (" ".join(argv), child.stderr.decode()[-500:]))
            stats.seek(0)
            wall, rss = stats.read().split()[-2:]
            walls.append(float(wall))
            peak = max(peak, int(rss))
    return statistics.median(walls), peak / 1024

def measure_all(argvs, runs):
    """`measure` for several command lines, taking their runs in turn."""
    walls = {name: [] for name in argvs}
    peaks = {name: 0 for name in argvs}
    for _ in range(runs):
        for name, argv in argvs.items():
            wall, rss = measure(argv, 1)
            walls[name].append(wall)
            peaks[name] = max(peaks[name], rss)
    return {name: (statistics.median(walls[name]), peaks[name]) for name in argvs}

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--bin", action="append", help="PATH or NAME=PATH (repeatable)")
    parser.add_argument("--formats", default="text,json,sarif")
    parser.add_argument("--accented", action="store_true")
    parser.add_argument("--json")
    parser.add_argument("--load-runs", type=int, help="runs of the loads and of json.load/jq (default: --runs)")
    args = parser.parse_args()
    bins = {}
    for entry in args.bin or [".build/release/lecteur"]:
        name, _, path = entry.rpartition("=")
        bins[name] = path
    jq = shutil.which("jq")
    rows = []
    records = []
    with tempfile.TemporaryDirectory() as folder:
        for size in map(int, args.sizes.split(",")):
            documents = [("", catalogue(size))] + ([("accented ", accented(size))] if args.accented else [])
            for kind, text in documents:
                path = os.path.join(folder, "catalogue-%s%d.json" % (kind.strip(), size))
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
                mb = os.path.getsize(path) / 1e6
                out = os.path.join(folder, "report")
                measures = [("python3 json.load", {"": ["python3", "-c", "import json,sys; json.load(open(sys.argv[1], encoding='utf-8'))", path]})]
                if jq and not kind:
                    measures.append(("jq empty", {"": [jq, "empty", path]}))
                measures.append(("load into the reader", {name: [binary, "read", "--catalog", path, "--transcript", "none",
                                                                 "--speech", "off", "--braille", "off"] for name, binary in bins.items()}))
                if not kind:
                    for fmt in args.formats.split(","):
                        measures.append(("audit, %s" % fmt, {name: [binary, "audit", "--catalog", path, "--format", fmt, "--output", out]
                                                             for name, binary in bins.items()}))
                for what, argvs in measures:
                    if what.startswith("audit") and len(argvs) > 1:
                        # One report at a time: each binary's is measured, then removed.
                        results = {}
                        for _ in range(args.runs):
                            for name, argv in argvs.items():
                                wall, rss = measure(argv, 1)
                                size_out = os.path.getsize(out) / 1e6 if os.path.exists(out) else None
                                if os.path.exists(out):
                                    os.remove(out)
                                walls, peak, _ = results.get(name, ([], 0, None))
                                results[name] = (walls + [wall], max(peak, rss), size_out)
                        measured = {name: (statistics.median(w), p, o) for name, (w, p, o) in results.items()}
                    else:
                        runs = args.runs if what.startswith("audit") else args.load_runs or args.runs
                        measured = {name: value + (None,) for name, value in measure_all(argvs, runs).items()}
                        if what.startswith("audit") and os.path.exists(out):
                            only = next(iter(measured))
                            measured[only] = measured[only][:2] + (os.path.getsize(out) / 1e6,)
                            os.remove(out)
                    for name, (wall, rss, size_out) in measured.items():
                        ours = what.startswith(("load", "audit"))
                        label = kind + (("lecteur %s: " % name if name else "lecteur: ") + what if ours else what)
                        rows.append((size, mb, label, wall, rss, size_out))
                        records.append({"size": size, "document": kind.strip() or "plain", "what": what,
                                        "binary": name if ours else None, "wall_s": wall, "peak_mb": rss,
                                        "report_mb": size_out, "file_mb": mb})
                        print("%7d  %-44s %8.3f s %8.1f MB" % (size, label, wall, rss) + (" (report %.0f MB)" % size_out if size_out else ""), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(records, f)
    print()
    print("| formations (JSON size) | what | wall (median of %d; loads: %d) | peak RSS |" % (args.runs, args.load_runs or args.runs))
    print("|---|---|---|---|")
    for size, mb, name, wall, rss, size_out in rows:
        report = " (report %.0f MB)" % size_out if size_out else ""
        print("| %s (%.1f MB) | %s%s | %.3f s | %.0f MB |" % (format(size, ",").replace(",", " "), mb, name, report, wall, rss))

main()
