// SPDX-License-Identifier: GPL-3.0-or-later
/// What the reader says and decides for a terminal's keyboard: the welcome and the goodbye, the
/// echo of typed keys (every key silences speech first, NVDA's "speech interrupt for typed
/// characters"), the question before `q` quits, single keys, and what Tab found. It is given
/// only what it reads and changes: whether the reader is on a terminal and a quit is pending
/// (the root's, since the exercise reads them too) and the settings it reads; what it says and
/// what it asks of other slices it returns (`ChildOutput`, `Delegate`).
struct TerminalReducer: Sendable {
    let strings: Strings

    /// What the terminal asks of the rest of the reader, the root applying it (`Reader.handle`).
    enum Delegate: Equatable {
        /// A key was typed: a reading in progress (`tout lire`) stops, as speech did.
        case stopReading
        /// `--input` chose the input mode for this run only (`régler clavier` saves one).
        case useInputMode(InputMode)
    }

    func attach(inputMode: InputMode?, _ onTerminal: inout Bool) -> [Delegate] {
        onTerminal = true
        return inputMode.map { [.useInputMode($0)] } ?? []
    }

    /// Said once the start-up notices are said, before the catalogue's first load.
    func welcome(onTerminal: Bool) -> ChildOutput<Delegate> {
        var out = ChildOutput<Delegate>()
        guard onTerminal else { return out }
        out.notice("welcome", strings(.appWelcome), kind: .notice, remember: false)
        return out
    }

    /// The goodbye, then the end. `holdFor`: a braille display is attached, so the end waits
    /// for the goodbye to be read there (a deafblind user gets nothing else): this many seconds
    /// (`message-braille`; 0 waits for a key), or the next key. From a pipe nothing is held, so
    /// a script ends where it always did.
    func quit(onTerminal: Bool, holdFor seconds: Double? = nil, _ quitPending: inout Bool,
              _ closing: inout Bool) -> ChildOutput<Delegate> {
        var out = ChildOutput<Delegate>()
        quitPending = false
        guard onTerminal else {
            out.append(.quit)
            return out
        }
        out.notice("goodbye", strings(.appGoodbye), remember: false)
        guard let seconds, !closing else {
            out.append(.quit)
            return out
        }
        closing = true
        if seconds > 0 { out.append(.schedule(.quit, afterSeconds: seconds)) }
        return out
    }

    func askToQuit(_ quitPending: inout Bool) -> ChildOutput<Delegate> {
        quitPending = true
        return ChildOutput([.say(.notice("quit.confirm", strings(.terminalQuitConfirm), remember: false))])
    }

    /// `o` or `oui` quits; anything else (a line or a key) keeps the reader running.
    func answerQuit(_ answer: String, onTerminal: Bool, holdFor seconds: Double? = nil, _ quitPending: inout Bool,
                    _ closing: inout Bool) -> ChildOutput<Delegate> {
        quitPending = false
        if ["o", "oui", "y", "yes"].contains(CommandParser.fold(answer)) {
            return quit(onTerminal: onTerminal, holdFor: seconds, &quitPending, &closing)
        }
        return ChildOutput([.say(.notice("quit.cancelled", strings(.terminalQuitCancelled), remember: false))])
    }

    /// A key typed on the command line: speech stops (a reading too), then the echo as set.
    func typed(_ character: Character?, word: String, echo setting: TypingEcho) -> ChildOutput<Delegate> {
        var out = ChildOutput<Delegate>()
        KeyEcho.say(character, word: word, setting, &out)
        out.delegates.append(.stopReading)
        return out
    }

    /// Tab's answer is the answer to a key: it cuts what was playing.
    func completion(_ candidates: [String]) -> ChildOutput<Delegate> {
        var out = ChildOutput<Delegate>()
        out.answerPending(true)
        switch candidates.count {
        case 0: out.notice("completion", strings(.terminalCompletionNone), remember: false)
        case 1: out.say(Announcement(.answer, candidates[0], record: .terminal, display: .none, remember: false))
        default:
            out.notice("completion", strings(.terminalCompletionChoices, ["choices": candidates.joined(separator: ", ")]),
                       remember: false)
        }
        out.answerPending(false)
        return out
    }

    /// Escape at `/` or `:`: nothing is searched or run, and the reader says so (printed, spoken
    /// and on the display, as the prompt was).
    func promptCancelled(_ kind: PromptKind) -> ChildOutput<Delegate> {
        let text = strings(kind == .search ? .terminalPromptSearchCancelled : .terminalPromptCommandCancelled)
        return ChildOutput([.say(.notice("prompt.cancelled", text, remember: false))])
    }

    /// `/` and `:` in single-key mode: the reader says what it asks, the terminal reads the line.
    func prompt(_ kind: PromptKind) -> ChildOutput<Delegate> {
        let text = strings(kind == .search ? .terminalPromptSearch : .terminalPromptCommand)
        return ChildOutput([.say(Announcement(.answer, text, remember: false)), .effect(.prompt(kind))])
    }
}
