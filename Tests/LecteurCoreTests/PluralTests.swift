// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore

@Suite struct PluralTests {
    @Test func frenchZeroAndOneAreSingular() {
        #expect(PluralRule.category(localeCode: "fr", count: 0) == .one)
        #expect(PluralRule.category(localeCode: "fr", count: 1) == .one)
        #expect(PluralRule.category(localeCode: "fr", count: 2) == .other)
        #expect(PluralRule.category(localeCode: "fr", number: "1,5") == .one)
        #expect(PluralRule.category(localeCode: "fr", number: "2,5") == .other)
        #expect(PluralRule.category(localeCode: "fr", count: 1_000_000) == .many)
        #expect(PluralRule.category(localeCode: "fr", number: "1 000 000") == .many)
        #expect(PluralRule.category(localeCode: "fr", number: "1 000 000,5") == .other)
    }

    @Test func englishOnlyOneIsSingular() {
        #expect(PluralRule.category(localeCode: "en", count: 0) == .other)
        #expect(PluralRule.category(localeCode: "en", count: 1) == .one)
        #expect(PluralRule.category(localeCode: "en", number: "1.0") == .other)
        #expect(PluralRule.category(localeCode: "en", count: 1_000_000) == .other)
        #expect(PluralRule.category(localeCode: "en", number: "abc") == .other)
    }

    @Test func catalogueLoadedAgreesInBothLocales() {
        let fr = Fixture.fr, en = Fixture.en
        #expect(fr(.noticeCatalogueLoaded, count: 1) == "1 formation chargée.")
        #expect(fr(.noticeCatalogueLoaded, count: 0) == "0 formation chargée.")
        #expect(fr(.noticeCatalogueLoaded, count: 14) == "14 formations chargées.")
        #expect(en(.noticeCatalogueLoaded, count: 1) == "1 course loaded.")
        #expect(en(.noticeCatalogueLoaded, count: 0) == "0 courses loaded.")
        // Call sites that pass the count as an argument agree too.
        #expect(fr(.noticeCatalogueLoaded, ["count": "1"]) == "1 formation chargée.")
    }

    @Test func theSelectingPlaceholderComesFromTheCatalogue() {
        let fr = Fixture.fr
        #expect(fr(.morsePracticeSummary, ["correct": "1", "attempts": "2"])
                == "Entraînement terminé : 1 bonne réponse sur 2.")
        #expect(fr(.morsePracticeSummary, ["correct": "3", "attempts": "4"])
                == "Entraînement terminé : 3 bonnes réponses sur 4.")
        #expect(fr(.statusSpeechOn, ["pending": "2"]) == "Parole : 2 annonces en attente")
        #expect(fr(.statusSpeechOn, ["pending": "1"]) == "Parole : 1 annonce en attente")
    }

    @Test func aTableWithoutPluralFormsUsesTheTemplate() {
        let strings = Strings(localeCode: "fr", table: ["notice.catalogueLoaded": "{count} x"])
        #expect(strings(.noticeCatalogueLoaded, count: 1) == "1 x")
    }
}
