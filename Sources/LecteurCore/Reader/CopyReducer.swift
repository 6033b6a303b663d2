/// A copying session, while it runs (`state.copy`): the pure `CopySession` decides what is sent
/// and how a copy scores; this says, shows, sounds and reports it. Until a copy is typed, only
/// the sending's number reaches the transcript, the voice and the display.
struct CopyReducer: Sendable {
    let strings: Strings
    let alphabet: MorseAlphabet
    let morse: MorseReducer

    func start(_ kind: CopyKind, count: Int, seed: UInt64, kochLevel: Int, _ state: inout ReaderState, _ out: inout Announcer) {
        let learnt = Array(alphabet.kochSymbols.prefix(max(PracticeMode.kochStartLevel, kochLevel)))
        let words = strings(.morseTrainerWords).split(separator: " ").map(String.init)
        var session = CopySession(kind: kind, count: count, learnt: learnt, words: words, settings: state.settings.morse,
                                  strings: strings, random: SeededRandom(seed: seed), alphabet: alphabet)
        let effects = session.start()
        state.copy = session
        run(effects, &state, &out)
    }

    func copy(_ line: String, _ state: inout ReaderState, _ out: inout Announcer) {
        guard var session = state.copy else { return }
        // As in practice, a copy never cuts what is sounding.
        state.announcement.answerPending = false
        let effects = session.handle(line)
        state.copy = session
        run(effects, &state, &out)
    }

    func stop(_ state: inout ReaderState, _ out: inout Announcer) {
        guard var session = state.copy else { return }
        let effects = session.stop()
        state.copy = session
        run(effects, &state, &out)
    }

    private func run(_ effects: [CopyEffect], _ state: inout ReaderState, _ out: inout Announcer) {
        var said: String?
        for effect in effects {
            switch effect {
            case .say(let text):
                out.notice("copy", text, showing: false, &state.announcement)
                said = text
            case .send(let text, let round, let settings):
                morse.ask(text, question: round, settings: settings, showing: state.settings.questionBraille, after: &said, &out)
            case .scored(let result):
                out.append(.copyResult(result))
            case .ended:
                state.copy = nil
            }
        }
        if let said { out.showMessage(said) }
    }
}
