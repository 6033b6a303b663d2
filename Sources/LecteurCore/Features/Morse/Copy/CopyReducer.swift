// SPDX-License-Identifier: GPL-3.0-or-later
/// A copying session, while it runs (the reader's exercise is `.copying`): the pure
/// `CopySession` decides what is sent and how a copy scores; this says, shows, sounds and
/// reports it. Until a copy is typed, only the sending's number reaches the transcript, the voice
/// and the display.
struct CopyReducer: ExerciseChild {
    typealias Session = CopySession<SeededRandom>
    let strings: Strings
    let alphabet: MorseAlphabet
    let tones: MorseTones
    /// Each QSO language's material; a language missing (a reader built without it) copies the
    /// interface's.
    let qsoMaterial: QSOMaterialSource

    func start(_ kind: CopyKind, count: Int, seed: UInt64, kochLevel: Int, text: [String], language: QSOLanguage?,
               _ session: inout Session?,
               _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        let learnt = Array(context.settings.kochOrder.symbols(alphabet).prefix(max(PracticeMode.kochStartLevel, kochLevel)))
        let words = strings(.morseTrainerWords).split(separator: " ").map(String.init)
        // The band conditions set (noise, another station, fading) go on the air with this
        // session's seed; each sending draws its own from it (`.send`).
        var started = CopySession(kind: kind, count: count, learnt: learnt, words: words,
                                  settings: context.settings.morse.onTheAir(seed: seed),
                                  random: SeededRandom(seed: seed), alphabet: alphabet,
                                  groupLength: context.settings.groupLength, text: text,
                                  qso: language.flatMap { qsoMaterial($0) } ?? QSOMaterial(strings: strings))
        // Beside a screen reader nothing says when the verdict has been read: the next sending
        // waits for the user (or the pace's fixed pause), never under the screen reader.
        let pace = context.settings.practicePace
        started.holdsNext = pace.waitsForUser(besideScreenReader: context.besideScreenReader) || pace.pauseMs > 0
        started.asksAfterEcho = context.besideScreenReader
        let effects = started.start()
        session = started
        return run(effects, &session, context, &out)
    }

    /// The fixed pause after a verdict is over: the round held is sent.
    func release(round: Int, _ session: inout Session?, _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard var running = session else { return [] }
        let effects = running.release(round: round)
        session = running
        return run(effects, &session, context, &out)
    }

    func judge(_ line: String, atMs: Double?, _ session: inout Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [CopyEffect] {
        session.handle(line, alphabet: alphabet)
    }

    func run(_ effects: [CopyEffect], _ session: inout Session?, _ context: ExerciseContext,
             _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        // The verdict stays on the display in front of the next question (`Announcer.showHeld`).
        let messages = CopyMessages(strings: strings, alphabet: alphabet)
        for effect in effects {
            switch effect {
            case .refuse(let refusal):
                out.notice("copy", messages.refusal(refusal), showing: false)
            case .verdict(let score, let mistakes, let speed):
                out.notice("copy", messages.verdict(score: score, mistakes: mistakes, speed: speed), showing: false)
            case .summary(let average, let count):
                out.notice("copy", messages.summary(average: average, count: count), showing: false)
            case .introduce(let introduction):
                // The display's short form rides on the event: the transcript says what a
                // braille reader was given.
                out.notice("copy", messages.introduction(introduction), showing: false, brailleForm: messages.shortIntroduction)
            case .send(let text, let round, let settings):
                let aired = settings.band.seed.map { settings.onTheAir(seed: $0 &+ UInt64(round)) } ?? settings
                tones.ask(text, question: round, settings: aired, showing: context.questionBraille,
                          printedWhenHeard: context.besideScreenReader, &out)
            case .hold(let round):
                let pace = context.settings.practicePace
                if !pace.waitsForUser(besideScreenReader: context.besideScreenReader), pace.pauseMs > 0 {
                    out.append(.schedule(.practiceNext(question: round), afterSeconds: Double(pace.pauseMs) / 1000))
                }
            case .sendAfterEcho(let round):
                out.append(.schedule(.practiceNext(question: round), afterSeconds: Double(PracticePace.echoAllowanceMs) / 1000))
            case .scored(let result):
                out.append(.copyResult(result))
                out.append(.storeCopyResult(result))
            case .ended:
                session = nil
            }
        }
        out.showHeld()
        return []
    }
}
