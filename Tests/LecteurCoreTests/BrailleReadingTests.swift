// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Reading from the braille display alone (issue 24, items 3–6), step by step with every effect:
/// messages queue and each has its whole time, panning keeps one up, a key shows the next; help
/// and history are screens; a screen change is a message; `tout lire` without a voice paces the
/// display window by window.
@Suite struct BrailleReadingTests {
    let braille = BrailleGenerator(strings: Fixture.fr)

    func message(_ text: String) -> Effect { .braille(BrailleLine(text: text, cursor: 0, kind: .message)) }

    static func loaded() -> ReaderState {
        ReaderTestStore.loaded(first: "Toutes, sélectionné, bouton") { $0.settings.speakPosition = false }.state
    }

    func element(_ state: ReaderState, _ index: Int) -> Element {
        Fixture.reader.builder.screen(for: state).elements[index]
    }

    @Test func atStartUpTheWarningAndTheLoadAreEachShownForTheirWholeTimeBeforeTheFocus() {
        var store = ReaderTestStore()
        store.state.settings.speakPosition = false
        store.send(.start, [.loadCatalogue(.initial)])
        let loading = "Chargement des formations…"
        store.send(.catalogue(.loading(stillLoadingAfter: nil)), [
            store.focus(store.state, 0, saying: loading, role: nil), .speak(Utterance(text: loading, interrupt: false, priority: .answer, printed: loading)),
            store.focusLine(store.state, 0, shows: "Chargement des formations…"),
        ]) {
            $0.navigation.focus[.formations] = 0
            $0.announcement.history = [loading]
        }
        let setAside = CatalogueWarning.missingField(position: 6, field: "title")
        let warning = CatalogueMessages(strings: Fixture.fr).message(for: setAside)
        let load: (inout ReaderState) -> Void = {
            $0.catalogue.status = .loaded(Fixture.builtIn)
            $0.catalogue.warnings = [setAside]
            $0.announcement.history += [warning, "14 formations chargées.", "Toutes, sélectionné, bouton"]
            $0.announcement.lastMessage = LastMessage(code: "loaded", text: "14 formations chargées.", isError: false)
            $0.display.message = warning
            $0.display.queued = ["14 formations chargées."]
            $0.display.token = 1
        }
        // Both are said, in order; only the warning reaches the display, for its whole time.
        store.send(.catalogue(.loaded(Fixture.builtIn, warnings: [setAside], origin: .live)), [
            .notice(code: "catalogue.skipped", message: warning), .speak(Utterance(text: warning, interrupt: false, priority: .notice)),
            message(warning),
            .notice(code: "loaded", message: "14 formations chargées."),
            .speak(Utterance(text: "14 formations chargées.", interrupt: false, priority: .notice)),
            store.focus(store.after(load), 0, saying: "Toutes, sélectionné, bouton", role: "bouton"), .speak(Utterance(text: "Toutes, sélectionné, bouton", interrupt: false, priority: .answer, printed: "Toutes, sélectionné, bouton")),
            .schedule(.brailleMessage(token: 1), afterSeconds: 4),
        ], state: load)
        store.send(.timer(.brailleMessage(token: 1)), [
            message("14 formations chargées."), .schedule(.brailleMessage(token: 2), afterSeconds: 4),
        ]) { $0.display.message = "14 formations chargées."; $0.display.token = 2; $0.display.queued = [] }
        let chip = element(store.state, 0)
        store.send(.timer(.brailleMessage(token: 2)), [.braille(braille.line(chip))]) { $0.display.message = nil }
    }

    @Test func panningAMessageRestartsItsTimeAndAKeyShowsTheNextOne() {
        var store = ReaderTestStore(state: Self.loaded())
        store.state.display.queued = ["Deuxième message."]
        let token = store.state.display.token
        // The finger pans the message: it stays its whole time from this window on.
        store.send(.displayPanned(text: "14 formations chargées.", cells: "⠼", cursor: 0, kind: .message), [
            .braillePanned(text: "14 formations chargées.", cells: "⠼", cursor: 0, kind: .message),
            .schedule(.brailleMessage(token: token), afterSeconds: 4),
        ])
        // A key takes it away and shows the next, which has its own time; the key does nothing else.
        store.send(.displayKey(.next), [message("Deuxième message."), .schedule(.brailleMessage(token: token + 1), afterSeconds: 4)]) {
            $0.display.message = "Deuxième message."; $0.display.token = token + 1; $0.display.queued = []
            $0.announcement.answerPending = false
        }
        // The last one gone, the focus comes back.
        store.send(.displayKey(.next), [.braille(braille.line(element(store.state, 0)))]) { $0.display.message = nil }
        // A focus line panned is not a message: no timer.
        store.send(.displayPanned(text: "x", cells: "⠭", cursor: 0, kind: .focus), [
            .braillePanned(text: "x", cells: "⠭", cursor: 0, kind: .focus),
        ])
    }

    @Test func untilAKeyMessagesWaitForTheKeyInOrder() {
        var store = ReaderTestStore(state: Self.loaded())
        store.state.settings.brailleMessageSeconds = 0
        store.state.display.message = nil
        // Two things the devices report on their own, one after the other.
        let first = "Le son est coupé : le serveur de son ne répond plus. Le texte reste affiché ; le lecteur rétablit le son dès que le serveur revient."
        let second = "Le son est rétabli."
        // The first is shown, with no time limit; the second waits for it.
        store.send(.device(.audioLost), store.said("audio.lost", first, .notice),
                   state: ReaderTestStore.remembered("audio.lost", first, token: 2))
        store.send(.device(.audioRestored), store.saidBehind("audio.restored", second, .notice),
                   state: ReaderTestStore.rememberedBehind("audio.restored", second))
        store.send(.displayKey(.activate), [message(second)]) {
            $0.display.message = second; $0.display.queued = []; $0.display.token = 3
        }
        store.send(.displayKey(.activate), [.braille(braille.line(element(store.state, 0)))]) { $0.display.message = nil }
    }

    @Test func lineBreaksInAMessageBecomeAVisibleSeparator() {
        // Where every message reaches the display: a line break is never a run-together sentence.
        var out = Announcer(presenter: AnnouncementPresenter(strings: Fixture.fr), pronunciation: nil)
        out.showMessage("Première ligne.\nDeuxième ligne")
        #expect(out.effects == [message("Première ligne. / Deuxième ligne")])
        #expect(out.showedMessage == "Première ligne. / Deuxième ligne")
    }

    @Test func aTabSwitchAndAnOpenedFormationShowTheScreensNameAndSize() {
        var store = ReaderTestStore(state: Self.loaded())
        // The focus waits for the message: no focus line.
        let symbol = "A, point, trait, pas encore pratiqué, bouton. Ouvre la fiche de ce symbole"
        let morse: (inout ReaderState) -> Void = {
            $0.navigation.tab = .morse
            $0.navigation.focus[.morse] = 0
            ReaderTestStore.screenRemembered("Apprendre, 54 symboles", symbol, token: 2)(&$0)
        }
        store.send(.command(.tab(.morse)),
                   store.screenShown("Apprendre, 54 symboles", store.after(morse), saying: symbol, token: 2, role: "bouton"), state: morse)
        let formations: (inout ReaderState) -> Void = {
            $0.navigation.tab = .formations
            ReaderTestStore.screenRemembered("Formations, 14 formations", "Toutes, sélectionné, bouton", token: 3)(&$0)
        }
        store.send(.command(.tab(.formations)),
                   store.screenShown("Formations, 14 formations", store.after(formations), saying: "Toutes, sélectionné, bouton", token: 3, role: "bouton"),
                   state: formations)
        let card = "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990 euros, bouton. Appuyez pour voir les détails de cette formation"
        let first: (inout ReaderState) -> Void = {
            $0.navigation.focus[.formations] = 8
            $0.display.message = nil
            $0.announcement.history.append(card)
        }
        store.send(.command(.go(1)), store.moved(store.after(first), 8, saying: card, role: "bouton", shows: "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990\u{A0}€ btn"), state: first)
        let opened: (inout ReaderState) -> Void = {
            $0.navigation.stacks[.formations] = [.formations, .detail(formationId: 1)]
            $0.navigation.focus[.detail(formationId: 1)] = 0
            ReaderTestStore.screenRemembered("Détail, 8 éléments", "Starter Pack - IA Générative, titre", token: 4)(&$0)
        }
        store.send(.command(.activate),
                   store.screenShown("Détail, 8 éléments", store.after(opened), saying: "Starter Pack - IA Générative, titre", token: 4, role: "titre"),
                   state: opened)
    }

    @Test func aValueIsSeparatedFromItsLabelOnTheLine() {
        let row = Fixture.reader.builder.morseScreen(progress: [:]).elements[0]
        #expect(braille.line(row).text == "A ⠂⠒ - pas encore pratiqué btn")
        let plain = Element(id: "x", role: .text, label: "trait", value: "pas encore pratiqué")
        #expect(braille.line(plain).text.hasPrefix("trait - pas encore pratiqué"))
    }

    @Test func helpIsAScreenNavigatedLikeAList() {
        var store = ReaderTestStore(state: Self.loaded())
        let entries = Fixture.reader.navigator.helpEntries(store.state.navigationContext)
        let intro = "Commandes (majuscules et accents indifférents ; les noms anglais sont aussi acceptés) :"
        let title = "Aide, \(entries.count) éléments"
        // Its name and size as a message, then its first entry; the name is not history.
        let open: (inout ReaderState) -> Void = {
            $0.navigation.stacks[.formations] = [.formations, .help]
            $0.navigation.focus[.help] = 0
            $0.lists.helpEntries = entries
            $0.announcement.history.append(intro)
            $0.display.message = title
            $0.display.token = 2
        }
        store.send(.command(.help(topic: nil)), store.screenShown(title, store.after(open), saying: intro, token: 2, role: nil), state: open)
        let screen = Fixture.reader.builder.screen(for: store.state)
        #expect(screen.code == "help" && screen.title == "Aide" && screen.elements.count == entries.count)
        let listed = CommandTable.specs.filter { !CommandLanguage.helpNames($0.names, localeCode: "fr").isEmpty }
        #expect(screen.elements.count == listed.count + 2, "one element per command, after the intro, then the empty line's")
        #expect(screen.elements.contains { $0.label == "suivant, s : élément suivant" })
        // `chercher` finds a command; `retour` goes back to the list.
        let statistics = "statistiques, stats : statistiques de l'entraînement Morse : réussite récente et temps de réponse par symbole, confusions"
        let found: (inout ReaderState) -> Void = {
            $0.navigation.focus[.help] = 28
            $0.display.message = nil
            $0.announcement.history.append(statistics)
            $0.navigation.lastSearch = "statistiques"
        }
        store.send(.command(.find("statistiques")), store.moved(store.after(found), 28, saying: statistics, role: nil, shows: "statistiques, stats : statistiques de l'entraînement Morse : réussite récente et temps de réponse par symbole, confusions"), state: found)
        let back: (inout ReaderState) -> Void = {
            $0.navigation.stacks[.formations] = [.formations]
            $0.announcement.history.append("Toutes, sélectionné, bouton")
        }
        store.send(.command(.back), store.moved(store.after(back), 0, saying: "Toutes, sélectionné, bouton", role: "bouton", shows: "[x] Toutes btn", cursor: 4), state: back)
        #expect(store.state.navigation.currentScreenID == .formations)
    }

    /// Issue 35: statistics run over many windows (≈ 290 characters): they open the
    /// « Statistiques » screen, its name and size first, then one line per element that stays
    /// (no message that goes away after 4 seconds); one line alone (none yet) is a message.
    @Test func longStatisticsOpenAScreenThatStays() {
        var store = ReaderTestStore(state: Self.loaded())
        let statistics = PracticeStatistics(
            symbols: [.init(symbolID: "K", attempts: 3, correct: 3, medianLatencyMs: nil),
                      .init(symbolID: "M", attempts: 2, correct: 0, medianLatencyMs: nil)],
            confusions: [.init(expectedID: "M", typedID: "K", count: 2)], window: 20)
        let lines = statistics.lines(Fixture.fr, alphabet: Fixture.reader.builder.alphabet)
        #expect(lines.count == 4 && lines[0] == "Statistiques sur les 20 dernières réponses de chaque symbole.", "\(lines)")
        let title = "Statistiques, 4 lignes"
        let open: (inout ReaderState) -> Void = {
            $0.lists.statisticsEntries = lines
            $0.announcement.answerPending = false
            $0.navigation.stacks[.formations] = [.formations, .statistics]
            $0.navigation.focus[.statistics] = 0
            $0.announcement.history.append(lines[0])
            $0.display.message = title
            $0.display.token = 2
        }
        // Asked for: the display's message gives way to the answer, which storage brings back.
        store.send(.command(.statistics), [.loadStatistics]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        store.receive(.statisticsReady(statistics), store.screenShown(title, store.after(open), saying: lines[0], token: 2, role: nil), state: open)
        #expect(Fixture.reader.builder.screen(for: store.state).elements.map(\.label) == lines)
        // The name's time is up: the first line comes back and stays (no timer of its own).
        store.send(.timer(.brailleMessage(token: 2)), [store.focusLine(store.state, 0, shows: "Statistiques sur les 20 dernières réponses de chaque symbole.")]) { $0.display.message = nil }
        // None recorded yet: one sentence, a message.
        let none = "Aucune réponse enregistrée : lancez « entraînement »."
        store.send(.command(.statistics), [.loadStatistics]) { $0.announcement.answerPending = true }
        store.receive(.statisticsReady(PracticeStatistics(symbols: [], confusions: [], window: 20)),
                   store.said("stats", none, interrupt: true),
                   state: {
            $0.display.messageStays = true
            ReaderTestStore.remembered("stats", none, token: 3)(&$0)
            $0.announcement.answerPending = false
        })
    }

    @Test func anEmptyHistorySaysSoWithoutACount() {
        var store = ReaderTestStore(state: Self.loaded())
        store.state.announcement.history = []
        let empty = "Aucune annonce pour l'instant."
        // The history screen is not itself history: nothing is added to it.
        let open: (inout ReaderState) -> Void = {
            $0.navigation.stacks[.formations] = [.formations, .history]
            $0.navigation.focus[.history] = 0
            $0.display.message = "Historique"
            $0.display.token = 2
        }
        store.send(.command(.history), store.screenShown("Historique", store.after(open), saying: empty, token: 2, role: nil), state: open)
        #expect(Fixture.reader.builder.screen(for: store.state).elements.map(\.label) == ["Aucune annonce pour l'instant."])
    }

    @Test func readingWithoutAVoicePacesTheDisplayWindowByWindow() {
        var store = ReaderTestStore(state: Self.loaded())
        store.state.devices.hasVoice = false
        store.state.devices.hasDisplay = true
        store.state.display.message = nil
        store.state.navigation.stacks[.formations] = [.formations, .detail(formationId: 1)]
        store.state.navigation.focus[.detail(formationId: 1)] = 6
        let detail = Fixture.reader.builder.screen(for: store.state)
        #expect(detail.elements.count == 8)
        let category = "Catégorie : IA Générative"
        store.send(.command(.readAll), [
            store.focus(store.state, 6, saying: category, role: nil), .speak(Utterance(text: category, interrupt: true, priority: .answer, printed: category)),
            .braille(braille.line(detail.elements[6])), .schedule(.readAllWindow(token: 1), afterSeconds: 4),
            .reading(true),
        ]) {
            $0.announcement.history.append(category)
            $0.display.readAllSerial = 1
            $0.display.reading = DisplayReading(token: 1)
        }
        // The window has had its time: the display shows the next window of the line…
        store.send(.timer(.readAllWindow(token: 1)), [.advanceDisplay])
        store.receive(.displayAdvanced(moved: true), [.schedule(.readAllWindow(token: 1), afterSeconds: 4)])
        // …and after the line's last window, the next element.
        store.send(.timer(.readAllWindow(token: 1)), [.advanceDisplay])
        let back = "Retour, bouton. Revient à l'écran précédent"
        let next: (inout ReaderState) -> Void = {
            $0.navigation.focus[.detail(formationId: 1)] = 7
            $0.announcement.history.append(back)
        }
        store.receive(.displayAdvanced(moved: false), [
            store.focus(store.after(next), 7, saying: back, role: "bouton"), .speak(Utterance(text: back, interrupt: false, priority: .answer, printed: back)),
            .braille(braille.line(detail.elements[7])), .schedule(.readAllWindow(token: 1), afterSeconds: 4),
        ], state: next)
        #expect(detail.elements[7].id == "back")
        // The panning key past the end skips ahead and the reading goes on: here, to its end.
        let end = "Fin de l'écran."
        store.send(.displayKey(.panForward), store.said("readAll.end", end, interrupt: true, .notice)
                   + [.schedule(.brailleMessage(token: 2), afterSeconds: 4), .reading(false)]) {
            ReaderTestStore.remembered("readAll.end", end, token: 2)(&$0)
            $0.display.reading = nil
        }
    }

    @Test func anyOtherKeyOrCommandStopsTheReadingAndAVoiceKeepsItsOwnTime() {
        var store = ReaderTestStore(state: Self.loaded())
        store.state.devices.hasVoice = false
        store.state.devices.hasDisplay = true
        store.state.settings.brailleScrollSeconds = 2.5
        let all = "Toutes, sélectionné, bouton"
        let list = store.state
        // Without a voice, each window has the setting's time.
        store.send(.command(.readAll), store.moved(list, 0, saying: all, role: "bouton", shows: "[x] Toutes btn", cursor: 4) + [.schedule(.readAllWindow(token: 1), afterSeconds: 2.5),
                                                                             .reading(true)]) {
            $0.display.message = nil
            $0.display.reading = DisplayReading(token: 1)
            $0.display.readAllSerial = 1
            $0.announcement.history.append(all)
        }
        // Another key stops the reading (and does what it does: the element again).
        store.send(.displayKey(.repeatElement), store.moved(list, 0, saying: all, role: "bouton", shows: "[x] Toutes btn", cursor: 4) + [.reading(false)]) {
            $0.display.reading = nil
            $0.announcement.history.append(all)
        }
        // An old window's timer does nothing.
        store.send(.timer(.readAllWindow(token: 1)), [])
        // With a voice, the reading follows the voice as before.
        store.state.devices.hasVoice = true
        store.send(.command(.readAll), store.moved(list, 0, saying: all, role: "bouton", shows: "[x] Toutes btn", cursor: 4) + [.whenSpoken(token: 2), .reading(true)]) {
            $0.display.readAll = 2
            $0.display.readAllSerial = 2
            $0.announcement.history.append(all)
        }
        // The voice's steps are SkimmingTests'.
        store.leaveUnanswered([.whenSpoken(token: 2)])
    }

    @Test func panningBackPastALinesStartOpensThePreviousElementOnItsLastWindow() {
        var store = ReaderTestStore(state: Self.loaded())
        store.state.display.message = nil
        store.state.navigation.focus[.formations] = 1
        let all = "Toutes, sélectionné, bouton"
        let previous: (inout ReaderState) -> Void = { $0.navigation.focus[.formations] = 0; $0.announcement.history.append(all) }
        let list = store.after(previous)
        store.send(.displayKey(.panBack), [
            store.focus(list, 0, saying: all, role: "bouton"), .speak(Utterance(text: all, interrupt: true, priority: .answer, printed: all)),
            .braille(braille.line(element(list, 0)).openingOnLastWindow),
        ], state: previous)
        // LNUP opens it from its start.
        store.state.navigation.focus[.formations] = 1
        store.send(.displayKey(.previous), store.moved(list, 0, saying: all, role: "bouton", shows: "[x] Toutes btn", cursor: 4), state: previous)
    }

    @Test func theScrollSettingIsCheckedSavedAndRead() {
        var store = ReaderTestStore(state: Self.loaded())
        let scroll = "Lecture sans voix : 2,5 secondes par fenêtre de la plage braille."
        store.send(.command(.set(name: "défilement-braille", value: "2,5")),
                   [.persist(["reader.braille-scroll": "2.5"])] + store.said("setting", scroll, interrupt: true)) {
            $0.display.messageStays = true
            $0.settings.brailleScrollSeconds = 2.5
            ReaderTestStore.remembered("setting", scroll, token: 2)(&$0)
        }
        let bad = "Défilement-braille invalide : « 0 ». Choisissez une valeur de 1 à 60 secondes."
        store.send(.command(.set(name: "défilement-braille", value: "0")),
                   store.said("setting", bad, isError: true, interrupt: true, .error),
                   state: ReaderTestStore.remembered("setting", bad, isError: true, token: 3))
        let (restored, _) = ReaderSettings.restore({ $0 == "reader.braille-scroll" ? "6" : nil })
        #expect(restored.brailleScrollSeconds == 6)
    }
}
