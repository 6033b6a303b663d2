// SPDX-License-Identifier: GPL-3.0-or-later
/// Typing on the braille display's keyboard (issue 24): characters and cells build a command
/// line, shown on the display as it is typed (a line of kind `input`, the cursor after its last
/// character); BackSpace (or dot 7 alone) erases, Enter (or dot 8 alone) runs it exactly as a
/// line typed on the terminal, Escape abandons it. Cells are translated back by the braille
/// device (`Effect.backTranslate`), a word at a time so contracted braille reads right. The
/// echo is the terminal's (`régler écho`), every key silencing speech first. Display keys and
/// chords leave a line being typed as it is: typing again shows it back. It changes the line
/// typed (`typing`), the display's reading (a key stops it) and the announcements, and
/// reads navigation's slice (the tab, the focused element's line) and the echo setting.
struct BrailleInputReducer: Sendable {
    let strings: Strings
    let navigator: Navigator
    let terminal: TerminalReducer

    /// What the reader runs for a key: a line typed to its end, or a command.
    enum Request: Hashable, Sendable {
        case line(String)
        case command(Command)
        /// Enter (or dot 8) with nothing typed: the focused element acts, or, during practice,
        /// the question plays again (the root knows which).
        case emptyLine
    }

    static let dot7: UInt8 = 0x40
    static let dot8: UInt8 = 0x80

    /// `question`: the practice question waiting for its answer, that an abandoned answer gives
    /// the display back to (rather than the focused element).
    func typed(_ input: BrailleInput, question: String? = nil, _ context: NavigationContext, _ nav: NavigationState,
               _ typing: inout BrailleInputState, _ display: inout DisplayState, _ said: inout AnnouncementState,
               _ out: inout Announcer) -> Request? {
        let echo = context.settings.typingEcho
        typing.keyboardUsed = true
        switch input {
        case .character(let character):
            append(character, &typing, echo, &display, &said, &out)
        case .dots(0):
            append(" ", &typing, echo, &display, &said, &out)
        case .dots(Self.dot7):
            erase(&typing, echo, &display, &said, &out)
        case .dots(Self.dot8):
            return enter(&typing, echo, &display, &said, &out)
        case .dots(let dots):
            if typing.isFull { return full(&typing, &said, &out) }
            if typing.purpose == nil { typing.purpose = .command }
            typing.cells.append(dots)
            // Shown (and echoed) once the device has translated the word back.
            out.append(.backTranslate(typing.cells))
        case .chord(let dots):
            return chord(dots, tab: nav.tab, &typing, &said, &out)
        case .backspace:
            erase(&typing, echo, &display, &said, &out)
        case .enter:
            return enter(&typing, echo, &display, &said, &out)
        case .escape:
            guard typing.purpose != nil else { return .command(.back) }
            typing.clear()
            // Confirmed on the display too (a deafblind user has no other way to know the line
            // is gone); the focus comes back after it, as after any message. In practice the
            // question follows it on the same line, as it follows a verdict, and comes back
            // alone after it: it is what the learner answers.
            out.say(Announcement(.answer, strings(.brailleInputAbandoned), display: question == nil ? .message : .withWhatFollows,
                                 remember: false), &said)
            if let question { out.showHeld(then: question) }
        }
        return nil
    }

    /// The device's back-translation of the word being typed (nil when it has none: the cells
    /// stay on the line as they were typed).
    func backTranslated(_ cells: [UInt8], text: String?, echo: TypingEcho, _ typing: inout BrailleInputState,
                        _ display: inout DisplayState, _ said: inout AnnouncementState, _ out: inout Announcer) {
        guard typing.purpose != nil, typing.cells == cells else { return }
        // A cell the table has no character for (dots 7 or 8 with others, in a 6-dot table):
        // liblouis writes its dots as escape text (« \28/ »), which never joins the line.
        if let text, Self.hasUndefinedDots(text), let last = cells.last {
            typing.cells.removeLast()
            if typing.cells.isEmpty { typing.translated = nil }
            out.notice("braille.undefinedCell", strings(.brailleInputUndefinedCell, ["dots": BrailleChords.dotNumbers(last)]),
                       remember: false, &said)
            said.answerPending = false
            return
        }
        let before = typing.committed + (typing.translated?.text ?? "")
        let translation = text.map { BrailleInputState.Translation(cells: cells, text: TextSanitizer.clean($0)) }
        // The cell that made the word too long for the line is refused, like a key past the limit.
        if typing.committed.count + (translation?.text.count ?? cells.count) > BrailleInputState.maximumCharacters {
            typing.cells.removeLast()
            if typing.cells.isEmpty { typing.translated = nil }
            _ = full(&typing, &said, &out)
            said.answerPending = false
            return
        }
        typing.translated = translation
        let after = typing.text
        // One more character is echoed as typed; a contracted word that grows by several (or
        // changes) is said when it ends, with the words echo.
        if after.count == before.count + 1, after.hasPrefix(before), let last = after.last {
            terminal.typed(last, word: Self.lastWord(String(after.dropLast())), echo: echo, &display, &said, &out)
        } else {
            terminal.typed(nil, word: "", echo: echo, &display, &said, &out)
        }
        show(typing, &out)
        // The key's answer is complete.
        said.answerPending = false
    }

    // MARK: editing

    private func append(_ character: Character, _ typing: inout BrailleInputState, _ echo: TypingEcho, _ display: inout DisplayState,
                        _ said: inout AnnouncementState, _ out: inout Announcer) {
        // A display (or a hostile BrlAPI server) may send any code point: no control reaches the line.
        guard character == " " || !TextSanitizer.clean(String(character)).isEmpty else { return }
        if typing.isFull && (character != " " || typing.length >= BrailleInputState.maximumCharacters) {
            _ = full(&typing, &said, &out)
            return
        }
        if typing.purpose == nil { typing.purpose = .command }
        commitCells(&typing)
        let word = Self.lastWord(typing.committed)
        typing.committed.append(character)
        terminal.typed(character, word: word, echo: echo, &display, &said, &out)
        show(typing, &out)
    }

    private func erase(_ typing: inout BrailleInputState, _ echo: TypingEcho, _ display: inout DisplayState,
                        _ said: inout AnnouncementState, _ out: inout Announcer) {
        guard typing.purpose != nil else {
            terminal.typed(nil, word: "", echo: echo, &display, &said, &out)
            return
        }
        if !typing.cells.isEmpty {
            typing.cells.removeLast()
            if !typing.cells.isEmpty {
                // Silenced and shown once the shorter word is translated back.
                out.append(.backTranslate(typing.cells))
                return
            }
            typing.translated = nil
        } else if !typing.committed.isEmpty {
            typing.committed.removeLast()
        }
        terminal.typed(nil, word: "", echo: echo, &display, &said, &out)
        show(typing, &out)
    }

    private func enter(_ typing: inout BrailleInputState, _ echo: TypingEcho, _ display: inout DisplayState,
                        _ said: inout AnnouncementState, _ out: inout Announcer) -> Request? {
        guard let purpose = typing.purpose else { return .emptyLine }
        commitCells(&typing)
        let text = typing.committed
        typing.clear()
        if !text.isEmpty { terminal.typed(" ", word: Self.lastWord(text), echo: echo, &display, &said, &out) }
        switch purpose {
        case .command: return .line(text)
        case .search:
            let words = text.trimmingCharacters(in: .whitespaces)
            return .command(.find(words.isEmpty ? nil : words))
        }
    }

    private func chord(_ dots: UInt8, tab: Tab, _ typing: inout BrailleInputState, _ said: inout AnnouncementState,
                       _ out: inout Announcer) -> Request? {
        switch BrailleChords.request(for: dots) {
        case .command(let command)?:
            return .command(command)
        case .otherTab?:
            return .command(.tab(tab == .formations ? .morse : .formations))
        case .search?:
            typing.clear()
            typing.purpose = .search
            // The line being typed shows the prompt on the display.
            out.say(Announcement(.answer, strings(.terminalPromptSearch), display: .none, remember: false), &said)
            show(typing, &out)
        case nil:
            out.notice("braille.chord", strings(.brailleInputChordUnknown, ["dots": BrailleChords.dotNumbers(dots)]),
                       remember: false, &said)
        }
        return nil
    }

    /// The line (or the word) is at its limit: the key is refused, and that is said once a line.
    private func full(_ typing: inout BrailleInputState, _ said: inout AnnouncementState, _ out: inout Announcer) -> Request? {
        // Said once a line; then each refused key shows the line back (the message gave way).
        guard !typing.limitSaid else {
            show(typing, &out)
            return nil
        }
        typing.limitSaid = true
        out.notice("braille.lineFull", strings(.brailleInputLineFull, ["limit": String(BrailleInputState.maximumCharacters),
                                                                        "word": String(BrailleInputState.maximumWordCells)]),
                   remember: false, &said)
        return nil
    }

    /// liblouis's way of writing dots it has no character for: a backslash, the dot numbers, a slash.
    static func hasUndefinedDots(_ text: String) -> Bool {
        var digits = -1 // -1: not after a backslash
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                digits = 0
            } else if digits >= 0, ("0"..."8").contains(scalar) {
                digits += 1
            } else if digits > 0, scalar == "/" {
                return true
            } else {
                digits = -1
            }
        }
        return false
    }

    /// The word being typed ends: its cells, translated back as a whole, join the line.
    private func commitCells(_ typing: inout BrailleInputState) {
        guard !typing.cells.isEmpty else { return }
        typing.committed = typing.text
        typing.cells = []
        typing.translated = nil
    }

    private func show(_ typing: BrailleInputState, _ out: inout Announcer) {
        let prompt = typing.purpose == .search ? strings(.terminalPromptSearch) + " " : ""
        let text = prompt + typing.text
        out.showInput(BrailleLine(text: text, cursor: text.count, kind: .input))
    }

    static func lastWord(_ text: String) -> String {
        String(text.reversed().prefix { !$0.isWhitespace && !$0.isPunctuation }.reversed())
    }
}
