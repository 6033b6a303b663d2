// SPDX-License-Identifier: GPL-3.0-or-later
extension TerminalReducer {
    /// What the root asks of the terminal's keyboard and its welcome and goodbye.
    enum Action {
        /// Said once the start-up notices are said, before the catalogue's first load.
        case welcome
        case attach(inputMode: InputMode?)
        /// A key typed on the command line (its character, the word it ends).
        case typed(Character?, word: String)
        case quit
        case askToQuit
        /// The line or key that answers « Quitter Lecteur ? ».
        case answerQuit(String)
        /// Tab's candidates.
        case completion([String])
        case promptCancelled(PromptKind)
        case prompt(PromptKind)
    }

    /// What the terminal reads of the rest of the reader.
    struct Context {
        let echo: TypingEcho
        /// How long the goodbye stays on a braille display (nil: no display, the end at once).
        let goodbyeHold: Double?
    }

    /// The terminal's one entry: its slice and its context in; what it says and what it asks of
    /// other slices out, as a value (issue 47).
    func reduce(_ action: Action, _ terminal: inout TerminalState, _ context: Context) -> ChildOutput<Delegate> {
        switch action {
        case .welcome: return welcome(onTerminal: terminal.onTerminal)
        case .attach(let inputMode): return ChildOutput(delegates: attach(inputMode: inputMode, &terminal.onTerminal))
        case .typed(let character, let word): return typed(character, word: word, echo: context.echo)
        case .quit: return quit(onTerminal: terminal.onTerminal, holdFor: context.goodbyeHold, &terminal.quitPending,
                                &terminal.closing)
        case .askToQuit: return askToQuit(&terminal.quitPending)
        case .answerQuit(let answer):
            return answerQuit(answer, onTerminal: terminal.onTerminal, holdFor: context.goodbyeHold,
                              &terminal.quitPending, &terminal.closing)
        case .completion(let candidates): return completion(candidates)
        case .promptCancelled(let kind): return promptCancelled(kind)
        case .prompt(let kind): return prompt(kind)
        }
    }
}
