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
        #expect(decoded.warnings == [.missingField(position: 2, field: field)])
        #expect(CatalogueMessages(strings: Fixture.fr).message(for: decoded.warnings[0])
                == "Formation n° 2 ignorée : champ « \(french) » manquant.")
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
            .recordNotObject(position: 1), .invalidField(position: 2, field: "price"), .unreadableDate(position: 3),
            .duplicateId(position: 4, id: 2), .invalidField(position: 5, field: "id"), .invalidField(position: 6, field: "price"),
        ])
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
