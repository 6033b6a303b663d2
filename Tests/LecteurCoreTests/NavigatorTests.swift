// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// The acceptance criteria of stories 2.4 (formations list) and 2.7 (category chips), on the
/// pure navigator, plus the reader's own navigation rules.
@Suite struct NavigatorTests {
    let nav = Fixture.reader

    /// Puts the focus on the element `id` of the screen shown, as a set-up.
    func moveTo(_ id: String, _ store: inout ReaderTestStore) {
        let screen = nav.builder.screen(for: store.state)
        store.state.navigation.focus[screen.id] = screen.elements.firstIndex { $0.id == id }!
    }

    // MARK: Story 2.4

    @Test func s24ac1_loadingThenTheListOfCards() {
        var store = ReaderTestStore()
        store.send(.catalogue(.loading(stillLoadingAfter: nil)), state: {
            $0.navigation.focus[.formations] = 0
            $0.announcement.history.append("Chargement des formations…")
        }, effects: { ReaderTestStore.focused($0, "Chargement des formations…", interrupt: false, role: nil, shows: "Chargement des formations…") })
        store.send(.catalogue(.loaded(Fixture.builtIn, warnings: [], origin: .live)), state: {
            $0.catalogue.status = .loaded(Fixture.builtIn)
            $0.display.message = "14 formations chargées."
            $0.display.token = 1
            $0.announcement.history += ["14 formations chargées.", "Toutes, sélectionné, bouton, filtre 1 sur 7"]
            $0.announcement.lastMessage = LastMessage(code: "loaded", text: "14 formations chargées.", isError: false)
        }, effects: { ReaderTestStore.saying("loaded", "14 formations chargées.", .notice) + ReaderTestStore.focused($0, "Toutes, sélectionné, bouton, filtre 1 sur 7", interrupt: false, role: "bouton", shows: nil) + [.schedule(.brailleMessage(token: 1), afterSeconds: 4)] })
        let screen = nav.builder.screen(for: store.state)
        #expect(screen.elements.filter { $0.id.hasPrefix("card.") }.count == 14)
    }

    @Test func s24ac2_ac7_eachCardSaysTitleLevelDurationPriceWithAHint() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        moveTo("card.4", &store)
        store.send(.command(.repeatLast), state: {
            $0.display.message = nil
            $0.announcement.history.append("Machine Learning avec Python, niveau Intermédiaire, durée 5 jours, 2490 euros, bouton, formation 4 sur 14. Appuyez pour voir les détails de cette formation")
        }, effects: { ReaderTestStore.focused($0, "Machine Learning avec Python, niveau Intermédiaire, durée 5 jours, 2490 euros, bouton, formation 4 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Machine Learning avec Python, niveau Intermédiaire, durée 5 jours, 2\u{202F}490\u{A0}€ btn") })
    }

    @Test func s24ac3_everyElementIsReachableOneByOneAndTheEndsAreSaid() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let count = nav.builder.screen(for: store.state).elements.count
        // What each element after the first says, in order: every one reached, once.
        let heard = [
            "Accessibilité, non sélectionné, bouton, filtre 2 sur 7",
            "Bureautique, non sélectionné, bouton, filtre 3 sur 7",
            "Éthique et réglementation, non sélectionné, bouton, filtre 4 sur 7",
            "IA Générative, non sélectionné, bouton, filtre 5 sur 7",
            "Machine Learning, non sélectionné, bouton, filtre 6 sur 7",
            "Radio et télégraphie, non sélectionné, bouton, filtre 7 sur 7",
            "Toutes les formations, titre",
            "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990 euros, bouton, formation 1 sur 14. Appuyez pour voir les détails de cette formation",
            "Rédiger des prompts efficaces, niveau Débutant, durée 1 jour, 490 euros, bouton, formation 2 sur 14. Appuyez pour voir les détails de cette formation",
            "Agents IA et automatisation, niveau Expert, durée 3 jours, 1490 euros, bouton, formation 3 sur 14. Appuyez pour voir les détails de cette formation",
            "Machine Learning avec Python, niveau Intermédiaire, durée 5 jours, 2490 euros, bouton, formation 4 sur 14. Appuyez pour voir les détails de cette formation",
            "Deep Learning appliqué à la vision, niveau Expert, durée 4 jours, 2190 euros, bouton, formation 5 sur 14. Appuyez pour voir les détails de cette formation",
            "Statistiques pour la data science, niveau Intermédiaire, durée 2 jours, 890 euros, bouton, formation 6 sur 14. Appuyez pour voir les détails de cette formation",
            "Éthique et conformité de l'IA, niveau Débutant, durée 1 jour, 590 euros, bouton, formation 7 sur 14. Appuyez pour voir les détails de cette formation",
            "Audit d'un système d'IA, niveau Expert, durée 3 jours, 1890 euros, bouton, formation 8 sur 14. Appuyez pour voir les détails de cette formation",
            "Accessibilité numérique : les bases du RGAA, niveau Débutant, durée 2 jours, 1190 euros, bouton, formation 9 sur 14. Appuyez pour voir les détails de cette formation",
            "Lecteurs d'écran et plages braille, niveau Intermédiaire, durée 1 jour, 690 euros, bouton, formation 10 sur 14. Appuyez pour voir les détails de cette formation",
            "Découverte de la bureautique, niveau Débutant, durée 3 heures, 79 euros, bouton, formation 11 sur 14. Appuyez pour voir les détails de cette formation",
            "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349 euros, bouton, formation 12 sur 14. Appuyez pour voir les détails de cette formation",
            "Apprendre le Morse à l'oreille, niveau Débutant, durée 10 heures, 149 euros, bouton, formation 13 sur 14. Appuyez pour voir les détails de cette formation",
            "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1290 euros, bouton, formation 14 sur 14. Appuyez pour voir les détails de cette formation",
        ]
        #expect(heard.count == count - 1)
        func remember(_ text: String) -> (inout ReaderState) -> Void {
            // README's « the last 20 », written here, not read from the code under test.
            { $0.announcement.history = Array(($0.announcement.history + [text]).suffix(20)) }
        }
        // Each element's role word and braille line (its text, its cursor), written out.
        let shown: [(role: String?, line: String, cursor: Int)] = [
            ("bouton", "[ ] Accessibilité btn", 4),
            ("bouton", "[ ] Bureautique btn", 4),
            ("bouton", "[ ] Éthique et réglementation btn", 4),
            ("bouton", "[ ] IA Générative btn", 4),
            ("bouton", "[ ] Machine Learning btn", 4),
            ("bouton", "[ ] Radio et télégraphie btn", 4),
            ("titre", "Toutes les formations tit", 0),
            ("bouton", "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990\u{A0}€ btn", 0),
            ("bouton", "Rédiger des prompts efficaces, niveau Débutant, durée 1 jour, 490\u{A0}€ btn", 0),
            ("bouton", "Agents IA et automatisation, niveau Expert, durée 3 jours, 1\u{202F}490\u{A0}€ btn", 0),
            ("bouton", "Machine Learning avec Python, niveau Intermédiaire, durée 5 jours, 2\u{202F}490\u{A0}€ btn", 0),
            ("bouton", "Deep Learning appliqué à la vision, niveau Expert, durée 4 jours, 2\u{202F}190\u{A0}€ btn", 0),
            ("bouton", "Statistiques pour la data science, niveau Intermédiaire, durée 2 jours, 890\u{A0}€ btn", 0),
            ("bouton", "Éthique et conformité de l'IA, niveau Débutant, durée 1 jour, 590\u{A0}€ btn", 0),
            ("bouton", "Audit d'un système d'IA, niveau Expert, durée 3 jours, 1\u{202F}890\u{A0}€ btn", 0),
            ("bouton", "Accessibilité numérique : les bases du RGAA, niveau Débutant, durée 2 jours, 1\u{202F}190\u{A0}€ btn", 0),
            ("bouton", "Lecteurs d'écran et plages braille, niveau Intermédiaire, durée 1 jour, 690\u{A0}€ btn", 0),
            ("bouton", "Découverte de la bureautique, niveau Débutant, durée 3 heures, 79\u{A0}€ btn", 0),
            ("bouton", "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349\u{A0}€ btn", 0),
            ("bouton", "Apprendre le Morse à l'oreille, niveau Débutant, durée 10 heures, 149\u{A0}€ btn", 0),
            ("bouton", "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1\u{202F}290\u{A0}€ btn", 0),
        ]
        #expect(shown.count == heard.count)
        for (offset, (text, shows)) in zip(heard, shown).enumerated() {
            store.send(.command(.next), state: {
                $0.navigation.focus[.formations] = offset + 1
                $0.display.message = nil
                remember(text)(&$0)
            }, effects: { ReaderTestStore.focused($0, text, role: shows.role, shows: shows.line, cursor: shows.cursor) })
        }
        /// An end said as a message: remembered within the history's limit.
        func edge(_ text: String, token: Int) -> (inout ReaderState) -> Void {
            {
                $0.display.message = text
                $0.display.token = token
                remember(text)(&$0)
                $0.announcement.lastMessage = LastMessage(code: "edge", text: text, isError: false)
            }
        }
        let last = "Dernier élément", first = "Premier élément"
        store.send(.command(.next), store.said("edge", last, interrupt: true),
                   state: { edge(last, token: 2)(&$0); $0.display.messageStays = true })
        store.send(.command(.first), state: {
            $0.navigation.focus[.formations] = 0
            $0.display.message = nil
            remember("Toutes, sélectionné, bouton, filtre 1 sur 7")(&$0)
        }, effects: { ReaderTestStore.focused($0, "Toutes, sélectionné, bouton, filtre 1 sur 7", role: "bouton", shows: "[x] Toutes btn", cursor: 4) })
        store.send(.command(.previous), store.said("edge", first, interrupt: true),
                   state: edge(first, token: 3))
        store.send(.command(.last), state: {
            $0.navigation.focus[.formations] = count - 1
            $0.display.message = nil
            remember(heard[count - 2])(&$0)
        }, effects: { ReaderTestStore.focused($0, heard[count - 2], role: "bouton", shows: "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1\u{202F}290\u{A0}€ btn") })
        // The history keeps the last twenty utterances, oldest first (README's « 20 », written
        // here): the last sixteen of the walk, written out above, then the four that followed.
        #expect(AnnouncementState.historyLimit == 20)
        let history = store.state.announcement.history
        #expect(history.count == 20, "\(history)")
        #expect(history == Array(heard.suffix(16)) + [last, "Toutes, sélectionné, bouton, filtre 1 sur 7", first, heard[count - 2]])
        #expect(history.first == "Radio et télégraphie, non sélectionné, bouton, filtre 7 sur 7")
    }

    @Test func s24ac4_activatingACardOpensItsDetailAndBackReturnsToTheCard() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        moveTo("card.9", &store)
        store.send(.command(.activate), opening: .detail(formationId: 9), "Détail, 8 éléments", "Accessibilité numérique : les bases du RGAA, titre", token: 2)
        store.send(.command(.back), state: {
            $0.navigation.stacks = [.formations: [.formations], .morse: [.morse]]
            $0.display.message = nil
            $0.announcement.history.append("Accessibilité numérique : les bases du RGAA, niveau Débutant, durée 2 jours, 1190 euros, bouton, formation 9 sur 14. Appuyez pour voir les détails de cette formation")
        }, effects: { ReaderTestStore.focused($0, "Accessibilité numérique : les bases du RGAA, niveau Débutant, durée 2 jours, 1190 euros, bouton, formation 9 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Accessibilité numérique : les bases du RGAA, niveau Débutant, durée 2 jours, 1\u{202F}190\u{A0}€ btn") })
    }

    @Test func s24ac5_refreshFetchesAgainAndKeepsFilterAndFocus() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.filter("bureau")), filtering: CategoryKey("#5"), "Bureautique : 2 formations", "Bureautique, titre", token: 2)
        moveTo("card.12", &store)
        // The command takes the filter's message away; the load's answer is awaited.
        store.send(.command(.refresh), [.loadCatalogue(.refresh)]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        // The server now sends one more formation in that category, before the focused one.
        var formations = Fixture.builtIn.formations
        formations.insert(Formation(id: 99, title: "Nouveau", description: "", duration: "1 jour", level: "Débutant",
                                    price: 10, nextSession: nil, category: formations[10].category), at: 0)
        store.send(.catalogue(.loaded(Catalogue(formations: formations), warnings: [], origin: .live)), state: {
            $0.display.messageStays = false
            $0.catalogue.status = .loaded(Catalogue(formations: formations))
            $0.navigation.focus[.formations] = 10
            $0.announcement.answerPending = false
            $0.display.message = "15 formations chargées."
            $0.display.token = 3
            $0.announcement.history += ["15 formations chargées.", "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349 euros, bouton, formation 3 sur 3. Appuyez pour voir les détails de cette formation"]
            $0.announcement.lastMessage = LastMessage(code: "loaded", text: "15 formations chargées.", isError: false)
        }, effects: { ReaderTestStore.saying("loaded", "15 formations chargées.", interrupt: true, .notice) + ReaderTestStore.focused($0, "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349 euros, bouton, formation 3 sur 3. Appuyez pour voir les détails de cette formation", interrupt: false, role: "bouton", shows: nil) + [.schedule(.brailleMessage(token: 3), afterSeconds: 4)] })
        #expect(nav.builder.screen(for: store.state).elements.filter { $0.id.hasPrefix("card.") }.map(\.id) == ["card.99", "card.11", "card.12"])
    }

    @Test func s24ac6_failureShowsTheMessageWithRetryFocused() {
        var store = ReaderTestStore()
        let message = "Erreur de connexion. Vérifiez votre connexion internet."
        store.send(.catalogue(.failed(.fetch(.network))), failing: message, token: 1)
        let screen = nav.builder.screen(for: store.state)
        #expect(screen.code == "error")
        #expect(screen.elements[0].label == message)
        store.send(.command(.activate), [.loadCatalogue(.retry)]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        store.send(.command(.retry), [.loadCatalogue(.retry)])
    }

    // MARK: Story 2.7

    @Test func s27ac1_ac6_chipsComeFirstAndSayNameAndState() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.first), state: {
            $0.display.message = nil
            $0.announcement.history.append("Toutes, sélectionné, bouton, filtre 1 sur 7")
        }, effects: { ReaderTestStore.focused($0, "Toutes, sélectionné, bouton, filtre 1 sur 7", role: "bouton", shows: "[x] Toutes btn", cursor: 4) })
        store.send(.command(.next), focusing: 1, on: .formations, "Accessibilité, non sélectionné, bouton, filtre 2 sur 7", role: "bouton", shows: "[ ] Accessibilité btn", cursor: 4)
    }

    @Test func s27ac2_activatingAChipFiltersAndMarksItSelected() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        moveTo("chip.#5", &store)
        store.send(.command(.activate), choosingChip: CategoryKey("#5"), "Bureautique, sélectionné, bouton, filtre 3 sur 7", "Bureautique : 2 formations", token: 2, shows: "[x] Bureautique btn")
        let screen = nav.builder.screen(for: store.state)
        #expect(screen.elements.first { $0.role == .heading }?.label == "Bureautique")
        #expect(screen.elements.filter { $0.id.hasPrefix("card.") }.map(\.id) == ["card.11", "card.12"])
        #expect(screen.elements[0].label == "Toutes, non sélectionné")
    }

    @Test func s27ac3_theSameChipOrToutesClearsTheFilter() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        moveTo("chip.#5", &store)
        store.send(.command(.activate), choosingChip: CategoryKey("#5"), "Bureautique, sélectionné, bouton, filtre 3 sur 7", "Bureautique : 2 formations", token: 2, shows: "[x] Bureautique btn")
        store.send(.command(.activate), choosingChip: nil, "Bureautique, non sélectionné, bouton, filtre 3 sur 7", "Toutes : 14 formations", token: 3, shows: "[ ] Bureautique btn")
        store.send(.command(.activate), choosingChip: CategoryKey("#5"), "Bureautique, sélectionné, bouton, filtre 3 sur 7", "Bureautique : 2 formations", token: 4, shows: "[x] Bureautique btn")
        moveTo("chip.all", &store)
        store.send(.command(.activate), choosingChip: nil, "Toutes, sélectionné, bouton, filtre 1 sur 7", "Toutes : 14 formations", token: 5, shows: "[x] Toutes btn")
        // Activating "Toutes" when nothing is filtered keeps it so.
        store.send(.command(.activate), state: {
            $0.display.token = 6
            $0.announcement.history += ["Toutes, sélectionné, bouton, filtre 1 sur 7", "Toutes : 14 formations"]
        }, effects: { ReaderTestStore.focused($0, "Toutes, sélectionné, bouton, filtre 1 sur 7", role: "bouton", shows: "[x] Toutes btn", cursor: 4) + ReaderTestStore.saying("filter", "Toutes : 14 formations") })
    }

    @Test func s27ac4_theFilterSurvivesADetailAndBack() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.filter("IA gén")), filtering: CategoryKey("#1"), "IA Générative : 3 formations", "IA Générative, titre", token: 2)
        moveTo("card.2", &store)
        store.send(.command(.activate), opening: .detail(formationId: 2), "Détail, 8 éléments", "Rédiger des prompts efficaces, titre", token: 3)
        store.send(.command(.back), state: {
            $0.navigation.stacks = [.formations: [.formations], .morse: [.morse]]
            $0.display.message = nil
            $0.announcement.history.append("Rédiger des prompts efficaces, niveau Débutant, durée 1 jour, 490 euros, bouton, formation 2 sur 3. Appuyez pour voir les détails de cette formation")
        }, effects: { ReaderTestStore.focused($0, "Rédiger des prompts efficaces, niveau Débutant, durée 1 jour, 490 euros, bouton, formation 2 sur 3. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Rédiger des prompts efficaces, niveau Débutant, durée 1 jour, 490\u{A0}€ btn") })
        #expect(nav.builder.screen(for: store.state).elements.first { $0.role == .heading }?.label == "IA Générative")
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
        state.navigation.filter = CategoryKey("#1")
        let filtered = Catalogue(formations: [])
        let empty = nav.builder.formationsScreen(.loaded(filtered), filter: nil)
        #expect(empty.elements.last?.label == "Aucune formation disponible.")
    }

    // MARK: Commands on the navigator

    @Test func filterCommandMatchesPrefixWordsAndAccentsAndFocusesTheHeading() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.filter("ethique")), filtering: CategoryKey("#3"), "Éthique et réglementation : 2 formations", "Éthique et réglementation, titre", token: 2)
        store.send(.command(.filter("learning")), filtering: CategoryKey("#2"), "Machine Learning : 3 formations", "Machine Learning, titre", token: 3)
        store.send(.command(.filter(nil)), filtering: nil, "Toutes : 14 formations", "Toutes les formations, titre", token: 4)
    }

    @Test func filterCommandReportsUnknownAndAmbiguousNames() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.filter("cuisine")), store.said("filter", "Aucune catégorie ne correspond à « cuisine ». Catégories : Accessibilité, Bureautique, Éthique et réglementation, IA Générative, Machine Learning, Radio et télégraphie.", isError: true, interrupt: true, .error)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("filter", "Aucune catégorie ne correspond à « cuisine ». Catégories : Accessibilité, Bureautique, Éthique et réglementation, IA Générative, Machine Learning, Radio et télégraphie.", isError: true, token: 2)(&$0)
        }
        let catalogue = Catalogue(formations: [
            Fixture.formation(1, "A", category: FormationCategory(name: "Data science")),
            Fixture.formation(2, "B", category: FormationCategory(name: "Data engineering")),
        ])
        var other = ReaderTestStore(state: Fixture.loadedState(catalogue))
        other.send(.command(.filter("data")), other.said("filter", "Plusieurs catégories correspondent à « data » : Data engineering, Data science.", isError: true, interrupt: true, .error)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("filter", "Plusieurs catégories correspondent à « data » : Data engineering, Data science.", isError: true, token: 2)(&$0)
        }
    }

    @Test func filterFromTheMorseTabGoesBackToTheList() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.sendFirstMorseTab(token: 2)
        store.send(.command(.activate), opening: .symbol(id: "41"), "Symbole A, 6 éléments", "A, titre", token: 3)
        store.send(.command(.filter("radio")), state: {
            $0.display.messageStays = true
            $0.navigation.tab = .formations
            $0.navigation.filter = CategoryKey("#6")
            $0.navigation.focus[.formations] = 7
            $0.display.message = "Radio et télégraphie : 2 formations"
            $0.display.token = 4
            $0.announcement.history += ["Radio et télégraphie : 2 formations", "Radio et télégraphie, titre"]
            $0.announcement.lastMessage = LastMessage(code: "filter", text: "Radio et télégraphie : 2 formations", isError: false)
        }, effects: { ReaderTestStore.saying("filter", "Radio et télégraphie : 2 formations", interrupt: true) + ReaderTestStore.focused($0, "Radio et télégraphie, titre", interrupt: false, role: "titre", shows: nil) })
    }

    @Test func tabsKeepTheirOwnStacksAndFocus() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        moveTo("card.5", &store)
        store.send(.command(.activate), opening: .detail(formationId: 5), "Détail, 8 éléments", "Deep Learning appliqué à la vision, titre", token: 2)
        store.sendFirstMorseTab(token: 3)
        store.send(.command(.next), focusing: 1, on: .morse, "B, trait, point, point, point, pas encore pratiqué, bouton, symbole 2 sur 54. Ouvre la fiche de ce symbole", role: "bouton", shows: "B ⠒⠂⠂⠂ - pas encore pratiqué btn")
        store.send(.command(.activate), opening: .symbol(id: "42"), "Symbole B, 6 éléments", "B, titre", token: 4)
        store.send(.command(.repeatLast), state: {
            $0.display.message = nil
            $0.announcement.history.append("B, titre")
        }, effects: { ReaderTestStore.focused($0, "B, titre", role: "titre", shows: "B tit") })
        store.send(.command(.tab(.formations)), state: {
            $0.navigation.tab = .formations
            $0.display.message = "Détail"
            $0.display.token = 5
            $0.announcement.history += ["Détail", "Deep Learning appliqué à la vision, titre"]
        }, effects: { ReaderTestStore.opened($0, "Détail", "Deep Learning appliqué à la vision, titre", token: 5, role: "titre") })
        store.send(.command(.back), state: {
            $0.navigation.stacks = [.formations: [.formations], .morse: [.morse, .symbol(id: "42")]]
            $0.display.message = nil
            $0.announcement.history.append("Deep Learning appliqué à la vision, niveau Expert, durée 4 jours, 2190 euros, bouton, formation 5 sur 14. Appuyez pour voir les détails de cette formation")
        }, effects: { ReaderTestStore.focused($0, "Deep Learning appliqué à la vision, niveau Expert, durée 4 jours, 2190 euros, bouton, formation 5 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Deep Learning appliqué à la vision, niveau Expert, durée 4 jours, 2\u{202F}190\u{A0}€ btn") })
        store.send(.command(.back), store.said("root", "Vous êtes déjà sur l'écran principal.", interrupt: true)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("root", "Vous êtes déjà sur l'écran principal.", token: 6)(&$0)
        }
    }

    @Test func whereSaysScreenAndPosition() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.next), focusing: 1, on: .formations, "Accessibilité, non sélectionné, bouton, filtre 2 sur 7", role: "bouton", shows: "[ ] Accessibilité btn", cursor: 4)
        store.send(.command(.next), focusing: 2, on: .formations, "Bureautique, non sélectionné, bouton, filtre 3 sur 7", role: "bouton", shows: "[ ] Bureautique btn", cursor: 4)
        #expect(nav.builder.screen(for: store.state).elements.count == 22)
        store.send(.command(.whereAmI), store.said("where", "Formations, filtre 3 sur 7", interrupt: true)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("where", "Formations, filtre 3 sur 7", token: 2)(&$0)
        }
        store.sendFirstMorseTab(token: 3)
        store.send(.command(.whereAmI), store.said("where", "Apprendre, symbole 1 sur 54", interrupt: true)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("where", "Apprendre, symbole 1 sur 54", token: 4)(&$0)
        }
    }

    @Test func activatingStaticTextSaysSo() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        moveTo("section.heading", &store)
        store.send(.command(.activate), store.said("inactive", "Cet élément ne s'active pas.", interrupt: true)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("inactive", "Cet élément ne s'active pas.", token: 2)(&$0)
        }
    }

    @Test func routingKeyActivatesTheElementItPointsAt() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        // The load's message gives way first (a key only dismisses a message).
        store.send(.timer(.brailleMessage(token: store.state.display.token)), [.braille(BrailleLine(text: "[x] Toutes btn", cursor: 4))]) {
            $0.display.message = nil
        }
        store.state.navigation.focus[.formations] = 2
        store.send(.displayKey(.route(character: 0)), choosingChip: CategoryKey("#5"), "Bureautique, sélectionné, bouton, filtre 3 sur 7", "Bureautique : 2 formations", token: 2, shows: "[x] Bureautique btn")
    }

    @Test func firstSpeechOfACommandInterruptsTheRestQueues() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.filter("bureau")), filtering: CategoryKey("#5"), "Bureautique : 2 formations", "Bureautique, titre", token: 2)
    }

    @Test func helpListsEveryCommandWithItsFrenchNames() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.help(topic: nil)), openingHelp: ReaderTestStore.commandHelp, "Aide, 40 éléments", token: 2)
        let help = Fixture.reader.builder.screen(for: store.state).elements.map(\.label).joined(separator: "\n")
        #expect(help.contains("suivant, s : élément suivant"), "one element per command")
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
        #expect(!help.contains("previous") && !help.contains("activate") && help.contains("précédent"))
        // French names first; the English ones are accepted but not listed (nor read aloud).
        store.send(.command(.help(topic: "SUIVANT")), store.said("help", "suivant, s — élément suivant", interrupt: true)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("help", "suivant, s — élément suivant", token: 3)(&$0)
        }
        // A command of two words is found by its first.
        store.send(.command(.help(topic: "tout lire")), store.said("help", "lire, tout — lit jusqu'à la fin de l'écran (aussi « tout lire »), le focus suit la lecture ; une commande l'arrête", interrupt: true)) {
            ReaderTestStore.remembered("help", "lire, tout — lit jusqu'à la fin de l'écran (aussi « tout lire »), le focus suit la lecture ; une commande l'arrête", token: 4)(&$0)
        }
        store.send(.command(.help(topic: "voler")), store.said("help", "Pas d'aide pour « voler ». Tapez « aide » pour la liste des commandes.", isError: true, interrupt: true, .error)) {
            ReaderTestStore.remembered("help", "Pas d'aide pour « voler ». Tapez « aide » pour la liste des commandes.", isError: true, token: 5)(&$0)
        }
    }

    @Test func invalidCommandsGetAFrenchErrorWithASuggestion() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.timedLine("suivnt", atMs: 0), store.said("command", "Vouliez-vous dire « suivant » ? Commande inconnue : « suivnt ».", isError: true, interrupt: true, .error)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("command", "Vouliez-vous dire « suivant » ? Commande inconnue : « suivnt ».", isError: true, token: 2)(&$0)
        }
    }

    @Test func quitEndsTheLoop() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.quit), [.quit])
    }

    @Test func aFailedReloadFromADetailGoesBackToTheErrorScreen() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        moveTo("card.1", &store)
        store.send(.command(.activate), opening: .detail(formationId: 1), "Détail, 8 éléments", "Starter Pack - IA Générative, titre", token: 2)
        store.send(.catalogue(.failed(.fetch(.server(status: 500)))), state: {
            $0.catalogue.status = .failed(.fetch(.server(status: 500)))
            $0.navigation.stacks = [.formations: [.formations], .morse: [.morse]]
            $0.navigation.focus[.formations] = 1
            $0.display.queued.append("Erreur serveur (code: 500). Réessayez plus tard.")
            $0.announcement.history += ["Erreur serveur (code: 500). Réessayez plus tard.", "Réessayer, bouton. Recharge les formations"]
            $0.announcement.lastMessage = LastMessage(code: "catalogue", text: "Erreur serveur (code: 500). Réessayez plus tard.", isError: true)
        }, effects: { ReaderTestStore.sayingBehind("catalogue", "Erreur serveur (code: 500). Réessayez plus tard.", isError: true, .error) + ReaderTestStore.focused($0, "Réessayer, bouton. Recharge les formations", interrupt: false, role: "bouton", shows: nil) })
    }
}

@Suite struct ReloadTests {
    @Test func aReloadThroughTheLoadingScreenKeepsFilterAndFocus() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.filter("bureau")), filtering: CategoryKey("#5"), "Bureautique : 2 formations", "Bureautique, titre", token: 2)
        store.send(.command(.next), focusing: 8, on: .formations, "Découverte de la bureautique, niveau Débutant, durée 3 heures, 79 euros, bouton, formation 1 sur 2. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Découverte de la bureautique, niveau Débutant, durée 3 heures, 79\u{A0}€ btn")
        store.send(.command(.next), focusing: 9, on: .formations, "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349 euros, bouton, formation 2 sur 2. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349\u{A0}€ btn")
        store.send(.catalogue(.loading(stillLoadingAfter: nil)), state: {
            $0.catalogue.status = .loading
            $0.navigation.focus[.formations] = 0
            $0.navigation.focusToRestore = "card.12"
            $0.announcement.history.append("Chargement des formations…")
            $0.catalogue.reloadContext = ReloadContext(filterName: "Bureautique", openFormations: [:])
        }, effects: { ReaderTestStore.focused($0, "Chargement des formations…", interrupt: false, role: nil, shows: "Chargement des formations…") })
        store.send(.catalogue(.loaded(Fixture.builtIn, warnings: [], origin: .live)), state: {
            $0.display.messageStays = false
            $0.catalogue.status = .loaded(Fixture.builtIn)
            $0.navigation.focus[.formations] = 9
            $0.navigation.focusToRestore = nil
            $0.display.message = "14 formations chargées."
            $0.display.token = 3
            $0.announcement.history += ["14 formations chargées.", "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349 euros, bouton, formation 2 sur 2. Appuyez pour voir les détails de cette formation"]
            $0.announcement.lastMessage = LastMessage(code: "loaded", text: "14 formations chargées.", isError: false)
            $0.catalogue.reloadContext = nil
        }, effects: { ReaderTestStore.saying("loaded", "14 formations chargées.", .notice) + ReaderTestStore.focused($0, "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349 euros, bouton, formation 2 sur 2. Appuyez pour voir les détails de cette formation", interrupt: false, role: "bouton", shows: nil) + [.schedule(.brailleMessage(token: 3), afterSeconds: 4)] })
    }
}
