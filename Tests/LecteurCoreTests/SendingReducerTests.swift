// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Sending practice through the whole reader (issue 27): the level chosen from what the terminal
/// gives (and why another is missing, said), a typed pattern, tapped elements with their sidetone
/// ended by the silence timer, a held straight key judged on its ratio, and every verdict on the
/// braille display as well as in speech.
@Suite struct SendingReducerTests {
    let reader = Fixture.reader

    /// The seed whose first question is K at Koch level 2, written here (each test hears
    /// « Envoyez K. » with it, as a literal).
    static let seedAskingK: UInt64 = 3

    /// The session the reducer runs, driven beside it. Only the reader's `sending` state is
    /// compared to it (its decoder and random source have no literal form): everything the
    /// session says, shows, judges and stores is written out in each test, so a session that
    /// words, times or judges wrongly fails there even though the twin shares its fault.
    static func twin(_ mode: SendingMode, seed: UInt64, kochLevel: Int = 2, wpm: Int) -> SendingSession<SeededRandom> {
        let alphabet = MorseAlphabet.standard
        return SendingSession(mode: mode, learnt: Array(alphabet.kochSymbols.prefix(kochLevel)), wpm: wpm, random: SeededRandom(seed: seed))
    }

    func says(_ effects: [SendingEffect]) -> [String] {
        let messages = SendingMessages(strings: Fixture.fr)
        return effects.compactMap { if case .tell(let news) = $0 { messages.news(news) } else { nil } }
    }
    func result(_ effects: [SendingEffect]) -> SendingResult? {
        effects.compactMap { if case .answered(let result) = $0 { result } else { nil } }.first
    }
    func attempt(_ effects: [SendingEffect]) -> PracticeAttempt? {
        effects.compactMap { if case .record(let attempt) = $0 { attempt } else { nil } }.first
    }

    /// The session's words as the reader says and shows them: each said (the first cutting
    /// speech when it answers a command), then all of them together on the display at once.
    /// The session starts (`action`, the runtime's `.practiceSeeded`): its texts said, the first
    /// cutting what was said before, and remembered.
    func ready(_ store: inout ReaderTestStore, _ action: Action, _ twin: SendingSession<SeededRandom>, _ texts: [String],
               sourceLocation: SourceLocation = #_sourceLocation) {
        // It answers the user's command: it stays until a key.
        store.receive(action, said(texts, interrupt: true, token: 2, stays: true), sourceLocation: sourceLocation) {
            $0.exercise = .sending(twin)
            $0.announcement.answerPending = false
            Self.remembered(texts, token: 2, stays: true)(&$0)
        }
    }

    /// `stays`: the line answers the user (their command, their sending) and stays until a key;
    /// else it flashes.
    func said(_ texts: [String], interrupt: Bool = false, token: Int, stays: Bool = false) -> [Effect] {
        texts.enumerated().flatMap { index, text in
            [Effect.notice(code: "sending", message: text), .speak(Utterance(text: text, interrupt: interrupt && index == 0, priority: .answer))]
        } + [.braille(BrailleLine(text: Self.shown(texts), cursor: 0, kind: .message))]
          + (stays ? [] : [.schedule(.brailleMessage(token: token), afterSeconds: 4)])
    }
    /// The display's line: the question asked last (« Envoyez K. ») first, what was said before
    /// it after it in brackets (issue 45, item 7).
    static func shown(_ texts: [String]) -> String {
        guard let last = texts.last, last.hasPrefix("Envoyez "), texts.count > 1 else { return texts.joined(separator: " ") }
        return last + " (" + texts.dropLast().joined(separator: " ") + ")"
    }
    static func remembered(_ texts: [String], token: Int, stays: Bool = false) -> (inout ReaderState) -> Void {
        { state in
            state.announcement.history += texts
            state.announcement.lastMessage = LastMessage(code: "sending", text: texts.last!, isError: false)
            state.display.message = shown(texts)
            state.display.token = token
            state.display.messageStays = stays
        }
    }
    /// A reader in sending practice as a user starts it: the command (which takes the load
    /// message off the display and asks the runtime for a seed).
    func commanded(_ line: String = "entraînement envoi", _ mode: SendingMode = .koch,
                   _ prepare: (inout ReaderState) -> Void = { _ in }) -> ReaderTestStore {
        var store = ReaderTestStore(state: Fixture.loadedState())
        prepare(&store.state)
        store.send(.timedLine(line, atMs: 0), [.preparePractice(.sending(mode))]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        return store
    }

    /// The runtime's seed starts the session: its words (`texts`, written out) said, cutting
    /// speech as they answer the command, and shown; the session in the state.
    func ready(_ store: inout ReaderTestStore, _ twin: inout SendingSession<SeededRandom>, level: KeyingLevel, note: String?,
               _ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        _ = twin.start(level: level, note: note)
        let session = twin
        // It answers the user's command: it stays until a key.
        store.receive(.practiceSeeded(.sending(.koch), seed: Self.seedAskingK), said(texts, interrupt: true, token: 2, stays: true),
                   sourceLocation: sourceLocation) {
            $0.exercise = .sending(session)
            $0.announcement.answerPending = false
            Self.remembered(texts, token: 2, stays: true)(&$0)
        }
    }

    /// A key of the tapping or straight-key level, keyed on the twin too: what it sounds, then,
    /// once the element is keyed, what was keyed so far on the display (`shown`, written out: a
    /// deafblind learner does not hear the sidetone) and the silence that will end the character
    /// (`silence` seconds from now, written out; nil while a key is held).
    func tap(_ store: inout ReaderTestStore, _ twin: inout SendingSession<SeededRandom>, _ key: Key, atMs: Double,
             _ expected: [Effect], shown: String? = nil, silence: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        twin.key(SendingReducer.event(for: key, atMs: atMs)!)
        let session = twin
        var effects = expected
        let token = store.state.display.token + 1
        guard let shown else {
            store.send(.timedKey(key, atMs: atMs), effects, sourceLocation: sourceLocation) { $0.exercise = .sending(session) }
            return
        }
        effects.append(.braille(BrailleLine(text: shown, cursor: 0, kind: .message)))
        if let silence { effects.append(.schedule(.sendingSilence, afterSeconds: silence)) }
        effects.append(.schedule(.brailleMessage(token: token), afterSeconds: 4))
        store.send(.timedKey(key, atMs: atMs), effects, sourceLocation: sourceLocation) {
            $0.exercise = .sending(session)
            $0.display.message = shown
            $0.display.token = token
            // Progress: it flashes, in place of what stayed.
            $0.display.messageStays = false
        }
    }

    static let patternHow = "Entraînement à l'envoi sur les symboles appris, K, M ; je nomme un caractère, vous l'envoyez. "
        + "Tapez le motif puis Entrée : point pour un point, tiret ou souligné pour un trait, une espace entre les caractères, "
        + "par exemple « -.- » pour K."
    static let noStraightKey = "Pas de manipulateur droit : le terminal n'a pas répondu à la demande du protocole clavier kitty, "
        + "il ne signale donc pas quand une touche est relâchée."
    static let tappingHow = "Tapotez : j ou point pour un point, k ou tiret pour un trait ; un silence de trois unités finit "
        + "le caractère. « : » puis un motif marche aussi ; « : stop » pour finir."

    @Test func aCommandAsksTheRuntimeForASeed() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.timedLine("entraînement envoi", atMs: 0), [.preparePractice(.sending(.koch))]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        store.send(.timedLine("envoi libre", atMs: 0), [.preparePractice(.sending(.free))])
        store.send(.timedLine("envoi écho", atMs: 0), [.preparePractice(.sending(.echo))])
        // The requests are the point; what each seed starts is tested below.
        store.leaveUnanswered([.preparePractice(.sending(.koch)), .preparePractice(.sending(.free)),
                               .preparePractice(.sending(.echo))])
    }

    @Test func aTypedPatternIsJudgedSaidBrailledAndStored() throws {
        var store = commanded()
        var twin = Self.twin(.koch, seed: Self.seedAskingK, wpm: 20)
        // From a pipe: the pattern level, nothing said about a terminal.
        ready(&store, &twin, level: .pattern, note: nil, [Self.patternHow, "Envoyez K."])
        #expect(store.state.exercise?.sendingSession?.expected.map(\.pattern) == ["-.-"])
        let how = Fixture.fr(.morseSendingHowPattern)
        store.send(.timedLine("aide", atMs: 0), store.said("sending.help", how, interrupt: true),
                   state: { ReaderTestStore.remembered("sending.help", how, token: 3)(&$0); $0.display.messageStays = true })
        _ = twin.line("--")
        let judged = SendingResult(mode: "send", question: 1, expected: "K", answer: "M", correct: false, keyed: "--",
                                   level: .pattern, wpm: nil, ratio: nil, marksMs: [], gapsMs: [])
        let verdict = "Vous avez envoyé M (trait, trait) ; K s'envoie trait, point, trait."
        let session = twin
        store.send(.timedLine("--", atMs: 0), [
            .cancelTimer(.sendingSilence), .sendingAnswered(judged),
            // K is 4B and M 4D (their code points in hexadecimal, as the progress stores them).
            .recordAttempt(PracticeAttempt(symbolID: "4B", correct: false, answer: "--", mode: "send", typedID: "4D", wpm: 20)),
        ] + said([verdict, "Envoyez M."], token: 4, stays: true)) {
            $0.exercise = .sending(session)
            Self.remembered([verdict, "Envoyez M."], token: 4, stays: true)(&$0)
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
        ready(&store, &twin, level: .tapping, note: Fixture.fr(.morseSendingNoStraightKey), [
            "Entraînement à l'envoi sur les symboles appris, K, M ; je nomme un caractère, vous l'envoyez. "
                + Self.tappingHow + " " + Self.noStraightKey,
            "Envoyez K.",
        ])
        // At 15 words a minute a unit is 80 ms. The first element cuts what was being said and
        // sounds at once; the silence that ends the character (three units) is timed from the
        // end of the element: a dash of 240 ms keyed at 1 000 ms, ended at 1 480 ms, 0.48 s on.
        tap(&store, &twin, .character("k"), atMs: 1000, [.silence, .sidetone(.element(.dash, durationMs: 240, settings: .default))],
            shown: "Manipulé : \u{2812}", silence: 0.48)
        tap(&store, &twin, .character("j"), atMs: 1330, [.sidetone(.element(.dot, durationMs: 80, settings: .default))],
            shown: "Manipulé : \u{2812}\u{2802}", silence: 0.32)
        tap(&store, &twin, .character("-"), atMs: 1485, [.sidetone(.element(.dash, durationMs: 240, settings: .default))],
            shown: "Manipulé : \u{2812}\u{2802}\u{2812}", silence: 0.48)
        _ = twin.silence()
        // The gaps: 1 330 − 1 240 = 90 ms, 1 485 − 1 410 = 75 ms.
        let sent = SendingResult(mode: "send", question: 1, expected: "K", answer: "K", correct: true, keyed: "-.-",
                                 level: .tapping, wpm: 15, ratio: nil, marksMs: [240, 80, 240], gapsMs: [90, 75])
        let next = ["Juste : « K ». Espaces en unités : 1,0 dans les caractères.", "Envoyez M."]
        let session = twin
        store.send(.timer(.sendingSilence), [.sendingAnswered(sent),
                                             .recordAttempt(PracticeAttempt(symbolID: "4B", correct: true, answer: "-.-", mode: "send",
                                                                            typedID: "4B", wpm: 15))]
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
        ready(&store, &twin, level: .straightKey, note: nil, [
            "Entraînement à l'envoi sur les symboles appris, K, M ; je nomme un caractère, vous l'envoyez. Manipulateur droit : "
                + "tenez la barre d'espace enfoncée le temps du point ou du trait ; j et k tapotent aussi. « : stop » pour finir.",
            "Envoyez K.",
        ])
        // K with dahs 2.4 dits long, at 20 WPM (60 ms a unit): each press cuts speech, stops the
        // silence timer and holds the sidetone; each release ends it, shows what was keyed and
        // times the silence that ends the character from the release.
        let shown = ["Manipulé : \u{2812}", "Manipulé : \u{2812}\u{2802}", "Manipulé : \u{2812}\u{2802}\u{2812}"]
        // Before the decoder has learnt the hand, the unit is at least the shortest mark so far:
        // three of the first dash's 144 ms (0.432 s), then three of the dot's 60 ms (0.18 s).
        let silences = [0.432, 0.18, 0.18]
        var at = 0.0
        for (index, length) in [144.0, 60, 144].enumerated() {
            tap(&store, &twin, .character(" "), atMs: at, [.silence, .cancelTimer(.sendingSilence), .sidetone(.hold(.default))])
            tap(&store, &twin, .released(" "), atMs: at + length, [.sidetone(.release)], shown: shown[index], silence: silences[index])
            at += length + 60
        }
        _ = twin.silence()
        let sent = SendingResult(mode: "send", question: 1, expected: "K", answer: "K", correct: true, keyed: "-.-",
                                 level: .straightKey, wpm: 20, ratio: 2.4, marksMs: [144, 60, 144], gapsMs: [60, 60])
        // The first character is the warm-up: the ratio is said, the fault (« Vos traits sont
        // courts ») not yet: told once most of the recent characters show it (SendingHandTests).
        let next = ["Juste : « K ». 20 mots par minute. Rapport trait sur point 2,4. Espaces en unités : 1,0 dans les caractères.",
                    "Envoyez M."]
        let session = twin
        store.send(.timer(.sendingSilence), [.sendingAnswered(sent),
                                             .recordAttempt(PracticeAttempt(symbolID: "4B", correct: true, answer: "-.-", mode: "send",
                                                                            typedID: "4B", wpm: 20))]
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
        _ = twin.start(level: .tapping, note: Fixture.fr(.morseSendingNoStraightKey))
        let intro = ["Envoi libre : ce que vous manipulez est décodé et lu, mot par mot. " + Self.tappingHow + " " + Self.noStraightKey]
        // No command before it here: said without cutting speech, on the display at once.
        let started = twin
        store.send(.practiceSeeded(.sending(.free), seed: 1), said(intro, token: 2)) {
            $0.exercise = .sending(started)
            Self.remembered(intro, token: 2)(&$0)
        }
        // Free sending ends after a word space, seven units (560 ms at 15 words a minute), from
        // the end of each element: 0.8 s after a dash starts, 0.64 s after a dot.
        let dash = Effect.sidetone(.element(.dash, durationMs: 240, settings: .default))
        let dot = Effect.sidetone(.element(.dot, durationMs: 80, settings: .default))
        // K and M with one and a half units between them (a character space is three): no
        // character has `-.---`, and the widest gap inside it says where it would split.
        for (key, at, tone, shown, silence) in [("k", 0.0, dash, "\u{2812}", 0.8), ("j", 320, dot, "\u{2812}\u{2802}", 0.64),
                                                 ("k", 480, dash, "\u{2812}\u{2802}\u{2812}", 0.8),
                                                 ("k", 840, dash, "\u{2812}\u{2802}\u{2812}\u{2812}", 0.8),
                                                 ("k", 1160, dash, "\u{2812}\u{2802}\u{2812}\u{2812}\u{2812}", 0.8)] {
            tap(&store, &twin, .character(Character(key)), atMs: at, at == 0 ? [.silence, tone] : [tone],
                shown: "Manipulé : " + shown, silence: silence)
        }
        let judged = twin.silence()
        #expect(attempt(judged) == nil, "nothing to store: no character was asked")
        let sent = SendingResult(mode: "free", question: 0, expected: nil, answer: "?", correct: nil, keyed: "-.---",
                                 level: .tapping, wpm: 15, ratio: nil, marksMs: [240, 80, 240, 240, 240], gapsMs: [80, 80, 120, 80])
        let words = ["Lu : « trait, point, trait, trait, trait ». Sans doute K et M collés. Espaces en unités : 1,1 dans les caractères."]
        let session = twin
        store.send(.timer(.sendingSilence), [.sendingAnswered(sent)] + said(words, token: 8)) {
            $0.exercise = .sending(session)
            Self.remembered(words, token: 8)(&$0)
        }
        #expect(store.state.exercise?.sendingSession != nil, "free sending goes on")
    }

    @Test func echoSoundsWithoutNamingAndJudgesWhatIsSentBack() throws {
        // Lesson 3: four symbols learnt.
        var store = commanded("envoi écho", .echo) { $0.settings.kochLevel = 4 }
        var twin = Self.twin(.echo, seed: 3, kochLevel: 4, wpm: 20)
        _ = twin.start(level: .pattern, note: nil)
        // Seed 3 sounds U (of the learnt K, M, U, R); nothing said or shown names it: the
        // display has the question's number.
        let text = "U"
        let intro = ["Écho sur les symboles appris, K, M, U, R ; j'envoie un caractère ou un groupe, vous le renvoyez. Tapez le motif "
                     + "puis Entrée : point pour un point, tiret ou souligné pour un trait, une espace entre les caractères, "
                     + "par exemple « -.- » pour K."]
        let started = twin
        store.receive(.practiceSeeded(.sending(.echo), seed: 3), [
            .notice(code: "sending", message: intro[0]), .speak(Utterance(text: intro[0], interrupt: true, priority: .answer)),
            .braille(BrailleLine(text: "Question 1 (" + intro[0] + ")", cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 1, wpm: 20, toneHz: 600)),
            .playQuestion(text: text, settings: .default, question: 1),
        ]) {
            $0.exercise = .sending(started)
            $0.announcement.answerPending = false
            Self.remembered(intro, token: 2, stays: true)(&$0)
            $0.display.message = "Question 1 (" + intro[0] + ")"
        }
        let answer = "..-"
        _ = twin.line(answer)
        let sent = SendingResult(mode: "echo", question: 1, expected: "U", answer: "U", correct: true, keyed: "..-",
                                 level: .pattern, wpm: nil, ratio: nil, marksMs: [], gapsMs: [])
        let verdict = "Juste : « U »."
        // The next one is sounded: K.
        let next = "K"
        let session = twin
        store.send(.timedLine(answer, atMs: 0), [
            .cancelTimer(.sendingSilence), .sendingAnswered(sent),
            // U is 55 (its code point in hexadecimal, as the progress stores it).
            .recordAttempt(PracticeAttempt(symbolID: "55", correct: true, answer: "..-", mode: "echo", typedID: "55", wpm: 20)),
            .notice(code: "sending", message: verdict), .speak(Utterance(text: verdict, interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: "Question 2 (" + verdict + ")", cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 2, wpm: 20, toneHz: 600)),
            .playQuestion(text: next, settings: .default, question: 2),
        ]) {
            $0.exercise = .sending(session)
            Self.remembered([verdict], token: 3, stays: true)(&$0)
            $0.display.message = "Question 2 (" + verdict + ")"
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
        let refused = "Vitesse-envoi invalide : « 99 ». Choisissez une valeur de 5 à 80 mots par minute (« écoute » : la vitesse d'écoute)."
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
