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
}
