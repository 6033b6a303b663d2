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
        ReaderTestStore.loaded(first: "Toutes, sélectionné, bouton") { $0.settings.speakPosition = false }.state
    }
    /// The « Toutes » chip's line on the display, written out (issue 51: it was the production
    /// BrailleGenerator's line for the element the production ScreenBuilder gave).
    let allChip = Effect.braille(BrailleLine(text: "[x] Toutes btn", cursor: 4))

    /// `printed` nil: a notice's or an error's own event prints it.
    func speak(_ text: String, interrupt: Bool, _ priority: Utterance.Priority = .answer,
               printed: String? = nil) -> Effect {
        .speak(Utterance(text: text, interrupt: interrupt, priority: priority, printed: printed))
    }
    func message(_ text: String) -> Effect { .braille(BrailleLine(text: text, cursor: 0, kind: .message)) }


    @Test func aMessageStaysUntilItsTimeIsUpThenTheFocusComesBack() {
        var store = ReaderTestStore(state: Self.loaded())
        let token = store.state.display.token
        // An older timeout does nothing.
        store.send(.timer(.brailleMessage(token: token - 1)), [])
        store.send(.timer(.brailleMessage(token: token)), [allChip]) { $0.display.message = nil }
        store.send(.timer(.brailleMessage(token: token)), [])
    }

    @Test func theNextCommandTakesTheMessageAwayAndADisplayKeyOnlyDismissesIt() {
        var store = ReaderTestStore(state: Self.loaded())
        // `stop` says nothing and writes nothing else: the focus comes back on the display.
        store.send(.command(.stop), [.silence, .notice(code: "stop", message: "Silence."), allChip]) {
            $0.display.message = nil
        }
        let edge = "Premier élément"
        store.send(.command(.previous), [
            .notice(code: "edge", message: edge), speak(edge, interrupt: true), message(edge),
        ]) {
            $0.display.messageStays = true
            $0.announcement.history.append(edge); $0.display.message = edge; $0.display.token += 1
            $0.announcement.lastMessage = LastMessage(code: "edge", text: edge, isError: false)
        }
        // A display key while a message shows takes the message away and does nothing else.
        store.send(.displayKey(.next), [allChip]) { $0.display.message = nil }
        let next = "Accessibilité, non sélectionné, bouton"
        store.send(.displayKey(.next), [
            store.focus(store.state, 1, saying: next, role: "bouton"), speak(next, interrupt: true, printed: next),
            .braille(BrailleLine(text: "[ ] Accessibilité btn", cursor: 4)),
        ]) { $0.navigation.focus[.formations] = 1; $0.announcement.history.append("Accessibilité, non sélectionné, bouton") }
    }

    @Test func zeroSecondsKeepsTheMessageUntilAKey() {
        var store = ReaderTestStore(state: Self.loaded())
        let confirmation = "Messages braille : jusqu'à la prochaine touche."
        store.send(.command(.set(name: "message-braille", value: "0")), [
            .persist([ReaderSettings.brailleMessageKey: "0"]),
            .notice(code: "setting", message: confirmation), speak(confirmation, interrupt: true), message(confirmation),
        ]) {
            $0.display.messageStays = true
            $0.settings.brailleMessageSeconds = 0; $0.announcement.history.append(confirmation)
            $0.announcement.lastMessage = LastMessage(code: "setting", text: confirmation, isError: false)
            $0.display.message = confirmation; $0.display.token += 1
        }
        let bad = "Message-braille invalide : « -3 ». Choisissez une valeur de 0 à 60 secondes (0 : jusqu'à la prochaine touche)."
        store.send(.command(.set(name: "braille-message", value: "-3")), [
            .error(code: "setting", message: bad), speak(bad, interrupt: true, .error), message(bad),
        ]) {
            $0.announcement.history.append(bad); $0.display.message = bad; $0.display.token += 1
            $0.announcement.lastMessage = LastMessage(code: "setting", text: bad, isError: true)
        }
    }

    @Test func aTabSwitchSaysTheScreenBeforeTheFocus() {
        var store = ReaderTestStore(state: Self.loaded())
        var morse = store.state
        morse.navigation.tab = .morse
        let title = "Apprendre, 54 symboles", first = "A, point, trait, pas encore pratiqué, bouton. Ouvre la fiche de ce symbole"
        let token = store.state.display.token
        store.send(.command(.tab(.morse)), [
            speak(title, interrupt: true, printed: title), message(title),
            store.focus(morse, 0, saying: first, role: "bouton"),
            speak(first, interrupt: false, printed: first),
            // The screen's name and size on the display too; the focus line comes after its time.
            .schedule(.brailleMessage(token: token + 1), afterSeconds: 4),
        ]) {
            $0.navigation.tab = .morse
            $0.navigation.focus[.morse] = 0
            $0.announcement.history += [title, first]
            $0.display.message = title; $0.display.token = token + 1
        }
    }

    @Test func historyOpensAScreenNewestFirstThatIsNotItselfHistory() {
        var store = ReaderTestStore(state: Self.loaded())
        let token = store.state.display.token
        let history = Fixture.reader.builder.historyScreen
        let newest = Element(id: "history.1", role: .text, label: "Toutes, sélectionné, bouton")
        let title = "Historique, 2 annonces, la plus récente d'abord"
        store.send(.command(.history), [
            speak(title, interrupt: true, printed: title), message(title),
            .focus(FocusReport(screen: "history", title: "Historique", index: 1, count: 2, element: newest, roleWord: nil)),
            speak("Toutes, sélectionné, bouton", interrupt: false, printed: "Toutes, sélectionné, bouton"),
            .schedule(.brailleMessage(token: token + 1), afterSeconds: 4),
        ]) {
            $0.navigation.stacks[.formations] = [.formations, .history]; $0.navigation.focus[.history] = 0
            $0.lists.historyEntries = ["Toutes, sélectionné, bouton", "14 formations chargées."]
            $0.display.message = title; $0.display.token = token + 1
        }
        #expect(history(store.state.lists).elements.count == 2)
        let older = Element(id: "history.2", role: .text, label: "14 formations chargées.")
        store.send(.command(.next), [
            .focus(FocusReport(screen: "history", title: "Historique", index: 2, count: 2, element: older, roleWord: nil)),
            speak("14 formations chargées.", interrupt: true, printed: "14 formations chargées."), .braille(BrailleLine(text: "14 formations chargées.", cursor: 0)),
        ]) { $0.navigation.focus[.history] = 1; $0.display.message = nil }
        #expect(store.state.announcement.history.count == 2, "the history read back is not itself history")
    }

    @Test func statusIsAskedOfTheDevicesAndItsAnswerInterruptsOnce() {
        var store = ReaderTestStore(state: Self.loaded())
        // The command takes the load's message away: its answer shows at once when it comes.
        store.send(.command(.status), [.queryStatus]) { $0.announcement.answerPending = true; $0.display.message = nil }
        let status = DeviceStatus(sound: .none, speechPending: nil, braille: .off)
        let text = status.message(fr)
        store.receive(.statusReported(status), [
            .status(status, message: text), speak(text, interrupt: true), message(text),
        ]) {
            $0.display.messageStays = true
            $0.announcement.answerPending = false; $0.announcement.history.append(text)
            $0.display.message = text; $0.display.token += 1
        }
    }

    /// The test store itself (issue 47, item 7): a request the runtime would answer with an
    /// action (`.queryStatus`, answered `.statusReported`) and that the test never `receive`s
    /// fails the test, where it was asked for: reported once, with that place. The report is
    /// collected rather than recorded as a known issue, which CI counts as a failed run; were the
    /// store to let the request pass, nothing would be collected and this test would fail.
    @Test func theStoreFailsATestThatLeavesARequestUnanswered() {
        final class Reports { var lines: [(String, SourceLocation)] = [] }
        let reports = Reports()
        var asked: SourceLocation?
        do {
            var store = ReaderTestStore(state: Self.loaded(), unanswered: { reports.lines.append(($0, $1)) })
            asked = #_sourceLocation
            store.send(.command(.status), [.queryStatus], sourceLocation: asked!) {
                $0.announcement.answerPending = true; $0.display.message = nil
            }
        }
        #expect(reports.lines.count == 1)
        #expect(reports.lines.first?.0.hasPrefix("queryStatus was never answered") == true, "\(reports.lines.map(\.0))")
        #expect(reports.lines.first?.1 == asked)
    }

    @Test func settingsGoToTheirOwnerAndOnlyTheChangedOneIsSaved() {
        var store = ReaderTestStore(state: Self.loaded())
        store.send(.command(.set(name: "volume", value: "120")), [.configureDevice(.speechVolume, value: "120")]) {
            $0.announcement.answerPending = true; $0.display.message = nil
        }
        // Where the setting goes is the point here; the device's answer is DeviceEventTests'.
        store.leaveUnanswered([.configureDevice(.speechVolume, value: "120")])
        store.send(.command(.set(name: "Tonalité", value: "700")), [
            .persist(["morse.tone": "700"]),
            .notice(code: "setting", message: "Tonalité Morse : 700 hertz."), speak("Tonalité Morse : 700 hertz.", interrupt: true),
            message("Tonalité Morse : 700 hertz."), ]) {
            $0.display.messageStays = true
            $0.settings.morse = try! MorseSettings.default.setting(.tone, to: "700")
            $0.announcement.history.append("Tonalité Morse : 700 hertz."); $0.display.message = "Tonalité Morse : 700 hertz."; $0.display.token += 1
            $0.announcement.lastMessage = LastMessage(code: "setting", text: "Tonalité Morse : 700 hertz.", isError: false)
            $0.announcement.answerPending = false
        }
        let brief = "Verbosité : brève."
        store.send(.command(.set(name: "verbosité", value: "brève")), [
            .persist(["reader.verbosity": "brief"]),
            .notice(code: "setting", message: brief), speak(brief, interrupt: true), message(brief),
        ]) {
            $0.settings.verbosity = .brief
            $0.announcement.history.append(brief); $0.display.message = brief; $0.display.token += 1
            $0.announcement.lastMessage = LastMessage(code: "setting", text: brief, isError: false)
        }
    }

    @Test func morseAsTheAnswerSilencesStaleSpeechAndUnknownCharactersAreSaidFirst() {
        var store = ReaderTestStore(state: Self.loaded())
        let token = store.state.display.token
        let sos = MorseAlphabet.standard.encode("SOS")
        let durationMs = MorseTimeline(encoding: sos, timing: MorseSettings.default.timing,
                                       sampleRate: MorseRenderer.defaultSampleRate).durationMs
        let shown = "SOS " + MorseBraille.cells(sos)
        // The tones are the whole answer: stale speech stops for them.
        store.send(.command(.morse("SOS")), [
            .silence,
            .morse(MorseReport(text: "SOS", pattern: "... --- ...", wpm: 20, toneHz: 600, durationMs: durationMs)),
            .playMorse(text: "SOS", settings: .default), message(shown),
        ]) {
            $0.display.messageStays = true
            $0.display.message = shown; $0.display.token = token + 1
        }
        // An unknown character is said first; that notice interrupted already, the tones queue behind it.
        let unknown = "Caractère sans code Morse, ignoré : « # »."
        let shownUnknown = "SOS# " + MorseBraille.cells(MorseAlphabet.standard.encode("SOS#"))
        store.send(.command(.morse("SOS#")), [
            .notice(code: "morse.unknown", message: unknown), speak(unknown, interrupt: true), message(unknown),
            .morse(MorseReport(text: "SOS#", pattern: "... --- ...", wpm: 20, toneHz: 600, durationMs: durationMs)),
            .playMorse(text: "SOS#", settings: .default),
        ]) {
            $0.announcement.history.append(unknown)
            $0.announcement.lastMessage = LastMessage(code: "morse.unknown", text: unknown, isError: false)
            // The notice is read first; the pattern follows it on the display.
            $0.display.message = unknown; $0.display.token = token + 2; $0.display.queued = [shownUnknown]
        }
    }

    @Test func practiceRunsAsAChildAndEndsWithStop() throws {
        var store = ReaderTestStore(state: Self.loaded())
        // The symbols learnt at the first Koch level: the request's pool, which the seed answers.
        let pool = MorseAlphabet.standard.kochSymbols.prefix(2).map(\.id)
        let request = PracticeRequest.listening(.weakSymbols(pool: pool))
        store.send(.command(.practice(koch: false)), [.preparePractice(request)]) {
            $0.announcement.answerPending = true; $0.display.message = nil
        }
        var twin = PracticeSession(mode: .weakSymbols(pool: pool), progress: store.state.morseProgress, random: SeededRandom(seed: 7))
        _ = twin.start()
        let asked = try #require(twin.current)
        let token = store.state.display.token
        let intro = "Entraînement Morse : écoutez, puis tapez le caractère entendu. Ligne vide pour réécouter, « stop » pour finir."
        /// What was said, then question `number` (shown by its number only) and its tones.
        /// `shown`: what the display shows in front of the number (the introduction's short line).
        func question(_ number: Int, _ symbol: MorseSymbol, after said: String, shown: String? = nil, interrupt: Bool) -> [Effect] {
            return [.notice(code: "practice", message: said, braille: shown), speak(said, interrupt: interrupt),
                    message("Question \(number) (" + (shown ?? said) + ")"),
                    .morseQuestion(MorseQuestionReport(question: number, wpm: 20, toneHz: 600)),
                    .playQuestion(text: String(symbol.character), settings: .default, question: number)]
        }
        store.receive(.practiceSeeded(request, seed: 7), question(1, asked, after: intro, shown: "Entraînement ; ligne vide : réécouter, stop : finir.", interrupt: true)) {
            ReaderTestStore.remembered("practice", intro, shown: "Question 1 (Entraînement ; ligne vide : réécouter, stop : finir.)", stays: true, token: token + 1)(&$0)
            $0.exercise = .listening(twin)
            $0.announcement.answerPending = false
        }
        let answered = twin.handle(String(asked.character))
        let verdict = try #require(answered.compactMap { if case .tell(let news) = $0 { PracticeMessages(strings: Fixture.fr).news(news) } else { nil } }.first)
        let next = try #require(twin.current)
        store.send(.timedLine(String(asked.character), atMs: 0), [
            .recordAttempt(PracticeAttempt(symbolID: asked.id, correct: true, answer: String(asked.character),
                                           mode: "weak", typedID: asked.id, wpm: 20)),
            .practiceAnswered(PracticeResult(mode: "weak", question: 1, expected: String(asked.character),
                                             answer: String(asked.character), correct: true, latencyMs: nil, replays: 0)),
        ] + question(2, next, after: verdict, interrupt: false)) {
            ReaderTestStore.remembered("practice", verdict, shown: "Question 2 (" + verdict + ")", stays: true, token: token + 2)(&$0)
            $0.exercise = .listening(twin)
            $0.morseProgress = twin.progress
        }
        #expect(store.state.morseProgress[asked.id] == SymbolProgress(attempts: 1, correct: 1))
        let stopped = twin.stop()
        let summary = try #require(stopped.compactMap { if case .tell(let news) = $0 { PracticeMessages(strings: Fixture.fr).news(news) } else { nil } }.first)
        // Speech was silenced already: the summary queues. It answers `stop`: it stays until a key.
        store.send(.command(.stop), [.silence, .notice(code: "stop", message: "Silence.")] + store.said("practice", summary)) {
            ReaderTestStore.remembered("practice", summary, stays: true, token: token + 3)(&$0)
            $0.exercise = nil
        }
    }
}
