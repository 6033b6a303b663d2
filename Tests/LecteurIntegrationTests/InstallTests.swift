// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// scripts/install.sh (the Makefile) into a temporary prefix, then the installed reader run with the checkout's
/// `.build` hidden (a private mount namespace with a tmpfs over it, as root). It builds a static
/// release binary in its own build folder (`swift test` holds the lock of .build), which takes
/// minutes: it is asked for with LECTEUR_INSTALL_TEST=1. scripts/test.sh runs it in its package step
/// (issue 51), with LECTEUR_INSTALL_TREE naming the copy of the tree the Debian package was just
/// built in: `make` there finds its release build done (`.build-release`), so the install costs no
/// second release build; both that build folder and the checkout's `.build` are hidden.
@Suite(.requires(.installTestAsked))
struct InstallTests {
    static let checkout = BrlttyRig.root
    /// Where scripts/install.sh runs: the package step's tree (its release build kept), or the checkout.
    static let tree = ProcessInfo.processInfo.environment["LECTEUR_INSTALL_TREE"].map { URL(fileURLWithPath: $0) }
    /// The build folder of that tree, hidden with the checkout's `.build` when the installed reader runs.
    static let scratch = tree == nil ? ".build/install-test" : ".build-release"

    func shell(_ script: String, timeout: TimeInterval = 60) throws -> LecteurProcess.Output {
        try LecteurProcess.execute(URL(fileURLWithPath: "/bin/bash"), ["-c", script], input: "",
                                   environment: ProcessInfo.processInfo.environment, timeout: timeout)
    }

    @Test func theInstalledReaderRunsWithTheBuildFolderHidden() throws {
        let base = NSTemporaryDirectory() + "lecteur-install-\(UUID().uuidString.prefix(8))"
        let prefix = base + "/usr"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let tree = (Self.tree ?? Self.checkout).path
        // The package step's build folder too (the checkout's own install build is inside `.build`).
        let hideTree = Self.tree == nil ? "" : """
            mount -t tmpfs none "\(tree)/\(Self.scratch)" || exit 90
            test -z "$(ls -A "\(tree)/\(Self.scratch)")" || exit 91
            """
        let install = try shell("cd '\(tree)' && LECTEUR_INSTALL_SCRATCH=\(Self.scratch) scripts/install.sh --prefix '\(prefix)'", timeout: 2400)
        #expect(install.status == 0, "\(install.stderr.suffix(2000))")

        // No Swift runtime library is loaded from the toolchain.
        let ldd = try shell("ldd '\(prefix)/bin/lecteur'")
        #expect(!ldd.stdout.contains("libswiftCore") && !ldd.stdout.contains("libFoundation"), "\(ldd.stdout)")

        // Everything below runs from / with .build replaced by an empty tmpfs.
        let hidden = try shell("""
            unshare -m sh -c '
              mount -t tmpfs none "\(Self.checkout.path)/.build" || exit 90
              cd / && export HOME=\(base)/home XDG_DATA_HOME=\(base)/data XDG_CACHE_HOME=\(base)/cache XDG_CONFIG_HOME=\(base)/config
              test -z "$(ls -A "\(Self.checkout.path)/.build")" || exit 91
              \(hideTree)
              echo "== version"; \(prefix)/bin/lecteur --version
              echo "== read"; echo suivant | \(prefix)/bin/lecteur --speech off --braille off --transcript jsonl
              echo "== en"; echo suivant | \(prefix)/bin/lecteur --speech off --braille off --locale en
              echo "== man"; LANG=C.UTF-8 MANPATH=\(prefix)/share/man man -P cat lecteur 2>&1
              echo "== bash"; bash -c ". \(prefix)/share/bash-completion/completions/lecteur && complete -p lecteur"
              echo "== end"'
            """)
        #expect(hidden.status == 0, "\(hidden.stdout)\n\(hidden.stderr)")
        let out = hidden.stdout
        // Each run's output, by the `== name` line before it.
        let sections = Dictionary(out.components(separatedBy: "== ").dropFirst().map { part -> (String, String) in
            let lines = part.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(lines[0]), lines.count > 1 ? String(lines[1]) : "")
        }, uniquingKeysWith: { $1 })
        let version = try String(contentsOf: Self.checkout.appendingPathComponent("Sources/lecteur/Version.swift"), encoding: .utf8)
        let number = version.split(separator: "\"").dropFirst().first.map(String.init) ?? "?"
        #expect(out.contains("== version\nlecteur (Lecteur) \(number)\n"), "\(out)")
        #expect(sections["read"]?.contains(#""label":"Accessibilité, non sélectionné""#) == true, "\(out)")
        // The English strings come from the installed share/lecteur/locales (the category's name is catalogue data).
        #expect(sections["en"]?.contains("14 courses loaded.") == true, "\(out)")
        #expect(sections["en"]?.contains("Accessibilité, not selected, button, filter 2 of 7") == true, "\(out)")
        #expect(out.contains("LECTEUR(1)") && out.contains("--speech-backend") && out.contains("category filters"),
                "man page: \(out)")
        #expect(out.contains("-F _lecteur lecteur"), "\(out)")
        #expect(out.contains("== end"))
        #expect(!hidden.stderr.contains("resource bundle"), "\(hidden.stderr)")

        for file in ["share/zsh/site-functions/_lecteur", "share/fish/vendor_completions.d/lecteur.fish",
                     "share/applications/lecteur.desktop", "share/lecteur/locales/fr/lexique.json"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: prefix + "/" + file)[.size] as? Int) ?? 0
            #expect(size > 0, "\(file)")
        }
        let desktop = try String(contentsOfFile: prefix + "/share/applications/lecteur.desktop", encoding: .utf8)
        #expect(desktop.contains("Terminal=true") && desktop.contains("Exec=\(prefix)/bin/lecteur"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/desktop-file-validate") {
            let valid = try shell("desktop-file-validate '\(prefix)/share/applications/lecteur.desktop'")
            #expect(valid.status == 0 && valid.stdout.isEmpty, "\(valid.stdout)")
        }

        let uninstall = try shell("cd '\(tree)' && scripts/install.sh --prefix '\(prefix)' --uninstall")
        #expect(uninstall.status == 0)
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/lecteur"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/lecteur"))
    }
}

extension Requirement {
    static let installTestAsked = Requirement(
        "the install test (LECTEUR_INSTALL_TEST=1, as root; run on demand, PackageTests checks the installed program in CI)",
        missing: ProcessInfo.processInfo.environment["LECTEUR_INSTALL_TEST"] != "1" ? "LECTEUR_INSTALL_TEST is not 1"
            : getuid() != 0 ? "this process is not root (the test mounts a tmpfs over .build)" : nil)
}
