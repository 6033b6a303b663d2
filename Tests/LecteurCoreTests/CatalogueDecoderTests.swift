// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

@Suite struct CatalogueDecoderTests {
    @Test func decodesStory21PlainStringCategoryAndNumberPrice() throws {
        let decoded = try Fixture.decode("""
        [{"id": 1, "title": "Starter Pack - IA Générative", "description": "Découvrez…", "duration": "2 jours",
          "level": "Débutant", "price": 990.00, "next_session": "2026-02-15T09:00:00Z", "category": "IA Générative"}]
        """)
        let f = try #require(decoded.catalogue.formations.first)
        #expect(f.id == 1)
        #expect(f.title == "Starter Pack - IA Générative")
        #expect(f.price == 990)
        #expect(f.category == FormationCategory(name: "IA Générative"))
        #expect(f.nextSession == Date(timeIntervalSince1970: 1_771_146_000))
        #expect(decoded.warnings.isEmpty)
    }

    @Test func decodesStory27CategoryObjectAndLaravelEnvelopeWithStringPrice() throws {
        let decoded = try Fixture.decode("""
        {"data": [{"id": 7, "title": "T", "description": "D", "duration": "1 jour", "level": "Expert",
          "price": "1490.50", "next_session": null,
          "category": {"id": 3, "name": "Éthique", "slug": "ethique", "color": "#10B981", "icon": "scale"}}],
         "links": {}, "meta": {"total": 1}}
        """)
        let f = try #require(decoded.catalogue.formations.first)
        #expect(f.price == Decimal(string: "1490.50"))
        #expect(f.nextSession == nil)
        #expect(f.category == FormationCategory(id: 3, name: "Éthique", slug: "ethique", color: "#10B981", icon: "scale"))
        #expect(f.category?.key == CategoryKey("#3"))
    }

    @Test func nullCategoryAndMissingDescriptionAreAccepted() throws {
        let decoded = try Fixture.decode(#"[{"id": 1, "title": "T", "duration": "1 h", "level": "Expert", "price": 10, "category": null}]"#)
        #expect(decoded.catalogue.formations.first?.category == nil)
        #expect(decoded.catalogue.formations.first?.description == "")
        #expect(decoded.catalogue.categories.isEmpty)
    }

    /// The warning names the field in French (« prix », not « price »).
    @Test(arguments: [("id", "identifiant"), ("title", "titre"), ("duration", "durée"), ("level", "niveau"), ("price", "prix")])
    func recordMissingARequiredFieldIsSkippedAndTheRestLoads(field: String, french: String) throws {
        var bad: [String: Any] = ["id": 2, "title": "B", "duration": "1 jour", "level": "Expert", "price": 5]
        bad.removeValue(forKey: field)
        let badJSON = String(decoding: try JSONSerialization.data(withJSONObject: bad), as: UTF8.self)
        let decoded = try Fixture.decode("""
        [{"id": 1, "title": "A", "duration": "1 jour", "level": "Expert", "price": 5}, \(badJSON),
         {"id": 3, "title": "C", "duration": "1 jour", "level": "Expert", "price": 5}]
        """)
        #expect(decoded.catalogue.formations.map(\.id) == [1, 3])
        // Issue 25: named by its title when it has one, and by its place in the file, never as
        // « Formation n° 2 », which a listener takes for the second formation of the list.
        if field == "title" {
            #expect(decoded.warnings == [.missingField(position: 2, field: field)])
            #expect(CatalogueMessages(strings: Fixture.fr).message(for: decoded.warnings[0])
                    == "Enregistrement n° 2 du fichier ignoré : champ « titre » manquant.")
        } else {
            #expect(decoded.warnings == [.named(title: "B", .missingField(position: 2, field: field))])
            #expect(CatalogueMessages(strings: Fixture.fr).message(for: decoded.warnings[0])
                    == "Formation « B », enregistrement n° 2 du fichier ignoré : champ « \(french) » manquant.")
        }
    }

    @Test func invalidFieldsNonObjectsDuplicatesAndBadDatesAreReported() throws {
        let decoded = try Fixture.decode("""
        [42,
         {"id": 1, "title": "A", "duration": "1 jour", "level": "Expert", "price": "gratuit"},
         {"id": 2, "title": "B", "duration": "1 jour", "level": "Expert", "price": 5, "next_session": "15/02/2026"},
         {"id": 2, "title": "B bis", "duration": "1 jour", "level": "Expert", "price": 5},
         {"id": "x", "title": "C", "duration": "1 jour", "level": "Expert", "price": 5},
         {"id": 4, "title": "D", "duration": "1 jour", "level": "Expert", "price": -3}]
        """)
        #expect(decoded.catalogue.formations.map(\.id) == [2])
        #expect(decoded.catalogue.formations[0].nextSession == nil)
        #expect(decoded.warnings == [
            .recordNotObject(position: 1), .named(title: "A", .invalidField(position: 2, field: "price")), .unreadableDate(position: 3),
            .duplicateId(position: 4, id: 2), .named(title: "C", .invalidField(position: 5, field: "id")),
            // Beyond five warnings, a count (here the negative price of record 6).
            .moreRecordsSkipped(count: 1),
        ])
    }

    @Test func warningsBeyondFiveAreCountedNotListed() throws {
        let body = "[" + Array(repeating: "1", count: 1_000_000).joined(separator: ",") + "]"
        let decoded = try Fixture.decode(body)
        #expect(decoded.catalogue.formations.isEmpty)
        #expect(decoded.warnings == (1...5).map { .recordNotObject(position: $0) } + [.moreRecordsSkipped(count: 999_995)])
        let messages = CatalogueMessages(strings: Fixture.fr)
        #expect(messages.message(for: decoded.warnings[5]) == "999\u{202F}995 autres enregistrements ignorés.")
        let dates = "[" + (1...8).map { #"{"id": \#($0), "title": "T", "duration": "1 h", "level": "E", "price": 1, "next_session": "x"}"# }
            .joined(separator: ",") + "]"
        let withDates = try Fixture.decode(dates)
        #expect(withDates.catalogue.formations.count == 8)
        #expect(withDates.warnings.suffix(1) == [.moreUnreadableDates(count: 3)])
        #expect(messages.message(for: .moreUnreadableDates(count: 3)) == "3 autres dates illisibles.")
    }

    @Test(arguments: [
        ("18446744073709551615", "1.8446744073709552e+19"), ("9223372036854775808", "9.223372036854776e+18"),
        ("1e30", "1e+30"), ("1e308", "1e+308"), ("-3", "-3.0"), ("1000000.01", "1000000.01"),
        (#""1234567890123456789012345678901234567890""#, "1234567890123456789012345678901234567890"), (#""-5""#, "-5"),
    ])
    func outOfRangePricesAreRefusedPerRecord(price: String, shown: String) throws {
        let decoded = try Fixture.decode("""
        [{"id": 1, "title": "A", "duration": "1 h", "level": "E", "price": \(price)},
         {"id": 2, "title": "B", "duration": "1 h", "level": "E", "price": 1000000}]
        """)
        #expect(decoded.catalogue.formations.map(\.id) == [2], "the bound itself is accepted")
        #expect(decoded.catalogue.formations.first?.price == 1_000_000)
        #expect(decoded.warnings == [.named(title: "A", .priceOutOfRange(position: 1, price: String(shown.prefix(24))))])
        #expect(CatalogueMessages(strings: Fixture.fr).message(for: decoded.warnings[0])
                == "Formation « A », enregistrement n° 1 du fichier ignoré : prix « \(shown.prefix(24)) » hors limites (de 0 à 1\u{202F}000\u{202F}000 €).")
    }

    /// The streaming reader accepts and refuses what Foundation's JSON reader does.
    @Test(arguments: [
        #"[{"id": 1, "title": "\u00e9t\u00C9 \ud83d\ude80 \"q\" \\ \/", "duration": "1 h", "level": "E", "price": 1.5e2}]"#,
        #"{"meta": {"a": [1, {"b": null}], "c": true}, "data": [{"id": 3, "title": "Été", "duration": "1 h", "level": "E", "price": "12,50"}], "links": false}"#,
        "\u{FEFF}[]", " [ ] ", "[{\"id\": -0, \"title\": \"t\", \"duration\": \"d\", \"level\": \"l\", \"price\": 0.0}]",
    ])
    func acceptsWhatFoundationAccepts(text: String) throws {
        #expect(throws: Never.self) { _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) }
        let decoded = try Fixture.decode(text)
        #expect(decoded.warnings.isEmpty)
    }

    @Test(arguments: ["[01]", "[1.]", "[.5]", "[1e]", "[-]", "[\"a\u{01}\"]", #"["\x"]"#, "[1,]", "[1 2]", "{\"data\": []", "[]]",
                      "[tru]", "[nul]", #"["\u12"]"#, "{\"data\" []}", "{1: 2}", String(repeating: "[", count: 600) + String(repeating: "]", count: 600)])
    func refusesWhatIsNotJSONAndNestingPast512(text: String) {
        #expect(throws: CatalogueLoadError.self) { try Fixture.decode(text) }
        if case .failure(let error) = Result(catching: { try Fixture.decode(text) }) {
            if case .malformedJSON = error as? CatalogueLoadError {} else { Issue.record("\(text): \(error)") }
        }
    }

    @Test func theFirstDecodedValueOfANumberKeepsItsIntegerness() throws {
        let decoded = try Fixture.decode(#"[{"id": 9007199254740993, "title": "A", "duration": "1 h", "level": "E", "price": 990.00}]"#)
        #expect(decoded.catalogue.formations.first?.id == 9_007_199_254_740_993)
        #expect(decoded.catalogue.formations.first?.price == 990)
    }

    @Test func malformedJSONSaysWhereItFailed() {
        let messages = CatalogueMessages(strings: Fixture.fr)
        #expect(throws: CatalogueLoadError.malformedJSON(.lineColumn(line: 2, column: 9))) {
            try Fixture.decode("[\n {\"id\": x}]")
        }
        #expect(messages.message(for: .malformedJSON(.lineColumn(line: 2, column: 9)))
                == "Erreur lors du traitement des données. (ligne 2, colonne 9)")
        #expect(throws: CatalogueLoadError.malformedJSON(.endOfText)) { try Fixture.decode("[{\"id\": 1,") }
        #expect(messages.message(for: .malformedJSON(.endOfText))
                == "Erreur lors du traitement des données. (fin du texte atteinte trop tôt)")
        #expect(messages.message(for: .malformedJSON(nil)) == "Erreur lors du traitement des données.")
    }

    @Test func aTopLevelThatIsNotAListIsRefused() {
        #expect(throws: CatalogueLoadError.notAList) { try Fixture.decode(#"{"formations": []}"#) }
        #expect(throws: CatalogueLoadError.notAList) { try Fixture.decode("12") }
    }

    @Test func controlCharactersEscapesAndMarkupAreRemovedFromCatalogueText() throws {
        let decoded = try Fixture.decode(#"""
        [{"id": 1, "title": "Py\u001b[2J\u001b]0;pwned\u0007thon <b>avancé</b>\u0000", "duration": "2\tjours",
          "level": "<speak><prosody rate='x-fast'>Expert</prosody></speak>", "price": 5,
          "description": "Ligne 1\nLigne 2 &lt;script&gt;", "category": "\u202eIA"}]
        """#)
        let f = try #require(decoded.catalogue.formations.first)
        #expect(f.title == "Python avancé")
        #expect(f.duration == "2 jours")
        #expect(f.level == "Expert")
        #expect(f.description == "Ligne 1 Ligne 2 <script>")
        #expect(f.category?.name == "IA")
    }

    @Test func isoDatesInTheShapesServersSend() {
        let expected = Date(timeIntervalSince1970: 1_771_146_000) // 2026-02-15 09:00 UTC
        #expect(ISODate.parse("2026-02-15T09:00:00Z") == expected)
        #expect(ISODate.parse("2026-02-15T09:00:00.000000Z") == expected)
        #expect(ISODate.parse("2026-02-15T10:00:00+01:00") == expected)
        #expect(ISODate.parse("2026-02-15 09:00:00") == expected)
        #expect(ISODate.parse("2026-02-15") == Date(timeIntervalSince1970: 1_771_113_600))
        #expect(ISODate.parse("2026-02-30") == nil)
        #expect(ISODate.parse("15/02/2026") == nil)
        #expect(ISODate.parse("2026-02-15T25:00:00Z") == nil)
        #expect(ISODate.parse("2024-02-29T00:00:00Z") != nil)
    }

    @Test func builtInCatalogueMeetsItsBrief() throws {
        let decoded = try CatalogueDecoder.decode(Data(BuiltInCatalogue.json.utf8))
        #expect(decoded.warnings.isEmpty)
        let c = decoded.catalogue
        #expect(c.formations.count >= 12)
        #expect(c.categories.count >= 5)
        #expect(Set(c.formations.map(\.level)) == ["Débutant", "Intermédiaire", "Expert"])
        #expect(c.formations.contains { $0.price < 100 })
        #expect(c.formations.contains { $0.price > 1000 })
        #expect(c.formations.contains { $0.nextSession == nil })
        let names = c.categories.map(\.name)
        let ethique = try #require(names.firstIndex(of: "Éthique et réglementation"))
        #expect(ethique < names.firstIndex(of: "IA Générative")!)
        #expect(names == names.sorted(by: FrenchCollation.precedes))
    }

    @Test func categoriesAreUniqueAndSortedWithFrenchCollation() {
        let cats = ["Machine Learning", "éthique", "Éthique", "Bureautique", "zoologie", "Économie"]
        let formations = cats.enumerated().map { Fixture.formation($0.offset, "F\($0.offset)", category: FormationCategory(name: $0.element)) }
        let catalogue = Catalogue(formations: formations)
        // "éthique" and "Éthique" are one category (same name folded); É sorts with E, not after Z.
        #expect(catalogue.categories.map(\.name) == ["Bureautique", "Économie", "éthique", "Machine Learning", "zoologie"])
        #expect(catalogue.formations(in: FormationCategory(name: "ÉTHIQUE").key).count == 2)
    }
}

@Suite struct TextSanitizerTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a\u{1B}[1;31mb\u{1B}[0m", "ab"),
        ("t\u{1B}]8;;http://x\u{1B}\\lien\u{1B}]8;;\u{1B}\\", "tlien"),
        ("x\u{9B}2Jy", "xy"),
        ("cloche\u{07}", "cloche"),
        ("  espaces   multiples\n", "espaces multiples"),
        ("<p>un</p><p>deux</p>", "un deux"),
        ("<b>gr</b>as", "gras"),
        ("1 < 2 et 3 > 2", "1 < 2 et 3 > 2"),
        ("zéro\u{200B}largeur", "zérolargeur"),
        ("&amp;lt;", "&lt;"),
        ("prix&nbsp;5", "prix\u{00A0}5"),
    ])
    func cleans(input: String, expected: String) {
        #expect(TextSanitizer.clean(input) == expected)
    }

    @Test func nothingBelowSpaceSurvives() {
        var all = ""
        for v in 0..<0xA0 { all.unicodeScalars.append(Unicode.Scalar(v)!) }
        let cleaned = TextSanitizer.clean(all)
        #expect(!cleaned.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}
