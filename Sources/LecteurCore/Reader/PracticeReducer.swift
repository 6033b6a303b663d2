// SPDX-License-Identifier: GPL-3.0-or-later
/// Listening practice, while it runs (the reader's `practice` is set only then, as TCA's
/// `ifLet` scopes a child to optional state). The pure `PracticeSession` decides the questions;
/// this turns its effects into what is said, sounded and stored.
struct PracticeReducer: Sendable {
    let strings: Strings
    let alphabet: MorseAlphabet
    let morse: MorseReducer

    func start(_ mode: PracticeMode, seed: UInt64, _ state: inout ReaderState, _ out: inout Announcer) {
        var session = PracticeSession(mode: mode, progress: state.morseProgress, strings: strings,
                                      random: SeededRandom(seed: seed), alphabet: alphabet)
        let effects = session.start()
        state.practice = session
        run(effects, &state, &out)
    }

    func answer(_ line: String, _ state: inout ReaderState, _ out: inout Announcer) {
        guard var session = state.practice else { return }
        let effects = session.handle(line)
        state.practice = session
        run(effects, &state, &out)
    }

    func stop(_ state: inout ReaderState, _ out: inout Announcer) {
        guard var session = state.practice else { return }
        let effects = session.stop()
        state.practice = session
        run(effects, &state, &out)
    }

    private func run(_ effects: [PracticeEffect], _ state: inout ReaderState, _ out: inout Announcer) {
        for effect in effects {
            switch effect {
            case .say(let text):
                out.notice("practice", text, &state)
            case .playSymbol(let symbol):
                morse.play(String(symbol.character), &state, &out)
            case .recordAttempt(let attempt):
                out.append(.recordAttempt(attempt))
                // The Morse list shows the answer at once; the runtime commits it.
                if let progress = state.practice?.progress { state.morseProgress = progress }
            case .kochLevelChanged(let level):
                out.append(.persist([PracticeMode.kochLevelStorageKey: String(level)]))
            case .ended:
                state.practice = nil
            }
        }
    }
}
