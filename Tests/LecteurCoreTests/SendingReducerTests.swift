// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Sending practice through the whole reader (issue 27): the level chosen from what the terminal
/// gives (and why another is missing, said), a typed pattern, tapped elements with their sidetone
/// ended by the silence timer, a held straight key judged on its ratio, and every verdict on the
/// braille display as well as in speech.
@Suite struct SendingReducerTests {
    let reader = Fixture.reader
    let k = MorseAlphabet.standard.symbol(for: "K")!

    func notices(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .notice(_, let message, _) = $0 { message } else { nil } }
    }
    func brailled(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .braille(let line) = $0 { line.text } else { nil } }
    }
    func result(_ effects: [Effect]) -> SendingResult? {
        effects.compactMap { if case .sendingAnswered(let result) = $0 { result } else { nil } }.first
    }

    /// A state in sending practice whose question is K (the seed is searched for it).
    func askingK(_ prepare: (inout ReaderState) -> Void) throws -> (ReaderState, [Effect]) {
        for seed in UInt64(1)...64 {
            var state = Fixture.loadedState()
            prepare(&state)
            // As a user starts it: the command (which takes the load message off the display),
            // then the runtime's seed.
            _ = reader.reduce(&state, .line("entraînement envoi"))
            let effects = reader.reduce(&state, .sendingReady(.koch, seed: seed, kochLevel: 2))
            if state.sending?.expected == [k] { return (state, effects) }
        }
        throw CancellationError()
    }

    @Test func aCommandAsksTheRuntimeForASeed() {
        var state = Fixture.loadedState()
        #expect(reader.reduce(&state, .line("entraînement envoi")).contains(.preparePractice(.sending(.koch))))
        #expect(reader.reduce(&state, .line("envoi libre")).contains(.preparePractice(.sending(.free))))
        #expect(reader.reduce(&state, .line("envoi écho")).contains(.preparePractice(.sending(.echo))))
    }

    @Test func aTypedPatternIsJudgedSaidBrailledAndStored() throws {
        var (state, start) = try askingK { _ in }
        // From a pipe: the pattern level, nothing said about a terminal.
        #expect(notices(start).last?.hasSuffix("Envoyez K.") == true)
        #expect(brailled(start).last?.hasSuffix("Envoyez K.") == true)
        #expect(notices(reader.reduce(&state, .line("aide"))) == [Fixture.fr(.morseSendingHowPattern)])
        let wrong = reader.reduce(&state, .timedLine("--", atMs: 0))
        let judged = try #require(result(wrong))
        #expect(judged.expected == "K" && judged.answer == "M" && judged.correct == false && judged.keyed == "--")
        #expect(judged.level == .pattern && judged.wpm == nil)
        #expect(wrong.contains(.recordAttempt(PracticeAttempt(symbolID: k.id, correct: false, answer: "--", mode: "send",
                                                              typedID: MorseAlphabet.standard.symbol(for: "M")!.id, wpm: 20))))
        let verdict = "Vous avez envoyé M (trait, trait) ; K s'envoie trait, point, trait."
        #expect(notices(wrong).first == verdict)
        #expect(brailled(wrong).last?.hasPrefix(verdict) == true)
    }

    @Test func tappedElementsSoundAtOnceAndTheSilenceEndsTheCharacter() throws {
        var (state, start) = try askingK {
            $0.onTerminal = true
            $0.settings.inputMode = .keys
            $0.keyReleases = false
            $0.settings.sendingWPM = 15
        }
        // No protocol answer: tapping, and the reason is said.
        #expect(notices(start).first?.contains("le terminal n'a pas répondu à la demande du protocole clavier kitty") == true)
        let unit = 80.0
        let first = reader.reduce(&state, .timedKey(.character("k"), atMs: 1000))
        #expect(first.contains(.sidetone(.element(.dash, durationMs: 3 * unit, settings: .default))))
        #expect(first.contains(.schedule(.sendingSilence, afterSeconds: (3 * unit + 3 * unit) / 1000)))
        // What was keyed, under the fingers (a deafblind learner does not hear the sidetone).
        #expect(brailled(first) == ["Manipulé : \u{2812}"])
        _ = reader.reduce(&state, .timedKey(.character("j"), atMs: 1000 + 4 * unit + 10))
        let third = reader.reduce(&state, .timedKey(.character("-"), atMs: 1000 + 6 * unit + 5))
        #expect(brailled(third) == ["Manipulé : \u{2812}\u{2802}\u{2812}"])
        let judged = reader.reduce(&state, .timer(.sendingSilence))
        let sent = try #require(result(judged))
        #expect(sent.correct == true && sent.keyed == "-.-" && sent.level == .tapping && sent.wpm == 15)
        #expect(sent.marksMs == [240, 80, 240])
        #expect(sent.gapsMs == [90, 75])
        #expect(notices(judged).first == "Juste : « K ». Espaces en unités : 1,0 dans les caractères.")
    }

    @Test func theLevelIsWhatTheTerminalGives() {
        var state = Fixture.loadedState()
        #expect(SendingReducer.level(state, Fixture.fr) == (.pattern, nil), "from a pipe")
        state.onTerminal = true
        #expect(SendingReducer.level(state, Fixture.fr) == (.pattern, Fixture.fr(.morseSendingLinesOnly)))
        state.settings.inputMode = .keys
        // No answer yet (a terminal that answers neither query) or the attributes alone: tapping, said why.
        #expect(SendingReducer.level(state, Fixture.fr) == (.tapping, Fixture.fr(.morseSendingNoStraightKey)))
        state.keyReleases = false
        #expect(SendingReducer.level(state, Fixture.fr) == (.tapping, Fixture.fr(.morseSendingNoStraightKey)))
        state.keyReleases = true
        #expect(SendingReducer.level(state, Fixture.fr) == (.straightKey, nil))
    }

    @Test func aHeldKeyIsTimedByItsReleaseAndAShortDahIsTold() throws {
        var (state, start) = try askingK {
            $0.onTerminal = true
            $0.settings.inputMode = .keys
            $0.keyReleases = true
        }
        #expect(notices(start).first?.contains("Manipulateur droit") == true)
        // K with dahs 2.4 dits long, at 20 WPM (60 ms a unit).
        var at = 0.0
        var effects: [Effect] = []
        for length in [144.0, 60, 144] {
            effects = reader.reduce(&state, .timedKey(.character(" "), atMs: at))
            #expect(effects.contains(.sidetone(.hold(.default))) && effects.contains(.cancelTimer(.sendingSilence)))
            effects = reader.reduce(&state, .timedKey(.released(" "), atMs: at + length))
            #expect(effects.contains(.sidetone(.release)))
            at += length + 60
        }
        #expect(effects.contains(.schedule(.sendingSilence, afterSeconds: 0.18)))
        let judged = reader.reduce(&state, .timer(.sendingSilence))
        let sent = try #require(result(judged))
        #expect(sent.correct == true && sent.level == .straightKey && sent.ratio == 2.4 && sent.wpm == 20)
        #expect(notices(judged).first?.contains("Vos traits sont courts : rapport 2,4 au lieu de 3.") == true)
        #expect(brailled(judged).last?.contains("Vos traits sont courts : rapport 2,4 au lieu de 3.") == true)
    }

    @Test func freeSendingNamesCharactersRunTogether() {
        var state = Fixture.loadedState()
        state.onTerminal = true
        state.settings.inputMode = .keys
        state.settings.sendingWPM = 15
        _ = reader.reduce(&state, .sendingReady(.free, seed: 1, kochLevel: 2))
        // K and M with one and a half units between them (a character space is three): no
        // character has `-.---`, and the widest gap inside it says where it would split.
        var at = 0.0
        for (element, gap) in [("k", 1.0), ("j", 1.0), ("k", 1.5), ("k", 1.0), ("k", 1.0)] {
            _ = reader.reduce(&state, .timedKey(.character(Character(element)), atMs: at))
            at += (element == "k" ? 240 : 80) + gap * 80
        }
        let judged = reader.reduce(&state, .timer(.sendingSilence))
        #expect(result(judged)?.answer == "?" && result(judged)?.correct == nil && result(judged)?.expected == nil)
        #expect(notices(judged).first?.contains("Sans doute K et M collés.") == true)
        #expect(state.sending != nil, "free sending goes on")
    }

    @Test func echoSoundsWithoutNamingAndJudgesWhatIsSentBack() throws {
        var state = Fixture.loadedState()
        _ = reader.reduce(&state, .line("envoi écho"))
        let start = reader.reduce(&state, .sendingReady(.echo, seed: 3, kochLevel: 4))
        let expected = try #require(state.sending?.expected)
        let text = String(expected.map(\.character))
        #expect(expected.allSatisfy { "KMUR".contains($0.character) }, "only the learnt set")
        #expect(start.contains(.playQuestion(text: text, settings: .default, question: 1)))
        // Nothing said or shown names it: the display has the question's number.
        let shown = brailled(start) + notices(start)
        #expect(shown.allSatisfy { !$0.contains("Envoyez") } && brailled(start).last?.hasSuffix("Question 1") == true)
        let answer = expected.map(\.pattern).joined(separator: " ")
        let judged = reader.reduce(&state, .timedLine(answer, atMs: 0))
        let sent = try #require(result(judged))
        #expect(sent.mode == "echo" && sent.expected == text && sent.correct == true && sent.keyed == answer)
        #expect(judged.contains { if case .playQuestion(_, _, 2) = $0 { true } else { false } }, "the next one is sounded")
    }

    @Test func theSendingSpeedIsASetting() {
        var state = Fixture.loadedState()
        let set = reader.reduce(&state, .line("régler vitesse-envoi 12"))
        #expect(set.contains(.persist([ReaderSettings.sendingWPMKey: "12"])))
        #expect(state.settings.effectiveSendingWPM == 12)
        _ = reader.reduce(&state, .line("régler vitesse-envoi écoute"))
        #expect(state.settings.sendingWPM == nil && state.settings.effectiveSendingWPM == 20)
        #expect(notices(reader.reduce(&state, .line("régler vitesse-envoi 99"))).isEmpty)
    }

    @Test func kittyKeyEventsDecode() {
        func key(_ text: String) -> KeyDecoder.Result { KeyDecoder.decode(Array(text.utf8)[...], final: true) }
        #expect(key("\u{1B}[32;1:3u") == .key(.released(" "), length: 9))
        #expect(key("\u{1B}[32;1:1u") == .key(.character(" "), length: 9))
        #expect(key("\u{1B}[32u") == .key(.character(" "), length: 5))
        #expect(key("\u{1B}[32;1:2u") == .ignored(length: 9))
        #expect(key("\u{1B}[?1u") == .keyboardProtocol(length: 5))
        #expect(key("\u{1B}[?62;22c") == .deviceAttributes(length: 9))
        #expect(key("\u{1B}[99;5u") == .key(.control("c"), length: 7))
        #expect(key("\u{1B}[13u") == .key(.enter, length: 5))
        #expect(key("\u{1B}[106;1:2u") == .key(.character("j"), length: 10))
        #expect(key("\u{1B}[1;1:2B") == .key(.down, length: 8))
        #expect(key("\u{1B}[1;1:3B") == .ignored(length: 8))
    }
}
