// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurApp
import Foundation
import LecteurCore
import LecteurLocales
import Testing
import LecteurBraille

@Suite("Braille messages")
struct BrailleLocaleTests {
    func table(_ locale: String) throws -> [String: String] {
        let url = try #require(LocaleResources.directory(locale: locale)).appendingPathComponent("braille.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: String])
    }

    @Test("fr and en have the same keys and placeholders")
    func sameKeys() throws {
        let fr = try table("fr"), en = try table("en")
        #expect(Set(fr.keys) == Set(en.keys))
        for (key, template) in fr {
            #expect(Strings.placeholders(in: template) == Strings.placeholders(in: en[key] ?? ""), "\(key)")
        }
    }

    @Test("each error reads as one French sentence with its details")
    func frenchMessages() throws {
        let strings = Strings(localeCode: "fr", table: try #require(LocaleResources.table(locale: "fr")))
        // BrlAPI's own text is English (brlapi_strerror): the message says it in French from the
        // error's code (issue 14), and the words stay for the transcript's detail.
        let refused = SystemFailure(.errno(ECONNREFUSED), text: "connect: Connection refused")
        let noServer = BrailleDisplayError.noServer(host: ":7", refused).message(strings)
        #expect(noServer.hasPrefix("Pas de plage braille"))
        #expect(noServer.contains(":7") && noServer.contains("connexion refusée"))
        #expect(!noServer.contains("Connection refused") && !noServer.contains("connect:"))
        #expect(BrailleDisplayError.noServer(host: ":7", refused).detail == "connect: Connection refused")
        let unknownHost = BrailleDisplayError.noServer(host: "nowhere:0", SystemFailure(.unknownHost, text: "resolve: x"))
        #expect(unknownHost.message(strings).contains("nom d'hôte inconnu"))
        // The words alone decide nothing: an English phrase with another code is not matched.
        let lost = BrailleDisplayError.connectionLost(SystemFailure(.library(14), text: "read: Connection refused")).message(strings)
        #expect(lost == "Plage braille perdue (erreur système). Reconnexion en cours ; la lecture continue.")
        let x = SystemFailure(.unknown, text: "x")
        for error in [BrailleDisplayError.authenticationFailed(host: ":7"), .emptyDisplay(host: ":7"),
                      .ttyRefused(x), .connectionLost(x)] {
            let message = error.message(strings)
            #expect(!message.contains("⟦") && !message.contains("{"), "\(message)")
        }
    }
}
