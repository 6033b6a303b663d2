// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// Skimming as screen-reader users do it: positions over real items, jumps, search, read-all,
/// quick settings, honest states.
@Suite struct SkimmingTests {
    /// The session practice on « A » runs with seed 3, as the reducer starts it.
    static func practiceOnA() -> PracticeSession<SeededRandom> {
        var session = PracticeSession(mode: .symbol(id: "41"), progress: [:], random: SeededRandom(seed: 3))
        _ = session.start()
        return session
    }

    /// Practice on « A » starts on the loaded list: its rivals are said, its first question sounded.
    static func startPracticeOnA(_ store: inout ReaderTestStore) {
        store.send(.practiceSeeded(.listening(.symbol(id: "41")), seed: 3), store.saidBehind("practice", "Entraînement sur A, face à I, M, E. Écoutez, puis tapez le caractère entendu. Ligne vide pour réécouter, « stop » pour finir.", braille: "A face à I M E ; ligne vide : réécouter, stop : finir.") + [.morseQuestion(MorseQuestionReport(question: 1, wpm: 20, toneHz: 600)), .playQuestion(text: "A", settings: ReaderSettings().morse, question: 1)]) {
            $0.exercise = .listening(Self.practiceOnA())
            $0.display.queued.append("Question 1 (A face à I M E ; ligne vide : réécouter, stop : finir.)")
            $0.announcement.history.append("Entraînement sur A, face à I, M, E. Écoutez, puis tapez le caractère entendu. Ligne vide pour réécouter, « stop » pour finir.")
            $0.announcement.lastMessage = LastMessage(code: "practice", text: "Entraînement sur A, face à I, M, E. Écoutez, puis tapez le caractère entendu. Ligne vide pour réécouter, « stop » pour finir.", isError: false)
        }
    }

    @Test func positionsCountRealItemsAndWhereSaysTheFilter() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.nextItem(.course)), focusing: 8, on: .formations, "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990 euros, bouton, formation 1 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990\u{A0}€ btn")
        store.send(.command(.filter("bureau")), filtering: CategoryKey("#5"), "Bureautique : 2 formations", "Bureautique, titre", token: 2)
        store.send(.command(.nextItem(.course)), focusing: 8, on: .formations, "Découverte de la bureautique, niveau Débutant, durée 3 heures, 79 euros, bouton, formation 1 sur 2. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Découverte de la bureautique, niveau Débutant, durée 3 heures, 79\u{A0}€ btn")
        store.send(.command(.nextItem(.course)), focusing: 9, on: .formations, "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349 euros, bouton, formation 2 sur 2. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349\u{A0}€ btn")
        store.send(.command(.whereAmI), store.said("where", "Formations, formation 2 sur 2. Filtre : Bureautique.", interrupt: true)) {
            ReaderTestStore.remembered("where", "Formations, formation 2 sur 2. Filtre : Bureautique.", token: 3)(&$0)
        }
        store.send(.command(.set(name: "position", value: "non")), [.persist(["reader.position": "off"])] + store.said("setting", "Position dans la liste : non annoncée.", interrupt: true)) {
            $0.settings.speakPosition = false
            ReaderTestStore.remembered("setting", "Position dans la liste : non annoncée.", token: 4)(&$0)
        }
        store.send(.command(.repeatLast), state: {
            $0.display.message = nil
            $0.announcement.history.append("Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349 euros, bouton. Appuyez pour voir les détails de cette formation")
        }, effects: { ReaderTestStore.focused($0, "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349 euros, bouton. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349\u{A0}€ btn") })
    }

    @Test func filterResultsHaveTheirCountWithTheRightNumber() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.filter("radio")), filtering: CategoryKey("#6"), "Radio et télégraphie : 2 formations", "Radio et télégraphie, titre", token: 2)
        let one = Catalogue(formations: [Fixture.formation(1, "A", category: FormationCategory(id: 1, name: "Data"))])
        var small = ReaderTestStore(state: Fixture.loadedState(one))
        small.send(.command(.filter("data")), filtering: CategoryKey("#1"), "Data : 1 formation", "Data, titre", token: 2)
        small.send(.command(.filter(nil)), filtering: nil, "Toutes : 1 formation", "Toutes les formations, titre", token: 3)
        // A chip says its new state, then the count.
        store.send(.command(.first), focusing: 0, on: .formations, "Toutes, non sélectionné, bouton, filtre 1 sur 7", role: "bouton", shows: "[ ] Toutes btn", cursor: 4)
        store.send(.command(.next), focusing: 1, on: .formations, "Accessibilité, non sélectionné, bouton, filtre 2 sur 7", role: "bouton", shows: "[ ] Accessibilité btn", cursor: 4)
        store.send(.command(.activate), choosingChip: CategoryKey("#4"), "Accessibilité, sélectionné, bouton, filtre 2 sur 7", "Accessibilité : 2 formations", token: 3, shows: "[x] Accessibilité btn")
    }

    @Test func jumpsSkipChipsAndHeadingsAndSayTheEnds() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.nextItem(.heading)), focusing: 7, on: .formations, "Toutes les formations, titre", role: "titre", shows: "Toutes les formations tit")
        store.send(.command(.nextItem(.heading)), store.said("edge", "Dernier titre", interrupt: true)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("edge", "Dernier titre", token: 2)(&$0)
        }
        store.send(.command(.previousItem(.course)), store.said("edge", "Première formation", interrupt: true)) {
            ReaderTestStore.remembered("edge", "Première formation", token: 3)(&$0)
        }
        store.send(.command(.last), focusing: 21, on: .formations, "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1290 euros, bouton, formation 14 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1\u{202F}290\u{A0}€ btn")
        store.send(.command(.nextItem(.course)), store.said("edge", "Dernière formation", interrupt: true)) {
            ReaderTestStore.remembered("edge", "Dernière formation", token: 4)(&$0)
        }
        store.send(.command(.previousItem(.course)), focusing: 20, on: .formations, "Apprendre le Morse à l'oreille, niveau Débutant, durée 10 heures, 149 euros, bouton, formation 13 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Apprendre le Morse à l'oreille, niveau Débutant, durée 10 heures, 149\u{A0}€ btn")
        store.send(.command(.go(3)), focusing: 10, on: .formations, "Agents IA et automatisation, niveau Expert, durée 3 jours, 1490 euros, bouton, formation 3 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Agents IA et automatisation, niveau Expert, durée 3 jours, 1\u{202F}490\u{A0}€ btn")
        store.send(.command(.previousItem(.course)), focusing: 9, on: .formations, "Rédiger des prompts efficaces, niveau Débutant, durée 1 jour, 490 euros, bouton, formation 2 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Rédiger des prompts efficaces, niveau Débutant, durée 1 jour, 490\u{A0}€ btn")
        store.send(.command(.go(15)), store.said("go", "Pas de formation 15 : la liste en compte 14.", isError: true, interrupt: true, .error)) {
            ReaderTestStore.remembered("go", "Pas de formation 15 : la liste en compte 14.", isError: true, token: 5)(&$0)
        }
        store.sendFirstMorseTab(token: 6)
        store.send(.command(.go(5)), focusing: 4, on: .morse, "E, point, pas encore pratiqué, bouton, symbole 5 sur 54. Ouvre la fiche de ce symbole", role: "bouton", shows: "E ⠂ - pas encore pratiqué btn")
        store.send(.command(.nextItem(.course)), store.said("edge", "Aucune formation sur cet écran.", interrupt: true)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("edge", "Aucune formation sur cet écran.", token: 7)(&$0)
        }
        store.send(.command(.go(99)), store.said("go", "Pas d'élément 99 : cet écran en compte 54.", isError: true, interrupt: true, .error)) {
            ReaderTestStore.remembered("go", "Pas d'élément 99 : cet écran en compte 54.", isError: true, token: 8)(&$0)
        }
    }

    @Test func findIsCaseAndAccentBlindWrapsOnceAndRemembersTheText() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.find("ETHIQUE")), state: {
            $0.navigation.focus[.formations] = 3
            $0.display.message = nil
            $0.announcement.history.append("Éthique et réglementation, non sélectionné, bouton, filtre 4 sur 7")
            $0.navigation.lastSearch = "ETHIQUE"
        }, effects: { ReaderTestStore.focused($0, "Éthique et réglementation, non sélectionné, bouton, filtre 4 sur 7", role: "bouton", shows: "[ ] Éthique et réglementation btn", cursor: 4) })
        store.send(.command(.find(nil)), focusing: 14, on: .formations, "Éthique et conformité de l'IA, niveau Débutant, durée 1 jour, 590 euros, bouton, formation 7 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Éthique et conformité de l'IA, niveau Débutant, durée 1 jour, 590\u{A0}€ btn")
        store.send(.command(.last), focusing: 21, on: .formations, "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1290 euros, bouton, formation 14 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1\u{202F}290\u{A0}€ btn")
        store.send(.command(.find("radio")), state: {
            $0.display.messageStays = true
            $0.navigation.focus[.formations] = 6
            $0.display.message = "Recherche reprise au début."
            $0.display.token = 2
            $0.announcement.history += ["Recherche reprise au début.", "Radio et télégraphie, non sélectionné, bouton, filtre 7 sur 7"]
            $0.navigation.lastSearch = "radio"
            $0.announcement.lastMessage = LastMessage(code: "find.wrapped", text: "Recherche reprise au début.", isError: false)
        }, effects: { ReaderTestStore.saying("find.wrapped", "Recherche reprise au début.", interrupt: true) + ReaderTestStore.focused($0, "Radio et télégraphie, non sélectionné, bouton, filtre 7 sur 7", interrupt: false, role: "bouton", shows: nil) })
        store.send(.command(.find("cuisine")), store.said("find", "Aucun élément ne contient « cuisine ».", isError: true, interrupt: true, .error)) {
            $0.display.message = "Aucun élément ne contient « cuisine »."
            $0.display.token = 3
            $0.announcement.history.append("Aucun élément ne contient « cuisine ».")
            $0.navigation.lastSearch = "cuisine"
            $0.announcement.lastMessage = LastMessage(code: "find", text: "Aucun élément ne contient « cuisine ».", isError: true)
        }
        var fresh = ReaderTestStore(state: Fixture.loadedState())
        fresh.send(.command(.find(nil)), fresh.said("find", "Rien à chercher : tapez « chercher » suivi d'un texte.", isError: true, interrupt: true, .error)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("find", "Rien à chercher : tapez « chercher » suivi d'un texte.", isError: true, token: 2)(&$0)
        }
    }

    @Test func readAllWalksToTheEndAsEachElementIsHeardAndAnyCommandStopsIt() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.go(1)), focusing: 8, on: .formations, "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990 euros, bouton, formation 1 sur 14. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990\u{A0}€ btn")
        store.send(.command(.activate), opening: .detail(formationId: 1), "Détail, 8 éléments", "Starter Pack - IA Générative, titre", token: 2)
        store.send(.command(.readAll), state: {
            $0.display.message = nil
            $0.announcement.history.append("Starter Pack - IA Générative, titre")
            $0.display.readAll = 1
            $0.display.readAllSerial = 1
        }, effects: { ReaderTestStore.focused($0, "Starter Pack - IA Générative, titre", role: "titre", shows: "Starter Pack - IA Générative tit") + [.whenSpoken(token: 1), .reading(true)] })
        // Each element is read when the one before it has been heard, to the detail's last.
        let heard = ["Découvrez les fondamentaux de l'IA générative : modèles de langage, génération d'images et usages responsables en entreprise.",
                     "Niveau : Débutant", "Durée : 2 jours", "Prix : 990 euros", "Prochaine session : 15 février 2026",
                     "Catégorie : IA Générative", "Retour, bouton. Revient à l'écran précédent"]
        let shown: [(role: String?, line: String)] = [
            (nil, "Découvrez les fondamentaux de l'IA générative : modèles de langage, génération d'images et usages responsables en entreprise."),
            (nil, "Niveau : Débutant"),
            (nil, "Durée : 2 jours"),
            (nil, "Prix : 990\u{A0}€"),
            (nil, "Prochaine session : 15 février 2026"),
            (nil, "Catégorie : IA Générative"),
            ("bouton", "Retour btn"),
        ]
        for (offset, (text, shows)) in zip(heard, shown).enumerated() {
            store.receive(.spoken(token: offset + 1), state: {
                $0.navigation.focus[.detail(formationId: 1)] = offset + 1
                $0.announcement.history.append(text)
                $0.display.readAll = offset + 2
                $0.display.readAllSerial = offset + 2
            }, effects: { ReaderTestStore.focused($0, text, interrupt: false, role: shows.role, shows: shows.line) + [.whenSpoken(token: offset + 2)] })
        }
        #expect(store.state.navigation.focusIndex == 7, "the detail is read to its last element, « Retour »")
        let end = "Fin de l'écran."
        store.receive(.spoken(token: 8), store.said("readAll.end", end, .notice) + [.schedule(.brailleMessage(token: 3), afterSeconds: 4),
                                                                                .reading(false)]) {
            ReaderTestStore.remembered("readAll.end", end, token: 3)(&$0)
            $0.display.readAll = nil
        }
        // A command stops it; the step that was waiting does nothing.
        store.send(.command(.first), focusing: 0, on: .detail(formationId: 1), "Starter Pack - IA Générative, titre", role: "titre", shows: "Starter Pack - IA Générative tit")
        store.send(.command(.readAll), state: {
            $0.announcement.history.append("Starter Pack - IA Générative, titre")
            $0.display.readAll = 9
            $0.display.readAllSerial = 9
        }, effects: { ReaderTestStore.focused($0, "Starter Pack - IA Générative, titre", role: "titre", shows: "Starter Pack - IA Générative tit") + [.whenSpoken(token: 9), .reading(true)] })
        let waiting = store.state.display.readAll!
        store.send(.command(.repeatLast), state: {
            $0.announcement.history.append("Starter Pack - IA Générative, titre")
            $0.display.readAll = nil
        }, effects: { ReaderTestStore.focused($0, "Starter Pack - IA Générative, titre", role: "titre", shows: "Starter Pack - IA Générative tit") + [.reading(false)] })
        store.receive(.spoken(token: waiting), [])
    }

    @Test func theLastMessageCanBeHeardAgain() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.repeatMessage), store.said("loaded", "14 formations chargées.", interrupt: true)) {
            $0.display.messageStays = true
            $0.display.token = 2
            $0.announcement.history.append("14 formations chargées.")
        }
        store.send(.command(.filter("cuisine")), store.said("filter", "Aucune catégorie ne correspond à « cuisine ». Catégories : Accessibilité, Bureautique, Éthique et réglementation, IA Générative, Machine Learning, Radio et télégraphie.", isError: true, interrupt: true, .error)) {
            ReaderTestStore.remembered("filter", "Aucune catégorie ne correspond à « cuisine ». Catégories : Accessibilité, Bureautique, Éthique et réglementation, IA Générative, Machine Learning, Radio et télégraphie.", isError: true, token: 3)(&$0)
        }
        store.send(.command(.repeatMessage), store.said("filter", "Aucune catégorie ne correspond à « cuisine ». Catégories : Accessibilité, Bureautique, Éthique et réglementation, IA Générative, Machine Learning, Radio et télégraphie.", isError: true, interrupt: true, .error)) {
            $0.display.token = 4
            $0.announcement.history.append("Aucune catégorie ne correspond à « cuisine ». Catégories : Accessibilité, Bureautique, Éthique et réglementation, IA Générative, Machine Learning, Radio et télégraphie.")
        }
    }

    @Test func honestStatesOnTheErrorScreenAndAfterAReload() {
        var store = ReaderTestStore()
        store.send(.catalogue(.failed(.fetch(.network))), failing: "Erreur de connexion. Vérifiez votre connexion internet.", token: 1)
        store.send(.command(.filter("ia")), store.said("filter", "Pas de filtre : le catalogue n'a pas pu être chargé (Erreur de connexion. Vérifiez votre connexion internet.) Tapez « réessayer ».", isError: true, interrupt: true, .error)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("filter", "Pas de filtre : le catalogue n'a pas pu être chargé (Erreur de connexion. Vérifiez votre connexion internet.) Tapez « réessayer ».", isError: true, token: 2)(&$0)
        }
        // A reload that takes the filter and the open formation away says so.
        var loaded = ReaderTestStore(state: Fixture.loadedState())
        loaded.send(.command(.filter("bureau")), filtering: CategoryKey("#5"), "Bureautique : 2 formations", "Bureautique, titre", token: 2)
        loaded.send(.command(.go(2)), focusing: 9, on: .formations, "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349 euros, bouton, formation 2 sur 2. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Tableur avancé : tableaux croisés, niveau Intermédiaire, durée 14 heures, 349\u{A0}€ btn")
        loaded.send(.command(.activate), opening: .detail(formationId: 12), "Détail, 8 éléments", "Tableur avancé : tableaux croisés, titre", token: 3)
        loaded.send(.catalogue(.loading(stillLoadingAfter: nil)), state: {
            $0.catalogue.status = .loading
            $0.navigation.stacks = [.formations: [.formations], .morse: [.morse]]
            $0.navigation.focus[.formations] = 0
            $0.navigation.focusToRestore = "card.12"
            $0.announcement.history.append("Chargement des formations…")
            $0.catalogue.reloadContext = ReloadContext(filterName: "Bureautique", openFormations: [12: "Tableur avancé : tableaux croisés"])
        }, effects: { ReaderTestStore.focused($0, "Chargement des formations…", interrupt: false, role: nil, shows: nil) })
        let smaller = Catalogue(formations: Fixture.builtIn.formations.filter { $0.category?.name != "Bureautique" })
        loaded.send(.catalogue(.loaded(smaller, warnings: [], origin: .live)), state: {
            $0.catalogue.status = .loaded(smaller)
            $0.navigation.filter = nil
            $0.navigation.focusToRestore = nil
            $0.display.queued += ["12 formations chargées.", "Le filtre « Bureautique » n'existe plus : toutes les formations sont affichées.", "La formation « Tableur avancé : tableaux croisés » n'est plus au catalogue : retour à la liste."]
            $0.announcement.history += ["12 formations chargées.", "Le filtre « Bureautique » n'existe plus : toutes les formations sont affichées.", "La formation « Tableur avancé : tableaux croisés » n'est plus au catalogue : retour à la liste.", "Toutes, sélectionné, bouton, filtre 1 sur 6"]
            $0.announcement.lastMessage = LastMessage(code: "reload.dropped", text: "La formation « Tableur avancé : tableaux croisés » n'est plus au catalogue : retour à la liste.", isError: false)
            $0.catalogue.reloadContext = nil
        }, effects: { ReaderTestStore.sayingBehind("loaded", "12 formations chargées.", .notice) + ReaderTestStore.sayingBehind("reload.dropped", "Le filtre « Bureautique » n'existe plus : toutes les formations sont affichées.", .notice) + ReaderTestStore.sayingBehind("reload.dropped", "La formation « Tableur avancé : tableaux croisés » n'est plus au catalogue : retour à la liste.", .notice) + ReaderTestStore.focused($0, "Toutes, sélectionné, bouton, filtre 1 sur 6", interrupt: false, role: "bouton", shows: nil) })
    }

    @Test func practiceAnswersWordsItNeedsAndQuitsTheReader() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        Self.startPracticeOnA(&store)
        // « où » and « aide » are answered and do not end practice (the session is unchanged).
        store.send(.timedLine("où", atMs: 0), store.said("practice.where", "Question 1 ; 0 bonne réponse sur 0.", interrupt: true)) {
            $0.display.messageStays = true
            $0.display.message = "Question 1 ; 0 bonne réponse sur 0."
            $0.display.token = 2
            $0.display.queued = []
            $0.announcement.history.append("Question 1 ; 0 bonne réponse sur 0.")
            $0.announcement.lastMessage = LastMessage(code: "practice.where", text: "Question 1 ; 0 bonne réponse sur 0.", isError: false)
        }
        store.send(.timedLine("aide", atMs: 0), store.said("practice", "Entraînement en cours : tapez le caractère entendu, ligne vide pour réécouter, « stop » pour finir, « quitter » pour quitter le lecteur.", interrupt: true)) {
            ReaderTestStore.remembered("practice", "Entraînement en cours : tapez le caractère entendu, ligne vide pour réécouter, « stop » pour finir, « quitter » pour quitter le lecteur.", token: 3)(&$0)
        }
        // « quitter » quits the reader at once.
        store.send(.timedLine("quitter", atMs: 0), [.quit])
        // An answer is judged and recorded; « stop » then ends practice with its summary.
        var answered = Self.practiceOnA()
        _ = answered.handle("e", atMs: 0)
        store.send(.timedLine("e", atMs: 0), [.recordAttempt(PracticeAttempt(symbolID: "41", correct: false, answer: "e", mode: "symbol", typedID: "45", latencyMs: nil, replays: 0, wpm: 20, kochLevel: nil)), .practiceAnswered(PracticeResult(mode: "symbol", question: 1, expected: "A", answer: "e", correct: false, latencyMs: nil, replays: 0)), .morse(MorseReport(text: "A E", pattern: ".- / .", wpm: 20, toneHz: 600, durationMs: 780)), .playCorrection(text: "A E", settings: ReaderSettings().morse)] + store.saidBehind("practice", "Faux : c'était A ; vous avez tapé E.") + [ReaderTestStore.message("Question 2 (Faux : c'était A ; vous avez tapé E.)"), .morseQuestion(MorseQuestionReport(question: 2, wpm: 20, toneHz: 600)), .playQuestion(text: "A", settings: ReaderSettings().morse, question: 2)]) {
            $0.display.messageStays = true
            $0.morseProgress = ["41": SymbolProgress(attempts: 1, correct: 0)]
            $0.exercise = .listening(answered)
            $0.display.message = "Question 2 (Faux : c'était A ; vous avez tapé E.)"
            $0.display.token = 4
            $0.announcement.history.append("Faux : c'était A ; vous avez tapé E.")
            $0.announcement.lastMessage = LastMessage(code: "practice", text: "Faux : c'était A ; vous avez tapé E.", isError: false)
        }
        store.send(.timedLine("stop", atMs: 0), [.silence, .notice(code: "stop", message: "Silence.")] + store.said("practice", "Entraînement terminé : 0 bonne réponse sur 1.")) {
            $0.exercise = nil
            ReaderTestStore.remembered("practice", "Entraînement terminé : 0 bonne réponse sur 1.", stays: true, token: 5)(&$0)
        }
    }

    @Test func practiceOnOneSymbolSaysItsRivalsAndSummariesAgree() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        Self.startPracticeOnA(&store)
        var session = PracticeSession(mode: .weakSymbols(pool: nil), progress: [:], random: SeededRandom(seed: 1))
        _ = session.start()
        let asked = session.current!
        _ = session.handle(String(asked.character))
        _ = session.handle(asked.character == "E" ? "T" : "E")
        guard case .tell(let summary)? = session.stop().first else { Issue.record("no summary"); return }
        #expect(PracticeMessages(strings: Fixture.fr).news(summary) == "Entraînement terminé : 1 bonne réponse sur 2.")
    }
}
