// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The plain-text configuration (issue 15, item 6) through the real binary: `set` writes
/// `$XDG_CONFIG_HOME/lecteur/lecteur.toml`, a text editor's file is read back, the system's files
/// under `$XDG_CONFIG_DIRS` give defaults, bad files and values are reported in French with file,
/// line and key, and the user's lexicon is merged over the shipped one.
@Suite(.serialized) struct ConfigurationTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    struct Home {
        let home = ReaderHome()
        var config: URL { home.root.appendingPathComponent("config/lecteur") }
        var userFile: URL { config.appendingPathComponent("lecteur.toml") }
        func system(_ n: Int) -> URL { home.root.appendingPathComponent("xdg\(n)") }
        var environment: [String: String] {
            var env = home.environment
            env["XDG_CONFIG_DIRS"] = "\(system(1).path):\(system(2).path)"
            return env
        }

        func write(_ text: String, to url: URL) throws {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func writeSystem(_ n: Int, _ text: String) throws {
            try write(text, to: system(n).appendingPathComponent("lecteur/lecteur.toml"))
        }
        var userText: String { (try? String(contentsOf: userFile, encoding: .utf8)) ?? "" }
    }

    func startupNotices(_ out: LecteurProcess.Output) -> [String] {
        out.events("notice").filter { $0["code"] as? String == "startup" }.map { $0["message"] as? String ?? "" }
    }

    func run(_ home: Home, _ input: String) throws -> LecteurProcess.Output {
        try LecteurProcess.run(quiet, input: input, environment: home.environment)
    }

    @Test func setRoundTripsThroughTheFile() throws {
        let home = Home()
        defer { home.home.remove() }
        let first = try run(home, "set vitesse 30\nset débit 210\nset verbosité brève\n")
        #expect(first.status == 0)
        let text = home.userText
        #expect(text.contains("[morse]") && text.contains("wpm = 30"), "\(text)")
        #expect(text.contains("[speech]") && text.contains("rate = 210"), "\(text)")
        #expect(text.contains("[reader]") && (text.contains("verbosity = 'brief'") || text.contains("verbosity = \"brief\"")), "\(text)")

        // A text editor's content, with a comment: read back on the next start.
        try home.write("""
            # Mes réglages
            [morse]
            wpm = 22
            tone = 650

            [speech]
            rate = 190
            """, to: home.userFile)
        let second = try run(home, "morse E\n")
        #expect(startupNotices(second) == [])
        #expect(second.events("morse").first?["wpm"] as? Double == 22)
        #expect(second.events("morse").first?["tone_hz"] as? Double == 650)
        let status = try run(home, "set débit +10\n")
        #expect(status.events("notice").contains { ($0["message"] as? String)?.contains("200") == true },
                "190 + 10 from the edited file")
        #expect(home.userText.contains("rate = 200") && home.userText.contains("wpm = 22"), "\(home.userText)")
    }

    @Test func systemDefaultsApplyAndTheUserFileWins() throws {
        let home = Home()
        defer { home.home.remove() }
        try home.writeSystem(1, "[morse]\nwpm = 18\ntone = 650\n")
        try home.writeSystem(2, "[morse]\ntone = 900\nwpm = 12\n")
        let system = try run(home, "morse E\n")
        #expect(startupNotices(system) == [])
        #expect(system.events("morse").first?["wpm"] as? Double == 18, "the first system folder wins over the second")
        #expect(system.events("morse").first?["tone_hz"] as? Double == 650)

        try home.write("[morse]\nwpm = 24\n", to: home.userFile)
        let user = try run(home, "morse E\n")
        #expect(user.events("morse").first?["wpm"] as? Double == 24, "the user's file wins")
        #expect(user.events("morse").first?["tone_hz"] as? Double == 650, "keys the user has not set come from the system")
    }

    @Test func aSyntaxErrorIsReportedOnceWithFileLineAndKey() throws {
        let home = Home()
        defer { home.home.remove() }
        try home.write("[morse]\nwpm = 25\ntone = \n", to: home.userFile)
        let before = home.userText
        let out = try run(home, "morse E\nset vitesse 26\n")
        #expect(out.status == 0)
        #expect(startupNotices(out) == [
            "Fichier de configuration « \(home.userFile.path) », ligne 3, clé « tone » : erreur de syntaxe TOML. Ce fichier est ignoré, les réglages par défaut s'appliquent.",
        ])
        #expect(out.events("morse").first?["wpm"] as? Double == 20, "the default")
        #expect(out.events("error").contains {
            $0["message"] as? String == "Réglage appliqué pour cette session seulement : le fichier de configuration « \(home.userFile.path) » a une erreur de syntaxe à la ligne 3, corrigez-la pour enregistrer."
        }, "a broken file is never overwritten")
        #expect(home.userText == before)
    }

    @Test func aBadValueIsReportedOnceAndNeverReachesTheTerminal() throws {
        let home = Home()
        defer { home.home.remove() }
        try home.write("""
            [morse]
            wpm = 25
            tone = "haut"

            [reader]
            verbosity = "\\u001b]0;pirate\\u0007\\u001b[2Jbavard"
            "\\u001b[31mrouge" = 1
            """, to: home.userFile)
        let out = try run(home, "morse E\n")
        #expect(out.status == 0)
        let file = home.userFile.path
        #expect(startupNotices(out) == [
            "Fichier de configuration « \(file) », ligne 3, clé « morse.tone » : valeur « haut » invalide. La valeur par défaut s'applique.",
            "Fichier de configuration « \(file) », ligne 6, clé « reader.verbosity » : valeur « bavard » invalide. La valeur par défaut s'applique.",
            "Fichier de configuration « \(file) », ligne 7 : clé « reader.rouge » inconnue, ignorée.",
        ])
        #expect(out.events("morse").first?["wpm"] as? Double == 25, "the good values of the file still apply")
        #expect(!out.stdout.contains("\u{1b}") && !out.stdout.contains("\u{07}") && !out.stderr.contains("\u{1b}"))
    }

    @Test func twoReadersSavingDifferentKeysKeepBoth() throws {
        let home = Home()
        defer { home.home.remove() }
        let a = try InteractiveLecteur(quiet, environment: home.environment)
        let b = try InteractiveLecteur(quiet, environment: home.environment)
        _ = try a.next("focus")
        _ = try b.next("focus")
        a.send("set vitesse 27")
        _ = try a.next("notice") { $0["code"] as? String == "setting" }
        b.send("set débit 220")
        _ = try b.next("notice") { ($0["message"] as? String)?.contains("220") == true }
        a.send("set tonalité 700")
        _ = try a.next("notice") { $0["code"] as? String == "setting" }
        a.send("quitter")
        b.send("quitter")
        _ = a.finish()
        _ = b.finish()
        let text = home.userText
        #expect(text.contains("wpm = 27") && text.contains("tone = 700") && text.contains("rate = 220"), "\(text)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.config.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers == [], "the temporary files are renamed, none left behind")
    }

    @Test func aUserLexiconEntryChangesWhatIsSpoken() throws {
        let home = Home()
        defer { home.home.remove() }
        let plain = try run(home, "")
        #expect(plain.events("speech").contains { $0["text"] as? String == "Toutes, sélectionné, bouton, filtre 1 sur 7" })

        try home.write(#"{ "words": { "Toutes": "Tous les thèmes" } }"#, to: home.config.appendingPathComponent("lexique.json"))
        let out = try run(home, "")
        #expect(startupNotices(out) == [])
        #expect(out.events("speech").contains { $0["text"] as? String == "Tous les thèmes, sélectionné, bouton, filtre 1 sur 7" })

        try home.write(#"{ "words": { "Toutes": "#, to: home.config.appendingPathComponent("lexique.json"))
        let broken = try run(home, "")
        #expect(startupNotices(broken).count == 1)
        #expect(startupNotices(broken).first?.hasPrefix("Lexique personnel « \(home.config.path)/lexique.json » mal formé") == true,
                "\(startupNotices(broken))")
        #expect(broken.events("speech").contains { $0["text"] as? String == "Toutes, sélectionné, bouton, filtre 1 sur 7" })
    }

    /// Settings an earlier version kept in SQLite are still read (the user's own choices, so they
    /// come before the system's defaults) until the user's file sets them.
    @Test func settingsOfAnEarlierVersionInSQLiteAreStillRead() throws {
        let home = Home()
        defer { home.home.remove() }
        _ = try run(home, "morse E\n")
        let insert = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT OR REPLACE INTO setting(key, value) VALUES ('morse.wpm', '17'), ('morse.tone', '800'), ('speech.settings', '{\\"pitch\\":60,\\"rate\\":230,\\"voice\\":\\"fr\\",\\"volume\\":100}')")
            db.commit()
            """
        let python = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", insert, home.home.database.path],
                                                input: "", timeout: 30)
        #expect(python.status == 0, "\(python.stderr)")
        try home.writeSystem(1, "[morse]\nwpm = 12\nvolume = 40\n")
        try home.write("[morse]\ntone = 600\n", to: home.userFile)
        let out = try run(home, "morse E\nset débit +10\n")
        #expect(out.events("morse").first?["wpm"] as? Double == 17, "the old saved value beats the system default")
        #expect(out.events("morse").first?["tone_hz"] as? Double == 600, "the user's file beats the old value")
        // Only the setting changed reaches the file; the old pitch is still read from SQLite.
        #expect(home.userText.contains("rate = 240") && !home.userText.contains("pitch"), "\(home.userText)")
        let pitch = try run(home, "régler hauteur\n")
        #expect(pitch.events("notice").contains { ($0["message"] as? String)?.hasPrefix("Hauteur : 60 ;") == true },
                "\(pitch.events("notice"))")
    }

    /// Two readers each sending many `set`s at the same time: the last value of each survives.
    @Test func twoReadersSettingAtTheSameTimeLoseNothing() throws {
        let home = Home()
        defer { home.home.remove() }
        let morse = (21...45).map { "set vitesse \($0)\n" }.joined()
        let speech = (150...174).map { "set débit \($0)\n" }.joined()
        let group = DispatchGroup()
        final class Statuses: @unchecked Sendable {
            let lock = NSLock()
            var values: [Int32] = []
        }
        let statuses = Statuses()
        for script in [morse, speech] {
            group.enter()
            DispatchQueue.global().async {
                let status = (try? LecteurProcess.run(quiet, input: script, environment: home.environment))?.status ?? -1
                statuses.lock.lock(); statuses.values.append(status); statuses.lock.unlock()
                group.leave()
            }
        }
        group.wait()
        #expect(statuses.values == [0, 0])
        let text = home.userText
        #expect(text.contains("wpm = 45") && text.contains("rate = 174"), "\(text)")
    }

    /// A dotfiles manager's symbolic link stays a link; the file it points to gets the change
    /// and keeps its permissions.
    @Test func aLinkedFileIsWrittenThroughTheLink() throws {
        let home = Home()
        defer { home.home.remove() }
        let target = home.home.root.appendingPathComponent("dotfiles/lecteur.toml")
        try home.write("[morse]\ntone = 650\n", to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        try FileManager.default.createDirectory(at: home.config, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: home.userFile, withDestinationURL: target)
        let out = try run(home, "set vitesse 28\n")
        #expect(out.events("error") .isEmpty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: home.userFile.path) == target.path)
        let text = try String(contentsOf: target, encoding: .utf8)
        #expect(text.contains("wpm = 28") && text.contains("tone = 650"), "\(text)")
        let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func anUnwritableConfigurationFolderIsSaidAndTheSettingHoldsForTheSession() throws {
        let home = Home()
        defer { home.home.remove() }
        let blocker = home.home.root.appendingPathComponent("config")
        try Data("occupé".utf8).write(to: blocker)
        let out = try run(home, "set vitesse 33\nmorse E\n")
        #expect(out.status == 0)
        let errors = out.events("error").compactMap { $0["message"] as? String }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("Réglage appliqué pour cette session seulement : le fichier de configuration « \(home.userFile.path) » n'a pas pu être écrit") == true,
                "\(errors)")
        #expect(out.events("morse").first?["wpm"] as? Double == 33)
    }

    @Test func theWarningIsInEnglishForAnEnglishLocale() throws {
        let home = Home()
        defer { home.home.remove() }
        try home.write("[morse]\nwpm = 'vite'\n", to: home.userFile)
        var env = home.environment
        env["LANG"] = "en_US.UTF-8"
        let out = try LecteurProcess.run(quiet, input: "", environment: env)
        #expect(startupNotices(out) == [
            "Configuration file “\(home.userFile.path)”, line 2, key “morse.wpm”: invalid value “vite”. The default value applies.",
        ])
    }
}
