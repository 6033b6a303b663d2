import Testing
@testable import LecteurCore

/// The practice child of the reader, step by step with every effect (issue 26): a question
/// shows and sounds only its number; the answer brings the truth, the time to answer counted
/// from the tones' end, the stored attempt and, at the end of a window kept from an earlier
/// session, the next Koch symbol.
@Suite struct PracticeReducerTests {
    let timing = MorseSettings.default.timing

    func durationMs(_ symbol: MorseSymbol) -> Double {
        MorseTimeline(symbol: symbol, timing: timing, sampleRate: MorseRenderer.defaultSampleRate).durationMs
    }

    @Test func aKochQuestionGivesNothingAwayAndItsAnswerIsTimedAndUnlocks() throws {
        var store = ReaderTestStore(state: Fixture.loadedState())
        // The command that asked for practice took the load's message off the display.
        store.state.display.message = nil
        let reader = store.reader
        // Nineteen right answers stored by an earlier session: one more unlocks U.
        let history = PracticeHistory(kochWindow: Array(repeating: RecentAnswer(correct: true, latencyMs: 700), count: 19))
        store.state.practiceRecord = PracticeRecord(kept: true, kochWindows: [2: history.kochWindow])
        var twin = PracticeSession(mode: .koch(level: 2), progress: [:], random: SeededRandom(seed: 5),
                                   history: history)
        _ = twin.start()
        let first = try #require(twin.current)
        let intro = "Entraînement Koch, 2 symboles : K, M. Écoutez, puis tapez le caractère entendu. "
            + "Ligne vide pour réécouter, « stop » pour finir. Encore 1 bonne réponse pour débloquer U."
        let token = store.state.display.token
        store.send(.practiceSeeded(.listening(.koch(level: 2)), seed: 5), [
            .notice(code: "practice", message: intro, braille: "Koch K M ; ligne vide : réécouter, stop : finir."),
            .speak(Utterance(text: reader.navigator.spoken(intro), interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: "Question 1 (Koch K M ; ligne vide : réécouter, stop : finir.)", cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 1, wpm: 20, toneHz: 600)),
            .playQuestion(text: String(first.character), settings: .default, question: 1),
            .schedule(.brailleMessage(token: token + 1), afterSeconds: 4),
        ]) {
            $0.exercise = .listening(twin)
            $0.announcement.history.append(intro)
            $0.announcement.lastMessage = LastMessage(code: "practice", text: intro, isError: false)
            $0.display.message = "Question 1 (Koch K M ; ligne vide : réécouter, stop : finir.)"
            $0.display.token = token + 1
        }

        // The runtime reports when the tones end; the answer comes 850 ms later.
        twin.sounded(question: 1, endsAtMs: 10_000)
        store.send(.questionSounded(question: 1, endsAtMs: 10_000), []) { $0.exercise = .listening(twin) }

        _ = twin.handle(String(first.character), atMs: 10_850)
        let verdict = "Juste : \(first.character). Nouveau symbole : U, point, point, trait."
        let u = try #require(MorseAlphabet.standard.symbol(for: "U"))
        store.send(.timedLine(String(first.character), atMs: 10_850), [
            .recordAttempt(PracticeAttempt(symbolID: first.id, correct: true, answer: String(first.character), mode: "koch",
                                           typedID: first.id, latencyMs: 850, replays: 0, wpm: 20, kochLevel: 2)),
            .practiceAnswered(PracticeResult(mode: "koch", question: 1, expected: String(first.character),
                                             answer: String(first.character), correct: true, latencyMs: 850, replays: 0)),
            .persist([PracticeMode.kochLessonStorageKey: "2"]),
            .notice(code: "practice", message: verdict),
            .speak(Utterance(text: reader.navigator.spoken(verdict), interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: "Question 2 (" + verdict + ")", cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 2, wpm: 20, toneHz: 600)),
            .playQuestion(text: "U", settings: .default, question: 2),
        ]) {
            $0.exercise = .listening(twin)
            $0.morseProgress = twin.progress
            // The answer recorded is kept in level 2's window: 19 earlier and this one.
            $0.practiceRecord.kochWindows[2] = history.kochWindow + [RecentAnswer(correct: true, latencyMs: 850)]
            $0.settings.kochLevel = 3
            $0.announcement.history.append(verdict)
            $0.announcement.lastMessage = LastMessage(code: "practice", text: verdict, isError: false)
            // The verdict answers the user, the question waits for its answer: until a key.
            $0.display.message = "Question 2 (" + verdict + ")"
            $0.display.messageStays = true
            $0.display.token = token + 2
        }
        #expect(twin.kochLevel == 3 && twin.current == u)
    }

    /// A replay plays the same question again, its number only, and is counted in the answer.
    @Test func aReplayIsTheSameQuestionAgain() throws {
        var twin = PracticeSession(mode: .koch(level: 2), progress: [:], random: SeededRandom(seed: 9))
        _ = twin.start()
        var practising = Fixture.loadedState()
        practising.exercise = .listening(twin)
        var store = ReaderTestStore(state: practising)
        let asked = try #require(twin.current)
        _ = twin.handle("")
        let token = store.state.display.token
        store.send(.timedLine("", atMs: 0), [
            .braille(BrailleLine(text: "Question 1", cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 1, wpm: 20, toneHz: 600)),
            .playQuestion(text: String(asked.character), settings: .default, question: 1),
        ]) {
            $0.exercise = .listening(twin)
            // Asked again for the user: it stays until answered.
            $0.display.message = "Question 1"
            $0.display.messageStays = true
            $0.display.token = token + 1
        }
        #expect(twin.replays == 1)

        // By touch: the display shows the pattern after the number, never the character.
        var byTouch = store.state
        byTouch.settings.questionBraille = .pattern
        store = ReaderTestStore(state: byTouch)
        _ = twin.handle("")
        let touched = "Question 1 " + MorseBraille.cells(asked.pattern)
        #expect(!touched.contains(asked.character))
        store.send(.timedLine("", atMs: 0), [
            .braille(BrailleLine(text: touched, cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 1, wpm: 20, toneHz: 600)),
            .playQuestion(text: String(asked.character), settings: .default, question: 1),
        ]) {
            $0.exercise = .listening(twin)
            $0.display.message = touched
            $0.display.token = token + 2
        }
    }

    /// `régler koch N` is LCWO's lesson N; `régler koch-temps` sets or lifts the time condition.
    @Test func kochLessonAndTimeSettings() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let lesson = "Leçon Koch 3 : K, M, U, R ; elle vaut dès le prochain entraînement."
        let token = store.state.display.token
        store.send(.command(.set(name: "koch", value: "3")), [
            .persist([PracticeMode.kochLessonStorageKey: "3"]),
            .notice(code: "setting", message: lesson),
            .speak(Utterance(text: store.reader.navigator.spoken(lesson), interrupt: true, priority: .answer)),
            .braille(BrailleLine(text: lesson, cursor: 0, kind: .message)),
        ]) {
            $0.display.messageStays = true
            $0.settings.kochLevel = 4
            $0.announcement.history.append(lesson)
            $0.announcement.lastMessage = LastMessage(code: "setting", text: lesson, isError: false)
            $0.display.message = lesson
            $0.display.token = token + 1
        }
        let time = "Pour débloquer un symbole, il faudra aussi un temps de réponse médian de 1,5 seconde au plus."
        store.send(.command(.set(name: "koch-temps", value: "1,5")), [
            .persist([ReaderSettings.kochTimeKey: "1500"]),
            .notice(code: "setting", message: time),
            .speak(Utterance(text: store.reader.navigator.spoken(time), interrupt: true, priority: .answer)),
            .braille(BrailleLine(text: time, cursor: 0, kind: .message)),
        ]) {
            $0.settings.kochMedianMs = 1500
            $0.announcement.history.append(time)
            $0.announcement.lastMessage = LastMessage(code: "setting", text: time, isError: false)
            $0.display.message = time
            $0.display.token = token + 2
        }
        let bad = "Koch invalide : « 99 ». Choisissez une valeur de 1 à 40."
        store.send(.command(.set(name: "koch", value: "99")),
                   store.said("setting", bad, isError: true, interrupt: true, .error),
                   state: ReaderTestStore.remembered("setting", bad, isError: true, token: token + 3))
    }
}
