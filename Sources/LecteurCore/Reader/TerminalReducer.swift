// SPDX-License-Identifier: GPL-3.0-or-later
/// What the reader says and decides for a terminal's keyboard: the welcome and the goodbye, the
/// echo of typed keys (every key silences speech first, NVDA's "speech interrupt for typed
/// characters"), the question before `q` quits, single keys, and what Tab found.
struct TerminalReducer: Sendable {
    let strings: Strings

    func attach(inputMode: InputMode?, _ state: inout ReaderState) {
        state.onTerminal = true
        // `--input` chooses for this run only; `régler clavier` saves.
        if let inputMode { state.settings.inputMode = inputMode }
    }

    /// Said once the start-up notices are said, before the catalogue's first load.
    func welcome(_ state: inout ReaderState, _ out: inout Announcer) {
        guard state.onTerminal else { return }
        out.notice("welcome", strings(.appWelcome), priority: .notice, remember: false, &state.announcement)
    }

    func quit(_ state: inout ReaderState, _ out: inout Announcer) {
        state.quitPending = false
        if state.onTerminal { out.notice("goodbye", strings(.appGoodbye), remember: false, &state.announcement) }
        out.append(.quit)
    }

    func askToQuit(_ state: inout ReaderState, _ out: inout Announcer) {
        state.quitPending = true
        out.notice("quit.confirm", strings(.terminalQuitConfirm), remember: false, &state.announcement)
    }

    /// `o` or `oui` quits; anything else (a line or a key) keeps the reader running.
    func answerQuit(_ answer: String, _ state: inout ReaderState, _ out: inout Announcer) {
        state.quitPending = false
        if ["o", "oui", "y", "yes"].contains(CommandParser.fold(answer)) {
            quit(&state, &out)
        } else {
            out.notice("quit.cancelled", strings(.terminalQuitCancelled), remember: false, &state.announcement)
        }
    }

    /// A key typed on the command line: speech stops (a reading too), then the echo as set.
    func typed(_ character: Character?, word: String, _ state: inout ReaderState, _ out: inout Announcer) {
        state.display.readAll = nil
        let pending = state.announcement.answerPending
        state.announcement.answerPending = true
        var echo: String?
        switch (state.settings.typingEcho, character) {
        case (.characters, let character?) where !character.isWhitespace:
            echo = String(character)
        case (.words, let character?) where (character.isWhitespace || character.isPunctuation) && !word.isEmpty:
            echo = word
        default:
            break
        }
        if let echo {
            out.speak(echo, remember: false, &state.announcement)
        } else {
            out.append(.silence)
        }
        state.announcement.answerPending = pending
    }

    /// Tab's answer is the answer to a key: it cuts what was playing.
    func completion(_ candidates: [String], _ state: inout ReaderState, _ out: inout Announcer) {
        state.announcement.answerPending = true
        defer { state.announcement.answerPending = false }
        switch candidates.count {
        case 0: out.notice("completion", strings(.terminalCompletionNone), remember: false, &state.announcement)
        case 1: out.speak(candidates[0], remember: false, &state.announcement)
        default:
            out.notice("completion", strings(.terminalCompletionChoices, ["choices": candidates.joined(separator: ", ")]),
                       remember: false, &state.announcement)
        }
    }

    /// `/` and `:` in single-key mode: the reader says what it asks, the terminal reads the line.
    func prompt(_ kind: PromptKind, _ state: inout ReaderState, _ out: inout Announcer) {
        let text = strings(kind == .search ? .terminalPromptSearch : .terminalPromptCommand)
        out.speak(text, remember: false, &state.announcement)
        out.showMessage(text)
        out.append(.prompt(kind))
    }
}
