// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Scripted sessions piped into the real binary, checked through the JSON Lines contract.
@Suite struct ScriptedSessionTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    @Test func browsingFilteringAndOpeningADetail() throws {
        let script = """
        suivant
        suivant
        activer
        où
        filtre ia
        suivant
        activer
        retour
        onglet morse
        activer
        quitter
        never reached
        """
        let out = try LecteurProcess.run(quiet, input: script)
        #expect(out.status == 0)
        let focus = out.events("focus")
        let labels = focus.map { $0["label"] as? String ?? "" }
        #expect(labels == [
            "Toutes, sélectionné",
            "Accessibilité, non sélectionné",
            "Bureautique, non sélectionné",
            "Bureautique, sélectionné",
            "IA Générative",
            "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990\u{00A0}€",
            "Starter Pack - IA Générative",
            "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990\u{00A0}€",
            "A, point, trait",
            "A",
        ])
        let card = focus[5]
        #expect(card["screen"] as? String == "formations")
        #expect(card["role"] as? String == "button")
        #expect(card["hint"] as? String == "Appuyez pour voir les détails de cette formation")
        #expect(card["id"] as? String == "card.1")
        #expect(card["index"] as? Int == 9)
        #expect(card["count"] as? Int == 11)
        #expect(focus[3]["selected"] as? Bool == true)
        #expect(focus[6]["screen"] as? String == "detail")
        #expect(focus[8]["value"] as? String == "pas encore pratiqué")
        let notices = out.events("notice").map { $0["message"] as? String ?? "" }
        #expect(notices.contains("Formations, filtre 3 sur 7. Filtre : Bureautique."))
        #expect(notices.contains("IA Générative : 3 formations"))
        // Every focus is spoken and brailled, and navigation interrupts stale speech.
        let speech = out.events("speech")
        #expect(speech.contains { $0["text"] as? String == "Starter Pack - i a Générative, niveau Débutant, durée 2 jours, 990 euros, bouton, formation 1 sur 3. Appuyez pour voir les détails de cette formation" && $0["interrupt"] as? Bool == true })
        // Every notice and error reaches the display as a message (the focus line waits for it);
        // every other line is a focused element's.
        #expect(out.messagesNotBrailled == [])
        let braille = out.events("braille")
        #expect(braille.first?["kind"] as? String == "message")
        #expect(braille.first?["text"] as? String == "14 formations chargées.")
        #expect(braille.contains { $0["kind"] as? String == "focus" && $0["text"] as? String == "[ ] Accessibilité btn" })
        // The tab switch says the screen before the first symbol.
        let spoken = out.events("speech").compactMap { $0["text"] as? String }
        let tab = try #require(spoken.firstIndex(of: "Apprendre, 54 symboles"))
        #expect(spoken[tab + 1].hasPrefix("A, point, trait"))
    }

    @Test func unknownCommandsAreAnsweredInFrenchAndTheSessionGoesOn() throws {
        let out = try LecteurProcess.run(quiet, input: "suivnt\nblablabla\nonglet cuisine\nsuivant\n")
        #expect(out.status == 0)
        let errors = out.events("error").map { $0["message"] as? String ?? "" }
        #expect(errors == [
            "Vouliez-vous dire « suivant » ? Commande inconnue : « suivnt ».",
            "Commande inconnue : « blablabla ». Tapez « aide » pour la liste des commandes.",
            "Argument non reconnu pour « onglet » : « cuisine ». Attendu : formations ou morse",
        ])
        #expect(out.events("focus").last?["label"] as? String == "Accessibilité, non sélectionné")
    }

    @Test func endOfInputQuitsCleanlyWithoutAPromptOnAPipe() throws {
        let out = try LecteurProcess.run(["--speech", "off", "--braille", "off"], input: "suivant\n")
        #expect(out.status == 0)
        #expect(!out.stdout.contains("lecteur>"))
        #expect(out.stdout.contains("Accessibilité, non sélectionné, bouton, filtre 2 sur 7"))
    }

    @Test func aBadCatalogueFileIsReportedAndRetryReadsItAgain() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-it-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("catalogue.json")
        try Data("[{\"id\": 1,\n \"title\": oops}]".utf8).write(to: file)
        // "activer" on the focused "Réessayer" reads the file again (still broken); then the file is
        // fixed and a new run loads it.
        let broken = try LecteurProcess.run(quiet + ["--catalog", file.path], input: "activer\n")
        #expect(broken.events("error").first?["message"] as? String
                == "Erreur lors du traitement des données. (ligne 2, colonne 11)")
        #expect(broken.events("focus").first?["label"] as? String == "Réessayer")
        #expect(broken.events("error").count == 2, "retry re-read the file and failed again")

        try Data("""
        {"data": [{"id": 5, "title": "Python \\u001b[31mrouge", "duration": "1 jour", "level": "Expert", "price": "49.90",
                   "category": {"id": 9, "name": "Dév"}},
                  {"id": 6, "title": "Sans prix", "duration": "1 jour", "level": "Expert"}]}
        """.utf8).write(to: file)
        let good = try LecteurProcess.run(quiet + ["--catalog", file.path], input: "dernier\n")
        #expect(good.events("notice").first?["message"] as? String == "Formation « Sans prix », enregistrement n° 2 du fichier ignoré : champ « prix » manquant.")
        #expect(good.events("focus").last?["label"] as? String == "Python rouge, niveau Expert, durée 1 jour, 50\u{00A0}€")
        #expect(!good.stdout.contains("\u{1B}"))
    }

    @Test func missingCatalogueFileIsAFrenchErrorNotACrash() throws {
        let out = try LecteurProcess.run(quiet + ["--catalog", "/nonexistent/catalogue.json"], input: "")
        #expect(out.status == 0)
        #expect(out.events("error").first?["message"] as? String == "Impossible de lire le catalogue « /nonexistent/catalogue.json ».")
    }

    @Test func englishLocale() throws {
        let out = try LecteurProcess.run(quiet + ["--locale", "en"], input: "next\n")
        #expect(out.events("focus").map { $0["label"] as? String ?? "" } == ["All, selected", "Accessibilité, not selected"])
    }

    @Test func badOptionsGetFrenchMessages() throws {
        let locale = try LecteurProcess.run(["--locale", "de"])
        #expect(locale.status != 0)
        #expect(locale.stderr.contains("Langue inconnue «\u{202F}de\u{202F}»\u{202F}: fr ou en."))
        let transcript = try LecteurProcess.run(["--transcript", "xml"])
        #expect(transcript.stderr.contains("Valeur inconnue «\u{202F}xml\u{202F}» pour --transcript\u{202F}: text, jsonl, none."))
    }

    @Test func auditListsEveryReachableElement() throws {
        let out = try LecteurProcess.run(["audit", "--format", "json"])
        #expect(out.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let screens = try #require(report["screens"] as? [[String: Any]])
        // 1 unfiltered list + 6 filters + 14 details + the Morse list + 54 symbol cards,
        // then the loading and error states of the list.
        let expectedScreens = 78
        #expect(screens.count == expectedScreens)
        let first = try #require((screens[0]["elements"] as? [[String: Any]])?.first)
        #expect(first["label"] as? String == "Toutes, sélectionné")
        #expect(first["speech"] as? String == "Toutes, sélectionné, bouton")
        #expect(first["state"] as? String == "sélectionné")
        let text = try LecteurProcess.run(["audit"])
        #expect(text.stdout.contains("Écran : Formations — filtre « Bureautique »"))
        #expect(text.stdout.contains("parole : A, point, trait, pas encore pratiqué, bouton. Ouvre la fiche de ce symbole"))
    }
}

@Suite struct TerminationTests {
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func signalsEndTheReaderWithTheConventionalStatus(signal: Int32, status: Int32) throws {
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "off"],
                                            environment: ["XDG_DATA_HOME": NSTemporaryDirectory() + "lecteur-sig-\(UUID().uuidString)"])
        reader.send("suivant")
        _ = try reader.next("focus") { $0["label"] as? String == "Accessibilité, non sélectionné" }
        #expect(reader.signal(signal) == status)
    }

    @Test func standardInputClosedAbruptlyEndsCleanly() throws {
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "off"],
                                            environment: ["XDG_DATA_HOME": NSTemporaryDirectory() + "lecteur-eof-\(UUID().uuidString)"])
        reader.send("suiv", newline: false) // half a word, then the pipe closes
        #expect(reader.finish() == 0)
    }
}
