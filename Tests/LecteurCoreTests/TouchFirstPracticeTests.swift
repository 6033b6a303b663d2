import Testing
@testable import LecteurCore

/// Issue 37, item 3: practice by touch first. With no voice and a display, a question is its
/// pattern on the display without the learner choosing it; the question stays there until it is
/// answered (after the verdict's time it comes back alone, and a display key cannot take it
/// away); an empty line from the display (Enter, RETURN, dot 8) plays it again rather than
/// activating the focused element. Item 10's settings read back what they take.
@Suite struct TouchFirstPracticeTests {
    func durationMs(_ symbol: MorseSymbol) -> Double {
        MorseTimeline(symbol: symbol, timing: MorseSettings.default.timing, sampleRate: MorseRenderer.defaultSampleRate).durationMs
    }

    @Test func withoutAVoiceTheQuestionIsItsPatternAndStaysUntilAnswered() throws {
        var state = Fixture.loadedState()
        state.display.message = nil
        state.devices.hasVoice = false
        state.devices.hasDisplay = true
        #expect(state.settings.questionBraille == .auto, "never chosen")
        var store = ReaderTestStore(state: state)
        let reader = store.reader
        var twin = PracticeSession(mode: .koch(level: 2), progress: [:], random: SeededRandom(seed: 5))
        _ = twin.start()
        let first = try #require(twin.current)
        let question = "Question 1 " + MorseBraille.cells(first.pattern)
        let intro = "Entraînement Koch, 2 symboles : K, M. Écoutez, puis tapez le caractère entendu. "
            + "Ligne vide pour réécouter, « stop » pour finir. Encore 20 bonnes réponses pour débloquer U."
        let shown = question + " (Koch K M ; ligne vide : réécouter, stop : finir.)"
        let token = store.state.display.token
        /// `stays`: asked for the user (a replay), it stays until answered (no timer).
        func asked(_ token: Int, stays: Bool = false) -> [Effect] {
            [.morseQuestion(MorseQuestionReport(question: 1, wpm: 20, toneHz: 600)),
             .playQuestion(text: String(first.character), settings: .default, question: 1)]
                + (stays ? [] : [.schedule(.brailleMessage(token: token), afterSeconds: 4)])
        }
        store.send(.practiceSeeded(.listening(.koch(level: 2)), seed: 5), [
            .notice(code: "practice", message: intro, braille: "Koch K M ; ligne vide : réécouter, stop : finir."),
            .speak(Utterance(text: reader.navigator.spoken(intro), interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: shown, cursor: 0, kind: .message)),
        ] + asked(token + 1)) {
            $0.exercise = .listening(twin)
            $0.announcement.history.append(intro)
            $0.announcement.lastMessage = LastMessage(code: "practice", text: intro, isError: false)
            $0.display.message = shown
            $0.display.token = token + 1
        }
        #expect(!question.contains(first.character), "the pattern, never the character")

        // The message's time is up: the question comes back alone, on the first window, with no
        // time of its own; the focused element does not.
        store.send(.timer(.brailleMessage(token: token + 1)), [.braille(BrailleLine(text: question, cursor: 0, kind: .message))]) {
            $0.display.message = question
            $0.display.token = token + 2
        }
        // A display key that would take a message away leaves the question where it is.
        store.send(.displayKey(.next), [])

        // Enter (RETURN) on the display, then dot 8 alone: the question again, nothing opened.
        for (index, action) in [Action.displayKey(.activate), .brailleTyped(.dots(BrailleInputReducer.dot8), atMs: 0)].enumerated() {
            _ = twin.handle("", atMs: nil)
            store.send(action, [.braille(BrailleLine(text: question, cursor: 0, kind: .message))] + asked(token + 3 + index, stays: true)) {
                $0.exercise = .listening(twin)
                $0.display.messageStays = true
                $0.display.token = token + 3 + index
                if case .brailleTyped = action { $0.brailleInput.keyboardUsed = true }
            }
        }
        #expect(twin.replays == 2)

        // An answer begun on the display's keyboard, then abandoned (Escape): confirmed on the
        // display, the question after it as after a verdict, until a key; then the question
        // alone comes back, not the focused element.
        BrailleInputTests.type("k", &store)
        let abandoned = Fixture.fr(.brailleInputAbandoned) + " " + question
        store.send(.brailleTyped(.escape), [
            .speak(Utterance(text: Fixture.fr(.brailleInputAbandoned), interrupt: true, priority: .answer,
                              printed: Fixture.fr(.brailleInputAbandoned))),
            .braille(BrailleLine(text: abandoned, cursor: 0, kind: .message)),
        ]) {
            $0.brailleInput.purpose = nil
            $0.brailleInput.committed = ""
            $0.display.message = abandoned
            $0.display.token = token + 5
        }
        store.send(.displayKey(.next), [.braille(BrailleLine(text: question, cursor: 0, kind: .message))]) {
            $0.display.message = question
            $0.display.token = token + 6
        }
    }

    /// With a voice, `auto` is the number alone, as before; a chosen value is kept either way.
    @Test func autoFollowsTheDevicesAndAChoiceIsKept() {
        #expect(QuestionBraille.auto.resolved(touchOnly: true) == .pattern)
        #expect(QuestionBraille.auto.resolved(touchOnly: false) == .none)
        #expect(QuestionBraille.none.resolved(touchOnly: true) == .none)
        #expect(QuestionBraille.rhythm.resolved(touchOnly: true) == .rhythm)
        #expect(QuestionBraille(userValue: "auto") == .auto)
        #expect(ReaderSettings.restore { $0 == ReaderSettings.questionBrailleKey ? "none" : nil }.0.questionBraille == .none)
    }

    /// `régler farnsworth` says the range it takes (4 to 80, CW Academy's 25/4); the sending
    /// speed that follows the receiving speed says so.
    @Test func settingsSayWhatTheyTake() throws {
        var settings = ReaderSettings()
        #expect(settings.reading(.morseFarnsworth, Fixture.fr)?.range == 4...80)
        #expect(SettingReading.describe(settings.reading(.morseFarnsworth, Fixture.fr), Fixture.fr).contains("4"))
        #expect(settings.reading(.sendingWPM, Fixture.fr)?.value == "écoute (20)")
        settings.sendingWPM = 12
        #expect(settings.reading(.sendingWPM, Fixture.fr)?.value == "12")
        #expect(AnswerTime.said(1_000, Fixture.fr) == "1 seconde")
        #expect(AnswerTime.said(1_500, Fixture.fr) == "1,5 seconde")
        #expect(AnswerTime.said(2_000, Fixture.fr) == "2 secondes")
        #expect(Fixture.fr(.morseTrainerCopyIntroGroups, ["count": "1", "symbols": "K, M"]).hasPrefix("Copie de 1 groupe de cinq"))
    }
}
