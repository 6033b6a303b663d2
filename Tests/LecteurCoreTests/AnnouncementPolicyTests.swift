// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// The announcement policy and braille messages, step by step: every action's whole effect
/// list and state change, as TCA's TestStore asserts them.
@Suite struct AnnouncementPolicyTests {
    let fr = Fixture.fr

    /// The built-in catalogue loaded, positions not spoken (the texts here are the policy's).
    static func loaded() -> ReaderState {
        var state = ReaderState()
        state.settings.speakPosition = false
        _ = Fixture.reader.reduce(&state, .catalogueLoaded(Fixture.builtIn))
        return state
    }
    let braille = BrailleGenerator(strings: Fixture.fr)

    func speak(_ text: String, interrupt: Bool, _ priority: Utterance.Priority = .answer) -> Effect {
        .speak(Utterance(text: text, interrupt: interrupt, priority: priority))
    }
    func message(_ text: String) -> Effect { .braille(BrailleLine(text: text, cursor: 0, kind: .message)) }

    func focus(_ store: ReaderTestStore, index: Int) -> (Effect, Element) {
        let screen = Fixture.reader.builder.screen(for: store.state)
        let element = screen.elements[index]
        return (.focus(FocusReport(screen: screen.code, title: screen.title, index: index + 1, count: screen.elements.count,
                                   element: element, roleWord: SpeechGenerator(strings: fr).roleWord(element.role))), element)
    }

    /// Start-up against a server answering 500 with an offline copy: retries replace each
    /// other, then the error, the offline notice, the load and the focus all queue: the user
    /// hears that the data is stale.
    @Test func startUpAfterAServerErrorQueuesTheErrorTheOfflineNoticeAndTheList() {
        var initial = ReaderState()
        initial.settings.speakPosition = false
        var store = ReaderTestStore(state: initial)
        store.send(.start, [.loadCatalogue(.initial)])
        let loadingScreen = Fixture.reader.builder.screen(for: store.state)
        let loadingElement = loadingScreen.elements[0]
        store.send(.catalogueLoading, [
            .focus(FocusReport(screen: loadingScreen.code, title: loadingScreen.title, index: 1, count: loadingScreen.elements.count,
                               element: loadingElement, roleWord: nil)),
            speak(loadingElement.label, interrupt: false),
            .braille(braille.line(loadingElement)),
        ]) { $0.history = [loadingElement.label]; $0.focus[.formations] = 0 }
        let retry1 = "Erreur serveur (code: 500). Nouvelle tentative dans 1 s."
        store.send(.notice(code: "retry", message: retry1), [
            .notice(code: "retry", message: retry1), speak(retry1, interrupt: false, .progress), message(retry1),
            .schedule(.brailleMessage(token: 1), afterSeconds: 4),
        ]) {
            $0.history.append(retry1); $0.announcement.lastWasProgress = true
            $0.lastMessage = LastMessage(code: "retry", text: retry1, isError: false)
            $0.display.message = retry1; $0.display.token = 1
        }
        let retry2 = "Erreur serveur (code: 500). Nouvelle tentative dans 2 s."
        store.send(.notice(code: "retry", message: retry2), [
            .notice(code: "retry", message: retry2), speak(retry2, interrupt: true, .progress), message(retry2),
            .schedule(.brailleMessage(token: 2), afterSeconds: 4),
        ]) {
            $0.history.append(retry2); $0.display.message = retry2; $0.display.token = 2
            $0.lastMessage = LastMessage(code: "retry", text: retry2, isError: false)
        }
        let error = "Erreur serveur (code: 500). Réessayez plus tard."
        let offline = "Formations hors ligne : copie du 22 novembre 2026 à 10 h 00."
        store.send(.failure(code: "server", message: error), [
            .error(code: "server", message: error), speak(error, interrupt: false, .error), message(error),
            .schedule(.brailleMessage(token: 3), afterSeconds: 4),
        ]) {
            $0.history.append(error); $0.announcement.lastWasProgress = false
            $0.lastMessage = LastMessage(code: "server", text: error, isError: true)
            $0.display.message = error; $0.display.token = 3
        }
        // The error is being read: the offline notice waits for its whole time on the display.
        store.send(.notice(code: "offline", message: offline), [
            .notice(code: "offline", message: offline), speak(offline, interrupt: false, .notice),
        ]) {
            $0.history.append(offline); $0.display.queued = [offline]
            $0.lastMessage = LastMessage(code: "offline", text: offline, isError: false)
        }

        var loaded = store
        let effects = Fixture.reader.reduce(&loaded.stateForTests, .catalogueLoaded(Fixture.builtIn))
        #expect(effects.compactMap { if case .speak(let u) = $0 { u.interrupt } else { nil } } == [false, false],
                "the load and the focus queue behind the offline notice")
        #expect(effects.spoken == ["14 formations chargées.", "Toutes, sélectionné, bouton"])
        // Nothing reaches the display yet: the load's count queues behind the offline notice,
        // and the focused element's line waits for both.
        #expect(!effects.contains { if case .braille = $0 { true } else { false } })
        #expect(loaded.state.display.queued == [offline, "14 formations chargées."])
        // Each message then has its whole time, in order, and the focus comes back last.
        let (_, chip) = focus(loaded, index: 0)
        loaded.send(.timer(.brailleMessage(token: 3)), [message(offline), .schedule(.brailleMessage(token: 4), afterSeconds: 4)]) {
            $0.display.message = offline; $0.display.token = 4; $0.display.queued = ["14 formations chargées."]
        }
        loaded.send(.timer(.brailleMessage(token: 4)), [
            message("14 formations chargées."), .schedule(.brailleMessage(token: 5), afterSeconds: 4),
        ]) { $0.display.message = "14 formations chargées."; $0.display.token = 5; $0.display.queued = [] }
        loaded.send(.timer(.brailleMessage(token: 5)), [.braille(braille.line(chip))]) { $0.display.message = nil }
    }

    @Test func aMessageStaysUntilItsTimeIsUpThenTheFocusComesBack() {
        var store = ReaderTestStore(state: Self.loaded())
        let token = store.state.display.token
        let (_, element) = focus(store, index: 0)
        // An older timeout does nothing.
        store.send(.timer(.brailleMessage(token: token - 1)), [])
        store.send(.timer(.brailleMessage(token: token)), [.braille(braille.line(element))]) { $0.display.message = nil }
        store.send(.timer(.brailleMessage(token: token)), [])
    }

    @Test func theNextCommandTakesTheMessageAwayAndADisplayKeyOnlyDismissesIt() {
        var store = ReaderTestStore(state: Self.loaded())
        let (_, element) = focus(store, index: 0)
        // `stop` says nothing and writes nothing else: the focus comes back on the display.
        store.send(.command(.stop), [.silence, .notice(code: "stop", message: "Silence."), .braille(braille.line(element))]) {
            $0.display.message = nil
        }
        let edge = "Premier élément"
        store.send(.command(.previous), [
            .notice(code: "edge", message: edge), speak(edge, interrupt: true), message(edge),
            .schedule(.brailleMessage(token: store.state.display.token + 1), afterSeconds: 4),
        ]) {
            $0.history.append(edge); $0.display.message = edge; $0.display.token += 1
            $0.lastMessage = LastMessage(code: "edge", text: edge, isError: false)
        }
        // A display key while a message shows takes the message away and does nothing else.
        store.send(.displayKey(.next), [.braille(braille.line(element))]) { $0.display.message = nil }
        let (nextFocus, next) = focus(store, index: 1)
        store.send(.displayKey(.next), [
            nextFocus, speak("Accessibilité, non sélectionné, bouton", interrupt: true), .braille(braille.line(next)),
        ]) { $0.focus[.formations] = 1; $0.history.append("Accessibilité, non sélectionné, bouton") }
    }

    @Test func zeroSecondsKeepsTheMessageUntilAKey() {
        var store = ReaderTestStore(state: Self.loaded())
        let confirmation = "Messages braille : jusqu'à la prochaine touche."
        store.send(.command(.set(name: "message-braille", value: "0")), [
            .persist([ReaderSettings.brailleMessageKey: "0"]),
            .notice(code: "setting", message: confirmation), speak(confirmation, interrupt: true), message(confirmation),
        ]) {
            $0.settings.brailleMessageSeconds = 0; $0.history.append(confirmation)
            $0.lastMessage = LastMessage(code: "setting", text: confirmation, isError: false)
            $0.display.message = confirmation; $0.display.token += 1
        }
        let bad = "Durée des messages braille invalide : « -3 ». Donnez un nombre de secondes de 0 à 60 (0 : jusqu'à la prochaine touche)."
        store.send(.command(.set(name: "braille-message", value: "-3")), [
            .error(code: "setting", message: bad), speak(bad, interrupt: true, .error), message(bad),
        ]) {
            $0.history.append(bad); $0.display.message = bad; $0.display.token += 1
            $0.lastMessage = LastMessage(code: "setting", text: bad, isError: true)
        }
    }

    @Test func aTabSwitchSaysTheScreenBeforeTheFocus() {
        var store = ReaderTestStore(state: Self.loaded())
        let effects = store.reader.reduce(&store.stateForTests, .command(.tab(.morse)))
        #expect(effects.spoken.prefix(2) == ["Apprendre, 54 symboles", "A, point, trait, pas encore pratiqué, bouton. Ouvre la fiche de ce symbole"])
        #expect(effects.compactMap { if case .speak(let u) = $0 { u.interrupt } else { nil } } == [true, false])
    }

    @Test func historyOpensAScreenNewestFirstThatIsNotItselfHistory() {
        var store = ReaderTestStore(state: Self.loaded())
        let token = store.state.display.token
        let history = Fixture.reader.builder.historyScreen
        let newest = Element(id: "history.1", role: .text, label: "Toutes, sélectionné, bouton")
        let title = "Historique, 2 annonces, la plus récente d'abord"
        store.send(.command(.history), [
            speak(title, interrupt: true), message(title),
            .focus(FocusReport(screen: "history", title: "Historique", index: 1, count: 2, element: newest, roleWord: nil)),
            speak("Toutes, sélectionné, bouton", interrupt: false),
            .schedule(.brailleMessage(token: token + 1), afterSeconds: 4),
        ]) {
            $0.stacks[.formations] = [.formations, .history]; $0.focus[.history] = 0
            $0.historyEntries = ["Toutes, sélectionné, bouton", "14 formations chargées."]
            $0.display.message = title; $0.display.token = token + 1
        }
        #expect(history(store.state).elements.count == 2)
        let older = Element(id: "history.2", role: .text, label: "14 formations chargées.")
        store.send(.command(.next), [
            .focus(FocusReport(screen: "history", title: "Historique", index: 2, count: 2, element: older, roleWord: nil)),
            speak("14 formations chargées.", interrupt: true), .braille(braille.line(older)),
        ]) { $0.focus[.history] = 1; $0.display.message = nil }
        #expect(store.state.history.count == 2, "the history read back is not itself history")
    }

    @Test func statusIsAskedOfTheDevicesAndItsAnswerInterruptsOnce() {
        var store = ReaderTestStore(state: Self.loaded())
        // The command takes the load's message away: its answer shows at once when it comes.
        store.send(.command(.status), [.queryStatus]) { $0.announcement.answerPending = true; $0.display.message = nil }
        let status = DeviceStatus(sound: .none, speechPending: nil, braille: .off)
        let text = status.message(fr)
        store.send(.statusReported(status), [
            .status(status, message: text), speak(text, interrupt: true), message(text),
            .schedule(.brailleMessage(token: store.state.display.token + 1), afterSeconds: 4),
        ]) {
            $0.announcement.answerPending = false; $0.history.append(text)
            $0.display.message = text; $0.display.token += 1
        }
    }

    @Test func settingsGoToTheirOwnerAndOnlyTheChangedOneIsSaved() {
        var store = ReaderTestStore(state: Self.loaded())
        store.send(.command(.set(name: "volume", value: "120")), [.configureDevice(.speechVolume, value: "120")]) {
            $0.announcement.answerPending = true; $0.display.message = nil
        }
        store.send(.command(.set(name: "Tonalité", value: "700")), [
            .persist(["morse.tone": "700"]),
            .notice(code: "setting", message: "Tonalité Morse : 700 hertz."), speak("Tonalité Morse : 700 hertz.", interrupt: true),
            message("Tonalité Morse : 700 hertz."), .schedule(.brailleMessage(token: store.state.display.token + 1), afterSeconds: 4),
        ]) {
            $0.settings.morse = try! MorseSettings.default.setting(.tone, to: "700")
            $0.history.append("Tonalité Morse : 700 hertz."); $0.display.message = "Tonalité Morse : 700 hertz."; $0.display.token += 1
            $0.lastMessage = LastMessage(code: "setting", text: "Tonalité Morse : 700 hertz.", isError: false)
            $0.announcement.answerPending = false
        }
        let verbosity = Fixture.reader.reduce(&store.stateForTests, .command(.set(name: "verbosité", value: "brève")))
        #expect(verbosity.first == .persist(["reader.verbosity": "brief"]))
        #expect(verbosity.spoken == ["Verbosité : brève."])
        #expect(store.state.settings.verbosity == .brief)
    }

    @Test func morseAsTheAnswerSilencesStaleSpeechAndUnknownCharactersAreSaidFirst() {
        var store = ReaderTestStore(state: Self.loaded())
        let effects = store.reader.reduce(&store.stateForTests, .command(.morse("SOS")))
        #expect(effects.first == .silence)
        #expect(effects.contains(.playMorse(text: "SOS", settings: .default)))
        let withUnknown = store.reader.reduce(&store.stateForTests, .command(.morse("SOS#")))
        #expect(withUnknown.first == .notice(code: "morse.unknown", message: "Caractère sans code Morse, ignoré : « # »."))
        #expect(!withUnknown.contains(.silence), "the notice interrupted already; the tones queue behind it")
    }

    @Test func practiceRunsAsAChildAndEndsWithStop() {
        var store = ReaderTestStore(state: Self.loaded())
        store.send(.command(.practice(koch: false)), [.preparePractice(.weakSymbols)]) {
            $0.announcement.answerPending = true; $0.display.message = nil
        }
        let started = store.reader.reduce(&store.stateForTests, .practiceReady(.weakSymbols(pool: nil), seed: 7))
        #expect(started.spoken.count == 1)
        #expect(store.state.practice?.isActive == true)
        let asked = try! #require(store.state.practice?.current)
        let answer = store.reader.reduce(&store.stateForTests, .line(String(asked.character)))
        #expect(answer.contains(.recordAttempt(PracticeAttempt(symbolID: asked.id, correct: true, answer: String(asked.character),
                                                               mode: "weak", typedID: asked.id, wpm: 20))))
        #expect(store.state.morseProgress[asked.id] == SymbolProgress(attempts: 1, correct: 1))
        let stopped = store.reader.reduce(&store.stateForTests, .command(.stop))
        #expect(stopped.prefix(2) == [.silence, .notice(code: "stop", message: "Silence.")])
        #expect(store.state.practice == nil)
    }
}

extension ReaderTestStore {
    /// For the steps whose effects are checked piecewise (long announcements).
    var stateForTests: ReaderState {
        get { state }
        set { state = newValue }
    }
}
