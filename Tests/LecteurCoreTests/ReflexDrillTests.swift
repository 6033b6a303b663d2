// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 37, item 6: reflex (ICR) drills, step by step with every effect. The passive drill
/// names each character after the set pause, on its own clock; the active drill counts an
/// answer right only within the set time from the tones' end, and says the median time per
/// character at the end. Nothing before the answer depends on which character it is.
@Suite struct ReflexDrillTests {
    /// The drills sound at their own character speed (`vitesse-réflexe`, 25 WPM by default).
    static let reflexSound = MorseSettings.default.atCharacterSpeed(25)

    func label(_ question: Int, _ symbol: MorseSymbol, touch: Bool) -> String {
        "Question \(question)" + (touch ? " " + MorseBraille.cells(symbol.pattern) : "")
    }

    /// No voice and a display (the setting never chosen): each question is its pattern, and
    /// after the pause the character is named, brailled with its pattern, then the next comes.
    @Test func thePassiveDrillByTouchNamesEachCharacterAfterThePause() throws {
        var state = Fixture.loadedState()
        state.display.message = nil
        state.devices.hasVoice = false
        state.devices.hasDisplay = true
        var store = ReaderTestStore(state: state)
        let reader = store.reader
        var twin = ReflexSession(mode: .passive, settings: ReflexSettings(), pool: Array(MorseAlphabet.standard.kochSymbols.prefix(2)),
                                 random: SeededRandom(seed: 5))
        twin.byTouch = true
        _ = twin.start()
        let first = try #require(twin.current)
        let intro = "Réflexes en écoute sur K, M : chaque caractère, puis 1,5 seconde pour le nommer dans votre tête, puis son nom. "
            + "Ligne vide pour réécouter, « stop » pour finir."
        // The question first, on window 1 (issue 45, item 7), the introduction after it.
        let shown = label(1, first, touch: true) + " (Réflexes K M ; écoutez, le nom suit ; stop : finir.)"
        let token = store.state.display.token
        store.send(.practiceSeeded(.reflex(.passive), seed: 5), [
            .notice(code: "reflex", message: intro, braille: "Réflexes K M ; écoutez, le nom suit ; stop : finir."),
            .speak(Utterance(text: reader.navigator.spoken(intro), interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: shown, cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 1, wpm: 25, toneHz: 600)),
            .playQuestion(text: String(first.character), settings: Self.reflexSound, question: 1),
            // By touch the clock runs from when the question is shown: the touch window.
            .schedule(.reflex(question: 1), afterSeconds: 5),
            .schedule(.brailleMessage(token: token + 1), afterSeconds: 4),
        ]) {
            $0.exercise = .reflex(twin)
            $0.announcement.history.append(intro)
            $0.announcement.lastMessage = LastMessage(code: "reflex", text: intro, isError: false)
            $0.display.message = shown
            $0.display.token = token + 1
        }

        // The tones are queued: by touch the question was perceived when shown, which is when
        // they were queued (the clock already runs); their being heard changes nothing.
        let started = twin.sounded(question: 1, endsAtMs: 10_000)
        #expect(started)
        _ = twin.heard(question: 1, atMs: 10_000)
        store.send(.questionSounded(question: 1, endsAtMs: 10_000), []) { $0.exercise = .reflex(twin) }
        store.send(.questionHeard(question: 1, atMs: 10_500), [])

        // Dot 8 alone on the display: the question again (its clock stopped, to start anew when
        // the tones are queued again), never the focused element.
        _ = twin.handle("", atMs: nil)
        let alone = label(1, first, touch: true)
        store.send(.brailleTyped(.dots(BrailleInputReducer.dot8), atMs: 0), [
            .cancelTimer(.reflex(question: 1)),
            .braille(BrailleLine(text: alone, cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 1, wpm: 25, toneHz: 600)),
            .playQuestion(text: String(first.character), settings: Self.reflexSound, question: 1),
            .schedule(.reflex(question: 1), afterSeconds: 5),
        ]) {
            $0.exercise = .reflex(twin)
            // Asked again for the user: it stays until answered.
            $0.display.message = alone
            $0.display.messageStays = true
            $0.display.token = token + 2
            $0.brailleInput.keyboardUsed = true
        }
        _ = twin.sounded(question: 1, endsAtMs: 20_000)
        _ = twin.heard(question: 1, atMs: 20_000)
        store.send(.questionSounded(question: 1, endsAtMs: 20_000), []) { $0.exercise = .reflex(twin) }
        #expect(twin.replays == 1)

        // The pause is over: the name for the ear at once; the character and its pattern, in
        // front of the next question, shown at once in place of the question asked again, which
        // stayed for an answer that is not coming (the drill moved on).
        _ = twin.clockRang(question: 1)
        let second = try #require(twin.current)
        // The next question first, the name after it in brackets; shown at once, its clock
        // running from there.
        let named = label(2, second, touch: true) + " (\(first.character) " + MorseBraille.cells(first.pattern) + ")"
        store.send(.timer(.reflex(question: 1)), [
            .notice(code: "reflex", message: String(first.character), braille: "\(first.character) " + MorseBraille.cells(first.pattern)),
            .speak(Utterance(text: reader.navigator.spoken(String(first.character)), interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: named, cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 2, wpm: 25, toneHz: 600)),
            .playQuestion(text: String(second.character), settings: Self.reflexSound, question: 2),
            .schedule(.reflex(question: 2), afterSeconds: 5),
            .schedule(.brailleMessage(token: token + 3), afterSeconds: 4),
        ]) {
            $0.exercise = .reflex(twin)
            $0.announcement.history.append(String(first.character))
            $0.announcement.lastMessage = LastMessage(code: "reflex", text: String(first.character), isError: false)
            $0.display.message = named
            $0.display.messageStays = false
            $0.display.token = token + 3
        }
        // A clock that rings for a question already named does nothing.
        store.send(.timer(.reflex(question: 1)), [])
    }

    /// Right in time, right but late, no answer at all: only the first counts; the median of
    /// the times with the right character is said at the end, and every answer is stored.
    @Test func theActiveDrillCountsOnlyAnswersInTimeAndSaysTheMedian() throws {
        var state = Fixture.loadedState()
        state.display.message = nil
        // Storage kept three answer times from earlier drills: their median is said first.
        state.practiceRecord = PracticeRecord(kept: true, reflexTimes: [900, 500, 700])
        var store = ReaderTestStore(state: state)
        let reader = store.reader
        let pool = Array(MorseAlphabet.standard.kochSymbols.prefix(2))
        var twin = ReflexSession(mode: .active, settings: ReflexSettings(), pool: pool, random: SeededRandom(seed: 7),
                                 storedMedianMs: 700)
        _ = twin.start()
        let intro = "Réflexes chronométrés sur K, M : tapez chaque caractère dès que vous le reconnaissez ; juste seulement en 1 seconde au plus. "
            + "Ligne vide pour réécouter, « stop » pour finir. Temps médian de vos dernières réponses : 0,7 seconde."
        let shown = "Question 1 (Réflexes chrono K M ; tapez vite ; stop : finir.)"
        var token = store.state.display.token
        /// `stays`: asked after the user's answer, it stays until answered (no timer).
        func asked(_ n: Int, _ symbol: MorseSymbol, _ token: Int, stays: Bool = false) -> [Effect] {
            [.morseQuestion(MorseQuestionReport(question: n, wpm: 25, toneHz: 600)),
             .playQuestion(text: String(symbol.character), settings: Self.reflexSound, question: n)]
                + (stays ? [] : [.schedule(.brailleMessage(token: token), afterSeconds: 4)])
        }
        store.send(.practiceSeeded(.reflex(.active), seed: 7), [
            .notice(code: "reflex", message: intro, braille: "Réflexes chrono K M ; tapez vite ; stop : finir."),
            .speak(Utterance(text: reader.navigator.spoken(intro), interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: shown, cursor: 0, kind: .message)),
        ] + asked(1, try #require(twin.current), token + 1)) {
            $0.exercise = .reflex(twin)
            $0.announcement.history.append(intro)
            $0.announcement.lastMessage = LastMessage(code: "reflex", text: intro, isError: false)
            $0.display.message = shown
            $0.display.token = token + 1
        }
        token += 1

        // Queued, the tones start nothing; heard at the output (n × 10 s), they start the second
        // to answer (issue 45: the clock once started when they were queued, behind speech);
        // its answer comes `after` ms later.
        func answer(_ n: Int, typing typed: (MorseSymbol) -> MorseSymbol, after: Double, correct: Bool,
                    verdict: (MorseSymbol) -> String, correction: (MorseSymbol) -> [Effect] = { _ in [] }) throws {
            let endsAt = Double(n) * 10_000
            _ = twin.sounded(question: n, endsAtMs: endsAt)
            store.send(.questionSounded(question: n, endsAtMs: endsAt), []) { $0.exercise = .reflex(twin) }
            _ = twin.heard(question: n, atMs: endsAt)
            store.send(.questionHeard(question: n, atMs: endsAt), [.schedule(.reflex(question: n), afterSeconds: 1)]) {
                $0.exercise = .reflex(twin)
            }
            let sent = try #require(twin.current)
            let line = String(typed(sent).character)
            _ = twin.handle(line, atMs: endsAt + after)
            let said = verdict(sent)
            store.send(.timedLine(line, atMs: endsAt + after), [
                .cancelTimer(.reflex(question: n)),
                .recordAttempt(PracticeAttempt(symbolID: sent.id, correct: correct, answer: line, mode: "reflex",
                                               typedID: typed(sent).id, latencyMs: Int(after), replays: 0, wpm: 25)),
                .practiceAnswered(PracticeResult(mode: "reflex", question: n, expected: String(sent.character),
                                                 answer: line, correct: correct, latencyMs: Int(after), replays: 0)),
            ] + correction(sent) + [
                .notice(code: "reflex", message: said),
                .speak(Utterance(text: reader.navigator.spoken(said), interrupt: false, priority: .answer)),
                .braille(BrailleLine(text: "Question \(n + 1) (\(said))", cursor: 0, kind: .message)),
            ] + asked(n + 1, try #require(twin.current), token + 1, stays: true)) {
                $0.exercise = .reflex(twin)
                // Kept for the next drill as storage keeps it: the right character's time
                // (in time or not) first, another character as a confusion.
                if typed(sent) == sent {
                    $0.practiceRecord.reflexTimes.insert(Int(after), at: 0)
                } else {
                    $0.practiceRecord.confusions[sent.id, default: [:]][typed(sent).id, default: 0] += 1
                }
                $0.announcement.history.append(said)
                $0.announcement.lastMessage = LastMessage(code: "reflex", text: said, isError: false)
                $0.display.message = "Question \(n + 1) (\(said))"
                $0.display.messageStays = true
                $0.display.token = token + 1
            }
            token += 1
        }
        // Question 1, right, 640 ms after the tones' end: counted.
        try answer(1, typing: { $0 }, after: 640, correct: true, verdict: { "\($0.character), 0,6 seconde." })
        // Question 2, the right character 1.4 s after: too slow, not counted, its time kept.
        try answer(2, typing: { $0 }, after: 1_400, correct: false,
                   verdict: { "\($0.character), mais en 1,4 seconde : trop lent, visez 1 seconde." })
        // Question 3, the other character, in time: wrong, and (issue 37, item 10) the right
        // character then the one typed are sounded before the verdict names them, as practice
        // does. K is -.- (9 units), M -- (7), a word space between (7): 23 units of 48 ms (25 WPM), 24 343 samples at 22 050 Hz.
        let other: (MorseSymbol) -> MorseSymbol = { $0 == pool[0] ? pool[1] : pool[0] }
        try answer(3, typing: other, after: 500, correct: false,
                   verdict: { "Faux : c'était \($0.character) ; vous avez tapé \(other($0).character)." },
                   correction: { sent in
                       let text = "\(sent.character) \(other(sent).character)"
                       return [.morse(MorseReport(text: text, pattern: "\(sent.pattern) / \(other(sent).pattern)", wpm: 25,
                                                  toneHz: 600, durationMs: Double(24_343) * 1000 / 22_050)),
                               .playCorrection(text: text, settings: Self.reflexSound)]
                   })

        // Question 4, no answer: the clock rings, the answer is given and stored as missed, and
        // shown at once in place of the last verdict and its question, which stayed for a key
        // that did not come.
        _ = twin.sounded(question: 4, endsAtMs: 40_000)
        store.send(.questionSounded(question: 4, endsAtMs: 40_000), []) { $0.exercise = .reflex(twin) }
        _ = twin.heard(question: 4, atMs: 40_000)
        store.send(.questionHeard(question: 4, atMs: 40_000), [.schedule(.reflex(question: 4), afterSeconds: 1)]) {
            $0.exercise = .reflex(twin)
        }
        let four = try #require(twin.current)
        _ = twin.clockRang(question: 4)
        let late = "Temps écoulé : c'était \(four.character)."
        store.send(.timer(.reflex(question: 4)), [
            .recordAttempt(PracticeAttempt(symbolID: four.id, correct: false, answer: "", mode: "reflex", latencyMs: nil,
                                           replays: 0, wpm: 25)),
            .practiceAnswered(PracticeResult(mode: "reflex", question: 4, expected: String(four.character), answer: "",
                                             correct: false, latencyMs: nil, replays: 0)),
            .notice(code: "reflex", message: late),
            .speak(Utterance(text: reader.navigator.spoken(late), interrupt: false, priority: .answer)),
            .morseQuestion(MorseQuestionReport(question: 5, wpm: 25, toneHz: 600)),
            .playQuestion(text: String(try #require(twin.current).character), settings: Self.reflexSound, question: 5),
            .braille(BrailleLine(text: "Question 5 (\(late))", cursor: 0, kind: .message)),
            .schedule(.brailleMessage(token: token + 1), afterSeconds: 4),
        ]) {
            $0.exercise = .reflex(twin)
            $0.announcement.history.append(late)
            $0.announcement.lastMessage = LastMessage(code: "reflex", text: late, isError: false)
            $0.display.message = "Question 5 (\(late))"
            $0.display.messageStays = false
            $0.display.token = token + 1
        }
        token += 1

        // `stop` (the user's: what waited for the display gives way): 1 of 4 in time; the median of 640 and 1 400 ms is 1 020 ms, « 1 seconde ».
        let summary = "Réflexes terminés : 1 sur 4 caractères reconnus en 1 seconde au plus. Temps médian par caractère : 1 seconde."
        store.send(.command(.stop), [
            .silence,
            .notice(code: "stop", message: "Silence."),
            .cancelTimer(.reflex(question: 5)),
            .notice(code: "reflex", message: summary),
            .speak(Utterance(text: reader.navigator.spoken(summary), interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: summary, cursor: 0, kind: .message)),
        ]) {
            $0.exercise = nil
            $0.display.queued = []
            $0.announcement.history.append(summary)
            $0.announcement.lastMessage = LastMessage(code: "reflex", text: summary, isError: false)
            // It answers `stop`: it stays until a key.
            $0.display.message = summary
            $0.display.messageStays = true
            $0.display.token = token + 1
        }
        #expect(twin.medianMs == 1_020)
    }

    /// Questions are drawn evenly whatever came before: with K and M, « the other one » is right
    /// about half the time, as guessing is.
    @Test func anAlternatingGuesserDoesNoBetterThanChance() {
        var session = ReflexSession(mode: .active, settings: ReflexSettings(), pool: Array(MorseAlphabet.standard.kochSymbols.prefix(2)),
                                    random: SeededRandom(seed: 37))
        _ = session.start()
        var previous = session.current!, hits = 0
        for _ in 0..<400 {
            _ = session.clockRang(question: session.question)
            if session.current != previous { hits += 1 }
            previous = session.current!
        }
        #expect((160...240).contains(hits), "\(hits) of 400")
    }

    /// A piped answer, read before its question was asked, is not timed (it once stored
    /// « 0 seconde » that « Progrès » then said); one typed after the question was asked but
    /// before its tones were heard is a guess, not an answer (issue 45: it scored « 0 seconde »);
    /// one typed after is timed from when they were heard.
    @Test func anAnswerTypedBeforeTheQuestionIsNotTimed() throws {
        func latency(typedAt atMs: Double) throws -> Int??? {
            var session = ReflexSession(mode: .active, settings: ReflexSettings(), pool: Array(MorseAlphabet.standard.kochSymbols.prefix(2)),
                                        random: SeededRandom(seed: 5))
            _ = session.start()
            let current = try #require(session.current)
            let waiting = session.sounded(question: 1, endsAtMs: 5_000, askedAtMs: 4_000)
            #expect(waiting)
            if atMs >= 5_000 {
                let heard = session.heard(question: 1, atMs: 5_000)
                #expect(heard)
            }
            let effects = session.handle(String(current.character), atMs: atMs)
            if effects == [.tell(.early)] { return .none }
            let recorded = effects.compactMap { if case .recordAttempt(let a) = $0 { a.latencyMs } else { nil } as Int?? }
            #expect(recorded.count == 1, "\(effects)")
            return .some(recorded.first)
        }
        #expect(try latency(typedAt: 3_999) == .some(.some(nil)))
        #expect(try latency(typedAt: 4_000) == .none, "a guess")
        #expect(try latency(typedAt: 4_900) == .none, "a guess")
        #expect(try latency(typedAt: 5_400) == .some(.some(400)))
    }

    @Test func theCommandAndItsSettings() {
        let parser = CommandParser()
        #expect(parser.parse("réflexe") == .command(.reflexDrill(.passive)))
        #expect(parser.parse("reflexe actif") == .command(.reflexDrill(.active)))
        #expect(parser.parse("reflex active") == .command(.reflexDrill(.active)))
        #expect(parser.parse("réflexe vite") == .failure(.badArgument(command: "réflexe", argument: "vite", usage: .drillsUsageReflex)))
        // Tab: the command (one name offered), then its two modes; the settings by their names.
        let completion = LineCompletion(parser: parser, strings: Fixture.fr)
        #expect(completion.complete("réfl", ReaderState()).candidates == ["réflexe"])
        #expect(completion.complete("réflexe a", ReaderState()).candidates == ["actif"])
        #expect(completion.complete("régler pause", ReaderState()).candidates == ["pause-réflexe"])
        #expect(completion.complete("régler bro", ReaderState()).candidates == ["brouillage"])

        var store = ReaderTestStore(state: Fixture.loadedState())
        let set = "Réflexes chronométrés : une réponse compte en 0,8 seconde au plus."
        store.send(.command(.set(name: "temps-réflexe", value: "0,8")),
                   [.persist([ReflexSettings.limitKey: "800"])] + store.said("setting", set, interrupt: true)) {
            $0.settings.reflex.limitMs = 800
            ReaderTestStore.remembered("setting", set, stays: true, token: 2)(&$0)
        }
        let bad = "Pause-réflexe invalide : « 9 ». Choisissez une valeur de 0,5 à 5 secondes."
        store.send(.command(.set(name: "pause-reflexe", value: "9")),
                   store.said("setting", bad, isError: true, interrupt: true, .error),
                   state: ReaderTestStore.remembered("setting", bad, isError: true, stays: true, token: 3))
        #expect(ReaderSettings().reading(.reflexPause, Fixture.fr).map { SettingReading.describe($0, Fixture.fr) } == "de 0,5 à 5")
        #expect(ReaderSettings.restore { $0 == ReflexSettings.pauseKey ? "2000" : nil }.0.reflex.pauseMs == 2_000)
        #expect(ReaderSettings.restore { $0 == ReflexSettings.pauseKey ? "99000" : nil }.0.reflex.pauseMs == 1_500)
    }

    /// The band conditions are Morse settings with French names, their ranges said in words.
    @Test func bandConditionsAreSettings() throws {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let set = "Copie : bruit à 30 % du signal dans le filtre du récepteur."
        var noisy = MorseSettings.default
        noisy = try noisy.setting(.noise, to: "30")
        store.send(.command(.set(name: "bruit", value: "30")),
                   [.persist(["morse.noise": "30"])] + store.said("setting", set, interrupt: true)) {
            $0.settings.morse = noisy
            ReaderTestStore.remembered("setting", set, stays: true, token: 2)(&$0)
        }
        let bad = "Brouillage invalide : « 90 ». Choisissez une valeur de 0 à 80 %."
        store.send(.command(.set(name: "qrm", value: "90")),
                   store.said("setting", bad, isError: true, interrupt: true, .error),
                   state: ReaderTestStore.remembered("setting", bad, isError: true, stays: true, token: 3))
        // Static (QRN) and flutter, after Morse Runner: their own settings, saved apart.
        let crackling = "Copie : parasites (QRN) à 40 %, craquements et rafales."
        var withStatic = noisy
        withStatic = try withStatic.setting(.staticNoise, to: "40")
        store.send(.command(.set(name: "qrn", value: "40")),
                   [.persist(["morse.static": "40"])] + store.said("setting", crackling, interrupt: true)) {
            $0.settings.morse = withStatic
            ReaderTestStore.remembered("setting", crackling, stays: true, token: 4)(&$0)
        }
        let flutterBad = "Flutter invalide : « 150 ». Choisissez une valeur de 0 à 100 %."
        store.send(.command(.set(name: "flutter", value: "150")),
                   store.said("setting", flutterBad, isError: true, interrupt: true, .error),
                   state: ReaderTestStore.remembered("setting", flutterBad, isError: true, stays: true, token: 5))
        #expect(try MorseSettings.default.setting("parasites", to: "30").band.staticPercent == 30)
        #expect(try MorseSettings.default.setting("flutter", to: "30").band.flutterPercent == 30)
        #expect(try MorseSettings.default.setting("fading", to: "non").band == .clear)
        #expect(try MorseSettings.default.setting("qsb", to: "60").band.fadingPercent == 60)
        // Off the air (no seed), the levels change nothing; copy practice seeds them.
        #expect(noisy.band.seed == nil && noisy.onTheAir(seed: 3).band.seed == 3)
        #expect(MorseSettings.default.onTheAir(seed: 3) == .default, "clear conditions stay off the air")
    }
}
