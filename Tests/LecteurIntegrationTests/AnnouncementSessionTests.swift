// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// What a person perceives at start-up, through the real binary: nothing the reader says on its
/// own cuts what it said before, and every message reaches the braille display.
@Suite(.serialized) struct AnnouncementSessionTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    /// The texts spoken after the last retry notice, with whether each interrupts.
    func afterLastRetry(_ out: LecteurProcess.Output) -> [(text: String, interrupt: Bool)] {
        let events = out.events
        let lastRetry = events.lastIndex { $0["type"] as? String == "notice" && $0["code"] as? String == "retry" } ?? -1
        return events[(lastRetry + 1)...].filter { $0["type"] as? String == "speech" }
            .map { ($0["text"] as? String ?? "", $0["interrupt"] as? Bool ?? false) }
    }

    @Test func aServerErrorWithAnOfflineCopyIsHeardWholeAtStartUp() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try CatalogueServer()
        let url = server.url("ok-then-status-500")
        let first = try LecteurProcess.run(quiet + ["--catalog", url], input: "", environment: ["XDG_CACHE_HOME": cache.path])
        #expect(first.events("notice").contains { $0["message"] as? String == "3 formations chargées." })

        let out = try LecteurProcess.run(quiet + ["--catalog", url], input: "", environment: ["XDG_CACHE_HOME": cache.path],
                                         timeout: 60)
        #expect(out.status == 0)
        let spoken = afterLastRetry(out)
        #expect(spoken.filter(\.interrupt).count <= 1, "\(spoken)")
        let texts = spoken.map(\.text)
        #expect(texts.contains("Erreur serveur (code: 500). Réessayez plus tard."))
        #expect(texts.contains { $0.hasPrefix("Formations hors ligne : copie du ") })
        let error = try #require(texts.firstIndex(of: "Erreur serveur (code: 500). Réessayez plus tard."))
        let offline = try #require(texts.firstIndex { $0.hasPrefix("Formations hors ligne") })
        let loaded = try #require(texts.firstIndex(of: "3 formations chargées."))
        #expect(error < offline && offline < loaded, "said in order: \(texts)")
        // On the display the error stays its whole time (the countdown before it was replaced);
        // the offline notice and the count queue behind it, and the script ends first.
        let waiting = out.messagesNotBrailled
        #expect(waiting.count == 2 && waiting.first?.hasPrefix("Formations hors ligne") == true
                && waiting.last == "3 formations chargées.", "\(waiting)")
        let lastShown = out.events("braille").last { $0["kind"] as? String == "message" }
        #expect(lastShown?["text"] as? String == "Erreur serveur (code: 500). Réessayez plus tard.")
    }

    /// Issue 45: no brltty under `--braille auto` is not said at all (it was a first message
    /// before the first element); the first element is said, nothing waits on the display.
    @Test func noBrlttyUnderAutoIsNotSaidAndTheFirstElementIs() throws {
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "auto"],
                                         input: "", environment: ["BRLAPI_HOST": ":97"])
        #expect(out.status == 0)
        let speech = out.events("speech")
        #expect(!speech.contains { ($0["text"] as? String)?.hasPrefix("Pas de plage braille") == true })
        #expect(speech.contains { $0["text"] as? String == "Toutes, sélectionné, bouton, filtre 1 sur 7" })
        #expect(speech.allSatisfy { $0["interrupt"] as? Bool == false }, "start-up says everything in turn")
    }

    /// A script's transcript is the same every run: what the display answered is said before
    /// the script's first line is read, even when the answer comes after the script's end (it
    /// used to be lost then: about one run in five for an empty script and a missing brltty).
    @Test func theDisplaysAnswerIsSaidBeforeTheScriptRuns() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BrailleTestDisplay/unresponsive-brlapi-server.py").path
        let runner = "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        let server = try PythonServer(script: runner, arguments: [script, "slow-garbage", home.root.appendingPathComponent("log").path])
        let slow = ["--transcript", "jsonl", "--speech", "off", "--braille", "auto", "--brlapi-host", "127.0.0.1:\(server.port)"]
        // (No brltty at all under `--braille auto` is not said: issue 45.)
        for (arguments, environment, code) in [(slow, home.environment, "braille.notBrlAPI")] {
            let out = try LecteurProcess.run(arguments, input: "suivant\n", environment: environment)
            let events = out.events
            let notice = try #require(events.firstIndex { $0["type"] as? String == "notice" && $0["code"] as? String == code },
                                      "\(out.stdout)")
            let next = try #require(events.firstIndex { $0["type"] as? String == "focus" && $0["index"] as? Int == 2 })
            #expect(notice < next, "said before the script's first command: \(out.stdout)")
        }
        // An empty script too: the notice is in its transcript, every run.
        for _ in 0..<5 {
            let out = try LecteurProcess.run(slow, input: "", environment: home.environment)
            #expect(out.events("notice").contains { $0["code"] as? String == "braille.notBrlAPI" })
        }
    }

    @Test func everyAnswerIsSpokenAndBrailledAndInterruptsOnce() throws {
        let script = """
        suivant
        précédent
        précédent
        filtre zzz
        set message-braille 2
        set vitesse 400
        historique
        état
        aide suivant
        morse SOS #
        stop
        onglet morse
        """
        let out = try LecteurProcess.run(quiet, input: script)
        #expect(out.status == 0)
        #expect(out.messagesNotBrailled == [])
        // Each line's answer starts with one interrupting utterance, and only there: every line
        // but `stop` (which silences, saying nothing) is answered by its own, in order. The load
        // and what follows an answer (the history's first entry, the Morse tab's first symbol)
        // wait their turn. Written out: a count « at most one per line » passed with none.
        let spoken = out.events("speech").map { ($0["text"] as? String ?? "", $0["interrupt"] as? Bool) }
        let expected: [(String, Bool?)] = [
            ("14 formations chargées.", false),
            ("Toutes, sélectionné, bouton, filtre 1 sur 7", false),
            ("Accessibilité, non sélectionné, bouton, filtre 2 sur 7", true),                  // suivant
            ("Toutes, sélectionné, bouton, filtre 1 sur 7", true),                             // précédent
            ("Premier élément", true),                                                         // précédent
            ("Aucune catégorie ne correspond à « zzz ». Catégories : Accessibilité, Bureautique, Éthique et réglementation, "
                + "i a Générative, Machine Learning, Radio et télégraphie.", true),            // filtre zzz
            ("Messages braille : 2 secondes.", true),                                          // set message-braille 2
            ("Vitesse invalide : « 400 ». Choisissez une valeur de 5 à 80 mots par minute.", true),       // set vitesse 400
            ("Historique, 8 annonces, la plus récente d'abord", true),                         // historique
            ("Vitesse invalide : « 400 ». Choisissez une valeur de 5 à 80 mots par minute.", false),
            ("Son : pas encore ouvert, il le sera au premier son. Parole : désactivée. Plage braille : désactivée.", true), // état
            ("suivant, s — élément suivant", true),                                         // aide suivant
            ("Caractère sans code Morse, ignoré : « croisillon ».", true),                     // morse SOS #
            ("Apprendre, 54 symboles", true),                                                  // onglet morse
            ("A, point, trait, pas encore pratiqué, bouton, symbole 1 sur 54. Ouvre la fiche de ce symbole", false),
        ]
        #expect(spoken.map(\.0) == expected.map(\.0), "\(spoken)")
        #expect(spoken.map(\.1) == expected.map(\.1), "\(spoken)")
        #expect(spoken.filter { $0.1 == true }.count == script.split(separator: "\n").count - 1)
        #expect(out.events("status").count == 1)
    }
}
