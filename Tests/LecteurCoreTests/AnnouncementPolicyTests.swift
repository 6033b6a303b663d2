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
        _ = Fixture.reader.reduce(&state, .catalogue(.loaded(Fixture.builtIn, warnings: [], origin: .live)))
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

    @Test func historyIsSpokenThroughTheLexiconAndShownOnTheDisplay() {
        var store = ReaderTestStore(state: Self.loaded())
        let effects = store.reader.reduce(&store.stateForTests, .command(.history))
        let text = "Dernières annonces :\n14 formations chargées.\nToutes, sélectionné, bouton"
        #expect(effects == [
            .notice(code: "history", message: text),
            speak("Dernières annonces : 14 formations chargées. Toutes, sélectionné, bouton.", interrupt: true),
            message("Dernières annonces : 14 formations chargées. Toutes, sélectionné, bouton"),
            .schedule(.brailleMessage(token: store.state.display.token), afterSeconds: 4),
        ])
        #expect(store.state.history.count == 2, "the history read back is not itself history")
    }

    @Test func statusIsAskedOfTheDevicesAndItsAnswerInterruptsOnce() {
        var store = ReaderTestStore(state: Self.loaded())
        store.send(.command(.status), [.queryStatus]) { $0.announcement.answerPending = true }
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
            $0.announcement.answerPending = true
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
        store.send(.command(.practice(koch: false)), [.preparePractice(.weakSymbols)]) { $0.announcement.answerPending = true }
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
