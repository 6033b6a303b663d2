#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes dist/startup-order.txt: the functions of the binary that `lecteur say --output`,
`lecteur morse --output` and the reader's start and quit run, one symbol a line, in the order
they were first met (say's, then morse's, then the reader's), for lld's --symbol-ordering-file.

    scripts/gen-startup-order.py BIN [OUT]

BIN is a release build with its symbol table (`make STRIP=` leaves .build-release/release/lecteur
unstripped; LECTEUR_DATA_DIR must name its data when it is an installed build, as the Makefile's
DATA does). Each command runs once under `valgrind --tool=callgrind` in a private HOME.

Why (issue 49, docs/performance.md): the binary's code is 21 MB, and the kernel maps a file's
pages 64 kB at a time around each one touched, so the few thousand functions a start runs,
scattered among 100 000, made 12.5 MB of `say`'s peak memory. Placed together first they take a
few megabytes. Only the layout changes: a name the linker no longer finds (the code changed since
the file was written) is skipped, and the binary is the same program, laid out less well.
Regenerate after large changes to what a start runs.
"""
import os, pathlib, re, shutil, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def functions(profile, binary_name):
    """The functions of the binary in a callgrind profile, in the order they appear (callgrind
    writes a function when it first costs something). Names are compressed: `fn=(12) name` the
    first time, `fn=(12)` after; objects likewise with `ob=`."""
    objects, names, current, found = {}, {}, None, []
    for line in open(profile, errors="replace"):
        m = re.match(r"(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not m:
            continue
        kind, ident, name = m.groups()
        table = objects if kind.endswith("ob") else names
        if name:
            table[ident] = name
        if kind == "ob":
            current = objects.get(ident)
        elif kind == "fn" and current and os.path.basename(current) == binary_name:
            fn = re.sub(r"'\d+$", "", names.get(ident, ""))  # callgrind's recursion suffix
            # Addresses without a symbol and callgrind's own "(below main)" are no names.
            if fn and not fn.startswith("0x") and " " not in fn:
                found.append(fn)
    return found


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.split("\n\n")[1])
    binary = pathlib.Path(sys.argv[1]).resolve()
    out = pathlib.Path(sys.argv[2]) if len(sys.argv) == 3 else ROOT / "dist/startup-order.txt"
    if not shutil.which("valgrind"):
        sys.exit("gen-startup-order: valgrind not found (Debian package valgrind)")
    work = pathlib.Path(tempfile.mkdtemp(prefix="lecteur-order."))
    try:
        # Valgrind 3.19 cannot read the DWARF 5 the Swift compiler writes: the symbol table is enough.
        copy = work / "lecteur"
        subprocess.run(["strip", "--strip-debug", "-o", str(copy), str(binary)], check=True)
        home = work / "home"
        home.mkdir()
        (work / "run").mkdir(mode=0o700)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "fr_FR.UTF-8",
               "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
               "XDG_STATE_HOME": str(home / ".local/state"), "XDG_CACHE_HOME": str(home / ".cache"),
               "XDG_RUNTIME_DIR": str(work / "run")}
        if "LECTEUR_DATA_DIR" in os.environ:
            env["LECTEUR_DATA_DIR"] = os.environ["LECTEUR_DATA_DIR"]
        runs = [("say", ["say", "--output", str(work / "s.wav"), "Bonjour, voici Lecteur."], b""),
                ("morse", ["morse", "--output", str(work / "m.wav"), "CQ CQ DE F4ABC"], b""),
                ("reader", ["--speech", "off", "--braille", "off", "--transcript", "none"], b"quitter\n")]
        order, seen = [], set()
        for name, args, stdin in runs:
            profile = work / f"callgrind.{name}"
            result = subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no",
                                     f"--callgrind-out-file={profile}", str(copy)] + args,
                                    input=stdin, env=env, capture_output=True)
            if result.returncode != 0:
                sys.exit(f"gen-startup-order: `lecteur {' '.join(args)}` failed:\n{result.stderr.decode(errors='replace')[-2000:]}")
            for fn in functions(profile, copy.name):
                if fn not in seen:
                    seen.add(fn)
                    order.append(fn)
        out.write_text("".join(f + "\n" for f in order))
        print(f"{out}: {len(order)} functions")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
