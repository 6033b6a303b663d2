#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Loading and auditing catalogues of 1 000, 10 000 and 100 000 formations with the release
binary, side by side in one run with python3's json.load and jq reading the same files.

  scripts/audit-scale.py [--sizes 1000,10000,100000] [--runs 3] [--bin .build/release/lecteur]

Each measure is a separate process under GNU time: wall time (median of the runs) and peak RSS (the
largest). Prints a Markdown table. The catalogue is the benchmarks' generated one (API JSON,
40 categories, half of the prices as Laravel decimal strings)."""
import argparse, os, shutil, statistics, subprocess, tempfile

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

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--bin", default=".build/release/lecteur")
    parser.add_argument("--formats", default="text,json,sarif")
    args = parser.parse_args()
    jq = shutil.which("jq")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for size in map(int, args.sizes.split(",")):
            path = os.path.join(folder, "catalogue-%d.json" % size)
            with open(path, "w", encoding="utf-8") as f:
                f.write(catalogue(size))
            mb = os.path.getsize(path) / 1e6
            out = os.path.join(folder, "report")
            measures = [("python3 json.load", ["python3", "-c", "import json,sys; json.load(open(sys.argv[1], encoding='utf-8'))", path])]
            if jq:
                measures.append(("jq empty", [jq, "empty", path]))
            measures.append(("lecteur: load into the reader", [args.bin, "read", "--catalog", path, "--transcript", "none",
                                                               "--speech", "off", "--braille", "off"]))
            for fmt in args.formats.split(","):
                measures.append(("lecteur audit, %s" % fmt, [args.bin, "audit", "--catalog", path, "--format", fmt, "--output", out]))
            for name, argv in measures:
                wall, rss = measure(argv, args.runs)
                size_out = os.path.getsize(out) / 1e6 if os.path.exists(out) and name.startswith("lecteur audit") else None
                rows.append((size, mb, name, wall, rss, size_out))
                print("%7d  %-32s %8.3f s %8.1f MB" % (size, name, wall, rss) + (" (report %.0f MB)" % size_out if size_out else ""), flush=True)
                if os.path.exists(out):
                    os.remove(out)
    print()
    print("| formations (JSON size) | what | wall (median of %d) | peak RSS |" % args.runs)
    print("|---|---|---|---|")
    for size, mb, name, wall, rss, size_out in rows:
        report = " (report %.0f MB)" % size_out if size_out else ""
        print("| %s (%.1f MB) | %s%s | %.3f s | %.0f MB |" % (format(size, ",").replace(",", " "), mb, name, report, wall, rss))

main()
