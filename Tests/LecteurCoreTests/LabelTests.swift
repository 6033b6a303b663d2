// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

@Suite struct LabelTests {
    let builder = Fixture.navigator.builder

    @Test(arguments: [(990, "990\u{00A0}€"), (1490, "1\u{202F}490\u{00A0}€"), (79, "79\u{00A0}€"),
                      (1_234_567, "1\u{202F}234\u{202F}567\u{00A0}€"), (0, "0\u{00A0}€")])
    func pricesInFrenchFormatWithoutDecimals(amount: Int, expected: String) {
        #expect(builder.display.price(Decimal(amount)) == expected)
    }

    @Test func pricesRoundHalfUpLikeTheSeedFormatter() {
        #expect(builder.display.price(Decimal(string: "990.00")!) == "990\u{00A0}€")
        #expect(builder.display.price(Decimal(string: "989.50")!) == "990\u{00A0}€")
        #expect(builder.display.price(Decimal(string: "989.49")!) == "989\u{00A0}€")
    }

    @Test func englishPrices() {
        let en = ScreenBuilder(strings: Fixture.en, timeZone: Fixture.paris)
        #expect(en.display.price(1490) == "€1,490")
    }

    @Test func cardLabelAndHintFollowStory24() {
        let f = Formation(id: 1, title: "Starter Pack - IA Générative", description: "", duration: "2 jours",
                          level: "Débutant", price: 1490, nextSession: nil, category: nil)
        let card = builder.card(f)
        #expect(card.label == "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 1\u{202F}490\u{00A0}€")
        #expect(card.hint == "Appuyez pour voir les détails de cette formation")
        #expect(card.role == .button)
        #expect(card.spokenLabel == "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 1490 euros")
        #expect(card.action == .openFormation(id: 1))
        #expect(card.visibleText == "Starter Pack - IA Générative")
    }

    @Test func formationsScreenHasChipsHeadingThenCards() {
        let screen = builder.formationsScreen(.loaded(Fixture.builtIn), filter: nil)
        let labels = screen.elements.map(\.label)
        #expect(labels.prefix(7) == ["Toutes, sélectionné", "Accessibilité, non sélectionné", "Bureautique, non sélectionné",
                                     "Éthique et réglementation, non sélectionné", "IA Générative, non sélectionné",
                                     "Machine Learning, non sélectionné", "Radio et télégraphie, non sélectionné"])
        #expect(screen.elements[7].role == .heading)
        #expect(screen.elements[7].label == "Toutes les formations")
        #expect(screen.elements.count == 8 + Fixture.builtIn.formations.count)
        #expect(screen.elements[8...].allSatisfy { $0.id.hasPrefix("card.") })
        #expect(screen.elements[0].selected == true)
        #expect(screen.elements[1].selected == false)
    }

    @Test func filteredScreenUsesTheCategoryNameAsHeading() {
        let key = Fixture.builtIn.categories.first { $0.name == "Bureautique" }!.key
        let screen = builder.formationsScreen(.loaded(Fixture.builtIn), filter: key)
        #expect(screen.elements[0].label == "Toutes, non sélectionné")
        #expect(screen.elements[2].label == "Bureautique, sélectionné")
        #expect(screen.elements[7].label == "Bureautique")
        #expect(screen.elements[8...].map(\.id) == ["card.11", "card.12"])
    }

    @Test func emptyCategoryShowsStory27EmptyState() {
        let catalogue = Catalogue(formations: [Fixture.formation(1, "A", category: FormationCategory(name: "X"))])
        let screen = builder.formationsScreen(.loaded(catalogue), filter: CategoryKey("#404"))
        // An unknown filter is no filter: the list never shows a category that does not exist.
        #expect(screen.elements.last?.id == "card.1")
        let empty = builder.formationsScreen(.loaded(Catalogue(formations: [])), filter: nil)
        // An empty catalogue is its own state: no category is selected.
        #expect(empty.elements.map(\.label) == ["Toutes, sélectionné", "Toutes les formations",
                                                "Aucune formation disponible."])
    }

    @Test func detailScreenListsEverythingInFrench() {
        let f = Fixture.builtIn.formation(id: 1)!
        let screen = builder.detailScreen(f)
        #expect(screen.title == "Détail")
        #expect(screen.elements.map(\.label) == [
            "Starter Pack - IA Générative",
            f.description,
            "Niveau : Débutant",
            "Durée : 2 jours",
            "Prix : 990\u{00A0}€",
            "Prochaine session : 15 février 2026",
            "Catégorie : IA Générative",
            "Retour",
        ])
        #expect(screen.elements[4].spokenLabel == "Prix : 990 euros")
        let none = builder.detailScreen(Fixture.builtIn.formation(id: 3)!)
        #expect(none.elements[5].label == "Prochaine session : aucune session programmée")
    }

    @Test func datesInFrench() {
        #expect(builder.display.date(ISODate.parse("2026-03-01T10:00:00Z")!) == "1er mars 2026")
        #expect(builder.display.date(ISODate.parse("2026-08-15T10:00:00Z")!) == "15 août 2026")
        // 23:30 UTC on 31 December is already the next year in Paris.
        #expect(builder.display.date(ISODate.parse("2026-12-31T23:30:00Z")!) == "1er janvier 2027")
    }

    @Test func morseRowsSayThePatternInWords() {
        let screen = builder.morseScreen(progress: [:])
        #expect(screen.title == "Apprendre")
        #expect(screen.elements.count >= 36)
        #expect(screen.elements.prefix(26).map(\.visibleText) == (65...90).map { String(UnicodeScalar($0)!) })
        #expect(screen.elements[26..<36].map(\.visibleText) == (0...9).map(String.init))
        let a = screen.elements[0]
        #expect(a.label == "A, point, trait")
        #expect(a.value == "pas encore pratiqué")
        #expect(!a.label.contains(".") && !a.label.contains("-"))
        #expect(a.action == .openSymbol(id: "41"))
        #expect(screen.elements[26].label == "0, trait, trait, trait, trait, trait")
    }

    @Test func morseProgressValues() {
        #expect(builder.progressText(nil) == "pas encore pratiqué", "never practised is not a failing 0 %")
        #expect(builder.progressText(SymbolProgress(attempts: 0, correct: 0)) == "pas encore pratiqué")
        #expect(builder.progressText(SymbolProgress(attempts: 1, correct: 1)) == "réussite 100 %, 1 essai")
        #expect(builder.progressText(SymbolProgress(attempts: 5, correct: 4)) == "réussite 80 %, 5 essais")
    }

    @Test func symbolCard() {
        let screen = builder.symbolScreen(MorseAlphabet.standard.symbol(for: "k")!, progress: nil)
        #expect(screen.elements.map(\.label) == ["K", "Code : trait, point, trait", "Progression : pas encore pratiqué", "Écouter", "S'entraîner", "Retour"])
        #expect(screen.elements[3].action == .playSymbol(id: "4B"))
        #expect(screen.elements[4].action == .practiseSymbol(id: "4B"))
    }

    @Test func speechTextOrderAndVerbosity() {
        let composer = SpeechGenerator(strings: Fixture.fr)
        let card = builder.card(Fixture.builtIn.formation(id: 3)!)
        #expect(composer.compose(card, verbosity: .full)
                == "Agents IA et automatisation, niveau Expert, durée 3 jours, 1490 euros, bouton. Appuyez pour voir les détails de cette formation")
        #expect(composer.compose(card, verbosity: .brief) == "Agents IA et automatisation, niveau Expert, durée 3 jours, 1490 euros")
        let row = builder.morseScreen(progress: [:]).elements[0]
        #expect(composer.compose(row, verbosity: .full) == "A, point, trait, pas encore pratiqué, bouton. Ouvre la fiche de ce symbole")
    }

    @Test func brailleLineMarksSelectionAndRole() {
        let screen = builder.formationsScreen(.loaded(Fixture.builtIn), filter: nil)
        #expect(BrailleGenerator(strings: Fixture.fr).line(screen.elements[0]) == BrailleLine(text: "[x] Toutes btn", cursor: 4))
        #expect(BrailleGenerator(strings: Fixture.fr).line(screen.elements[1]) == BrailleLine(text: "[ ] Accessibilité btn", cursor: 4))
        #expect(BrailleGenerator(strings: Fixture.fr).line(screen.elements[7]).text == "Toutes les formations tit")
    }
}
