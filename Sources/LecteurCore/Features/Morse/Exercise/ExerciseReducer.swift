// SPDX-License-Identifier: GPL-3.0-or-later
/// What the reader asks of the exercise slice.
enum ExerciseAction {
    /// The runtime's seed came back: the exercise starts (after the one running, if any, stops).
    case start(ExerciseStart)
    /// Asked of whichever exercise runs.
    case running(ExerciseRequest)
    /// Listening practice: the question's tones end at `endsAtMs` (monotonic).
    case sounded(question: Int, endsAtMs: Double, askedAtMs: Double? = nil)
    /// Reflex drill: question N's tones have been played at the output (`Action.questionHeard`).
    case heard(question: Int, atMs: Double)
    /// Sending practice: a key that keys Morse.
    case key(Key, atMs: Double)
    /// Sending practice: the silence after the last mark has ended the character.
    case silence
    /// Sending with paddles: the keyer's clock rang at `atMs`.
    case keyerClock(atMs: Double)
    /// Reflex drill: question N's clock rang.
    case reflexClock(question: Int)
    /// Listening practice or copying: the fixed pause after a verdict is over, question (round) N is asked.
    case practiceNext(question: Int)
    /// Beside a screen reader: the wrong answer's Enter has been echoed, its correction now.
    case practiceCorrection
    /// That correction's tones have been heard: its verdict now.
    case correctionHeard
}

enum ExerciseStart {
    case listening(PracticeMode, seed: UInt64, history: PracticeHistory)
    /// `text`: the copies of the user's own text, for `.text`; `language`: a QSO's, nil for the
    /// interface's.
    case copying(CopyKind, count: Int, seed: UInt64, kochLevel: Int, text: [String] = [], language: QSOLanguage? = nil)
    case sending(SendingMode, seed: UInt64, kochLevel: Int)
    case reflex(ReflexMode, seed: UInt64, kochLevel: Int, storedTimes: [Int])
}

/// The shape the three exercises share (`ExerciseChild`).
enum ExerciseRequest {
    case answer(String, atMs: Double?)
    case stop
    case whereAmI
    case help
}

/// The root's scope over the running exercise, as TCA's `ifLet` over an enum of children: each
/// child gets only its own session (nil once it has ended) and the context as values; what it
/// says comes back in a `ChildOutput`, what must change elsewhere as `ExerciseReducer.Delegate`s.
struct ExerciseReducer: Sendable {
    let listening: PracticeReducer
    let copying: CopyReducer
    let sending: SendingReducer
    let reflex: ReflexReducer

    init(strings: Strings, alphabet: MorseAlphabet, tones: MorseTones, qsoMaterial: QSOMaterialSource = [:]) {
        reflex = ReflexReducer(strings: strings, alphabet: alphabet, tones: tones)
        listening = PracticeReducer(strings: strings, alphabet: alphabet, tones: tones)
        copying = CopyReducer(strings: strings, alphabet: alphabet, tones: tones, qsoMaterial: qsoMaterial)
        sending = SendingReducer(strings: strings, alphabet: alphabet, tones: tones)
    }

    /// The exercise's one entry: its slice and its context in; what it says, sounds and asks of
    /// the rest out, as a value (issue 47).
    func reduce(_ action: ExerciseAction, _ exercise: inout Exercise?, _ context: ExerciseContext) -> ChildOutput<Delegate> {
        var out = ChildOutput<Delegate>()
        let delegates = step(action, &exercise, context, &out)
        out.delegates += delegates
        return out
    }

    private func step(_ action: ExerciseAction, _ exercise: inout Exercise?, _ context: ExerciseContext,
                      _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        switch action {
        case .start(let start):
            return self.start(start, &exercise, context, &out)
        case .running(let request):
            return running(request, &exercise, context, &out)
        case .sounded(let question, let endsAtMs, let askedAtMs):
            if case .reflex(var session)? = exercise {
                reflex.sounded(question: question, endsAtMs: endsAtMs, askedAtMs: askedAtMs, &session, context, &out)
                exercise = .reflex(session)
                return []
            }
            guard case .listening(var session)? = exercise else { return [] }
            listening.sounded(question: question, endsAtMs: endsAtMs, askedAtMs: askedAtMs, &session)
            exercise = .listening(session)
        case .heard(let question, let atMs):
            // Beside a screen reader a question's line is printed once its tones are heard
            // (`MorseTones.ask`'s `printedWhenHeard`): printed with them, Orca read it over them.
            if context.besideScreenReader {
                switch exercise {
                case .listening(let session)? where session.question == question:
                    listening.tones.printHeard(question: question, settings: context.settings.morse, &out)
                case .copying(let session)? where session.round == question:
                    copying.tones.printHeard(question: question, settings: context.settings.morse, &out)
                default: break
                }
            }
            guard case .reflex(var session)? = exercise else { return [] }
            reflex.heard(question: question, atMs: atMs, &session, context, &out)
            exercise = .reflex(session)
        case .practiceCorrection, .correctionHeard:
            guard case .listening(let session)? = exercise else { return [] }
            var slice: PracticeSession<SeededRandom>? = session
            defer { exercise = slice.map(Exercise.listening) }
            if case .practiceCorrection = action { return listening.releaseCorrection(&slice, context, &out) }
            return listening.correctionHeard(&slice, context, &out)
        case .practiceNext(let question):
            switch exercise {
            case .listening(let session)?:
                var slice: PracticeSession<SeededRandom>? = session
                defer { exercise = slice.map(Exercise.listening) }
                return listening.release(question: question, &slice, context, &out)
            case .copying(let session)?:
                var slice: CopySession<SeededRandom>? = session
                defer { exercise = slice.map(Exercise.copying) }
                return copying.release(round: question, &slice, context, &out)
            case .sending?, .reflex?, nil:
                return []
            }
        case .reflexClock(let question):
            guard case .reflex(let session)? = exercise else { return [] }
            var slice: ReflexSession<SeededRandom>? = session
            defer { exercise = slice.map(Exercise.reflex) }
            return reflex.clockRang(question: question, &slice, context, &out)
        case .key(let key, let atMs):
            guard case .sending(let session)? = exercise else { return [] }
            var slice: SendingSession<SeededRandom>? = session
            defer { exercise = slice.map(Exercise.sending) }
            return sending.key(key, atMs: atMs, &slice, context, &out)
        case .silence:
            guard case .sending(let session)? = exercise else { return [] }
            var slice: SendingSession<SeededRandom>? = session
            defer { exercise = slice.map(Exercise.sending) }
            return sending.silence(&slice, context, &out)
        case .keyerClock(let atMs):
            guard case .sending(let session)? = exercise else { return [] }
            var slice: SendingSession<SeededRandom>? = session
            defer { exercise = slice.map(Exercise.sending) }
            return sending.clock(atMs: atMs, &slice, context, &out)
        }
        return []
    }

    /// Whether `key` keys Morse: sending practice runs and nothing else waits for a key.
    func takes(_ key: Key, _ exercise: Exercise?, _ context: ExerciseContext) -> Bool {
        guard case .sending(let session)? = exercise else { return false }
        return sending.takes(key, session, context)
    }

    /// The line of the question waiting for its answer, as the display shows it (« Question 3
    /// ⠒⠂⠒ »): it stays until answered, and comes back after any other message. Sending practice's
    /// is « Envoyez M. » (or the tones' question) until keying begins: then the keyed pattern.
    func waitingQuestion(_ exercise: Exercise?, _ context: ExerciseContext) -> String? {
        let tones = listening.tones
        switch exercise {
        case .listening(let session)?:
            // A question held after a verdict has not been asked yet: nothing of it is shown.
            guard session.isActive, !session.waiting, let symbol = session.current else { return nil }
            return tones.questionLabel(String(symbol.character), question: session.question, settings: context.settings.morse,
                                       showing: context.questionBraille)
        case .copying(let session)?:
            guard session.isActive, !session.waiting, let sent = session.sent else { return nil }
            return tones.questionLabel(sent, question: session.round, settings: session.settings, showing: context.questionBraille)
        case .reflex(let session)?:
            guard session.isActive, let symbol = session.current else { return nil }
            return tones.questionLabel(String(symbol.character), question: session.question, settings: context.settings.morse,
                                       showing: context.questionBraille)
        case .sending(let session)?:
            // « Envoyez M. » stays until answered (it went away after one pan); once keying has
            // begun, the keyed pattern is the display's.
            guard session.isActive, session.marks.isEmpty, !session.expected.isEmpty else { return nil }
            switch session.mode {
            case .koch:
                return SendingMessages(strings: sending.strings, alphabet: sending.alphabet).news(.ask(session.expected))
            case .echo:
                return tones.questionLabel(session.expected.map { String($0.character) }.joined(), question: session.question,
                                           settings: context.settings.morse, showing: context.questionBraille)
            case .free:
                return nil
            }
        case nil:
            return nil
        }
    }

    /// Whether an empty line (typed, dot 8 or Enter on the display) is the exercise's: it plays
    /// the question again rather than activating the focused element.
    func waitsForALine(_ exercise: Exercise?) -> Bool {
        switch exercise {
        case .listening?, .copying?, .reflex?: true
        case .sending?, nil: false
        }
    }

    /// One exercise at a time: the one running ends as `stop` ends it (its summary said and
    /// shown, its timer cancelled), then the new one starts.
    private func start(_ start: ExerciseStart, _ exercise: inout Exercise?, _ context: ExerciseContext,
                       _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        var delegates = running(.stop, &exercise, context, &out)
        switch start {
        case .listening(let mode, let seed, let history):
            var session: PracticeSession<SeededRandom>?
            delegates += listening.start(mode, seed: seed, history: history, &session, context, &out)
            exercise = session.map(Exercise.listening)
        case .copying(let kind, let count, let seed, let kochLevel, let text, let language):
            var session: CopySession<SeededRandom>?
            delegates += copying.start(kind, count: count, seed: seed, kochLevel: kochLevel, text: text, language: language,
                                       &session, context, &out)
            exercise = session.map(Exercise.copying)
        case .sending(let mode, let seed, let kochLevel):
            var session: SendingSession<SeededRandom>?
            delegates += sending.start(mode, seed: seed, kochLevel: kochLevel, &session, context, &out)
            exercise = session.map(Exercise.sending)
        case .reflex(let mode, let seed, let kochLevel, let storedTimes):
            var session: ReflexSession<SeededRandom>?
            delegates += reflex.start(mode, seed: seed, kochLevel: kochLevel, storedTimes: storedTimes, &session, context, &out)
            exercise = session.map(Exercise.reflex)
        }
        return delegates
    }

    private func running(_ request: ExerciseRequest, _ exercise: inout Exercise?, _ context: ExerciseContext,
                         _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        switch exercise {
        case .listening(let session)?: scope(listening, session, Exercise.listening, request, &exercise, context, &out)
        case .copying(let session)?: scope(copying, session, Exercise.copying, request, &exercise, context, &out)
        case .sending(let session)?: scope(sending, session, Exercise.sending, request, &exercise, context, &out)
        case .reflex(let session)?: scope(reflex, session, Exercise.reflex, request, &exercise, context, &out)
        case nil: []
        }
    }

    private func scope<Child: ExerciseChild>(_ child: Child, _ session: Child.Session, _ embed: (Child.Session) -> Exercise,
                                             _ request: ExerciseRequest, _ exercise: inout Exercise?,
                                             _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        var slice: Child.Session? = session
        defer { exercise = slice.map(embed) }
        switch request {
        case .answer(let line, let atMs): return child.answer(line, atMs: atMs, &slice, context, &out)
        case .stop: return child.stop(&slice, context, &out)
        case .whereAmI: child.whereAmI(session, &out)
        case .help: child.help(session, &out)
        }
        return []
    }
}
