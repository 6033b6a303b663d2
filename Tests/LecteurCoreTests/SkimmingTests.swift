// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// Skimming as screen-reader users do it: positions over real items, jumps, search, read-all,
/// quick settings, honest states.
@Suite struct SkimmingTests {
    let nav = Fixture.reader

    func run(_ state: inout ReaderState, _ commands: Command...) -> [Effect] {
        var last: [Effect] = []
        for c in commands { last = nav.reduce(&state, .command(c)) }
        return last
    }

    @Test func positionsCountRealItemsAndWhereSaysTheFilter() {
        var state = Fixture.loadedState()
        let course = run(&state, .nextItem(.course))
        #expect(course.focused?.id == "card.1")
        #expect(course.spoken.first?.contains("bouton, formation 1 sur 14. Appuyez") == true)
        _ = run(&state, .filter("bureau"), .nextItem(.course), .nextItem(.course))
        #expect(run(&state, .whereAmI).notices == ["Formations, formation 2 sur 2. Filtre : Bureautique."])
        _ = run(&state, .set(name: "position", value: "non"))
        #expect(run(&state, .repeatLast).spoken.first?.contains("sur 2") == false)
        #expect(state.settings.speakPosition == false)
    }

    @Test func filterResultsHaveTheirCountWithTheRightNumber() {
        var state = Fixture.loadedState()
        #expect(run(&state, .filter("radio")).notices == ["Radio et télégraphie : 2 formations"])
        let one = Catalogue(formations: [Fixture.formation(1, "A", category: FormationCategory(id: 1, name: "Data"))])
        var small = Fixture.loadedState(one)
        #expect(run(&small, .filter("data")).notices == ["Data : 1 formation"])
        #expect(run(&small, .filter(nil)).notices == ["Toutes : 1 formation"])
        // A chip says its new state, then the count.
        _ = run(&state, .first)
        _ = run(&state, .next)
        let chip = run(&state, .activate)
        #expect(chip.spoken == ["Accessibilité, sélectionné, bouton, filtre 2 sur 7", "Accessibilité : 2 formations"])
    }

    @Test func jumpsSkipChipsAndHeadingsAndSayTheEnds() {
        var state = Fixture.loadedState()
        #expect(run(&state, .nextItem(.heading)).focused?.id == "section.heading")
        #expect(run(&state, .nextItem(.heading)).notices == ["Dernier titre"])
        #expect(run(&state, .previousItem(.course)).notices == ["Première formation"], "no course before the list")
        #expect(run(&state, .last, .nextItem(.course)).notices == ["Dernière formation"])
        #expect(run(&state, .previousItem(.course)).focused?.id == "card.13")
        #expect(run(&state, .go(3)).focused?.id == "card.3")
        #expect(run(&state, .previousItem(.course)).focused?.id == "card.2")
        #expect(run(&state, .go(15)).errors == ["Pas de formation 15 : la liste en compte 14."])
        _ = run(&state, .tab(.morse))
        #expect(run(&state, .go(5)).focused?.id == "morse.\(MorseAlphabet.standard.symbols[4].id)")
        #expect(run(&state, .nextItem(.course)).notices == ["Aucune formation sur cet écran."])
        #expect(run(&state, .go(99)).errors == ["Pas d'élément 99 : cet écran en compte 54."])
    }

    @Test func findIsCaseAndAccentBlindWrapsOnceAndRemembersTheText() {
        var state = Fixture.loadedState()
        #expect(run(&state, .find("ETHIQUE")).focused?.id == "chip.#3")
        let again = run(&state, .find(nil))
        #expect(again.focused?.id == "card.7")
        _ = run(&state, .last)
        let wrapped = run(&state, .find("radio"))
        #expect(wrapped.notices == ["Recherche reprise au début."])
        #expect(wrapped.focused?.id == "chip.#6")
        #expect(run(&state, .find("cuisine")).errors == ["Aucun élément ne contient « cuisine »."])
        var fresh = Fixture.loadedState()
        #expect(run(&fresh, .find(nil)).errors == ["Rien à chercher : tapez « chercher » suivi d'un texte."])
    }

    @Test func readAllWalksToTheEndAsEachElementIsHeardAndAnyCommandStopsIt() {
        var state = Fixture.loadedState()
        _ = run(&state, .go(1), .activate)
        var effects = run(&state, .readAll)
        #expect(effects.focused?.id == "detail.title")
        var token = state.readAll
        #expect(effects.last == .whenSpoken(token: token!))
        var read = [effects.focused!.id]
        while let current = token {
            effects = nav.reduce(&state, .spoken(token: current))
            if let id = effects.focused?.id { read.append(id) }
            token = state.readAll
        }
        #expect(read.last == "back", "the detail is read to its last element")
        #expect(effects.notices == ["Fin de l'écran."])
        // A command stops it; the step that was waiting does nothing.
        _ = run(&state, .first, .readAll)
        let waiting = state.readAll!
        _ = run(&state, .repeatLast)
        #expect(state.readAll == nil)
        #expect(nav.reduce(&state, .spoken(token: waiting)).isEmpty)
    }

    @Test func theLastMessageCanBeHeardAgain() {
        var state = Fixture.loadedState()
        #expect(run(&state, .repeatMessage).notices == ["14 formations chargées."])
        _ = run(&state, .filter("cuisine"))
        let again = run(&state, .repeatMessage)
        #expect(again.errors.first?.hasPrefix("Aucune catégorie ne correspond à « cuisine »") == true)
    }

    @Test func honestStatesOnTheErrorScreenAndAfterAReload() {
        var state = ReaderState()
        _ = nav.reduce(&state, .catalogue(.failed(.fetch(.network))))
        #expect(run(&state, .filter("ia")).errors == ["Pas de filtre : le catalogue n'a pas pu être chargé (Erreur de connexion. Vérifiez votre connexion internet.) Tapez « réessayer »."])
        // A reload that takes the filter and the open formation away says so.
        var loaded = Fixture.loadedState()
        _ = run(&loaded, .filter("bureau"), .go(2), .activate)
        _ = nav.reduce(&loaded, .catalogue(.loading(stillLoadingAfter: nil)))
        let smaller = Catalogue(formations: Fixture.builtIn.formations.filter { $0.category?.name != "Bureautique" })
        let reloaded = nav.reduce(&loaded, .catalogue(.loaded(smaller, warnings: [], origin: .live)))
        #expect(reloaded.notices == ["12 formations chargées.",
                                     "Le filtre « Bureautique » n'existe plus : toutes les formations sont affichées.",
                                     "La formation « Tableur avancé : tableaux croisés » n'est plus au catalogue : retour à la liste."])
        #expect(loaded.filter == nil)
    }

    @Test func practiceAnswersWordsItNeedsAndQuitsTheReader() {
        var state = Fixture.loadedState()
        _ = nav.reduce(&state, .practiceReady(.symbol(id: "41"), seed: 3))
        #expect(state.practice != nil)
        #expect(nav.reduce(&state, .timedLine("où", atMs: 0)).notices.first == "Question 1 ; 0 bonne réponse sur 0.")
        #expect(nav.reduce(&state, .timedLine("aide", atMs: 0)).notices.first?.hasPrefix("Entraînement en cours") == true)
        #expect(state.practice != nil, "« où » and « aide » do not end practice")
        #expect(nav.reduce(&state, .timedLine("quitter", atMs: 0)) == [.quit])
        _ = nav.reduce(&state, .timedLine("e", atMs: 0))
        let summary = nav.reduce(&state, .timedLine("stop", atMs: 0))
        #expect(summary.notices.last?.hasPrefix("Entraînement terminé : ") == true)
        #expect(state.practice == nil)
    }

    @Test func practiceOnOneSymbolSaysItsRivalsAndSummariesAgree() {
        var state = Fixture.loadedState()
        let start = nav.reduce(&state, .practiceReady(.symbol(id: "41"), seed: 3))
        #expect(start.notices.first?.hasPrefix("Entraînement sur A, face à ") == true)
        var session = PracticeSession(mode: .weakSymbols(pool: nil), progress: [:], strings: Fixture.fr, random: SeededRandom(seed: 1))
        _ = session.start()
        let asked = session.current!
        _ = session.handle(String(asked.character))
        _ = session.handle(asked.character == "E" ? "T" : "E")
        #expect(session.stop().first == .say("Entraînement terminé : 1 bonne réponse sur 2."))
    }
}
