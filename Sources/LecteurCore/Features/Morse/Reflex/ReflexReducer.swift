// SPDX-License-Identifier: GPL-3.0-or-later
/// A reflex drill, while it runs (the reader's exercise is `.reflex`): the pure `ReflexSession`
/// decides; this says, shows, sounds, stores and keeps the question's clock (`TimerID.reflex`).
/// Until a question is answered or named, only its number reaches the transcript, the voice and
/// the display, and its clock does not depend on which character it is in the active drill.
struct ReflexReducer: ExerciseChild {
    typealias Session = ReflexSession<SeededRandom>
    let strings: Strings
    let alphabet: MorseAlphabet
    let tones: MorseTones

    func start(_ mode: ReflexMode, seed: UInt64, kochLevel: Int, storedTimes: [Int], _ session: inout Session?, _ context: ExerciseContext,
               _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        let pool = Array(alphabet.kochSymbols.prefix(max(PracticeMode.kochStartLevel, kochLevel)))
        var started = ReflexSession(mode: mode, settings: context.settings.reflex, pool: pool,
                                    random: SeededRandom(seed: seed), storedMedianMs: AnswerTime.median(storedTimes))
        started.byTouch = context.byTouch
        let effects = started.start()
        session = started
        return run(effects, &session, context, &out)
    }

    func judge(_ line: String, atMs: Double?, _ session: inout Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ReflexEffect] {
        session.handle(line, atMs: atMs, alphabet: alphabet)
    }

    /// The tones are queued: when they will end, as the runtime counted (the answer's time
    /// falls back on it). The clock does not start here but when they are heard (`heard`): what
    /// was still queued ahead of them (a spoken introduction, a correction) would eat the pause.
    /// By touch the question was perceived as it was shown, which is when it was queued.
    func sounded(question: Int, endsAtMs: Double, askedAtMs: Double?, _ session: inout Session, _ context: ExerciseContext,
                 _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        guard session.sounded(question: question, endsAtMs: endsAtMs, askedAtMs: askedAtMs) else { return }
        if context.byTouch { _ = session.heard(question: question, atMs: askedAtMs ?? endsAtMs) }
    }

    /// The question's tones have been played at the output: the pause (passive) or the time to
    /// answer (active) starts now. By touch the clock started when the question was shown.
    func heard(question: Int, atMs: Double, _ session: inout Session, _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        guard !context.byTouch, session.heard(question: question, atMs: atMs) else { return }
        let waitMs = session.mode == .passive ? session.settings.pauseMs : session.settings.limitMs
        out.append(.schedule(.reflex(question: question), afterSeconds: Double(waitMs) / 1000))
    }

    func clockRang(question: Int, _ session: inout Session?, _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard var running = session else { return [] }
        let effects = running.clockRang(question: question)
        session = running
        return run(effects, &session, context, &out)
    }

    func whereAmI(_ session: Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        out.notice("reflex.where", ReflexMessages(strings: strings).position(session))
    }

    func help(_ session: Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        out.notice("reflex.where", strings(session.mode == .passive ? .drillsReflexHelpPassive : .drillsReflexHelpActive))
    }

    func run(_ effects: [ReflexEffect], _ session: inout Session?, _ context: ExerciseContext,
             _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        // What was said stays on the display in front of the next question's number
        // (`Announcer.showHeld`), in the form each announcement gives the display. The session
        // is read as it is after these steps (its counts for the summary).
        let messages = ReflexMessages(strings: strings)
        let decided = session
        for effect in effects {
            switch effect {
            case .introduce:
                guard let decided else { break }
                let (text, shown) = messages.introduction(decided)
                out.notice("reflex", text, showing: false, brailleForm: shown)
            case .tell(let news):
                guard let decided else { break }
                out.notice("reflex", messages.news(news, decided), showing: false)
            case .reveal(let symbol):
                // The name for the ear, the character and its pattern for the fingers.
                let name = symbol.spokenName(strings)
                let shown = String(symbol.character) + " " + MorseBraille.cells(alphabet.encode(String(symbol.character)))
                out.notice("reflex", name, readPunctuation: false, showing: false, brailleForm: shown)
            case .ask(let symbol, let question):
                // By touch the question takes the display at once (what is held goes after it)
                // and its clock runs from there: a timed drill never queues behind its clock.
                // The drills' own character speed (`vitesse-réflexe`, 25 WPM), not the copy speed.
                tones.ask(String(symbol.character), question: question, settings: context.settings.reflexMorse,
                          showing: context.questionBraille, now: context.byTouch, &out)
                if context.byTouch, let decided {
                    out.append(.schedule(.reflex(question: question), afterSeconds: Double(decided.settings.touchLimitMs) / 1000))
                }
            case .playCorrection(let symbols):
                // Practice's own path: the tones, then the verdict names them.
                tones.playCorrection(String(symbols.map(\.character)), settings: context.settings.reflexMorse, &out)
            case .cancelClock(let question):
                out.append(.cancelTimer(.reflex(question: question)))
            case .answered(let result):
                out.append(.practiceAnswered(result))
            case .recordAttempt(var attempt):
                attempt.wpm = context.settings.reflexMorse.wpm
                // Stored like practice answers (mode `reflex`): the time per character is kept.
                out.append(.recordAttempt(attempt))
            case .ended:
                session = nil
            }
        }
        out.showHeld()
        return []
    }
}

extension ReflexSession: ExerciseSession {}

extension ReaderSettings {
    /// Morse as the reflex drills sound it: at their own character speed.
    var reflexMorse: MorseSettings { morse.atCharacterSpeed(reflex.wpm) }
}
