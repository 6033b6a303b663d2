// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
import LecteurLocales

@Suite struct CatalogueFetchMessagesTests {
    let m = Fixtures.messages

    @Test func storyTwoOneMessagesAreWordForWord() {
        #expect(m.message(for: .network) == "Erreur de connexion. Vérifiez votre connexion internet.")
        #expect(m.message(for: .server(status: 500)) == "Erreur serveur (code: 500). Réessayez plus tard.")
        #expect(m.message(for: .decoding(.notAList)).hasPrefix("Erreur lors du traitement des données."))
        #expect(m.message(for: .decoding(.malformedJSON(nil))) == "Erreur lors du traitement des données.")
        #expect(m.message(for: .noData) == "Aucune donnée reçue du serveur.")
        #expect(m.message(for: .invalidURL) == "URL invalide.")
    }

    @Test func messagesWrittenInTheSameVoice() {
        #expect(m.message(for: .timeout) == "Le serveur met trop de temps à répondre. Réessayez plus tard.")
        #expect(m.message(for: .badRequest) == "Requête invalide (code: 400).")
        #expect(m.message(for: .unauthorized) == "Accès non autorisé (code: 401). Vérifiez vos identifiants.")
        #expect(m.message(for: .forbidden) == "Accès refusé (code: 403).")
        #expect(m.message(for: .notFound) == "Formations introuvables (code: 404). Vérifiez l'adresse du serveur.")
        #expect(m.message(for: .clientError(status: 429)) == "Requête refusée par le serveur (code: 429).")
        #expect(m.message(for: .server(status: 503)) == "Erreur serveur (code: 503). Réessayez plus tard.")
        #expect(m.message(for: .unexpectedStatus(304)) == "Réponse inattendue du serveur (code: 304).")
        #expect(m.message(for: .tooLarge(limitBytes: 16 * 1024 * 1024))
                == "Réponse du serveur trop volumineuse (plus de 16 Mo) : chargement abandonné.")
    }

    @Test func decodingMessagesSayWhereTheJSONBroke() {
        #expect(m.message(for: .decoding(.malformedJSON(.endOfText)))
                == "Erreur lors du traitement des données. (fin du texte atteinte trop tôt)")
        #expect(m.message(for: .decoding(.malformedJSON(.lineColumn(line: 1, column: 2))))
                == "Erreur lors du traitement des données. (ligne 1, colonne 2)")
    }

    @Test func retryNoticeGivesCauseWaitAndAttempt() {
        #expect(m.retryNotice(after: .server(status: 500), delay: 1, nextAttempt: 2, totalAttempts: 4)
                == "Échec du chargement (erreur serveur, code 500). Nouvel essai dans 1 seconde, tentative 2 sur 4.")
        #expect(m.retryNotice(after: .network, delay: 2, nextAttempt: 3, totalAttempts: 4)
                == "Échec du chargement (connexion impossible). Nouvel essai dans 2 secondes, tentative 3 sur 4.")
        #expect(m.retryNotice(after: .timeout, delay: 4, nextAttempt: 4, totalAttempts: 4)
                == "Échec du chargement (délai dépassé). Nouvel essai dans 4 secondes, tentative 4 sur 4.")
    }

    @Test func durationsAndSizesInFrench() {
        #expect(m.duration(1) == "1 seconde")
        #expect(m.duration(0.5) == "0,5 seconde")
        #expect(m.duration(1.5) == "1,5 seconde")
        #expect(m.duration(2) == "2 secondes")
        #expect(m.duration(60) == "1 minute")
        #expect(m.duration(120) == "2 minutes")
        #expect(m.duration(90) == "90 secondes")
        #expect(m.size(900) == "900 octets")
        #expect(m.size(512 * 1024) == "512 Ko")
        #expect(m.size(1536 * 1024) == "1,5 Mo")
        #expect(m.stillLoading(elapsed: 10.2) == "Chargement des formations… toujours en cours après 10 secondes.")
    }

    @Test func ageOfTheOfflineCopy() {
        let then = ISODate.parse("2026-03-03T09:00:00Z")!
        func age(_ seconds: TimeInterval) -> String { m.age(from: then, to: then.addingTimeInterval(seconds)) }
        #expect(age(30) == "il y a moins d'une minute")
        #expect(age(-3600) == "il y a moins d'une minute") // clock moved back
        #expect(age(60) == "il y a 1 minute")
        #expect(age(59 * 60) == "il y a 59 minutes")
        #expect(age(3600) == "il y a 1 heure")
        #expect(age(5 * 3600 + 59 * 60) == "il y a 5 heures")
        #expect(age(86_400) == "il y a 1 jour")
        #expect(age(3 * 86_400 + 7200) == "il y a 3 jours")
        #expect(m.offlineNotice(fetchedAt: then, now: then.addingTimeInterval(5 * 3600))
                == "Formations hors ligne : copie du 3 mars 2026, il y a 5 heures. Tapez « réessayer » pour recharger.")
        // The date is the user's calendar day, not UTC's.
        let lateEvening = ISODate.parse("2026-02-28T23:30:00Z")!
        #expect(m.offlineNotice(fetchedAt: lateEvening, now: lateEvening.addingTimeInterval(2 * 86_400))
                == "Formations hors ligne : copie du 1er mars 2026, il y a 2 jours. Tapez « réessayer » pour recharger.")
    }

    @Test func englishTableHasTheSameNetworkKeysAndPlaceholders() throws {
        func table(_ locale: String) throws -> [String: String] {
            let data = try #require(LocaleResources.data(locale: locale, file: "network.json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        }
        let fr = try table("fr"), en = try table("en")
        #expect(Set(fr.keys) == Set(en.keys))
        for (key, template) in fr {
            #expect(Strings.placeholders(in: template) == Strings.placeholders(in: en[key] ?? ""), "\(key)")
            #expect(L10n(rawValue: key) != nil, "\(key) missing from L10n: run scripts/gen-l10n-keys.py")
        }
        let english = CatalogueFetchMessages(strings: Fixtures.english, timeZone: Fixtures.paris)
        #expect(english.message(for: .server(status: 502)) == "Server error (code: 502). Try again later.")
        #expect(english.duration(0.5) == "0.5 second")
    }
}
