// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// The acceptance criteria of stories 2.4 (formations list) and 2.7 (category chips), on the
/// pure navigator, plus the reader's own navigation rules.
@Suite struct NavigatorTests {
    let nav = Fixture.reader

    func run(_ state: inout ReaderState, _ commands: Command...) -> [Effect] {
        var last: [Effect] = []
        for c in commands { last = nav.reduce(&state, .command(c)) }
        return last
    }

    func focus(_ state: ReaderState) -> Element {
        let screen = nav.builder.screen(for: state)
        return screen.elements[state.focusIndex]
    }

    func moveTo(_ id: String, _ state: inout ReaderState) {
        let screen = nav.builder.screen(for: state)
        state.focus[screen.id] = screen.elements.firstIndex { $0.id == id }!
    }

    // MARK: Story 2.4

    @Test func s24ac1_loadingThenTheListOfCards() {
        var state = ReaderState()
        let loading = nav.reduce(&state, .catalogueLoading)
        #expect(loading.focused?.label == "Chargement des formations...")
        let loaded = nav.reduce(&state, .catalogueLoaded(Fixture.builtIn))
        #expect(loaded.notices == ["14 formations chargées."])
        #expect(loaded.focused?.id == "chip.all")
        let screen = nav.builder.screen(for: state)
        #expect(screen.elements.filter { $0.id.hasPrefix("card.") }.count == 14)
    }

    @Test func s24ac2_ac7_eachCardSaysTitleLevelDurationPriceWithAHint() {
        var state = Fixture.loadedState()
        moveTo("card.4", &state)
        let effects = run(&state, .repeatLast)
        let report = effects.focusReport!
        #expect(report.element.label == "Machine Learning avec Python, niveau Intermédiaire, durée 5 jours, 2\u{202F}490\u{00A0}€")
        #expect(report.element.hint == "Appuyez pour voir les détails de cette formation")
        #expect(effects.spoken == ["Machine Learning avec Python, niveau Intermédiaire, durée 5 jours, 2490 euros, bouton, formation 4 sur 14. Appuyez pour voir les détails de cette formation"])
    }

    @Test func s24ac3_everyElementIsReachableOneByOneAndTheEndsAreSaid() {
        var state = Fixture.loadedState()
        let count = nav.builder.screen(for: state).elements.count
        var seen = [focus(state).id]
        for _ in 1..<count { seen.append(run(&state, .next).focused!.id) }
        #expect(Set(seen).count == count)
        let atEnd = run(&state, .next)
        #expect(atEnd.focused == nil)
        #expect(atEnd.notices == ["Dernier élément"])
        #expect(run(&state, .first).focusReport?.index == 1)
        #expect(run(&state, .previous).notices == ["Premier élément"])
        #expect(run(&state, .last).focusReport?.index == count)
    }

    @Test func s24ac4_activatingACardOpensItsDetailAndBackReturnsToTheCard() {
        var state = Fixture.loadedState()
        moveTo("card.9", &state)
        let opened = run(&state, .activate)
        #expect(opened.focusReport?.screen == "detail")
        #expect(opened.focusReport?.title == "Détail")
        #expect(opened.focused?.label == "Accessibilité numérique : les bases du RGAA")
        let back = run(&state, .back)
        #expect(back.focused?.id == "card.9")
    }

    @Test func s24ac5_refreshFetchesAgainAndKeepsFilterAndFocus() {
        var state = Fixture.loadedState()
        _ = run(&state, .filter("bureau"))
        moveTo("card.12", &state)
        #expect(run(&state, .refresh) == [.loadCatalogue(.refresh)])
        // The server now sends one more formation in that category, before the focused one.
        var formations = Fixture.builtIn.formations
        formations.insert(Formation(id: 99, title: "Nouveau", description: "", duration: "1 jour", level: "Débutant",
                                    price: 10, nextSession: nil, category: formations[10].category), at: 0)
        let effects = nav.reduce(&state, .catalogueLoaded(Catalogue(formations: formations)))
        #expect(effects.focused?.id == "card.12")
        #expect(state.filter != nil)
        #expect(nav.builder.screen(for: state).elements.filter { $0.id.hasPrefix("card.") }.map(\.id) == ["card.99", "card.11", "card.12"])
    }

    @Test func s24ac6_failureShowsTheMessageWithRetryFocused() {
        var state = ReaderState()
        let message = "Erreur de connexion. Vérifiez votre connexion internet."
        let effects = nav.reduce(&state, .catalogueFailed(message: message))
        #expect(effects.errors == [message])
        #expect(effects.focused?.label == "Réessayer")
        #expect(effects.focused?.role == .button)
        let screen = nav.builder.screen(for: state)
        #expect(screen.code == "error")
        #expect(screen.elements[0].label == message)
        #expect(run(&state, .activate) == [.loadCatalogue(.retry)])
        #expect(run(&state, .retry) == [.loadCatalogue(.retry)])
    }

    // MARK: Story 2.7

    @Test func s27ac1_ac6_chipsComeFirstAndSayNameAndState() {
        var state = Fixture.loadedState()
        let first = run(&state, .first)
        #expect(first.focused?.label == "Toutes, sélectionné")
        let second = run(&state, .next)
        #expect(second.focused?.label == "Accessibilité, non sélectionné")
        #expect(second.focused?.selected == false)
        #expect(second.spoken == ["Accessibilité, non sélectionné, bouton, filtre 2 sur 7"])
    }

    @Test func s27ac2_activatingAChipFiltersAndMarksItSelected() {
        var state = Fixture.loadedState()
        moveTo("chip.#5", &state)
        let effects = run(&state, .activate)
        #expect(effects.focused?.label == "Bureautique, sélectionné")
        #expect(effects.focused?.selected == true)
        let screen = nav.builder.screen(for: state)
        #expect(screen.elements.first { $0.role == .heading }?.label == "Bureautique")
        #expect(screen.elements.filter { $0.id.hasPrefix("card.") }.map(\.id) == ["card.11", "card.12"])
        #expect(screen.elements[0].label == "Toutes, non sélectionné")
    }

    @Test func s27ac3_theSameChipOrToutesClearsTheFilter() {
        var state = Fixture.loadedState()
        moveTo("chip.#5", &state)
        _ = run(&state, .activate)
        let again = run(&state, .activate)
        #expect(state.filter == nil)
        #expect(again.focused?.label == "Bureautique, non sélectionné")
        _ = run(&state, .activate)
        #expect(state.filter != nil)
        moveTo("chip.all", &state)
        let all = run(&state, .activate)
        #expect(state.filter == nil)
        #expect(all.focused?.label == "Toutes, sélectionné")
        // Activating "Toutes" when nothing is filtered keeps it so.
        _ = run(&state, .activate)
        #expect(state.filter == nil)
    }

    @Test func s27ac4_theFilterSurvivesADetailAndBack() {
        var state = Fixture.loadedState()
        _ = run(&state, .filter("IA gén"))
        moveTo("card.2", &state)
        _ = run(&state, .activate)
        #expect(state.currentScreenID == .detail(formationId: 2))
        let back = run(&state, .back)
        #expect(back.focused?.id == "card.2")
        #expect(state.filter == CategoryKey("#1"))
        #expect(nav.builder.screen(for: state).elements.first { $0.role == .heading }?.label == "IA Générative")
    }

    @Test func s27ac5_emptyCategoryShowsTheEmptyState() {
        // A category can be left empty by a refresh while it is selected: the chip stays reachable
        // only while a formation has it, so build the case directly.
        let catalogue = Catalogue(formations: [Fixture.formation(1, "A", category: FormationCategory(id: 1, name: "Vide"))])
        let screen = nav.builder.formationsScreen(.loaded(Catalogue(formations: catalogue.formations.map {
            Formation(id: $0.id, title: $0.title, description: "", duration: "1 jour", level: "Débutant", price: 1,
                      nextSession: nil, category: FormationCategory(id: 2, name: "Autre"))
        } + [])), filter: nil)
        #expect(!screen.elements.contains { $0.id == "empty" })
        var state = ReaderState(catalogue: .loaded(catalogue))
        state.filter = CategoryKey("#1")
        let filtered = Catalogue(formations: [])
        let empty = nav.builder.formationsScreen(.loaded(filtered), filter: nil)
        #expect(empty.elements.last?.label == "Aucune formation disponible.")
    }

    // MARK: Commands on the navigator

    @Test func filterCommandMatchesPrefixWordsAndAccentsAndFocusesTheHeading() {
        var state = Fixture.loadedState()
        let effects = run(&state, .filter("ethique"))
        #expect(effects.notices.first == "Éthique et réglementation : 2 formations")
        #expect(effects.focused?.label == "Éthique et réglementation")
        #expect(effects.focused?.role == .heading)
        _ = run(&state, .filter("learning"))
        #expect(state.filter == CategoryKey("#2"))
        let cleared = run(&state, .filter(nil))
        #expect(cleared.notices.first == "Toutes : 14 formations")
        #expect(state.filter == nil)
    }

    @Test func filterCommandReportsUnknownAndAmbiguousNames() {
        var state = Fixture.loadedState()
        let unknown = run(&state, .filter("cuisine"))
        #expect(unknown.errors.first?.hasPrefix("Aucune catégorie ne correspond à « cuisine ». Catégories : Accessibilité, ") == true)
        let catalogue = Catalogue(formations: [
            Fixture.formation(1, "A", category: FormationCategory(name: "Data science")),
            Fixture.formation(2, "B", category: FormationCategory(name: "Data engineering")),
        ])
        var other = Fixture.loadedState(catalogue)
        let ambiguous = run(&other, .filter("data"))
        #expect(ambiguous.errors == ["Plusieurs catégories correspondent à « data » : Data engineering, Data science."])
        #expect(other.filter == nil)
    }

    @Test func filterFromTheMorseTabGoesBackToTheList() {
        var state = Fixture.loadedState()
        _ = run(&state, .tab(.morse), .activate)
        #expect(state.currentScreenID == .symbol(id: "41"))
        let effects = run(&state, .filter("radio"))
        #expect(state.tab == .formations)
        #expect(effects.focusReport?.screen == "formations")
    }

    @Test func tabsKeepTheirOwnStacksAndFocus() {
        var state = Fixture.loadedState()
        moveTo("card.5", &state)
        _ = run(&state, .activate)
        let morse = run(&state, .tab(.morse))
        #expect(morse.focusReport?.screen == "morse")
        #expect(morse.focused?.label == "A, point, trait")
        _ = run(&state, .next, .activate)
        #expect(run(&state, .repeatLast).focused?.label == "B")
        let back = run(&state, .tab(.formations))
        #expect(back.focusReport?.screen == "detail")
        #expect(run(&state, .back).focused?.id == "card.5")
        #expect(run(&state, .back).notices == ["Vous êtes déjà sur l'écran principal."])
    }

    @Test func whereSaysScreenAndPosition() {
        var state = Fixture.loadedState()
        _ = run(&state, .next, .next)
        let count = nav.builder.screen(for: state).elements.count
        #expect(count == 22)
        #expect(run(&state, .whereAmI).notices == ["Formations, filtre 3 sur 7"])
        _ = run(&state, .tab(.morse))
        #expect(run(&state, .whereAmI).notices == ["Apprendre, symbole 1 sur \(MorseAlphabet.standard.symbols.count)"])
    }

    @Test func activatingStaticTextSaysSo() {
        var state = Fixture.loadedState()
        moveTo("section.heading", &state)
        #expect(run(&state, .activate).notices == ["Cet élément ne s'active pas."])
    }

    @Test func routingKeyActivatesTheElementItPointsAt() {
        var state = Fixture.loadedState()
        let effects = nav.reduce(&state, .activateElement(at: 2))
        #expect(effects.focused?.label == "Bureautique, sélectionné")
        #expect(effects.notices == ["Bureautique : 2 formations"], "the chip says how many formations it leaves")
        // Over nothing: nothing happens but the message giving way to the focused element.
        #expect(nav.reduce(&state, .activateElement(at: 999)) == [.braille(BrailleGenerator(strings: Fixture.fr).line(effects.focused!))])
    }

    @Test func firstSpeechOfACommandInterruptsTheRestQueues() {
        var state = Fixture.loadedState()
        let effects = run(&state, .filter("bureau"))
        let flags = effects.compactMap { if case .speak(let u) = $0 { return u.interrupt } else { return nil } }
        #expect(flags == [true, false])
    }

    @Test func helpListsEveryCommandWithItsFrenchNames() {
        var state = Fixture.loadedState()
        _ = run(&state, .help(topic: nil))
        #expect(state.currentScreenID == .help)
        let help = Fixture.reader.builder.screen(for: state).elements.map(\.label).joined(separator: "\n")
        #expect(help.contains("suivant, n, s : élément suivant"), "one element per command")
        for spec in CommandTable.specs {
            let names = CommandLanguage.helpNames(spec.names, localeCode: "fr")
            // English-only shortcuts (« faster ») are not listed: « plus vite » is.
            if names.isEmpty { #expect(!help.contains(spec.name)); continue }
            #expect(help.contains(names.joined(separator: ", ")))
        }
        // Issue 25: no English name at all in the French help.
        for english in ["course", "heading", "find", "read", "rate", "faster", "slower", "louder", "softer", "spell"] {
            #expect(!help.contains(english + ","), "\(english)")
        }
        // French names first; the English ones are accepted but not listed (nor read aloud).
        #expect(run(&state, .help(topic: "SUIVANT")).notices == ["suivant, n, s — élément suivant"])
        // A command of two words is found by its first.
        #expect(run(&state, .help(topic: "tout lire")).notices.first?.hasPrefix("lire, tout — ") == true)
        #expect(!help.contains("previous") && !help.contains("activate") && help.contains("précédent"))
        #expect(run(&state, .help(topic: "voler")).errors == ["Pas d'aide pour « voler ». Tapez « aide » pour la liste des commandes."])
    }

    @Test func invalidCommandsGetAFrenchErrorWithASuggestion() {
        var state = Fixture.loadedState()
        let e = nav.reduce(&state, .invalidCommand(.unknown(word: "suivnt", suggestion: "suivant")))
        #expect(e.errors == ["Commande inconnue : « suivnt ». Vouliez-vous dire « suivant » ?"])
        #expect(e.spoken == e.errors)
    }

    @Test func quitEndsTheLoop() {
        var state = Fixture.loadedState()
        #expect(run(&state, .quit) == [.quit])
    }

    @Test func aFailedReloadFromADetailGoesBackToTheErrorScreen() {
        var state = Fixture.loadedState()
        moveTo("card.1", &state)
        _ = run(&state, .activate)
        let failed = nav.reduce(&state, .catalogueFailed(message: "Erreur serveur (code: 500). Réessayez plus tard."))
        #expect(state.currentScreenID == .formations)
        #expect(failed.focused?.label == "Réessayer")
    }
}

@Suite struct ReloadTests {
    let nav = Fixture.reader

    @Test func aReloadThroughTheLoadingScreenKeepsFilterAndFocus() {
        var state = Fixture.loadedState()
        _ = nav.reduce(&state, .command(.filter("bureau")))
        _ = nav.reduce(&state, .command(.next))
        _ = nav.reduce(&state, .command(.next))
        #expect(nav.builder.screen(for: state).elements[state.focusIndex].id == "card.12")
        _ = nav.reduce(&state, .catalogueLoading)
        let loaded = nav.reduce(&state, .catalogueLoaded(Fixture.builtIn))
        #expect(loaded.focused?.id == "card.12")
        #expect(state.focusToRestore == nil)
    }
}
