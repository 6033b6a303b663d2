// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurApp
import LecteurCore
import Testing
@testable import LecteurStore

/// What a distribution ships besides the binary (issue 29), made from the built `lecteur` as the
/// Makefile makes it: the manual pages read by `man`, the completions run in bash, zsh and fish,
/// the example configuration read by the reader, the metainfo and desktop entry checked by their
/// validators; and `--version` and a missing data folder through the real binary.
@Suite struct DistributionTests {
    static let root = AuditFiles.directory.deletingLastPathComponent().deletingLastPathComponent()

    /// A fixed date, to see that the pages take SOURCE_DATE_EPOCH's (2025-11-26 00:00 UTC).
    static let epoch = "1764115200"

    static var version: String {
        let source = (try? String(contentsOf: root.appendingPathComponent("Sources/lecteur/Version.swift"), encoding: .utf8)) ?? ""
        return source.components(separatedBy: "lecteurVersion = \"").dropFirst().first?.components(separatedBy: "\"").first ?? "?"
    }

    func shell(_ script: String, environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> LecteurProcess.Output {
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] { env[name] = nil }
        for (k, v) in environment { env[k] = v }
        return try LecteurProcess.execute(URL(fileURLWithPath: "/bin/bash"), ["-c", script], input: "",
                                          environment: env, timeout: timeout)
    }

    func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-dist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    // MARK: --version and the data folder

    @Test func versionIsInTheGNUForm() throws {
        let fr = try LecteurProcess.run(["--version"])
        #expect(fr.status == 0)
        let lines = fr.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "lecteur (Lecteur) \(Self.version)", "\(fr.stdout)")
        #expect(lines.contains { $0.hasPrefix("Copyright © ") })
        #expect(fr.stdout.contains("Licence GPLv3+ : GNU GPL version 3 ou ultérieure <https://gnu.org/licenses/gpl.html>."))
        let en = try LecteurProcess.run(["--version"], environment: ["LANG": "en_US.UTF-8"])
        #expect(en.stdout.contains("License GPLv3+: GNU GPL version 3 or later"), "\(en.stdout)")
        #expect(en.stdout.hasPrefix("lecteur (Lecteur) \(Self.version)\n"))
    }

    /// Every `--help` ends, as GNU's do, with where to report bugs: the address the Debian
    /// package declares as its maintainer (debian/control), the project's one contact.
    @Test(arguments: [("fr", ["--help"]), ("fr", ["morse", "--help"]), ("fr", ["say", "--help"]), ("fr", ["audit", "--help"]),
                      ("en", ["--help"]), ("en", ["morse", "--help"]), ("en", ["help", "say"])])
    func theHelpEndsWithWhereToReportBugs(_ code: String, _ arguments: [String]) throws {
        let control = try String(contentsOf: Self.root.appendingPathComponent("debian/control"), encoding: .utf8)
        let maintainer = control.split(separator: "\n").first { $0.hasPrefix("Maintainer:") } ?? ""
        let address = maintainer.components(separatedBy: "<").dropFirst().first?.components(separatedBy: ">").first ?? ""
        #expect(address.contains("@"), "\(maintainer)")
        let out = try LecteurProcess.run(arguments, environment: ["LANGUAGE": code])
        #expect(out.status == 0, "\(out.stderr)")
        let last = out.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let expected = code == "fr" ? "Signalez les anomalies à <\(address)>." : "Report bugs to: <\(address)>."
        #expect(last == expected, "\(code) \(arguments): \(last)")
    }

    @Test func aBinaryWithoutItsDataSaysSoInFrenchAndStillDescribesItself() throws {
        let missing = ["LECTEUR_DATA_DIR": "/nonexistent/lecteur-\(UUID().uuidString)"]
        let run = try LecteurProcess.run(["--speech", "off", "--braille", "off"], input: "quitter\n", environment: missing)
        #expect(run.status == 72, "\(run.stderr)")
        #expect(run.stderr.contains("les chaînes et lexiques sont introuvables"), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("resource bundle"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)

        // --version gives the same text as with the data (the fallback matches Locales/fr/dist.json).
        let version = try LecteurProcess.run(["--version"], environment: missing)
        #expect(version.status == 0)
        let catalogue = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.root.appendingPathComponent("Locales/fr/dist.json")))
        let template = try #require((catalogue as? [String: Any])?["dist.version"] as? String)
        #expect(version.stdout == template.replacingOccurrences(of: "{version}", with: Self.version) + "\n", "\(version.stdout)")
        let help = try LecteurProcess.run(["--help"], environment: missing)
        #expect(help.status == 0)
        #expect(help.stdout.contains("--speech") && help.stdout.contains("--braille-table"), "\(help.stdout)")
        #expect(help.stderr.contains("introuvables"))
    }

    // MARK: manual pages

    func page(_ lang: String, _ page: String) throws -> (source: String, shown: String, warnings: String) {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(page)
        let gen = try shell("python3 \(quoted(Self.root.path))/scripts/gen-manpage.py --lang \(lang) --page \(page) "
                            + "\(quoted(LecteurProcess.binary.path)) > \(quoted(file.path))",
                            environment: ["SOURCE_DATE_EPOCH": Self.epoch])
        #expect(gen.status == 0, "\(gen.stderr)")
        let shown = try shell("man --warnings -l \(quoted(file.path))", environment: ["MANWIDTH": "200", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(shown.status == 0, "\(shown.stderr)")
        return (try String(contentsOf: file, encoding: .utf8), shown.stdout, shown.stderr)
    }

    @Test(arguments: ["fr", "en"])
    func theReaderPageIsCompleteInOneLanguage(lang: String) throws {
        let (source, shown, warnings) = try page(lang, "lecteur.1")
        #expect(warnings.isEmpty, "groff/man warnings: \(warnings)")
        #expect(source.contains("\"2025-11-26\""), "the date is SOURCE_DATE_EPOCH's")
        #expect(source.contains("\"Lecteur \(Self.version)\""))
        let sections = lang == "fr"
            ? ["NOM", "SYNOPSIS", "DESCRIPTION", "PREMIERS PAS", "OPTIONS", "SOUS-COMMANDES", "COMMANDES INTERACTIVES",
               "TOUCHES", "ANNONCES", "FICHIERS", "ENVIRONNEMENT", "CODE DE RETOUR", "VOIR AUSSI"]
            : ["NAME", "SYNOPSIS", "DESCRIPTION", "GETTING STARTED", "OPTIONS", "SUBCOMMANDS", "INTERACTIVE COMMANDS",
               "KEYS", "ANNOUNCEMENTS", "FILES", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"]
        for section in sections { #expect(source.contains("\n.SH \(section)\n"), "\(lang): no section \(section)") }
        let other = lang == "fr" ? ["NAME", "FILES", "ENVIRONMENT", "EXIT STATUS"] : ["NOM", "FICHIERS", "ENVIRONNEMENT", "CODE DE RETOUR"]
        for section in other { #expect(!source.contains("\n.SH \(section)\n"), "\(lang) page has \(section)") }

        // Every command `aide` lists, as the reader itself words it in that language.
        // « aide » opens a screen of one element per command; « tout lire » reads it to the end.
        let aide = try LecteurProcess.run(["--speech", "off", "--braille", "off", "--transcript", "jsonl", "--locale", lang],
                                          input: "aide\ntout lire\n")
        var help: [String] = []
        for case let label as String in aide.events("focus").filter({ $0["screen"] as? String == "help" }).map({ $0["label"] })
        where !help.contains(label) { help.append(label) }
        #expect(help.count > 30, "\(lang): \(help.count) help elements")
        for line in help.dropFirst().dropLast() {
            let names = String(line.split(separator: ":").first ?? "").trimmingCharacters(in: .whitespaces)
            #expect(shown.contains(names), "\(lang): the command « \(names) » is not in the page")
        }
        for word in ["--speech", "--braille-table", "--format", "--fail-on", "LECTEUR_API_TOKEN", "LECTEUR_NETRC",
                     "BRLAPI_HOST", "BRLAPI_AUTH", "SPEECHD_ADDRESS", "XDG_CONFIG_HOME", "LANGUAGE", "LNDN",
                     "lecteur.toml(5)", "orca(1)", "brltty(1)", "espeak-ng(1)", "spd-say(1)",
                     "/usr/share/doc/lecteur/examples/lecteur.toml.example"] {
            #expect(shown.contains(word), "\(lang): \(word) missing")
        }
        for status in ["0", "1", "64", "65", "66", "69", "70", "71", "72", "74"] {
            #expect(shown.contains("\n       \(status) "), "\(lang): exit status \(status) missing")
        }
        // Every word of the page is the page's language: swift-argument-parser's own --help and
        // --version read in English in the dump it is made from (issue 46).
        if lang == "fr" {
            for english in ["Show help information.", "Show the version.", "<text>"] {
                #expect(!shown.contains(english), "fr: « \(english) » in the page")
            }
        }
        // What the keys really do, and the history file (the page said Ctrl+C quits; on a
        // terminal it silences and clears the line).
        #expect(shown.contains(lang == "fr" ? "fait taire la parole et efface la ligne" : "silence speech and clear the line"))
        #expect(shown.contains("$XDG_STATE_HOME/lecteur/history"))
        #expect(shown.contains(lang == "fr" ? "Flèche droite" : "Ctrl+Right"))
    }

    @Test(arguments: ["fr", "en"])
    func theConfigurationPageListsEveryKey(lang: String) throws {
        let (_, shown, warnings) = try page(lang, "lecteur.toml.5")
        #expect(warnings.isEmpty, "groff/man warnings: \(warnings)")
        #expect(shown.contains("LECTEUR.TOML(5)"))
        for key in ConfigurationKeys.fileKeys where key != ConfigurationKeys.speechSettings {
            #expect(shown.contains(key + " = "), "\(lang): \(key) missing")
        }
        // Each key with the default the binary declares (the page gave `koch.level = 2` and
        // `question-braille = 'none'` from the example file while the binary used others).
        for declaration in SettingDeclaration.all {
            let value = Double(declaration.fileDefault) != nil ? declaration.fileDefault : "'\(declaration.fileDefault)'"
            #expect(shown.contains("\(declaration.fileKey) = \(value)"), "\(lang): \(declaration.fileKey) = \(value) missing")
        }
    }

    // MARK: the example configuration

    /// The keys of dist/lecteur.toml.example, as dotted keys.
    func exampleKeys() throws -> (text: String, keys: [String]) {
        let text = try String(contentsOf: Self.root.appendingPathComponent("dist/lecteur.toml.example"), encoding: .utf8)
        var table = "", keys: [String] = []
        for line in text.split(separator: "\n").map(String.init) where !line.hasPrefix("#") {
            if line.hasPrefix("[") { table = String(line.dropFirst().prefix { $0 != "]" }); continue }
            if let key = line.split(separator: "=").first?.trimmingCharacters(in: .whitespaces), !key.isEmpty {
                keys.append(table + "." + key)
            }
        }
        return (text, keys)
    }

    @Test func theExampleConfigurationHasEveryKeyAndTheReaderAcceptsIt() throws {
        let (text, keys) = try exampleKeys()
        let readerKeys = ConfigurationKeys.fileKeys
        #expect(Set(keys) == Set(readerKeys), "example \(keys.sorted()) vs reader \(readerKeys.sorted())")
        // Every value of the example is the declared default.
        for declaration in SettingDeclaration.all {
            let value = Double(declaration.fileDefault) != nil ? declaration.fileDefault : "'\(declaration.fileDefault)'"
            let (table, key) = (declaration.fileKey.prefix { $0 != "." }, declaration.fileKey.drop { $0 != "." }.dropFirst())
            let section = text.components(separatedBy: "[\(table)]").last ?? ""
            let line = section.split(separator: "\n").first { $0.hasPrefix("\(key) ") }.map(String.init) ?? ""
            #expect(line.split(separator: "#").first?.trimmingCharacters(in: .whitespaces) == "\(key) = \(value)",
                    "example: \(line) vs declared \(value)")
        }
        #expect(keys.count == Set(keys).count)

        let home = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("config/lecteur")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("lecteur.toml"))
        let run = try LecteurProcess.run(["--speech", "off", "--braille", "off", "--transcript", "jsonl"], input: "où\nquitter\n",
                                         environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path])
        #expect(run.status == 0)
        let messages = (run.events("notice") + run.events("error")).compactMap { $0["message"] as? String }
        #expect(!messages.contains { $0.contains("lecteur.toml") }, "the example gets a warning: \(messages)")
    }

    // MARK: completions

    func completions() throws -> URL {
        let dir = try temporaryDirectory()
        let script = """
            set -e
            \(quoted(LecteurProcess.binary.path)) --experimental-dump-help > \(quoted(dir.path))/help.json
            for shell in bash zsh fish; do
              python3 \(quoted(Self.root.path))/scripts/gen-completions.py $shell \(quoted(dir.path))/help.json > \(quoted(dir.path))/$shell
            done
            mkdir -p \(quoted(dir.path))/zsh-functions \(quoted(dir.path))/files
            cp \(quoted(dir.path))/zsh \(quoted(dir.path))/zsh-functions/_lecteur
            touch \(quoted(dir.path))/files/cours.json \(quoted(dir.path))/files/notes.txt \(quoted(dir.path))/files/son.wav
            """
        let made = try shell(script)
        #expect(made.status == 0, "\(made.stderr)")
        return dir
    }

    @Test func bashCompletesOptionValuesAndFiles() throws {
        let dir = try completions()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bash = try shell("""
            cd \(quoted(dir.path))
            head -1 bash | grep -q '^#!' && echo HASHBANG
            . ./bash
            t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$*"; COMPREPLY=(); _lecteur 2>/dev/null
                  echo "$*|${COMPREPLY[*]}"; }
            t lecteur --speech ''
            t lecteur read --braille ''
            t lecteur --braille-table ''
            t lecteur --locale ''
            t lecteur --transcript ''
            t lecteur audit --format ''
            t lecteur --catalog files/
            t lecteur ''
            t lecteur --brai
            complete -p lecteur
            """)
        #expect(bash.status == 0, "\(bash.stderr)")
        let out = bash.stdout
        #expect(!out.contains("HASHBANG"), "a bash completion has no #! line (lintian)")
        #expect(out.contains("lecteur --speech |auto on off\n"), "\(out)")
        #expect(out.contains("lecteur read --braille |auto on off\n"))
        #expect(out.contains("lecteur --braille-table |integral abrege comp8\n"))
        #expect(out.contains("lecteur --locale |fr en\n"))
        #expect(out.contains("lecteur --transcript |text jsonl none\n"))
        #expect(out.contains("lecteur audit --format |text json junit html sarif\n"))
        #expect(out.contains("lecteur --catalog files/|files/cours.json\n"), "only .json files: \(out)")
        #expect(out.contains("lecteur |read audit morse say\n"))
        #expect(out.contains("lecteur --brai|--braille --braille-table --braille-tty\n"), "the default subcommand's options at the root: \(out)")
        #expect(out.contains("complete -F _lecteur lecteur"))
    }

    @Test func fishCompletesOptionValuesAndFiles() throws {
        let dir = try completions()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fish = try #require(try AuditFiles.run("fish", ["-c", """
            cd \(quoted(dir.path)); source fish
            echo '== speech'; complete -C 'lecteur --speech '
            echo '== format'; complete -C 'lecteur audit --format '
            echo '== catalog'; complete -C 'lecteur --catalog files/'
            echo '== table'; complete -C 'lecteur --braille-table '
            echo '== end'
            """]), "fish is required (scripts/install-deps.sh test installs it)")
        #expect(fish.status == 0, "\(fish.stderr)")
        let sections = fish.stdout.components(separatedBy: "== ")
        func values(_ name: String) -> [String] {
            (sections.first { $0.hasPrefix(name + "\n") } ?? "").split(separator: "\n").dropFirst()
                .map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(values("speech") == ["auto", "off", "on"], "\(fish.stdout)")
        #expect(Set(values("format")) == ["text", "json", "junit", "html", "sarif"])
        #expect(values("catalog") == ["files/cours.json"], "\(fish.stdout)")
        #expect(Set(values("table")) == ["integral", "abrege", "comp8"])
    }

    @Test func zshCompletesOptionValuesAndFiles() throws {
        let dir = try completions()
        defer { try? FileManager.default.removeItem(at: dir) }
        // An interactive zsh on a pseudo-terminal (zpty), Tab pressed after each command line;
        // its output read until `awaited` shows (at most 20 s), not for a fixed 2 s: under the
        // parallel run's load compinit and the completion took longer once (fresh-clone run
        // 30: nothing read after « files/ »). What must not show is checked on the same output.
        // `awaited` must not be in what zsh echoes before the completion (« auto » is in
        // « autoload »): checked, or the wait could end at once.
        func complete(_ line: String, until awaited: String) throws -> String {
            let setup = "fpath=(\(dir.path)/zsh-functions $fpath); autoload -U compinit; compinit -u -D; PS1=\"%% \"; lecteur() { :; }; cd \(dir.path)"
            #expect(!setup.contains(awaited) && !line.contains(awaited), "« \(awaited) » is echoed before the completion")
            let script = """
                zmodload zsh/zpty
                zpty z zsh -f -i
                zpty -w z '\(setup)'
                zpty -wn z $'\(line)\\t'
                out=''
                for i in {1..200}; do
                  while zpty -rt z chunk; do out+=$chunk; done
                  [[ $out == *\(awaited)* ]] && break
                  sleep 0.1
                done
                zpty -d z
                print -r -- "$out"
                """
            let run = try #require(try AuditFiles.run("zsh", ["-f", "-c", script], timeout: 30),
                                   "zsh is required (scripts/install-deps.sh test installs it)")
            #expect(run.status == 0, "\(run.stderr)")
            // The text after the command line's echo, escape sequences removed.
            let plain = run.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[a-zA-Z]", with: "", options: .regularExpression)
            return plain.components(separatedBy: line).dropFirst().joined(separator: line)
        }
        let speech = try complete("lecteur --speech ", until: "off")
        #expect(speech.contains("auto") && speech.contains("off") && speech.contains("on"), "\(speech)")
        let format = try complete("lecteur audit --format ", until: "sarif")
        #expect(["text", "json", "junit", "html", "sarif"].allSatisfy { format.contains($0) }, "\(format)")
        let catalog = try complete("lecteur --catalog files/", until: "cours.json")
        #expect(catalog.contains("cours.json") && !catalog.contains("notes.txt"), "\(catalog)")
    }

    // MARK: desktop entry, metainfo, rules page

    @Test func theMetainfoAndTheDesktopEntryValidate() throws {
        let metainfo = Self.root.appendingPathComponent("dist/io.github.lecteur.metainfo.xml")
        let valid = try #require(try AuditFiles.run("appstreamcli", ["validate", "--no-net", "--pedantic", metainfo.path]),
                                 "appstreamcli is required (Debian package appstream)")
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
        #expect(!valid.stdout.contains("W:") && !valid.stdout.contains("E:") && !valid.stdout.contains("P:"), "\(valid.stdout)")
        let xml = try String(contentsOf: metainfo, encoding: .utf8)
        #expect(xml.contains("<component type=\"console-application\">"))
        #expect(xml.contains("<release version=\"\(Self.version)\""), "the metainfo's release is the program's version")
        #expect(xml.contains("<project_license>GPL-3.0-or-later</project_license>"))

        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let desktop = try shell("sed 's|@BINDIR@|/usr/bin|' \(quoted(Self.root.path))/dist/lecteur.desktop.in > \(quoted(dir.path))/lecteur.desktop"
                                + " && desktop-file-validate \(quoted(dir.path))/lecteur.desktop")
        #expect(desktop.status == 0 && desktop.stdout.isEmpty, "\(desktop.stdout)\(desktop.stderr)")
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("debian/changelog"), encoding: .utf8)
        #expect(changelog.hasPrefix("lecteur (\(Self.version)) "), "debian/changelog's version is the program's")
    }

    @Test func theInstalledRulesPageHasASectionPerRule() throws {
        let html = try shell("python3 \(quoted(Self.root.path))/scripts/gen-doc-html.py \(quoted(Self.root.path))/docs/audit-rules.md")
        #expect(html.status == 0, "\(html.stderr)")
        let rules = try LecteurProcess.run(["audit", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(rules.stdout.utf8)) as? [String: Any])
        let ids = ["violations", "incomplete", "passes", "inapplicable"]
            .flatMap { (report[$0] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
        #expect(ids.count >= 16)
        for id in ids { #expect(html.stdout.contains("<section id=\"\(id)\""), "no section for \(id)") }
        #expect(html.stdout.contains("<html lang=\"fr\">"))
    }
}
