// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Issue 25 through the real binary and its JSON Lines transcript: the review cursor, the
/// punctuation levels, the settings read back and the French answers, as a user types them.
@Suite struct ReviewSessionTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    func speech(_ out: LecteurProcess.Output) -> [String] { out.events("speech").compactMap { $0["text"] as? String } }
    func braille(_ out: LecteurProcess.Output) -> [[String: Any]] { out.events("braille") }

    @Test func reviewingTheDescriptionByWordCharacterAndSentence() throws {
        let home = NSTemporaryDirectory() + "lecteur-review-\(UUID().uuidString)"
        let script = "aller 1\nactiver\nsuivant\nmot suivant\népeler\ncaractère précédent\ncaractère suivant\ndécrire\n"
            + "phrase suivante\népeler phonétique\nrégler alphabet français\népeler phonétique\n"
        let out = try LecteurProcess.run(quiet, input: script,
                                         environment: ["XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data"])
        #expect(out.status == 0)
        let said = speech(out)
        let start = try #require(said.firstIndex(of: "les"), "\(said)")
        #expect(Array(said[start...]) == [
            "les", "l, e, s", "espace", "l", "l, U+006C",
            "Fin.",
            "Lima, Écho, Sierra",
            "Alphabet d'épellation : français.",
            "Louis, Eugène, Suzanne",
        ])
        // The braille cursor follows the review cursor on the description's line (« Découvrez les… »).
        let cursors = braille(out).filter { $0["kind"] as? String == "focus" }.compactMap { $0["cursor"] as? Int }
        #expect(cursors.suffix(4).contains(10) && cursors.contains(9), "\(cursors)")
        // The description is a braille message too: the code is not on the display otherwise.
        #expect(braille(out).contains { $0["kind"] as? String == "message" && $0["text"] as? String == "l, U+006C" })
    }

    @Test func punctuationLevelsAreSavedAndReadSignsInRunningText() throws {
        let home = NSTemporaryDirectory() + "lecteur-punct-\(UUID().uuidString)"
        let environment = ["XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data"]
        let first = try LecteurProcess.run(quiet, input: "aller 1\nactiver\nsuivant\nrégler ponctuation toute\nrépéter\n",
                                           environment: environment)
        let said = speech(first)
        // At « toute » the reader's own sentences are read with their signs too, as NVDA does.
        #expect(said.contains("Ponctuation deux-points toute point"), "\(said)")
        #expect(said.last?.hasSuffix("générative deux-points modèles de langage virgule génération d'images et usages responsables en entreprise point") == true,
                "\(said.last ?? "")")
        // Saved: the next run reads at the same level, and says so when asked.
        let second = try LecteurProcess.run(quiet, input: "régler ponctuation\n", environment: environment)
        #expect(speech(second).last == "Ponctuation deux-points toute point-virgule au choix aucune virgule quelques virgule la plupart virgule toute point")
        let config = try String(contentsOfFile: home + "/config/lecteur/lecteur.toml", encoding: .utf8)
        // Language-neutral in the file, as `verbosity = 'full'` beside it (it was « toute »).
        #expect(config.contains("punctuation = 'all'"), "\(config)")
    }

    /// The file's values are language-neutral: `régler alphabet français` wrote `alphabet =
    /// 'francais'` beside `verbosity = 'full'` (issue 46); a file of an earlier version keeps its
    /// alphabet, read without a warning.
    @Test func theSpellingAlphabetIsSavedLanguageNeutralAndTheOldValueStillRead() throws {
        let home = NSTemporaryDirectory() + "lecteur-alphabet-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data"]
        let file = home + "/config/lecteur/lecteur.toml"
        let set = try LecteurProcess.run(quiet, input: "régler alphabet français\n", environment: environment)
        #expect(set.status == 0, "\(set.stderr)")
        let config = try String(contentsOfFile: file, encoding: .utf8)
        #expect(config.contains("alphabet = 'french'"), "\(config)")
        try "[reader]\nalphabet = 'francais'\n".write(toFile: file, atomically: true, encoding: .utf8)
        let old = try LecteurProcess.run(quiet, input: "régler alphabet\n", environment: environment)
        let messages = (old.events("notice") + old.events("error")).compactMap { $0["message"] as? String }
        #expect(!messages.contains { $0.contains("lecteur.toml") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("Alphabet : français ;") }, "\(messages)")
    }

    /// A file written by an earlier version keeps its French level (`punctuation = 'toute'`):
    /// read without a warning, said as before, and still there after another setting is saved.
    @Test(arguments: [("toute", "toute"), ("plupart", "la plupart"), ("aucune", "aucune")])
    func aPunctuationLevelSavedInFrenchIsStillRead(_ old: String, _ said: String) throws {
        let home = NSTemporaryDirectory() + "lecteur-punct-old-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/config/lecteur", withIntermediateDirectories: true)
        let file = home + "/config/lecteur/lecteur.toml"
        try "[reader]\npunctuation = '\(old)'\n".write(toFile: file, atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data"]
        let out = try LecteurProcess.run(quiet, input: "régler ponctuation\nrégler vitesse 25\n", environment: environment)
        let messages = (out.events("notice") + out.events("error")).compactMap { $0["message"] as? String }
        #expect(!messages.contains { $0.contains("lecteur.toml") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("Ponctuation : \(said) ;") }, "\(messages)")
        let again = try LecteurProcess.run(quiet, input: "régler ponctuation\n", environment: environment)
        let answers = again.events("notice").compactMap { $0["message"] as? String }
        #expect(answers.contains { $0.hasPrefix("Ponctuation : \(said) ;") }, "\(answers)")
    }

    @Test func frenchAnswersNameNothingInEnglish() throws {
        let out = try LecteurProcess.run(quiet, input: "prec\nsortir\nt\nlire\naide\ntout lire\nfiltre bureau\n/agents\nonglet morse\n/è\n/?\nrégler\n")
        let errors = out.events("error").compactMap { $0["message"] as? String }
        #expect(errors.count >= 4, "\(errors)")
        #expect(errors[0] == "Vouliez-vous dire « précédent » ? Commande inconnue : « prec ».")
        #expect(errors[1] == "Commande inconnue : « sortir ». Tapez « aide » pour la liste des commandes.")
        #expect(errors[2] == "Commande inconnue : « t ». Tapez « aide » pour la liste des commandes.")
        #expect(errors.contains("Aucune formation de la catégorie « Bureautique » ne contient « agents ». Pour chercher dans toutes les formations, tapez « filtre toutes », puis « chercher » à nouveau."))
        // « lire » alone read the screen; the help lists French names only.
        #expect(out.events("notice").contains { $0["code"] as? String == "readAll.end" })
        // « aide » opened its screen, read to its end; « filtre bureau » left it for the list.
        let help = out.events("focus").filter { $0["screen"] as? String == "help" }.compactMap { $0["label"] as? String }.joined(separator: "\n")
        #expect(!help.isEmpty)
        for english in ["course, ", "heading, ", "find, ", "read, ", "faster", "softer", "Nᵉ"] { #expect(!help.contains(english), "\(english)") }
        #expect(help.contains("formation numéro N"))
        // The Morse list's search finds the symbol itself.
        let labels = out.events("focus").compactMap { $0["label"] as? String }
        #expect(labels.contains { $0.hasPrefix("e accent grave, point, trait") }, "\(labels.suffix(4))")
        #expect(labels.contains { $0.hasPrefix("point d'interrogation, point, point, trait") }, "\(labels.suffix(4))")
        // « régler » alone opened the settings screen.
        #expect(out.events("focus").last?["screen"] as? String == "settings")
    }
}
