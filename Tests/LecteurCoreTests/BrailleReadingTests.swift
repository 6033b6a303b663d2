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
        var state = ReaderState()
        state.settings.speakPosition = false
        _ = Fixture.reader.reduce(&state, .catalogueLoaded(Fixture.builtIn))
        return state
    }

    func element(_ state: ReaderState, _ index: Int) -> Element {
        Fixture.reader.builder.screen(for: state).elements[index]
    }

    @Test func atStartUpTheWarningAndTheLoadAreEachShownForTheirWholeTimeBeforeTheFocus() {
        var store = ReaderTestStore()
        store.state.settings.speakPosition = false
        _ = store.reader.reduce(&store.state, .start)
        _ = store.reader.reduce(&store.state, .catalogueLoading)
        let warning = "Formation n° 6 ignorée : titre manquant."
        let loaded = store.reader.reduce(&store.state, .catalogueLoaded(Fixture.builtIn, warnings: [warning]))
        // Both are said, in order; only the warning reaches the display, for its whole time.
        #expect(loaded.spoken == [warning, "14 formations chargées.", "Toutes, sélectionné, bouton"])
        #expect(loaded.filter { if case .braille = $0 { true } else { false } } == [message(warning)])
        #expect(loaded.last == .schedule(.brailleMessage(token: 1), afterSeconds: 4))
        #expect(store.state.display.queued == ["14 formations chargées."])
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
        var state = Self.loaded()
        state.settings.brailleMessageSeconds = 0
        state.display.message = nil
        _ = Fixture.reader.reduce(&state, .notice(code: "a", message: "Premier."))
        _ = Fixture.reader.reduce(&state, .notice(code: "b", message: "Second."))
        #expect(state.display.message == "Premier." && state.display.queued == ["Second."])
        #expect(Fixture.reader.reduce(&state, .displayKey(.activate)) == [message("Second.")])
        #expect(Fixture.reader.reduce(&state, .displayKey(.activate)) == [.braille(braille.line(element(state, 0)))])
    }

    @Test func lineBreaksInAMessageBecomeAVisibleSeparator() {
        var state = Self.loaded()
        state.display.message = nil
        let shown = Fixture.reader.reduce(&state, .failure(code: "x", message: "Première ligne.\nDeuxième ligne"))
        #expect(shown.contains(message("Première ligne. / Deuxième ligne")))
        #expect(state.display.message == "Première ligne. / Deuxième ligne")
    }

    @Test func aTabSwitchAndAnOpenedFormationShowTheScreensNameAndSize() {
        var state = Self.loaded()
        let tab = Fixture.reader.reduce(&state, .command(.tab(.morse)))
        #expect(tab.spoken.first == "Apprendre, 54 symboles")
        #expect(tab.contains(message("Apprendre, 54 symboles")))
        #expect(!tab.contains { if case .braille(let line) = $0 { line.kind == .focus } else { false } }, "the focus waits for the message")
        _ = Fixture.reader.reduce(&state, .command(.tab(.formations)))
        _ = Fixture.reader.reduce(&state, .command(.go(1)))
        let opened = Fixture.reader.reduce(&state, .command(.activate))
        #expect(opened.spoken.first == "Détail, 8 éléments")
        #expect(opened.contains(message("Détail, 8 éléments")))
    }

    @Test func aValueIsSeparatedFromItsLabelOnTheLine() {
        let row = Fixture.reader.builder.morseScreen(progress: [:]).elements[0]
        #expect(braille.line(row).text == "A ⠂⠒ - pas encore pratiqué btn")
        let plain = Element(id: "x", role: .text, label: "trait", value: "pas encore pratiqué")
        #expect(braille.line(plain).text.hasPrefix("trait - pas encore pratiqué"))
    }

    @Test func helpIsAScreenNavigatedLikeAList() {
        var state = Self.loaded()
        let opened = Fixture.reader.reduce(&state, .command(.help(topic: nil)))
        let screen = Fixture.reader.builder.screen(for: state)
        #expect(screen.code == "help" && screen.title == "Aide")
        #expect(opened.spoken.first == "Aide, \(screen.elements.count) éléments")
        #expect(opened.contains(message("Aide, \(screen.elements.count) éléments")))
        let listed = CommandTable.specs.filter { !CommandLanguage.helpNames($0.names, localeCode: "fr").isEmpty }
        #expect(screen.elements.count == listed.count + 2, "one element per command, after the intro, then the empty line's")
        #expect(screen.elements.contains { $0.label == "suivant, n, s : élément suivant" })
        // `chercher` finds a command; `retour` goes back to the list.
        let found = Fixture.reader.reduce(&state, .command(.find("statistiques")))
        #expect(found.focused?.label.hasPrefix("statistics, statistiques, stats : ") == true, "\(found.focused?.label ?? "")")
        _ = Fixture.reader.reduce(&state, .command(.back))
        #expect(state.currentScreenID == .formations)
    }

    @Test func anEmptyHistorySaysSoWithoutACount() {
        var state = Self.loaded()
        state.history = []
        let opened = Fixture.reader.reduce(&state, .command(.history))
        #expect(opened.spoken == ["Historique", "Aucune annonce pour l'instant."])
        #expect(Fixture.reader.builder.screen(for: state).elements.map(\.label) == ["Aucune annonce pour l'instant."])
    }

    @Test func readingWithoutAVoicePacesTheDisplayWindowByWindow() {
        var store = ReaderTestStore(state: Self.loaded())
        store.state.hasVoice = false
        store.state.hasDisplay = true
        store.state.display.message = nil
        store.state.stacks[.formations] = [.formations, .detail(formationId: 1)]
        store.state.focus[.detail(formationId: 1)] = 6
        let detail = Fixture.reader.builder.screen(for: store.state)
        #expect(detail.elements.count == 8)
        let started = store.reader.reduce(&store.state, .command(.readAll))
        #expect(started.contains(.braille(braille.line(detail.elements[6]))))
        #expect(started.last == .schedule(.readAllWindow(token: 1), afterSeconds: 4))
        #expect(store.state.display.reading == DisplayReading(token: 1))
        // The window has had its time: the display shows the next window of the line…
        store.send(.timer(.readAllWindow(token: 1)), [.advanceDisplay])
        store.send(.displayAdvanced(moved: true), [.schedule(.readAllWindow(token: 1), afterSeconds: 4)])
        // …and after the line's last window, the next element.
        store.send(.timer(.readAllWindow(token: 1)), [.advanceDisplay])
        let last = store.reader.reduce(&store.state, .displayAdvanced(moved: false))
        #expect(last.focused?.id == "back")
        #expect(last.last == .schedule(.readAllWindow(token: 1), afterSeconds: 4))
        // The panning key past the end skips ahead and the reading goes on: here, to its end.
        let end = store.reader.reduce(&store.state, .displayKey(.panForward))
        #expect(end.notices == ["Fin de l'écran."])
        #expect(end.contains(message("Fin de l'écran.")))
        #expect(store.state.display.reading == nil)
    }

    @Test func anyOtherKeyOrCommandStopsTheReadingAndAVoiceKeepsItsOwnTime() {
        var state = Self.loaded()
        state.hasVoice = false
        state.hasDisplay = true
        state.settings.brailleScrollSeconds = 2.5
        let started = Fixture.reader.reduce(&state, .command(.readAll))
        #expect(started.last == .schedule(.readAllWindow(token: 1), afterSeconds: 2.5))
        _ = Fixture.reader.reduce(&state, .displayKey(.repeatElement))
        #expect(state.display.reading == nil)
        #expect(Fixture.reader.reduce(&state, .timer(.readAllWindow(token: 1))) == [], "an old window's timer does nothing")
        // With a voice, the reading follows the voice as before.
        state.hasVoice = true
        let voiced = Fixture.reader.reduce(&state, .command(.readAll))
        #expect(voiced.last == .whenSpoken(token: 2))
        #expect(state.display.reading == nil)
    }

    @Test func panningBackPastALinesStartOpensThePreviousElementOnItsLastWindow() {
        var state = Self.loaded()
        state.display.message = nil
        state.focus[.formations] = 1
        let effects = Fixture.reader.reduce(&state, .displayKey(.panBack))
        #expect(effects.contains(.braille(braille.line(element(state, 0)).openingOnLastWindow)))
        // LNUP opens it from its start.
        state.focus[.formations] = 1
        #expect(Fixture.reader.reduce(&state, .displayKey(.previous)).contains(.braille(braille.line(element(state, 0)))))
    }

    @Test func theScrollSettingIsCheckedSavedAndRead() {
        var state = Self.loaded()
        let set = Fixture.reader.reduce(&state, .command(.set(name: "défilement-braille", value: "2,5")))
        #expect(set.first == .persist(["reader.braille-scroll": "2.5"]))
        #expect(set.notices == ["Lecture sans voix : 2,5 secondes par fenêtre de la plage braille."])
        #expect(state.settings.brailleScrollSeconds == 2.5)
        let bad = Fixture.reader.reduce(&state, .command(.set(name: "défilement-braille", value: "0")))
        #expect(bad.errors == ["Durée de défilement braille invalide : « 0 ». Donnez un nombre de secondes de 1 à 60."])
        let (restored, _) = ReaderSettings.restore({ $0 == "reader.braille-scroll" ? "6" : nil }, strings: Fixture.fr)
        #expect(restored.brailleScrollSeconds == 6)
    }
}
