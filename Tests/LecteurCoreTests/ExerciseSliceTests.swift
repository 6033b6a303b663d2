// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// One exercise at a time in the reader's `exercise` slice: a start while another runs ends the
/// running one first (its summary said), and `où`, `aide` and `stop` reach the one that runs.
@Suite struct ExerciseSliceTests {

    @Test func sendingStartedDuringListeningEndsItAndWhereAndStopReachSending() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        SkimmingTests.startPracticeOnA(&store)
        // The runtime's seed for sending comes while listening practice runs (a card activated
        // from the display asks for one): the listening summary first, then sending starts.
        let summary = "Entraînement terminé, aucun essai."
        // The session the reducer runs, beside it for the state only (SendingReducerTests.twin):
        // what is said and shown is written out.
        var twin = SendingReducerTests.twin(.koch, seed: 3, wpm: 20)
        _ = twin.start(level: .pattern, note: nil)
        let texts = [SendingReducerTests.patternHow, "Envoyez K."]
        let shown = "Envoyez K. (" + SendingReducerTests.patternHow + ")"
        let token = store.state.display.token + 1
        let started = twin
        store.send(.practiceSeeded(.sending(.koch), seed: 3), [
            .notice(code: "practice", message: summary),
            .speak(Utterance(text: summary, interrupt: false, priority: .answer)),
            .notice(code: "sending", message: texts[0]),
            .speak(Utterance(text: texts[0], interrupt: false, priority: .answer)),
            .notice(code: "sending", message: "Envoyez K."),
            .speak(Utterance(text: "Envoyez K.", interrupt: false, priority: .answer)),
            // The sending's words answer at once; the summary waits behind them on the display.
            .braille(BrailleLine(text: shown, cursor: 0, kind: .message)),
            .schedule(.brailleMessage(token: token), afterSeconds: 4),
        ]) {
            $0.exercise = .sending(started)
            $0.announcement.history += [summary] + texts
            $0.announcement.lastMessage = LastMessage(code: "sending", text: "Envoyez K.", isError: false)
            $0.display.queued.append(summary)
            $0.display.message = shown
            $0.display.token = token
        }

        // « où » is sending's (listening would say « Question 1 ; 0 bonne réponse sur 0. »).
        let position = "Envoi, question 1 ; 0 bonne réponse sur 0."
        #expect(Fixture.fr(.morseSendingWhere, count: 0, ["question": "1", "correct": "0", "attempts": "0"]) == position)
        store.send(.timedLine("où", atMs: 0), store.said("sending.where", position, interrupt: true)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("sending.where", position, token: token + 1)(&$0)
            $0.display.queued = []
        }
        // « stop » ends sending: its summary, its silence timer cancelled, nothing left running.
        let ended = "Envoi terminé."
        store.send(.timedLine("stop", atMs: 0), [
            .silence, .notice(code: "stop", message: "Silence."),
            .notice(code: "sending", message: ended), .speak(Utterance(text: ended, interrupt: false, priority: .answer)),
            .cancelTimer(.sendingSilence),
            .braille(BrailleLine(text: ended, cursor: 0, kind: .message)),
        ]) {
            // It answers `stop`: it stays until a key.
            $0.exercise = nil
            ReaderTestStore.remembered("sending", ended, token: token + 2)(&$0)
        }
        // A line is a command again: `stop` silences and takes the summary off the display.
        store.send(.timedLine("stop", atMs: 0), [.silence, .notice(code: "stop", message: "Silence."),
                                                 .braille(BrailleLine(text: "[x] Toutes btn", cursor: 4, kind: .focus))]) {
            $0.display.message = nil
        }
    }

    @Test func copyingAnswersWhereAndHelpWithWhatToTypeAndStopsWithItsSummary() throws {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let alphabet = MorseAlphabet.standard
        var twin = CopySession(kind: .groups, count: 2, learnt: Array(alphabet.kochSymbols.prefix(2)),
                               words: Fixture.fr(.morseTrainerWords).split(separator: " ").map(String.init),
                               settings: ReaderSettings().morse, random: SeededRandom(seed: 1), alphabet: alphabet)
        // The session beside the reducer gives the state only (a random source has no literal
        // form); what is said, shown and sent is written out.
        _ = twin.start()
        let intro = "Copie de 2 groupes de cinq caractères parmi K, M, envoyés d'une traite. Écoutez tout, puis tapez votre "
            + "copie en une ligne. Ligne vide pour réécouter, « stop » pour finir."
        // Seed 1's two groups of the learnt K and M, at the default 20 words a minute, spaced at 10.
        let sent = "MMMKK MMMKM"
        // The display's short form of the introduction (the copy's own words, brailled).
        let shown = "Copie en une ligne ; ligne vide : réécouter, stop : finir."
        let settings = try MorseSettings(wpm: 20, farnsworthWPM: 10, toneHz: 600, volumePercent: 80, rampMs: 5)
        let started = twin
        // The load's message is still on the display: the introduction waits behind it.
        store.send(.practiceSeeded(.copy(.groups, count: 2), seed: 1), store.saidBehind("copy", intro, braille: shown) + [
            .morseQuestion(MorseQuestionReport(question: 1, wpm: settings.wpm, toneHz: settings.toneHz)),
            .playQuestion(text: sent, settings: settings, question: 1),
        ]) {
            $0.exercise = .copying(started)
            $0.announcement.history.append(intro)
            $0.announcement.lastMessage = LastMessage(code: "copy", text: intro, isError: false)
            $0.display.queued = ["Question 1 (" + shown + ")"]
        }
        // Copying has no position of its own to say: « où » and « aide » say what to type.
        let what = Fixture.fr(.morsePracticeWhere)
        let token = store.state.display.token
        store.send(.timedLine("où", atMs: 0), store.said("practice", what, interrupt: true)) {
            $0.display.messageStays = true
            ReaderTestStore.remembered("practice", what, token: token + 1)(&$0)
            $0.display.queued = []
        }
        store.send(.timedLine("aide", atMs: 0), store.said("practice", what, interrupt: true),
                   state: ReaderTestStore.remembered("practice", what, token: token + 2))
        let summary = "Entraînement terminé, aucun essai."
        store.send(.timedLine("stop", atMs: 0), [.silence, .notice(code: "stop", message: "Silence.")]
                   + store.said("copy", summary)) {
            $0.exercise = nil
            $0.announcement.history.append(summary)
            $0.announcement.lastMessage = LastMessage(code: "copy", text: summary, isError: false)
            $0.display.message = summary
            $0.display.token = 4
        }
    }
}
