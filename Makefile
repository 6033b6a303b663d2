# SPDX-License-Identifier: GPL-3.0-or-later
# Builds and installs Lecteur like any GNU program; Debian's `dh` drives it unmodified.
#
#   make                        release build and the generated files (man pages, completions, docs)
#   make install                into $(DESTDIR)$(PREFIX); no apt, no network, no build tools needed
#   make uninstall              removes what `install` put there
#   make PREFIX=/usr STRIP=     keeps the symbols (a packager's debug package takes them)
#   make startup-bench          the installed build's start beside espeak-ng, ebook2cw and cat
#                               (scripts/startup-bench.py, medians of 10; docs/performance.md)
#   make fuzz                   the pure core fuzzed (libFuzzer + ASan): every target 5 s and at
#                               least 500 inputs, its core built -Onone (the pass CI ran until
#                               issue 51; CI now type-checks the targets only: docs/testing.md)
#   make fuzz-long              the same at -O, 300 s a target (scripts/fuzz.sh; docs/robustness.md)
#
# The build is offline once the Swift packages are resolved (`swift package resolve`, done by
# scripts/install-deps.sh), and reproducible: no build path in the binary (-file-prefix-map),
# the man pages dated by SOURCE_DATE_EPOCH, RELRO and immediate binding, no unused library
# (--as-needed). The C libraries (espeak-ng, BrlAPI, liblouis, libspeechd, libcurl…) stay the
# system's shared ones; the Swift standard library and Foundation are linked in.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/lecteur
# Where each shell looks: Debian's zsh reads vendor-completions for /usr and site-functions
# for /usr/local; bash-completion and fish read under every XDG data folder.
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(if $(filter /usr,$(PREFIX)),$(DATADIR)/zsh/vendor-completions,$(DATADIR)/zsh/site-functions)
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d

SWIFT ?= swift
PYTHON ?= python3
INSTALL ?= install
STRIP ?= strip
# A build folder of its own: `swift test` may hold the lock of .build.
BUILDDIR ?= .build-release
GEN := $(BUILDDIR)/generated

# The date of the man pages: the packager's SOURCE_DATE_EPOCH, else the last commit's.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || date +%s)
export SOURCE_DATE_EPOCH

# LECTEUR_INSTALLED: the data is looked for where `install` puts it, never in this checkout.
# No RUNPATH ($$ORIGIN): the binary loads only the system's libraries.
#
# What the start costs the loader (issue 49, docs/performance.md): linked by lld, the toolchain's,
# whose packed relative relocations (-z pack-relative-relocs, DT_RELR, glibc 2.36) shrink the
# 2.2 MB table of the binary's 92 000 relocations to 45 kB that the loader need not read page by
# page; the binary exports none of its own symbols (--no-export-dynamic: no library looks them
# up, and its 15 000 names were 1.3 MB it mapped); and libstdc++, which only the Swift runtime and
# toml++ use, is linked in (no other library of the binary needs it): its 1 700 symbol
# bindings at start go. $(CXXLIB) holds the one archive, searched before the shared library.
# The functions a start runs are laid out together first (dist/startup-order.txt, written by
# scripts/gen-startup-order.py): the kernel maps code 64 kB around each page touched, and the
# start's functions, scattered through 21 MB of code, made 12.5 MB of `say`'s memory. A name the
# code no longer has is skipped, silently: the order is a layout, never a behaviour.
CXXLIB := $(BUILDDIR)/static-cxx
SWIFTFLAGS := -c release --scratch-path $(BUILDDIR) --product lecteur --static-swift-stdlib \
  --disable-local-rpath -Xswiftc -DLECTEUR_INSTALLED -Xswiftc -file-prefix-map -Xswiftc $(CURDIR)=. \
  -Xcc -ffile-prefix-map=$(CURDIR)=. -Xcxx -ffile-prefix-map=$(CURDIR)=. \
  -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now -Xlinker --as-needed \
  -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
  -Xswiftc -L -Xswiftc $(abspath $(CXXLIB)) \
  -Xlinker --symbol-ordering-file=$(CURDIR)/dist/startup-order.txt -Xlinker --no-warn-symbol-ordering

BINARY := $(BUILDDIR)/release/lecteur
# The built binary, reading the checkout's locales (it has no source path to find them by).
DATA := LECTEUR_DATA_DIR=$(abspath $(GEN))/data
RUN := $(DATA) LANG=C.UTF-8 LC_ALL= LANGUAGE= $(BINARY)

GENERATED := $(GEN)/man/lecteur.1 $(GEN)/man/fr/lecteur.1 $(GEN)/man/lecteur.toml.5 \
  $(GEN)/man/fr/lecteur.toml.5 $(GEN)/completions/lecteur.bash $(GEN)/completions/_lecteur \
  $(GEN)/completions/lecteur.fish $(GEN)/audit-rules.html

LOCALES := fr en

.PHONY: all build install uninstall clean startup-bench fuzz fuzz-long
all: build $(GENERATED)

# SwiftPM decides what to rebuild; make always asks it.
build:
	mkdir -p $(CXXLIB) && ln -sf "$$($(CC) -print-file-name=libstdc++.a)" $(CXXLIB)/libstdc++.a
	test -f $(CXXLIB)/libstdc++.a || { echo "libstdc++.a introuvable (paquet libstdc++-12-dev)" >&2; exit 1; }
	$(SWIFT) build $(SWIFTFLAGS)

$(GEN)/data: $(wildcard Locales/*/*.json)
	rm -rf $@ && mkdir -p $@/locales
	for l in $(LOCALES); do mkdir -p $@/locales/$$l && cp Locales/$$l/*.json $@/locales/$$l/; done

$(GEN)/help.json: build $(GEN)/data
	$(RUN) --experimental-dump-help >$@.tmp && mv $@.tmp $@

$(GEN)/man/lecteur.1: $(GEN)/help.json scripts/gen-manpage.py $(GEN)/data
	mkdir -p $(@D) && $(DATA) $(PYTHON) scripts/gen-manpage.py --lang en --page lecteur.1 --prefix $(PREFIX) $(BINARY) >$@
$(GEN)/man/fr/lecteur.1: $(GEN)/help.json scripts/gen-manpage.py $(GEN)/data
	mkdir -p $(@D) && $(DATA) $(PYTHON) scripts/gen-manpage.py --lang fr --page lecteur.1 --prefix $(PREFIX) $(BINARY) >$@
$(GEN)/man/lecteur.toml.5: $(GEN)/help.json scripts/gen-manpage.py $(GEN)/data
	mkdir -p $(@D) && $(DATA) $(PYTHON) scripts/gen-manpage.py --lang en --page lecteur.toml.5 --prefix $(PREFIX) $(BINARY) >$@
$(GEN)/man/fr/lecteur.toml.5: $(GEN)/help.json scripts/gen-manpage.py $(GEN)/data
	mkdir -p $(@D) && $(DATA) $(PYTHON) scripts/gen-manpage.py --lang fr --page lecteur.toml.5 --prefix $(PREFIX) $(BINARY) >$@

$(GEN)/completions/lecteur.bash: $(GEN)/help.json scripts/gen-completions.py
	mkdir -p $(@D) && $(PYTHON) scripts/gen-completions.py bash $(GEN)/help.json >$@
$(GEN)/completions/_lecteur: $(GEN)/help.json scripts/gen-completions.py
	mkdir -p $(@D) && $(PYTHON) scripts/gen-completions.py zsh $(GEN)/help.json >$@
$(GEN)/completions/lecteur.fish: $(GEN)/help.json scripts/gen-completions.py
	mkdir -p $(@D) && $(PYTHON) scripts/gen-completions.py fish $(GEN)/help.json >$@

$(GEN)/audit-rules.html: docs/audit-rules.md scripts/gen-doc-html.py
	mkdir -p $(@D) && $(PYTHON) scripts/gen-doc-html.py docs/audit-rules.md >$@

# Installs what `all` built; builds nothing itself when `all` ran first (as dh does).
install: all
	$(INSTALL) -d $(DESTDIR)$(BINDIR)
	$(INSTALL) -m 755 $(BINARY) $(DESTDIR)$(BINDIR)/lecteur
	$(if $(STRIP),$(STRIP) $(DESTDIR)$(BINDIR)/lecteur)
	for l in $(LOCALES); do \
	  $(INSTALL) -d $(DESTDIR)$(DATADIR)/lecteur/locales/$$l && \
	  $(INSTALL) -m 644 Locales/$$l/*.json $(DESTDIR)$(DATADIR)/lecteur/locales/$$l/ || exit 1; done
	$(INSTALL) -D -m 644 $(GEN)/man/lecteur.1 $(DESTDIR)$(MANDIR)/man1/lecteur.1
	$(INSTALL) -D -m 644 $(GEN)/man/fr/lecteur.1 $(DESTDIR)$(MANDIR)/fr/man1/lecteur.1
	$(INSTALL) -D -m 644 $(GEN)/man/lecteur.toml.5 $(DESTDIR)$(MANDIR)/man5/lecteur.toml.5
	$(INSTALL) -D -m 644 $(GEN)/man/fr/lecteur.toml.5 $(DESTDIR)$(MANDIR)/fr/man5/lecteur.toml.5
	$(INSTALL) -D -m 644 $(GEN)/completions/lecteur.bash $(DESTDIR)$(BASHCOMPDIR)/lecteur
	$(INSTALL) -D -m 644 $(GEN)/completions/_lecteur $(DESTDIR)$(ZSHCOMPDIR)/_lecteur
	$(INSTALL) -D -m 644 $(GEN)/completions/lecteur.fish $(DESTDIR)$(FISHCOMPDIR)/lecteur.fish
	sed 's|@BINDIR@|$(BINDIR)|' dist/lecteur.desktop.in >$(GEN)/lecteur.desktop
	$(INSTALL) -D -m 644 $(GEN)/lecteur.desktop $(DESTDIR)$(DATADIR)/applications/lecteur.desktop
	$(INSTALL) -D -m 644 dist/io.github.lecteur.metainfo.xml \
	  $(DESTDIR)$(DATADIR)/metainfo/io.github.lecteur.metainfo.xml
	$(INSTALL) -D -m 644 dist/lecteur.svg $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/lecteur.svg
	$(INSTALL) -D -m 644 $(GEN)/audit-rules.html $(DESTDIR)$(DOCDIR)/audit-rules.html
	$(INSTALL) -D -m 644 dist/lecteur.toml.example $(DESTDIR)$(DOCDIR)/examples/lecteur.toml.example

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/lecteur $(DESTDIR)$(MANDIR)/man1/lecteur.1 \
	  $(DESTDIR)$(MANDIR)/fr/man1/lecteur.1 $(DESTDIR)$(MANDIR)/man5/lecteur.toml.5 \
	  $(DESTDIR)$(MANDIR)/fr/man5/lecteur.toml.5 $(DESTDIR)$(BASHCOMPDIR)/lecteur \
	  $(DESTDIR)$(ZSHCOMPDIR)/_lecteur $(DESTDIR)$(FISHCOMPDIR)/lecteur.fish \
	  $(DESTDIR)$(DATADIR)/applications/lecteur.desktop \
	  $(DESTDIR)$(DATADIR)/metainfo/io.github.lecteur.metainfo.xml \
	  $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/lecteur.svg \
	  $(DESTDIR)$(DOCDIR)/audit-rules.html $(DESTDIR)$(DOCDIR)/examples/lecteur.toml.example
	rm -rf $(DESTDIR)$(DATADIR)/lecteur
	-rmdir $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR) 2>/dev/null

# Issue 49's measure, as the installed binary starts (stripped, as `install` puts it), in one
# command: RUNS=N for another count.
RUNS ?= 10
startup-bench: build $(GEN)/data
	$(if $(STRIP),$(STRIP) -o $(BUILDDIR)/lecteur-stripped $(BINARY),cp $(BINARY) $(BUILDDIR)/lecteur-stripped)
	$(DATA) $(PYTHON) scripts/startup-bench.py --lecteur $(BUILDDIR)/lecteur-stripped --runs $(RUNS)

clean:
	rm -rf $(BUILDDIR)

# Not part of `all`: the fuzzing compiles the core again with ASan (scripts/fuzz.sh).
fuzz:
	scripts/fuzz.sh --quick --time 5 --jobs 2 --min-inputs 500
fuzz-long:
	scripts/fuzz.sh --time 300 --jobs 2
