// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 45, items 1, 2, 3 and 7: what comes after an output waits until the user has perceived
/// it, on the channel they read. A drill's clock starts when the question's tones have been
/// played at the output (`.questionHeard`), or by touch when the question is shown; a guess typed
/// before is no answer; beside a screen reader the next practice question waits for Enter; by
/// touch the question is first on the display, what was said before it after it.
@Suite struct PerceptionPaceTests {
    let pool = Array(MorseAlphabet.standard.kochSymbols.prefix(2))

    func started(_ mode: ReflexMode, seed: UInt64, _ state: ReaderState) -> (ReaderTestStore, ReflexSession<SeededRandom>) {
        var store = ReaderTestStore(state: state)
        _ = store.reader.reduce(&store.state, .practiceSeeded(.reflex(mode), seed: seed))
        var twin = ReflexSession(mode: mode, settings: ReflexSettings(), pool: pool, random: SeededRandom(seed: seed))
        twin.byTouch = !state.devices.hasVoice && state.devices.hasDisplay
        _ = twin.start()
        return (store, twin)
    }

    func quiet() -> ReaderState {
        var state = Fixture.loadedState()
        state.display.message = nil
        return state
    }

    /// Queued behind a spoken introduction, the tones end long after they were queued: the
    /// passive pause starts when they have been played, and lasts the pause alone.
    @Test func thePassivePauseStartsWhenTheTonesAreHeard() throws {
        var (store, twin) = started(.passive, seed: 5, quiet())
        #expect(store.state.exercise == .reflex(twin))
        _ = twin.sounded(question: 1, endsAtMs: 20_000, askedAtMs: 9_000)
        store.send(.questionSounded(question: 1, endsAtMs: 20_000, askedAtMs: 9_000), []) { $0.exercise = .reflex(twin) }
        _ = twin.heard(question: 1, atMs: 20_030)
        store.send(.questionHeard(question: 1, atMs: 20_030), [.schedule(.reflex(question: 1), afterSeconds: 1.5)]) {
            $0.exercise = .reflex(twin)
        }
        // A report for a question already heard, or another one, starts nothing.
        store.send(.questionHeard(question: 1, atMs: 20_100), [])
        store.send(.questionHeard(question: 7, atMs: 20_100), [])
    }

    /// A guess typed while the tones are queued or sounding is told so and not counted; the
    /// answer window (1 s) starts when they have been heard, and the answer is timed from there.
    @Test func anActiveGuessBeforeTheTonesAreHeardIsNotAnAnswer() throws {
        var (store, twin) = started(.active, seed: 7, quiet())
        let sent = try #require(twin.current)
        let line = String(sent.character)
        _ = twin.sounded(question: 1, endsAtMs: 20_000, askedAtMs: 9_000)
        store.send(.questionSounded(question: 1, endsAtMs: 20_000, askedAtMs: 9_000), []) { $0.exercise = .reflex(twin) }

        let early = store.reader.reduce(&store.state, .timedLine(line, atMs: 15_000))
        #expect(early.notices == ["Trop tôt : attendez la fin du caractère, cette réponse ne compte pas."], "\(early)")
        #expect(!early.contains { if case .practiceAnswered = $0 { true } else { false } }, "not counted: \(early)")
        #expect(!early.contains { if case .recordAttempt = $0 { true } else { false } }, "not stored: \(early)")
        #expect(!early.contains { if case .playQuestion = $0 { true } else { false } }, "the question still waits: \(early)")
        _ = twin.handle(line, atMs: 15_000)
        #expect(store.state.exercise == .reflex(twin) && twin.asked == 0)

        _ = twin.heard(question: 1, atMs: 20_000)
        store.send(.questionHeard(question: 1, atMs: 20_000), [.schedule(.reflex(question: 1), afterSeconds: 1.0)]) {
            $0.exercise = .reflex(twin)
        }
        let answered = store.reader.reduce(&store.state, .timedLine(line, atMs: 20_400))
        let result = try #require(answered.compactMap { if case .practiceAnswered(let r) = $0 { r } else { nil } }.first)
        #expect(result.correct && result.latencyMs == 400, "\(result)")
    }

    /// With the tones queued but never reported heard (the runtime's report comes when they
    /// play), the clock has not started: nothing can time the question out before its tones.
    @Test func noTimeoutIsScheduledBeforeTheTonesAreHeard() throws {
        var (store, twin) = started(.active, seed: 3, quiet())
        _ = twin.sounded(question: 1, endsAtMs: 30_000, askedAtMs: 10_000)
        let effects = store.reader.reduce(&store.state, .questionSounded(question: 1, endsAtMs: 30_000, askedAtMs: 10_000))
        #expect(!effects.contains { if case .schedule(.reflex, _) = $0 { true } else { false } }, "\(effects)")
    }

    /// By touch (no voice, a display): each question takes the display at once, first on its
    /// line, and its clock (the touch window, 5 s) runs from there; the sound's report changes
    /// nothing; an answer counts within the touch window.
    @Test func byTouchTheQuestionIsShownAtOnceAndTimedFromThere() throws {
        var state = quiet()
        state.devices.hasVoice = false
        state.devices.hasDisplay = true
        var store = ReaderTestStore(state: state)
        let start = store.reader.reduce(&store.state, .practiceSeeded(.reflex(.active), seed: 7))
        var twin = ReflexSession(mode: .active, settings: ReflexSettings(), pool: pool, random: SeededRandom(seed: 7))
        twin.byTouch = true
        _ = twin.start()
        let first = try #require(twin.current)
        let label = "Question 1 " + MorseBraille.cells(first.pattern)
        let shown = start.compactMap { if case .braille(let line) = $0 { line.text } else { nil } }
        #expect(shown == [label + " (Réflexes chrono K M ; tapez vite ; stop : finir.)"], "question first: \(shown)")
        #expect(start.contains(.schedule(.reflex(question: 1), afterSeconds: 5)), "\(start)")

        _ = twin.sounded(question: 1, endsAtMs: 2_000, askedAtMs: 1_000)
        _ = twin.heard(question: 1, atMs: 1_000)
        store.send(.questionSounded(question: 1, endsAtMs: 2_000, askedAtMs: 1_000), []) { $0.exercise = .reflex(twin) }
        #expect(twin.heardAtMs == 1_000, "perceived when shown")
        store.send(.questionHeard(question: 1, atMs: 2_000), [])

        // Answered 3 s after it was shown: in time by touch. A message still on the display (the
        // user's own typing confirmed, say) does not hold the next question back.
        store.state.display.message = "Un message"
        store.state.display.messageStays = false
        let answered = store.reader.reduce(&store.state, .timedLine(String(first.character), atMs: 4_000))
        let result = try #require(answered.compactMap { if case .practiceAnswered(let r) = $0 { r } else { nil } }.first)
        #expect(result.correct && result.latencyMs == 3_000, "\(result)")
        _ = twin.handle(String(first.character), atMs: 4_000)
        let second = try #require(twin.current)
        let next = answered.compactMap { if case .braille(let line) = $0 { line.text } else { nil } }
        #expect(next == ["Question 2 " + MorseBraille.cells(second.pattern) + " (\(first.character), 3 secondes.)"], "\(next)")
        #expect(answered.contains(.schedule(.reflex(question: 2), afterSeconds: 5)), "\(answered)")
        #expect(store.state.display.queued.isEmpty, "nothing queued behind the clock")
    }

    /// By touch a verdict and the next question share window 1, the question first (the
    /// progress line used to push it to window 2).
    @Test func byTouchTheNextPracticeQuestionComesFirst() throws {
        var state = quiet()
        state.devices.hasVoice = false
        state.devices.hasDisplay = true
        var store = ReaderTestStore(state: state)
        let start = store.reader.reduce(&store.state, .practiceSeeded(.listening(.koch(level: 2)), seed: 5))
        var twin = PracticeSession(mode: .koch(level: 2), progress: [:], random: SeededRandom(seed: 5))
        _ = twin.start()
        let first = try #require(twin.current)
        let shown = start.compactMap { if case .braille(let line) = $0 { line.text } else { nil } }
        #expect(shown.first?.hasPrefix("Question 1 " + MorseBraille.cells(first.pattern) + " (Koch K M") == true, "\(shown)")
        let answered = store.reader.reduce(&store.state, .timedLine(String(first.character), atMs: 0))
        _ = twin.handle(String(first.character))
        let second = try #require(twin.current)
        let next = answered.compactMap { if case .braille(let line) = $0 { line.text } else { nil } }
        #expect(next.first?.hasPrefix("Question 2 " + MorseBraille.cells(second.pattern) + " (Juste") == true, "\(next)")
    }

    /// Sending practice: « Envoyez K. » comes back once its message's time is up, in place of the
    /// focused element, until it is answered (it used to go away after one pan).
    @Test func bySendingTheAskStaysUntilAnswered() throws {
        var state = quiet()
        state.devices.hasVoice = false
        state.devices.hasDisplay = true
        var store = ReaderTestStore(state: state)
        _ = store.reader.reduce(&store.state, .practiceSeeded(.sending(.koch), seed: 1))
        guard case .sending(let session)? = store.state.exercise, let asked = session.expected.first else {
            Issue.record("no sending practice")
            return
        }
        let ask = "Envoyez \(asked.character)."
        let token = store.state.display.token
        let back = store.reader.reduce(&store.state, .timer(.brailleMessage(token: token)))
        let shown = back.compactMap { if case .braille(let line) = $0 { line.text } else { nil } }
        #expect(shown == [ask], "\(shown)")
        // A display key that would take a message away brings it back too.
        let panned = store.reader.reduce(&store.state, .displayKey(.next))
        #expect(!panned.contains { if case .braille(let line) = $0 { line.kind == .focus } else { false } }, "\(panned)")
    }

    /// Beside a screen reader reading the terminal, every question waits for the user's Enter
    /// (said once, in the introduction), the first too: Orca 43 read the introduction for 21 to
    /// 30 s and question 1's tones played under it (scripts/orca-pace.sh). Enter is echoed by the
    /// screen reader (« Entrée », then the new prompt): the question is sounded after that
    /// allowance, asked, not replayed, and its printed line waits for its tones to be heard.
    @Test func besideAScreenReaderEveryQuestionWaitsForEnter() throws {
        var state = quiet()
        state.onTerminal = true
        state.beside.reader = .orca
        var store = ReaderTestStore(state: state)
        let echo = Double(PracticePace.echoAllowanceMs) / 1000
        let start = store.reader.reduce(&store.state, .practiceSeeded(.listening(.koch(level: 2)), seed: 5))
        #expect(start.notices.first?.hasSuffix("Entrée pour entendre chaque question, dès la première.") == true, "\(start.notices)")
        #expect(!start.contains { if case .playQuestion = $0 { true } else { false } }, "no tones under the introduction: \(start)")
        let enter = store.reader.reduce(&store.state, .timedLine("", atMs: 0))
        #expect(enter.contains(.schedule(.practiceNext(question: 1), afterSeconds: echo)), "\(enter)")
        #expect(!enter.contains { if case .playQuestion = $0 { true } else { false } }, "no tones under the key's echo: \(enter)")
        let first = store.reader.reduce(&store.state, .timer(.practiceNext(question: 1)))
        #expect(first.contains { if case .playQuestion(_, _, 1) = $0 { true } else { false } }, "\(first)")
        #expect(first.contains { if case .morseQuestion(let report) = $0 { report.question == 1 && !report.printed } else { false } }, "\(first)")
        #expect(!first.contains { if case .print = $0 { true } else { false } }, "printed with the tones, read over them: \(first)")
        let heard = store.reader.reduce(&store.state, .questionHeard(question: 1, atMs: 0))
        #expect(heard.contains(.print("♪ Question 1")), "\(heard)")
        guard case .listening(let session)? = store.state.exercise, let symbol = session.current else {
            Issue.record("no practice")
            return
        }
        #expect(session.replays == 0 && session.question == 1 && !session.waiting)
        let verdict = store.reader.reduce(&store.state, .timedLine(String(symbol.character), atMs: 0))
        #expect(verdict.contains { if case .practiceAnswered = $0 { true } else { false } })
        #expect(!verdict.contains { if case .playQuestion = $0 { true } else { false } }, "no tones under the screen reader: \(verdict)")
        #expect(!verdict.contains { if case .morseQuestion = $0 { true } else { false } }, "\(verdict)")
        let next = store.reader.reduce(&store.state, .timedLine("", atMs: 0))
        #expect(next.contains(.schedule(.practiceNext(question: 2), afterSeconds: echo)), "\(next)")
        let asked = store.reader.reduce(&store.state, .timer(.practiceNext(question: 2)))
        #expect(asked.contains { if case .playQuestion(_, _, 2) = $0 { true } else { false } }, "\(asked)")
        guard case .listening(let after)? = store.state.exercise else { return }
        #expect(after.replays == 0 && after.question == 2 && !after.waiting)
    }

    /// A copying session beside a screen reader: the next round waits for Enter too; a fixed
    /// pause sends it on the practice clock.
    @Test func besideAScreenReaderTheNextCopyRoundWaitsForEnter() throws {
        var state = quiet()
        state.onTerminal = true
        state.beside.reader = .orca
        var store = ReaderTestStore(state: state)
        let start = store.reader.reduce(&store.state, .practiceSeeded(.copy(.callsigns, count: 3), seed: 1))
        #expect(start.notices.first?.hasSuffix("Entrée pour entendre chaque question, dès la première.") == true, "\(start.notices)")
        #expect(!start.contains { if case .playQuestion = $0 { true } else { false } }, "\(start)")
        let echo = Double(PracticePace.echoAllowanceMs) / 1000
        #expect(store.reader.reduce(&store.state, .timedLine("", atMs: 0)).contains(.schedule(.practiceNext(question: 1), afterSeconds: echo)))
        let first = store.reader.reduce(&store.state, .timer(.practiceNext(question: 1)))
        #expect(first.contains { if case .playQuestion(_, _, 1) = $0 { true } else { false } }, "\(first)")
        let verdict = store.reader.reduce(&store.state, .timedLine("F4ABC", atMs: 0))
        #expect(verdict.contains { if case .copyResult = $0 { true } else { false } })
        #expect(!verdict.contains { if case .playQuestion = $0 { true } else { false } }, "\(verdict)")
        let held = store.reader.reduce(&store.state, .command(.whereAmI))
        #expect(!held.contains { if case .playQuestion = $0 { true } else { false } }, "\(held)")
        #expect(store.reader.reduce(&store.state, .timedLine("", atMs: 0)).contains(.schedule(.practiceNext(question: 2), afterSeconds: echo)))
        let asked = store.reader.reduce(&store.state, .timer(.practiceNext(question: 2)))
        #expect(asked.contains { if case .playQuestion(_, _, 2) = $0 { true } else { false } }, "\(asked)")

        var paused = quiet()
        paused.settings.practicePace = .pause(ms: 1_500)
        var clock = ReaderTestStore(state: paused)
        let begun = clock.reader.reduce(&clock.state, .practiceSeeded(.copy(.callsigns, count: 3), seed: 1))
        #expect(begun.contains(.schedule(.practiceNext(question: 1), afterSeconds: 1.5)), "\(begun)")
        _ = clock.reader.reduce(&clock.state, .timer(.practiceNext(question: 1)))
        let timed = clock.reader.reduce(&clock.state, .timedLine("F4ABC", atMs: 0))
        #expect(timed.contains(.schedule(.practiceNext(question: 2), afterSeconds: 1.5)), "\(timed)")
        let sent = clock.reader.reduce(&clock.state, .timer(.practiceNext(question: 2)))
        #expect(sent.contains { if case .playQuestion(_, _, 2) = $0 { true } else { false } }, "\(sent)")
    }

    /// Away from a screen reader, `auto` keeps the next question right behind the verdict (the
    /// voice's own marks pace it); a fixed pause asks it on its clock, or at Enter if sooner.
    @Test func aFixedPauseAsksTheNextQuestionOnItsClock() throws {
        var state = quiet()
        let immediate = ReaderTestStore(state: state)
        var plain = immediate
        _ = plain.reader.reduce(&plain.state, .practiceSeeded(.listening(.koch(level: 2)), seed: 5))
        guard case .listening(let running)? = plain.state.exercise, let one = running.current else { return }
        let behind = plain.reader.reduce(&plain.state, .timedLine(String(one.character), atMs: 0))
        #expect(behind.contains { if case .playQuestion(_, _, 2) = $0 { true } else { false } }, "\(behind)")

        state.settings.practicePace = .pause(ms: 2_000)
        var store = ReaderTestStore(state: state)
        // The first question too, after the introduction.
        let begun = store.reader.reduce(&store.state, .practiceSeeded(.listening(.koch(level: 2)), seed: 5))
        #expect(begun.contains(.schedule(.practiceNext(question: 1), afterSeconds: 2)), "\(begun)")
        #expect(!begun.contains { if case .playQuestion = $0 { true } else { false } })
        _ = store.reader.reduce(&store.state, .timer(.practiceNext(question: 1)))
        guard case .listening(let session)? = store.state.exercise, let first = session.current else { return }
        let verdict = store.reader.reduce(&store.state, .timedLine(String(first.character), atMs: 0))
        #expect(verdict.contains(.schedule(.practiceNext(question: 2), afterSeconds: 2)), "\(verdict)")
        #expect(!verdict.contains { if case .playQuestion = $0 { true } else { false } })
        let asked = store.reader.reduce(&store.state, .timer(.practiceNext(question: 2)))
        #expect(asked.contains { if case .playQuestion(_, _, 2) = $0 { true } else { false } }, "\(asked)")
        // The clock of a question already asked does nothing.
        #expect(store.reader.reduce(&store.state, .timer(.practiceNext(question: 2))).isEmpty)
    }

    /// `régler rythme-questions` and `régler temps-réflexe-toucher`: saved, read back, refused
    /// out of range in French.
    @Test func thePaceAndTheTouchWindowAreSettings() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let user = store.reader.reduce(&store.state, .command(.set(name: "rythme-questions", value: "entrée")))
        #expect(user.contains(.persist([PracticePace.storageKey: "user"])))
        #expect(store.state.settings.practicePace == .user)
        let pause = store.reader.reduce(&store.state, .command(.set(name: "rythme", value: "2,5")))
        #expect(pause.contains(.persist([PracticePace.storageKey: "2500"])))
        #expect(pause.notices == ["Rythme des questions : la question suivante vient 2,5 secondes après la réponse."])
        let bad = store.reader.reduce(&store.state, .command(.set(name: "rythme-questions", value: "vite")))
        #expect(bad.contains { if case .error(_, let message, _) = $0 { message.hasPrefix("Valeur inconnue « vite »") } else { false } })
        #expect(store.state.settings.practicePace == .pause(ms: 2_500))
        let touch = store.reader.reduce(&store.state, .command(.set(name: "temps-réflexe-toucher", value: "8")))
        #expect(touch.contains(.persist([ReflexSettings.touchLimitKey: "8000"])))
        #expect(store.state.settings.reflex.touchLimitMs == 8_000)
        #expect(ReaderSettings.restore { $0 == PracticePace.storageKey ? "user" : nil }.0.practicePace == .user)
        #expect(ReaderSettings.restore { $0 == PracticePace.storageKey ? "99999" : nil }.0.practicePace == .auto)
        #expect(ReaderSettings.restore { $0 == ReflexSettings.touchLimitKey ? "7000" : nil }.0.reflex.touchLimitMs == 7_000)
        #expect(ReaderSettings().reading(.reflexTouchTime, Fixture.fr)?.value == "5")
        let pace = ReaderSettings().reading(.practicePace, Fixture.fr)
        #expect(pace?.value == "auto" && pace?.choices == ["auto", "entrée", "de 0 à 30 secondes"], "\(String(describing: pace))")
    }
}
