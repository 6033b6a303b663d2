// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A setting is saved as the user meant it (issue 46, item 2): only the key changed reaches the
/// configuration file, and a voice espeak-ng does not have is refused even with the voice off,
/// instead of being saved for the next start.
@Suite struct SettingsSavedAsMeantTests {
    static func home() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func run(_ script: String, in home: URL) throws -> LecteurProcess.Output {
        try LecteurProcess.run(["--speech", "off", "--braille", "off", "--transcript", "jsonl"], input: script,
                               environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config",
                                             "XDG_DATA_HOME": home.path + "/data"])
    }

    @Test func settingTheRateWritesTheRateAlone() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let out = try Self.run("régler débit 200\nquitter\n", in: home)
        #expect(out.status == 0, "\(out.stderr)")
        let file = try String(contentsOfFile: home.path + "/config/lecteur/lecteur.toml", encoding: .utf8)
        // Before: pitch = 50, voice = 'fr' and volume = 100 were written beside it.
        #expect(file == "[speech]\nrate = 200\n", "\(file)")
    }

    @Test func aVoiceThatDoesNotExistIsRefusedWithTheVoiceOff() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let out = try Self.run("régler voix vulcain\nrégler voix fr+f3\nquitter\n", in: home)
        #expect(out.status == 0, "\(out.stderr)")
        let errors = out.events("error").compactMap { $0["message"] as? String }
        #expect(errors == ["La voix « vulcain » n'existe pas. Voix utilisée : fr."], "\(errors)")
        let file = try String(contentsOfFile: home.path + "/config/lecteur/lecteur.toml", encoding: .utf8)
        // The voice that exists (with a listed variant) is kept; the other never reached the file.
        #expect(file == "[speech]\nvoice = 'fr+f3'\n", "\(file)")
    }

    @Test func aCommandLineOptionIsForTheSessionOnly() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        // Before, --speech-backend was written to the file (while --braille-table never was).
        let out = try LecteurProcess.run(["--speech", "off", "--braille", "off", "--speech-backend", "espeak",
                                          "--braille-table", "abrege"], input: "quitter\n",
                                         environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config",
                                                       "XDG_DATA_HOME": home.path + "/data"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/config/lecteur/lecteur.toml"))
        // The setting saves it.
        _ = try Self.run("régler synthèse espeak\nquitter\n", in: home)
        let file = try String(contentsOfFile: home.path + "/config/lecteur/lecteur.toml", encoding: .utf8)
        #expect(file == "[speech]\nbackend = 'espeak'\n", "\(file)")
    }

    /// The file and the screen mean the same Koch number (issue 46): `koch.level = 4` showed
    /// « Koch : 3 », the file counting characters learnt and the screen lessons. The file now
    /// keeps the lesson (`koch.lesson`); the older key is still read as what it was.
    @Test func theKochLessonInTheFileIsTheOneOnScreen() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("config/lecteur")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "[morse]\nkoch.lesson = 4\n".write(to: folder.appendingPathComponent("lecteur.toml"), atomically: true, encoding: .utf8)
        let read = try Self.run("régler koch\nquitter\n", in: home)
        let said = read.events("notice").compactMap { $0["message"] as? String }
        #expect(said.contains { $0.hasPrefix("Koch : 4 ;") }, "\(said)")
        #expect(!said.contains { $0.contains("lecteur.toml") }, "the key is known: \(said)")

        let set = try Self.run("régler koch 3\nquitter\n", in: home)
        #expect(set.status == 0, "\(set.stderr)")
        let file = try String(contentsOfFile: folder.path + "/lecteur.toml", encoding: .utf8)
        // The writer's own form of `morse.koch.lesson`.
        #expect(file == "[morse.koch]\nlesson = 3\n", "\(file)")

        // A file of an earlier version: 4 characters learnt is lesson 3.
        try "[morse]\nkoch.level = 4\n".write(to: folder.appendingPathComponent("lecteur.toml"), atomically: true, encoding: .utf8)
        let old = try Self.run("régler koch\nquitter\n", in: home)
        #expect(old.events("notice").compactMap { $0["message"] as? String }.contains { $0.hasPrefix("Koch : 3 ;") })
    }
}

