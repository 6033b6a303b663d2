// SPDX-License-Identifier: GPL-3.0-or-later
/// Typing on the braille display's keyboard (issue 24): characters and cells build a command
/// line, shown on the display as it is typed (a line of kind `input`, the cursor after its last
/// character); BackSpace (or dot 7 alone) erases, Enter (or dot 8 alone) runs it exactly as a
/// line typed on the terminal, Escape abandons it. Cells are translated back by the braille
/// device (`Effect.backTranslate`), a word at a time so contracted braille reads right. The
/// echo is the terminal's (`régler écho`), every key silencing speech first. Display keys and
/// chords leave a line being typed as it is: typing again shows it back.
struct BrailleInputReducer: Sendable {
    let strings: Strings
    let navigator: Navigator
    let terminal: TerminalReducer

    /// What the reader runs for a key: a line typed to its end, or a command.
    enum Request: Hashable, Sendable {
        case line(String)
        case command(Command)
    }

    static let dot7: UInt8 = 0x40
    static let dot8: UInt8 = 0x80

    func typed(_ input: BrailleInput, _ state: inout ReaderState, _ out: inout Announcer) -> Request? {
        state.brailleInput.keyboardUsed = true
        switch input {
        case .character(let character):
            append(character, &state, &out)
        case .dots(0):
            append(" ", &state, &out)
        case .dots(Self.dot7):
            erase(&state, &out)
        case .dots(Self.dot8):
            return enter(&state, &out)
        case .dots(let dots):
            if state.brailleInput.purpose == nil { state.brailleInput.purpose = .command }
            state.brailleInput.cells.append(dots)
            // Shown (and echoed) once the device has translated the word back.
            out.append(.backTranslate(state.brailleInput.cells))
        case .chord(let dots):
            return chord(dots, &state, &out)
        case .backspace:
            erase(&state, &out)
        case .enter:
            return enter(&state, &out)
        case .escape:
            guard state.brailleInput.purpose != nil else { return .command(.back) }
            state.brailleInput.clear()
            out.speak(strings(.brailleInputAbandoned), remember: false, &state.announcement)
            if let line = navigator.focusLine(state.navigationContext, state.navigation) { out.showInput(line) }
        }
        return nil
    }

    /// The device's back-translation of the word being typed (nil when it has none: the cells
    /// stay on the line as they were typed).
    func backTranslated(_ cells: [UInt8], text: String?, _ state: inout ReaderState, _ out: inout Announcer) {
        guard state.brailleInput.purpose != nil, state.brailleInput.cells == cells else { return }
        let before = state.brailleInput.committed + (state.brailleInput.translated?.text ?? "")
        state.brailleInput.translated = text.map { .init(cells: cells, text: TextSanitizer.clean($0)) }
        let after = state.brailleInput.text
        // One more character is echoed as typed; a contracted word that grows by several (or
        // changes) is said when it ends, with the words echo.
        if after.count == before.count + 1, after.hasPrefix(before), let last = after.last {
            terminal.typed(last, word: Self.lastWord(String(after.dropLast())), &state, &out)
        } else {
            terminal.typed(nil, word: "", &state, &out)
        }
        show(&state, &out)
        // The key's answer is complete.
        state.announcement.answerPending = false
    }

    // MARK: editing

    private func append(_ character: Character, _ state: inout ReaderState, _ out: inout Announcer) {
        // A display (or a hostile BrlAPI server) may send any code point: no control reaches the line.
        guard character == " " || !TextSanitizer.clean(String(character)).isEmpty else { return }
        if state.brailleInput.purpose == nil { state.brailleInput.purpose = .command }
        commitCells(&state)
        let word = Self.lastWord(state.brailleInput.committed)
        state.brailleInput.committed.append(character)
        terminal.typed(character, word: word, &state, &out)
        show(&state, &out)
    }

    private func erase(_ state: inout ReaderState, _ out: inout Announcer) {
        guard state.brailleInput.purpose != nil else {
            terminal.typed(nil, word: "", &state, &out)
            return
        }
        if !state.brailleInput.cells.isEmpty {
            state.brailleInput.cells.removeLast()
            if !state.brailleInput.cells.isEmpty {
                // Silenced and shown once the shorter word is translated back.
                out.append(.backTranslate(state.brailleInput.cells))
                return
            }
            state.brailleInput.translated = nil
        } else if !state.brailleInput.committed.isEmpty {
            state.brailleInput.committed.removeLast()
        }
        terminal.typed(nil, word: "", &state, &out)
        show(&state, &out)
    }

    private func enter(_ state: inout ReaderState, _ out: inout Announcer) -> Request? {
        guard let purpose = state.brailleInput.purpose else { return .command(.activate) }
        commitCells(&state)
        let text = state.brailleInput.committed
        state.brailleInput.clear()
        if !text.isEmpty { terminal.typed(" ", word: Self.lastWord(text), &state, &out) }
        switch purpose {
        case .command: return .line(text)
        case .search:
            let words = text.trimmingCharacters(in: .whitespaces)
            return .command(.find(words.isEmpty ? nil : words))
        }
    }

    private func chord(_ dots: UInt8, _ state: inout ReaderState, _ out: inout Announcer) -> Request? {
        switch BrailleChords.request(for: dots) {
        case .command(let command)?:
            return .command(command)
        case .otherTab?:
            return .command(.tab(state.navigation.tab == .formations ? .morse : .formations))
        case .search?:
            state.brailleInput.clear()
            state.brailleInput.purpose = .search
            out.speak(strings(.terminalPromptSearch), remember: false, &state.announcement)
            show(&state, &out)
        case nil:
            out.notice("braille.chord", strings(.brailleInputChordUnknown, ["dots": BrailleChords.dotNumbers(dots)]),
                       remember: false, &state.announcement)
        }
        return nil
    }

    /// The word being typed ends: its cells, translated back as a whole, join the line.
    private func commitCells(_ state: inout ReaderState) {
        guard !state.brailleInput.cells.isEmpty else { return }
        state.brailleInput.committed = state.brailleInput.text
        state.brailleInput.cells = []
        state.brailleInput.translated = nil
    }

    private func show(_ state: inout ReaderState, _ out: inout Announcer) {
        let prompt = state.brailleInput.purpose == .search ? strings(.terminalPromptSearch) + " " : ""
        let text = prompt + state.brailleInput.text
        out.showInput(BrailleLine(text: text, cursor: text.count, kind: .input))
    }

    static func lastWord(_ text: String) -> String {
        String(text.reversed().prefix { !$0.isWhitespace && !$0.isPunctuation }.reversed())
    }
}
