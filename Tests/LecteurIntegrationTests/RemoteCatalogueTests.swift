// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The reader against a real local HTTP server (issue 6), through the real binary. Each test has
/// its own server on a port of its own, or a `ClosedPort` where nothing may answer, so they run
/// side by side (issue 51: serialized, the suite was a 62-s chain, 202 s under the parallel
/// run's load, ending that run 56 s after every other test).
@Suite struct RemoteCatalogueTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    func messages(_ out: LecteurProcess.Output, _ type: String) -> [String] {
        out.events(type).map { $0["message"] as? String ?? "" }
    }

    @Test func goodDataLoadsAfterTheLoadingAnnouncement() throws {
        let server = try CatalogueServer()
        let out = try LecteurProcess.run(quiet + ["--catalog", server.url("envelope")], input: "suivant\n")
        let focus = out.events("focus").map { $0["label"] as? String ?? "" }
        #expect(focus == ["Chargement des formations…", "Toutes, sélectionné", "Éthique, non sélectionné"])
        #expect(messages(out, "notice").contains("3 formations chargées."))
    }

    @Test func transientFailuresAreRetriedOneThenTwoSecondsApart() throws {
        let server = try CatalogueServer()
        let url = server.url("fail-2-then-ok")
        let out = try LecteurProcess.run(quiet + ["--catalog", url], input: "")
        #expect(messages(out, "notice").prefix(2) == [
            "Échec du chargement (erreur serveur, code 500). Nouvel essai dans 1 seconde, tentative 2 sur 4.",
            "Échec du chargement (erreur serveur, code 500). Nouvel essai dans 2 secondes, tentative 3 sur 4.",
        ])
        #expect(out.events("focus").last?["label"] as? String == "Toutes, sélectionné")
        let times = try server.requestTimes(url)
        #expect(times.count == 3)
        if times.count == 3 {
            // Each retry waits at least the delay it announced; the upper bounds are hang guards.
            #expect(times[1] - times[0] >= 0.95 && times[1] - times[0] < 10, "\(times)")
            #expect(times[2] - times[1] >= 1.95 && times[2] - times[1] < 10, "\(times)")
        }
    }

    /// A server that takes 12 s: after 10 s of silence the reader says the load goes on (its own
    /// clock, `Effect.schedule`), once, then the catalogue comes and nothing more is said of it.
    @Test func aLongLoadSaysItIsStillLoadingAfterTenSecondsOfSilence() throws {
        let server = try CatalogueServer()
        let out = try LecteurProcess.run(quiet + ["--catalog", server.url("slow-12")], input: "")
        let notices = messages(out, "notice")
        let still = "Chargement des formations… toujours en cours après 10 secondes."
        #expect(notices.filter { $0.hasPrefix("Chargement des formations… toujours en cours") } == [still])
        let loaded = try #require(notices.firstIndex { $0.hasSuffix("formations chargées.") })
        #expect(notices.firstIndex(of: still).map { $0 < loaded } == true, "\(notices)")
        #expect(out.events("notice").first { $0["code"] as? String == "still-loading" } != nil)
    }

    @Test func aPermanentServerErrorEndsOnStory21sMessageWithRetryFocused() throws {
        let server = try CatalogueServer()
        let url = server.url("status-500")
        let out = try LecteurProcess.run(quiet + ["--catalog", url], input: "")
        #expect(messages(out, "error").last == "Erreur serveur (code: 500). Réessayez plus tard.")
        #expect(out.events("focus").last?["label"] as? String == "Réessayer")
        #expect(try server.requestTimes(url).count == 4)
        #expect(!out.stdout.contains("SECRET-BODY"))
    }

    @Test(arguments: [
        ("status-404", "Formations introuvables (code: 404). Vérifiez l'adresse du serveur."),
        ("truncated", "Erreur lors du traitement des données. (fin du texte atteinte trop tôt)"),
        ("not-json", "Erreur lors du traitement des données. (ligne 1, colonne 1)"),
        ("empty", "Aucune donnée reçue du serveur."),
    ])
    func clientErrorsAndBadBodiesAreNotRetried(scenario: String, message: String) throws {
        let server = try CatalogueServer()
        let url = server.url(scenario)
        let out = try LecteurProcess.run(quiet + ["--catalog", url], input: "")
        #expect(messages(out, "error") == [message])
        #expect(try server.requestTimes(url).count == 1)
        #expect(!out.stdout.contains("SECRET-BODY"))
    }

    @Test func aHugeBodyIsRefused() throws {
        let server = try CatalogueServer()
        let out = try LecteurProcess.run(quiet + ["--catalog", server.url("huge")], input: "")
        #expect(messages(out, "error").last?.isEmpty == false)
        #expect(out.events("focus").last?["label"] as? String == "Réessayer")
    }

    @Test func refreshReloadsAndKeepsTheFilterAndFocus() throws {
        let server = try CatalogueServer()
        let url = server.url("ok")
        let out = try LecteurProcess.run(quiet + ["--catalog", url], input: "filtre ia\nsuivant\nactualiser\nrépéter\n")
        let focus = out.events("focus").map { $0["label"] as? String ?? "" }
        #expect(focus.suffix(3) == ["Chargement des formations…",
                                    "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990\u{00A0}€",
                                    "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990\u{00A0}€"])
        #expect(try server.requestTimes(url).count == 2)
    }

    /// Nothing listens at a local address (127.0.0.1, localhost): the reader says no server answers
    /// there, not « Erreur : Erreur de connexion. Vérifiez votre connexion internet. » (issue 46:
    /// « Erreur » twice, and the internet was never used), in both languages.
    @Test(arguments: [("fr", "127.0.0.1"), ("fr", "localhost"), ("en", "127.0.0.1")])
    func aLocalAddressWithNoServerSaysSo(_ code: String, _ host: String) throws {
        let closed = try ClosedPort()
        let out = try LecteurProcess.run(["--speech", "off", "--braille", "off", "--locale", code,
                                          "--catalog", "http://\(host):\(closed.port)/ok/k"], input: "")
        let printed = out.stdout.split(separator: "\n").map(String.init)
        let (error, says) = code == "fr" ? ("Erreur", "Aucun serveur ne répond à cette adresse sur cet ordinateur.")
                                          : ("Error", "No server answers at this address on this computer.")
        let line = printed.last { $0.contains(says) }
        #expect(line == "\(error)\u{202F}: \(says) Vérifiez qu'il est lancé, et son port." || line == "\(error): \(says) Check that it is running, and its port.",
                "\(code) \(host): \(printed)")
        for line in printed {
            #expect(!line.lowercased().contains("internet"), "\(code) \(host): \(line)")
            #expect(line.components(separatedBy: error).count <= 2, "\(code) \(host): « \(error) » twice: \(line)")
        }
    }

    @Test func theLastGoodCatalogueIsOfferedWhenTheServerIsGone() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let env = ["XDG_CACHE_HOME": cache.path]
        let port: Int
        do {
            let server = try CatalogueServer()
            port = server.port
            let first = try LecteurProcess.run(quiet + ["--catalog", server.url("ok", key: "k")], input: "", environment: env)
            #expect(messages(first, "notice").contains("3 formations chargées."))
        }
        // The server is gone: its port held at once, so no other test's server can take it and
        // answer; connection refused, retried, then the copy is offered with its age.
        let closed = try ClosedPort(port: port)
        let out = try LecteurProcess.run(quiet + ["--catalog", "http://127.0.0.1:\(closed.port)/ok/k"], input: "", environment: env)
        let notices = messages(out, "notice")
        #expect(messages(out, "error").last == "Aucun serveur ne répond à cette adresse sur cet ordinateur. Vérifiez qu'il est lancé, et son port.")
        #expect(notices.contains { $0.hasPrefix("Formations hors ligne : copie du ") })
        #expect(out.events("focus").last?["label"] as? String == "Toutes, sélectionné")
    }

    @Test func credentialsInTheURLAreNeverShown() throws {
        let closed = try ClosedPort()
        let out = try LecteurProcess.run(quiet + ["--catalog", "http://alice:s3cret@127.0.0.1:\(closed.port)/api?token=abc123",
                                                  "--timeout", "1"], input: "", timeout: 60)
        #expect(!out.stdout.contains("s3cret"))
        #expect(!out.stdout.contains("abc123"))
        #expect(!out.stderr.contains("s3cret"))
    }
}
