// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// The Debian package that scripts/build-deb.sh built (lintian, which gates that script, found no
/// error and no warning), installed with dpkg on this machine, run from `/`, read with `man`, and
/// removed. The package is a release build from nothing, several minutes: scripts/test.sh builds
/// it in a step of its own and names it in LECTEUR_PACKAGE_DEB (as root, since dpkg installs it).
@Suite(.requires(.packageBuilt))
struct PackageTests {
    static let deb = ProcessInfo.processInfo.environment["LECTEUR_PACKAGE_DEB"] ?? ""
    static let checkout = AuditFiles.directory.deletingLastPathComponent().deletingLastPathComponent()

    func shell(_ script: String, timeout: TimeInterval = 120) throws -> LecteurProcess.Output {
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LECTEUR_DATA_DIR", "LECTEUR_BIN"] { env[name] = nil }
        return try LecteurProcess.execute(URL(fileURLWithPath: "/bin/bash"), ["-c", script], input: "",
                                          environment: env, timeout: timeout)
    }

    @Test func thePackageInstallsRunsAndRemovesCleanly() throws {
        let name = URL(fileURLWithPath: Self.deb).lastPathComponent
        #expect(name.range(of: #"^lecteur_\d+\.\d+\.\d+_[a-z0-9]+\.deb$"#, options: .regularExpression) != nil, "\(name)")
        let fields = try shell("dpkg-deb -f '\(Self.deb)' Package Version Depends")
        #expect(fields.stdout.contains("Package: lecteur"))
        // Depends from the libraries the binary links (dh_shlibdeps), glib not among them.
        for library in ["libespeak-ng1", "libbrlapi0.8", "liblouis20", "libspeechd2", "libcurl4", "libsqlite3-0"] {
            #expect(fields.stdout.contains(library), "Depends lacks \(library): \(fields.stdout)")
        }
        #expect(!fields.stdout.contains("libglib"))
        // The packed relocations need glibc 2.36's loader, which the symbols alone do not say.
        #expect(fields.stdout.contains("libc6 (>= 2.36)"), "\(fields.stdout)")

        let install = try shell("dpkg -i '\(Self.deb)'")
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
        defer { _ = try? shell("dpkg -r lecteur") }

        let home = NSTemporaryDirectory() + "lecteur-package-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let run = try shell("""
            cd / && export HOME=\(home) XDG_DATA_HOME=\(home)/data XDG_CACHE_HOME=\(home)/cache XDG_CONFIG_HOME=\(home)/config
            echo "== which"; command -v lecteur
            echo "== version"; lecteur --version
            echo "== read"; echo quitter | lecteur --speech off --braille off --transcript jsonl
            echo "== status $?"
            echo "== audit"; lecteur audit --format json | grep -o '"helpUrl": "[^"]*"' | head -1
            echo "== man"; for page in man1/lecteur.1 fr/man1/lecteur.1 man5/lecteur.toml.5 fr/man5/lecteur.toml.5; do
              MANWIDTH=120 man --warnings -l /usr/share/man/$page.gz 2>&1 | head -3; done
            echo "== ldd"; ldd /usr/bin/lecteur
            echo "== needed"; readelf -d /usr/bin/lecteur | grep -E 'NEEDED|RPATH|RUNPATH|RELR'
            echo "== paths"; strings /usr/bin/lecteur | grep -c -e '\(Self.checkout.path)' -e '/lecteur-deb\\.' || true
            echo "== hooks"; strings /usr/bin/lecteur | grep -c -e LECTEUR_PROBE_ROOT -e LECTEUR_ORCA_PROCESS || true
            echo "== end"
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.contains("== which\n/usr/bin/lecteur\n"))
        #expect(out.contains("== version\nlecteur (Lecteur) "), "\(out)")
        #expect(out.contains(#""type":"focus""#) && out.contains("== status 0\n"), "\(out)")
        #expect(out.contains(#""helpUrl": "file:///usr/share/doc/lecteur/audit-rules.html#"#), "\(out)")
        #expect(out.contains("LECTEUR(1)") && out.contains("LECTEUR.TOML(5)") && out.contains("NOM") && out.contains("NAME"), "\(out)")
        // No Swift runtime from the toolchain, nothing missing; glib (which libspeechd itself
        // needs) not linked by Lecteur; no RUNPATH.
        let ldd = out.components(separatedBy: "== ldd").last?.components(separatedBy: "== needed").first ?? ""
        let needed = out.components(separatedBy: "== needed").last?.components(separatedBy: "== paths").first ?? ""
        #expect(!ldd.contains("libswiftCore") && !ldd.contains("not found"), "\(ldd)")
        #expect(needed.contains("libespeak-ng") && !needed.contains("libglib") && !needed.contains("RUNPATH") && !needed.contains("RPATH"),
                "\(needed)")
        // The link that makes the start quick (Makefile, docs/performance.md): packed relative
        // relocations, and libstdc++ linked in rather than loaded and bound at every start.
        #expect(needed.contains("(RELR)") && !needed.contains("libstdc++"), "\(needed)")
        #expect(out.contains("== paths\n0\n"), "no build path in the installed binary: \(out)")
        // No test-only variable in the installed binary (issue 50, item 10).
        #expect(out.contains("== hooks\n0\n"), "a test hook in the installed binary: \(out)")
        #expect(out.contains("== end"))

        for file in ["/usr/share/bash-completion/completions/lecteur", "/usr/share/zsh/vendor-completions/_lecteur",
                     "/usr/share/fish/vendor_completions.d/lecteur.fish", "/usr/share/applications/lecteur.desktop",
                     "/usr/share/metainfo/io.github.lecteur.metainfo.xml", "/usr/share/icons/hicolor/scalable/apps/lecteur.svg",
                     "/usr/share/doc/lecteur/copyright", "/usr/share/doc/lecteur/changelog.gz",
                     "/usr/share/doc/lecteur/audit-rules.html", "/usr/share/doc/lecteur/examples/lecteur.toml.example",
                     "/usr/share/lecteur/locales/fr/lexique.json", "/usr/share/lecteur/locales/en/cli.json"] {
            #expect(FileManager.default.fileExists(atPath: file), "\(file) missing")
        }
        let metainfo = try shell("appstreamcli validate --no-net /usr/share/metainfo/io.github.lecteur.metainfo.xml"
                                 + " && desktop-file-validate /usr/share/applications/lecteur.desktop")
        #expect(metainfo.status == 0, "\(metainfo.stdout)")

        let listed = try shell("dpkg -L lecteur").stdout.split(separator: "\n").map(String.init)
        let remove = try shell("dpkg -r lecteur")
        #expect(remove.status == 0, "\(remove.stdout)\(remove.stderr)")
        let left = listed.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(left.isEmpty, "left after dpkg -r: \(left)")
        #expect(!FileManager.default.fileExists(atPath: "/usr/share/lecteur"))
        #expect(!FileManager.default.fileExists(atPath: "/usr/share/doc/lecteur"))
    }
}

extension Requirement {
    /// Under CI a package that was not built fails these tests instead of skipping them.
    static let packageBuilt = Requirement(
        "the Debian package (scripts/test.sh builds it with scripts/build-deb.sh and sets LECTEUR_PACKAGE_DEB, as root)",
        missing: ProcessInfo.processInfo.environment["LECTEUR_PACKAGE_DEB"] == nil ? "LECTEUR_PACKAGE_DEB is not set"
            : getuid() != 0 ? "this process is not root (dpkg installs the package)" : nil)
}
