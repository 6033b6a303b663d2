// SPDX-License-Identifier: GPL-3.0-or-later
/// Listening practice, while it runs (the reader's exercise is `.listening` only then, as TCA's
/// `ifLet` scopes a child to optional state). The pure `PracticeSession` decides the questions;
/// this turns its effects into what is said, sounded, shown and stored. Until a question is
/// answered, only its number reaches the transcript, the voice and the display.
struct PracticeReducer: ExerciseChild {
    typealias Session = PracticeSession<SeededRandom>
    let strings: Strings
    let alphabet: MorseAlphabet
    let tones: MorseTones

    func start(_ mode: PracticeMode, seed: UInt64, history: PracticeHistory, _ session: inout Session?,
               _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        let options = PracticeOptions(kochMedianMs: context.settings.kochMedianMs, kochOrder: context.settings.kochOrder)
        var started = PracticeSession(mode: mode, progress: context.morseProgress,
                                      random: SeededRandom(seed: seed), alphabet: alphabet, options: options, history: history)
        // Beside a screen reader nothing says when the verdict has been read: the next question
        // waits for the user (or for the pace's fixed pause), never under the screen reader.
        let pace = context.settings.practicePace
        started.holdsNext = pace.waitsForUser(besideScreenReader: context.besideScreenReader) || pace.pauseMs > 0
        started.asksAfterEcho = context.besideScreenReader
        let effects = started.start()
        session = started
        return run(effects, &session, context, &out)
    }

    func judge(_ line: String, atMs: Double?, _ session: inout Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [PracticeEffect] {
        session.handle(line, atMs: atMs, alphabet: alphabet)
    }

    func sounded(question: Int, endsAtMs: Double, askedAtMs: Double?, _ session: inout Session) {
        session.sounded(question: question, endsAtMs: endsAtMs, askedAtMs: askedAtMs)
    }

    /// The fixed pause after a verdict is over: the question held is asked.
    func release(question: Int, _ session: inout Session?, _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard var running = session else { return [] }
        let effects = running.release(question: question)
        session = running
        return run(effects, &session, context, &out)
    }

    /// Beside a screen reader: the wrong answer's Enter has been echoed, its correction is played.
    func releaseCorrection(_ session: inout Session?, _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard var running = session else { return [] }
        let effects = running.releaseCorrection()
        session = running
        return run(effects, &session, context, &out)
    }

    /// The correction's tones have been heard: its verdict is said (printed, for the screen reader).
    func correctionHeard(_ session: inout Session?, _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard var running = session else { return [] }
        let effects = running.correctionHeard()
        session = running
        return run(effects, &session, context, &out)
    }

    func whereAmI(_ session: Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        out.notice("practice.where", PracticeMessages(strings: strings).position(session.position))
    }

    func run(_ effects: [PracticeEffect], _ session: inout Session?, _ context: ExerciseContext,
             _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        // What was said for this answer stays on the display in front of the next question's
        // number, so a braille reader gets the verdict too (`Announcer.showHeld`).
        var delegates: [ExerciseReducer.Delegate] = []
        let messages = PracticeMessages(strings: strings)
        for effect in effects {
            switch effect {
            case .tell(let news):
                out.notice("practice", messages.news(news), showing: false)
            case .introduce(let introduction):
                // The display's short form rides on the event: the transcript says what a
                // braille reader was given.
                let (text, shown) = messages.introduction(introduction)
                out.notice("practice", text, showing: false, brailleForm: shown)
            case .playCorrection(let symbols):
                tones.playCorrection(String(symbols.map(\.character)), settings: context.settings.morse, &out)
            case .playSymbol(let symbol, let question):
                tones.ask(String(symbol.character), question: question, settings: context.settings.morse,
                          showing: context.questionBraille, printedWhenHeard: context.besideScreenReader, &out)
            case .holdQuestion(let question):
                // Waits for the user's Enter, or for the pace's fixed pause.
                let pace = context.settings.practicePace
                if !pace.waitsForUser(besideScreenReader: context.besideScreenReader), pace.pauseMs > 0 {
                    out.append(.schedule(.practiceNext(question: question), afterSeconds: Double(pace.pauseMs) / 1000))
                }
            case .correctAfterEcho:
                out.append(.schedule(.practiceCorrection, afterSeconds: Double(PracticePace.echoAllowanceMs) / 1000))
            case .playCorrectionThenSay(let symbols):
                tones.playCorrection(String(symbols.map(\.character)), settings: context.settings.morse, reportsHeard: true, &out)
            case .askAfterEcho(let question):
                out.append(.schedule(.practiceNext(question: question), afterSeconds: Double(PracticePace.echoAllowanceMs) / 1000))
            case .answered(let result):
                out.append(.practiceAnswered(result))
            case .recordAttempt(var attempt):
                attempt.wpm = context.settings.morse.wpm
                out.append(.recordAttempt(attempt))
                // The Morse list shows the answer at once; the runtime commits it.
                if let progress = session?.progress { delegates.append(.progressChanged(progress)) }
            case .kochLevelChanged(let level):
                out.append(.persist([PracticeMode.kochLessonStorageKey: String(KochLesson.lesson(level: level))]))
                delegates.append(.kochLevelChanged(level))
            case .ended:
                session = nil
            }
        }
        out.showHeld()
        return delegates
    }
}
