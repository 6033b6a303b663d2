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

    /// The seed whose first question is K at Koch level 2 (searched in the session the reducer runs).
    static let seedAskingK: UInt64 = (UInt64(1)...64).first { seed in
        var session = twin(.koch, seed: seed, wpm: 20)
        _ = session.start(level: .pattern, note: nil)
        return session.expected == [MorseAlphabet.standard.symbol(for: "K")!]
    }!

    /// The session the reducer runs, driven beside it: its state is the reader's `sending`.
    static func twin(_ mode: SendingMode, seed: UInt64, kochLevel: Int = 2, wpm: Int) -> SendingSession<SeededRandom> {
        let alphabet = MorseAlphabet.standard
        return SendingSession(mode: mode, learnt: Array(alphabet.kochSymbols.prefix(kochLevel)), wpm: wpm, strings: Fixture.fr,
                              random: SeededRandom(seed: seed), alphabet: alphabet)
    }

    func says(_ effects: [SendingEffect]) -> [String] {
        effects.compactMap { if case .say(let text) = $0 { text } else { nil } }
    }
    func result(_ effects: [SendingEffect]) -> SendingResult? {
        effects.compactMap { if case .answered(let result) = $0 { result } else { nil } }.first
    }
    func attempt(_ effects: [SendingEffect]) -> PracticeAttempt? {
        effects.compactMap { if case .record(let attempt) = $0 { attempt } else { nil } }.first
    }

    /// The session's words as the reader says and shows them: each said (the first cutting
    /// speech when it answers a command), then all of them together on the display at once.
    func said(_ texts: [String], interrupt: Bool = false, token: Int) -> [Effect] {
        texts.enumerated().flatMap { index, text in
            [Effect.notice(code: "sending", message: text), .speak(Utterance(text: text, interrupt: interrupt && index == 0, priority: .answer))]
        } + [.braille(BrailleLine(text: texts.joined(separator: " "), cursor: 0, kind: .message)),
             .schedule(.brailleMessage(token: token), afterSeconds: 4)]
    }
    static func remembered(_ texts: [String], token: Int) -> (inout ReaderState) -> Void {
        { state in
            state.announcement.history += texts
            state.announcement.lastMessage = LastMessage(code: "sending", text: texts.last!, isError: false)
            state.display.message = texts.joined(separator: " ")
            state.display.token = token
        }
    }
    /// A reader in sending practice as a user starts it: the command (which takes the load
    /// message off the display and asks the runtime for a seed).
    func commanded(_ line: String = "entraînement envoi", _ mode: SendingMode = .koch,
                   _ prepare: (inout ReaderState) -> Void = { _ in }) -> ReaderTestStore {
        var store = ReaderTestStore(state: Fixture.loadedState())
        prepare(&store.state)
        store.send(.timedLine(line, atMs: 0), [.preparePractice(.sending(mode, kochLevel: 2))]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        return store
    }

    /// The runtime's seed starts the session: its words said (cutting speech: they answer the
    /// command) and shown, the session in the state.
    func ready(_ store: inout ReaderTestStore, _ twin: inout SendingSession<SeededRandom>, level: KeyingLevel, note: String?,
               sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let texts = says(twin.start(level: level, note: note))
        let session = twin
        store.send(.sendingReady(.koch, seed: Self.seedAskingK, kochLevel: 2), said(texts, interrupt: true, token: 2),
                   sourceLocation: sourceLocation) {
            $0.exercise = .sending(session)
            $0.announcement.answerPending = false
            Self.remembered(texts, token: 2)(&$0)
        }
        return texts
    }

    /// A key of the tapping or straight-key level, keyed on the twin too: what it sounds, what
    /// was keyed so far on the display, and the silence that will end the character.
    func tap(_ store: inout ReaderTestStore, _ twin: inout SendingSession<SeededRandom>, _ key: Key, atMs: Double,
             _ expected: [Effect], sourceLocation: SourceLocation = #_sourceLocation) {
        twin.key(SendingReducer.event(for: key, atMs: atMs)!)
        let session = twin
        var effects = expected
        let token = store.state.display.token + 1
        if case .down = SendingReducer.event(for: key, atMs: atMs)! {
            store.send(.timedKey(key, atMs: atMs), effects, sourceLocation: sourceLocation) { $0.exercise = .sending(session) }
            return
        }
        // What was keyed so far, under the fingers (a deafblind learner does not hear the sidetone).
        effects.append(.braille(BrailleLine(text: "Manipulé : " + session.keyedCells, cursor: 0, kind: .message)))
        if let deadline = session.silenceDeadlineMs { effects.append(.schedule(.sendingSilence, afterSeconds: max(0, deadline - atMs) / 1000)) }
        effects.append(.schedule(.brailleMessage(token: token), afterSeconds: 4))
        store.send(.timedKey(key, atMs: atMs), effects, sourceLocation: sourceLocation) {
            $0.exercise = .sending(session)
            $0.display.message = "Manipulé : " + session.keyedCells
            $0.display.token = token
        }
    }

    @Test func aCommandAsksTheRuntimeForASeed() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.timedLine("entraînement envoi", atMs: 0), [.preparePractice(.sending(.koch, kochLevel: 2))]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        store.send(.timedLine("envoi libre", atMs: 0), [.preparePractice(.sending(.free, kochLevel: 2))])
        store.send(.timedLine("envoi écho", atMs: 0), [.preparePractice(.sending(.echo, kochLevel: 2))])
    }

    @Test func aTypedPatternIsJudgedSaidBrailledAndStored() throws {
        var store = commanded()
        var twin = Self.twin(.koch, seed: Self.seedAskingK, wpm: 20)
        // From a pipe: the pattern level, nothing said about a terminal.
        let start = ready(&store, &twin, level: .pattern, note: nil)
        #expect(start.count == 2 && start.last == "Envoyez K.")
        #expect(store.state.exercise?.sendingSession?.expected == [k])
        let how = Fixture.fr(.morseSendingHowPattern)
        store.send(.timedLine("aide", atMs: 0), store.said("sending.help", how, interrupt: true),
                   state: { ReaderTestStore.remembered("sending.help", how, token: 3)(&$0); $0.display.messageStays = true })
        let wrong = twin.line("--")
        let judged = try #require(result(wrong))
        #expect(judged.expected == "K" && judged.answer == "M" && judged.correct == false && judged.keyed == "--")
        #expect(judged.level == .pattern && judged.wpm == nil)
        let verdict = "Vous avez envoyé M (trait, trait) ; K s'envoie trait, point, trait."
        #expect(says(wrong) == [verdict, "Envoyez M."])
        let session = twin
        store.send(.timedLine("--", atMs: 0), [
            .cancelTimer(.sendingSilence), .sendingAnswered(judged),
            .recordAttempt(PracticeAttempt(symbolID: k.id, correct: false, answer: "--", mode: "send",
                                           typedID: MorseAlphabet.standard.symbol(for: "M")!.id, wpm: 20)),
        ] + said([verdict, "Envoyez M."], token: 4)) {
            $0.display.messageStays = false
            $0.exercise = .sending(session)
            Self.remembered([verdict, "Envoyez M."], token: 4)(&$0)
        }
    }

    @Test func tappedElementsSoundAtOnceAndTheSilenceEndsTheCharacter() throws {
        var store = commanded {
            $0.onTerminal = true
            $0.settings.inputMode = .keys
            $0.devices.keyReleases = false
            $0.settings.sendingWPM = 15
        }
        var twin = Self.twin(.koch, seed: Self.seedAskingK, wpm: 15)
        // No protocol answer: tapping, and the reason is said.
        let start = ready(&store, &twin, level: .tapping, note: Fixture.fr(.morseSendingNoStraightKey))
        #expect(start.first?.contains("le terminal n'a pas répondu à la demande du protocole clavier kitty") == true)
        let unit = 80.0
        // The first element cuts what was being said and sounds at once; the silence that ends
        // the character is timed from its end.
        tap(&store, &twin, .character("k"), atMs: 1000, [.silence, .sidetone(.element(.dash, durationMs: 3 * unit, settings: .default))])
        #expect(store.state.display.message == "Manipulé : \u{2812}")
        #expect(twin.silenceDeadlineMs.map { ($0 - 1000) / 1000 } == (3 * unit + 3 * unit) / 1000)
        tap(&store, &twin, .character("j"), atMs: 1000 + 4 * unit + 10, [.sidetone(.element(.dot, durationMs: unit, settings: .default))])
        tap(&store, &twin, .character("-"), atMs: 1000 + 6 * unit + 5, [.sidetone(.element(.dash, durationMs: 3 * unit, settings: .default))])
        #expect(store.state.display.message == "Manipulé : \u{2812}\u{2802}\u{2812}")
        let judged = twin.silence()
        let sent = try #require(result(judged))
        #expect(sent.correct == true && sent.keyed == "-.-" && sent.level == .tapping && sent.wpm == 15)
        #expect(sent.marksMs == [240, 80, 240])
        #expect(sent.gapsMs == [90, 75])
        let verdict = "Juste : « K ». Espaces en unités : 1,0 dans les caractères."
        let next = says(judged)
        #expect(next.first == verdict)
        let session = twin
        store.send(.timer(.sendingSilence), [.sendingAnswered(sent), .recordAttempt(try #require(attempt(judged)))]
                   + said(next, token: 6)) {
            $0.exercise = .sending(session)
            Self.remembered(next, token: 6)(&$0)
        }
    }
    @Test func theLevelIsWhatTheTerminalGives() {
        var state = Fixture.loadedState()
        #expect(SendingReducer.level(ExerciseContext(state), Fixture.fr) == (.pattern, nil), "from a pipe")
        state.onTerminal = true
        #expect(SendingReducer.level(ExerciseContext(state), Fixture.fr) == (.pattern, Fixture.fr(.morseSendingLinesOnly)))
        state.settings.inputMode = .keys
        // No answer yet (a terminal that answers neither query) or the attributes alone: tapping, said why.
        #expect(SendingReducer.level(ExerciseContext(state), Fixture.fr) == (.tapping, Fixture.fr(.morseSendingNoStraightKey)))
        state.devices.keyReleases = false
        #expect(SendingReducer.level(ExerciseContext(state), Fixture.fr) == (.tapping, Fixture.fr(.morseSendingNoStraightKey)))
        state.devices.keyReleases = true
        #expect(SendingReducer.level(ExerciseContext(state), Fixture.fr) == (.straightKey, nil))
    }

    @Test func aHeldKeyIsTimedByItsReleaseAndItsRatioSaid() throws {
        var store = commanded {
            $0.onTerminal = true
            $0.settings.inputMode = .keys
            $0.devices.keyReleases = true
        }
        var twin = Self.twin(.koch, seed: Self.seedAskingK, wpm: 20)
        let start = ready(&store, &twin, level: .straightKey, note: nil)
        #expect(start.first?.contains("Manipulateur droit") == true)
        // K with dahs 2.4 dits long, at 20 WPM (60 ms a unit): each press cuts speech, stops the
        // silence timer and holds the sidetone; each release ends it and times the silence.
        var at = 0.0
        for length in [144.0, 60, 144] {
            tap(&store, &twin, .character(" "), atMs: at, [.silence, .cancelTimer(.sendingSilence), .sidetone(.hold(.default))])
            tap(&store, &twin, .released(" "), atMs: at + length, [.sidetone(.release)])
            at += length + 60
        }
        #expect(twin.silenceDeadlineMs.map { ($0 - (at - 60)) / 1000 } == 0.18)
        let judged = twin.silence()
        let sent = try #require(result(judged))
        #expect(sent.correct == true && sent.level == .straightKey && sent.ratio == 2.4 && sent.wpm == 20)
        let next = says(judged)
        // The first character is the warm-up: the ratio is said, the fault not yet (told once
        // most of the recent characters show it: SendingHandTests).
        #expect(next.first?.contains("Rapport trait sur point 2,4.") == true, "\(next)")
        #expect(next.first?.contains("Vos traits sont courts") == false)
        let session = twin
        store.send(.timer(.sendingSilence), [.sendingAnswered(sent), .recordAttempt(try #require(attempt(judged)))]
                   + said(next, token: 6)) {
            $0.exercise = .sending(session)
            Self.remembered(next, token: 6)(&$0)
        }
    }

    @Test func freeSendingNamesCharactersRunTogether() throws {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.state.onTerminal = true
        store.state.settings.inputMode = .keys
        store.state.settings.sendingWPM = 15
        var twin = Self.twin(.free, seed: 1, wpm: 15)
        let intro = says(twin.start(level: .tapping, note: Fixture.fr(.morseSendingNoStraightKey)))
        #expect(intro.count == 1 && intro[0].hasPrefix("Envoi libre : "))
        // No command before it here: said without cutting speech, on the display at once.
        let started = twin
        store.send(.sendingReady(.free, seed: 1, kochLevel: 2), said(intro, token: 2)) {
            $0.exercise = .sending(started)
            Self.remembered(intro, token: 2)(&$0)
        }
        // K and M with one and a half units between them (a character space is three): no
        // character has `-.---`, and the widest gap inside it says where it would split.
        var at = 0.0
        for (index, (element, gap)) in [("k", 1.0), ("j", 1.0), ("k", 1.5), ("k", 1.0), ("k", 1.0)].enumerated() {
            let dash = element == "k"
            let tone = Effect.sidetone(.element(dash ? .dash : .dot, durationMs: dash ? 240 : 80, settings: .default))
            tap(&store, &twin, .character(Character(element)), atMs: at, index == 0 ? [.silence, tone] : [tone])
            at += (dash ? 240 : 80) + gap * 80
        }
        let judged = twin.silence()
        let sent = try #require(result(judged))
        #expect(sent.answer == "?" && sent.correct == nil && sent.expected == nil)
        #expect(attempt(judged) == nil, "nothing to store: no character was asked")
        let words = says(judged)
        #expect(words.first?.contains("Sans doute K et M collés.") == true)
        let session = twin
        store.send(.timer(.sendingSilence), [.sendingAnswered(sent)] + said(words, token: 8)) {
            $0.exercise = .sending(session)
            Self.remembered(words, token: 8)(&$0)
        }
        #expect(store.state.exercise?.sendingSession != nil, "free sending goes on")
    }

    @Test func echoSoundsWithoutNamingAndJudgesWhatIsSentBack() throws {
        var store = commanded("envoi écho", .echo)
        var twin = Self.twin(.echo, seed: 3, kochLevel: 4, wpm: 20)
        let start = twin.start(level: .pattern, note: nil)
        let expected = try #require(twin.expected as [MorseSymbol]?)
        let text = String(expected.map(\.character))
        #expect(expected.allSatisfy { "KMUR".contains($0.character) }, "only the learnt set")
        #expect(start.last == .sound(text, question: 1))
        let intro = says(start)
        // Nothing said or shown names it: the display has the question's number.
        #expect(intro.count == 1 && !intro[0].contains("Envoyez"))
        let started = twin
        store.send(.sendingReady(.echo, seed: 3, kochLevel: 4), [
            .notice(code: "sending", message: intro[0]), .speak(Utterance(text: intro[0], interrupt: true, priority: .answer)),
            .braille(BrailleLine(text: intro[0] + " Question 1", cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 1, wpm: 20, toneHz: 600)),
            .playQuestion(text: text, settings: .default, question: 1),
            .schedule(.brailleMessage(token: 2), afterSeconds: 4),
        ]) {
            $0.exercise = .sending(started)
            $0.announcement.answerPending = false
            Self.remembered(intro, token: 2)(&$0)
            $0.display.message = intro[0] + " Question 1"
        }
        let answer = expected.map(\.pattern).joined(separator: " ")
        let judged = twin.line(answer)
        let sent = try #require(result(judged))
        #expect(sent.mode == "echo" && sent.expected == text && sent.correct == true && sent.keyed == answer)
        let verdict = try #require(says(judged).first)
        // The next one is sounded.
        guard case .sound(let next, question: 2)? = judged.last else { Issue.record("no second question"); return }
        let session = twin
        store.send(.timedLine(answer, atMs: 0), [
            .cancelTimer(.sendingSilence), .sendingAnswered(sent), .recordAttempt(try #require(attempt(judged))),
            .notice(code: "sending", message: verdict), .speak(Utterance(text: verdict, interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: verdict + " Question 2", cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 2, wpm: 20, toneHz: 600)),
            .playQuestion(text: next, settings: .default, question: 2),
            .schedule(.brailleMessage(token: 3), afterSeconds: 4),
        ]) {
            $0.exercise = .sending(session)
            Self.remembered([verdict], token: 3)(&$0)
            $0.display.message = verdict + " Question 2"
        }
    }

    @Test func theSendingSpeedIsASetting() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        // Each answer stays on the display until a key: no timer is asked for.
        let twelve = "Vitesse d'envoi : 12 mots par minute."
        store.send(.timedLine("régler vitesse-envoi 12", atMs: 0),
                   [.persist([ReaderSettings.sendingWPMKey: "12"])] + store.said("setting", twelve, interrupt: true)) {
            $0.settings.sendingWPM = 12
            ReaderTestStore.remembered("setting", twelve, token: 2)(&$0)
            $0.display.messageStays = true
        }
        #expect(store.state.settings.effectiveSendingWPM == 12)
        let listening = "Vitesse d'envoi : celle de l'écoute, 20 mots par minute."
        store.send(.timedLine("régler vitesse-envoi écoute", atMs: 0),
                   [.persist([ReaderSettings.sendingWPMKey: "0"])] + store.said("setting", listening, interrupt: true)) {
            $0.settings.sendingWPM = nil
            ReaderTestStore.remembered("setting", listening, token: 3)(&$0)
        }
        #expect(store.state.settings.effectiveSendingWPM == 20)
        // Out of range: refused, nothing saved.
        let refused = "Vitesse d'envoi « 99 » impossible : un nombre de 5 à 60, ou « écoute »."
        store.send(.timedLine("régler vitesse-envoi 99", atMs: 0),
                   store.said("setting", refused, isError: true, interrupt: true, .error),
                   state: ReaderTestStore.remembered("setting", refused, isError: true, token: 4))
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
