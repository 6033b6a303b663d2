// SPDX-License-Identifier: GPL-3.0-or-later
/// Listening practice, while it runs (the reader's `practice` is set only then, as TCA's
/// `ifLet` scopes a child to optional state). The pure `PracticeSession` decides the questions;
/// this turns its effects into what is said, sounded, shown and stored. Until a question is
/// answered, only its number reaches the transcript, the voice and the display.
struct PracticeReducer: Sendable {
    let strings: Strings
    let alphabet: MorseAlphabet
    let morse: MorseReducer

    func start(_ mode: PracticeMode, seed: UInt64, history: PracticeHistory, _ state: inout ReaderState, _ out: inout Announcer) {
        let options = PracticeOptions(kochMedianMs: state.settings.kochMedianMs)
        var session = PracticeSession(mode: mode, progress: state.morseProgress, strings: strings,
                                      random: SeededRandom(seed: seed), alphabet: alphabet, options: options, history: history)
        let effects = session.start()
        state.practice = session
        run(effects, &state, &out)
    }

    func answer(_ line: String, atMs: Double?, _ state: inout ReaderState, _ out: inout Announcer) {
        guard var session = state.practice else { return }
        // An answer never cuts the question's tones (a learner quick to answer still hears the
        // whole character): the verdict, a replay and the next question queue behind them.
        state.announcement.answerPending = false
        let effects = session.handle(line, atMs: atMs)
        state.practice = session
        run(effects, &state, &out)
    }

    func sounded(question: Int, endsAtMs: Double, _ state: inout ReaderState) {
        state.practice?.sounded(question: question, endsAtMs: endsAtMs)
    }

    func whereAmI(_ state: inout ReaderState, _ out: inout Announcer) {
        guard let session = state.practice else { return }
        out.notice("practice.where", session.whereAmI(), &state.announcement)
    }

    func stop(_ state: inout ReaderState, _ out: inout Announcer) {
        guard var session = state.practice else { return }
        let effects = session.stop()
        state.practice = session
        run(effects, &state, &out)
    }

    private func run(_ effects: [PracticeEffect], _ state: inout ReaderState, _ out: inout Announcer) {
        // What was said for this answer stays on the display in front of the next question's
        // number, so a braille reader gets the verdict too.
        var said: String?
        for effect in effects {
            switch effect {
            case .say(let text):
                out.notice("practice", text, showing: false, &state.announcement)
                said = text
            case .playSymbol(let symbol, let question):
                morse.ask(String(symbol.character), question: question, settings: state.settings.morse,
                          showing: state.settings.questionBraille, after: &said, &out)
            case .answered(let result):
                out.append(.practiceAnswered(result))
            case .recordAttempt(var attempt):
                attempt.wpm = state.settings.morse.wpm
                out.append(.recordAttempt(attempt))
                // The Morse list shows the answer at once; the runtime commits it.
                if let progress = state.practice?.progress { state.morseProgress = progress }
            case .kochLevelChanged(let level):
                out.append(.persist([PracticeMode.kochLevelStorageKey: String(level)]))
            case .ended:
                state.practice = nil
            }
        }
        if let said { out.showMessage(said) }
    }
}
