// SPDX-License-Identifier: GPL-3.0-or-later
/// Typing on the braille display's keyboard (issue 24): characters and cells build a command
/// line, shown on the display as it is typed (a line of kind `input`, the cursor after its last
/// character); BackSpace (or dot 7 alone) erases, Enter (or dot 8 alone) runs it exactly as a
/// line typed on the terminal, Escape abandons it. Cells are translated back by the braille
/// device (`Effect.backTranslate`), a word at a time so contracted braille reads right. The
/// echo is the terminal's (`régler écho`), every key silencing speech first. Display keys and
/// chords leave a line being typed as it is: typing again shows it back. It changes the line
/// typed (`typing`), and reads the tab and the echo setting (`Context`); what it says and what it
/// asks of the rest (a line to run, a reading to stop) it returns (`ChildOutput`, `Delegate`).
struct BrailleInputReducer: Sendable {
    let strings: Strings

    /// What the braille keyboard asks of the rest of the reader, the root applying it
    /// (`Reader.handle`): a line typed to its end or a command to run, a reading to stop.
    enum Delegate: Hashable, Sendable {
        case line(String)
        case command(Command)
        /// Enter (or dot 8) with nothing typed: the focused element acts, or, during practice,
        /// the question plays again (the root knows which).
        case emptyLine
        /// A key was echoed: a reading in progress stops, as speech did (the terminal's rule).
        case stopReading
    }

    static let dot7: UInt8 = 0x40
    static let dot8: UInt8 = 0x80

    /// `question`: the practice question waiting for its answer, that an abandoned answer gives
    /// the display back to (rather than the focused element).
    func typed(_ input: BrailleInput, question: String? = nil, echo: TypingEcho, tab: Tab,
               _ typing: inout BrailleInputState) -> ChildOutput<Delegate> {
        typing.keyboardUsed = true
        switch input {
        case .character(let character):
            return append(character, &typing, echo)
        case .dots(0):
            return append(" ", &typing, echo)
        case .dots(Self.dot7):
            return erase(&typing, echo)
        case .dots(Self.dot8):
            return enter(&typing, echo)
        case .dots(let dots):
            if typing.isFull { return full(&typing) }
            if typing.purpose == nil { typing.purpose = .command }
            typing.cells.append(dots)
            // Shown (and echoed) once the device has translated the word back.
            return ChildOutput([.effect(.backTranslate(typing.cells))])
        case .chord(let dots):
            return chord(dots, tab: tab, &typing)
        case .backspace:
            return erase(&typing, echo)
        case .enter:
            return enter(&typing, echo)
        case .escape:
            guard typing.purpose != nil else { return ChildOutput(delegates: [.command(.back)]) }
            typing.clear()
            // Confirmed on the display too (a deafblind user has no other way to know the line
            // is gone); the focus comes back after it, as after any message. In practice the
            // question follows it on the same line, as it follows a verdict, and comes back
            // alone after it: it is what the learner answers.
            var out = ChildOutput<Delegate>()
            out.say(Announcement(.answer, strings(.brailleInputAbandoned), display: question == nil ? .message : .withWhatFollows,
                                 remember: false))
            if let question { out.showHeld(then: question) }
            return out
        }
    }

    /// The device's back-translation of the word being typed (nil when it has none: the cells
    /// stay on the line as they were typed).
    func backTranslated(_ cells: [UInt8], text: String?, echo: TypingEcho,
                        _ typing: inout BrailleInputState) -> ChildOutput<Delegate> {
        guard typing.purpose != nil, typing.cells == cells else { return ChildOutput() }
        var out = ChildOutput<Delegate>()
        // A cell the table has no character for (dots 7 or 8 with others, in a 6-dot table):
        // liblouis writes its dots as escape text (« \28/ »), which never joins the line.
        if let text, Self.hasUndefinedDots(text), let last = cells.last {
            typing.cells.removeLast()
            if typing.cells.isEmpty { typing.translated = nil }
            out.notice("braille.undefinedCell", strings(.brailleInputUndefinedCell, ["dots": BrailleChords.dotNumbers(last)]),
                       remember: false)
            out.answerPending(false)
            return out
        }
        let before = typing.committed + (typing.translated?.text ?? "")
        let translation = text.map { BrailleInputState.Translation(cells: cells, text: TextSanitizer.clean($0)) }
        // The cell that made the word too long for the line is refused, like a key past the limit.
        if typing.committed.count + (translation?.text.count ?? cells.count) > BrailleInputState.maximumCharacters {
            typing.cells.removeLast()
            if typing.cells.isEmpty { typing.translated = nil }
            out.merge(full(&typing))
            out.answerPending(false)
            return out
        }
        typing.translated = translation
        // A prefix alone adds no character yet: nothing is echoed for it.
        let after = translation?.text.isEmpty == true ? before : typing.text
        // One more character is echoed as typed; a contracted word that grows by several (or
        // changes) is said when it ends, with the words echo.
        if after.count == before.count + 1, after.hasPrefix(before), let last = after.last {
            out.merge(self.echo(last, word: Self.lastWord(String(after.dropLast())), echo))
        } else {
            out.merge(self.echo(nil, word: "", echo))
        }
        out.merge(show(typing))
        // The key's answer is complete.
        out.answerPending(false)
        return out
    }

    // MARK: editing

    /// The key's echo, as the terminal's keyboard gives it; a reading stops with it.
    private func echo(_ character: Character?, word: String, _ setting: TypingEcho) -> ChildOutput<Delegate> {
        var out = ChildOutput<Delegate>(delegates: [.stopReading])
        KeyEcho.say(character, word: word, setting, &out)
        return out
    }

    private func append(_ character: Character, _ typing: inout BrailleInputState, _ echo: TypingEcho) -> ChildOutput<Delegate> {
        // A display (or a hostile BrlAPI server) may send any code point: no control reaches the line.
        guard character == " " || !TextSanitizer.clean(String(character)).isEmpty else { return ChildOutput() }
        if typing.isFull && (character != " " || typing.length >= BrailleInputState.maximumCharacters) {
            return full(&typing)
        }
        if typing.purpose == nil { typing.purpose = .command }
        commitCells(&typing)
        let word = Self.lastWord(typing.committed)
        typing.committed.append(character)
        var out = self.echo(character, word: word, echo)
        out.merge(show(typing))
        return out
    }

    private func erase(_ typing: inout BrailleInputState, _ echo: TypingEcho) -> ChildOutput<Delegate> {
        guard typing.purpose != nil else { return self.echo(nil, word: "", echo) }
        if !typing.cells.isEmpty {
            typing.cells.removeLast()
            if !typing.cells.isEmpty {
                // Silenced and shown once the shorter word is translated back.
                return ChildOutput([.effect(.backTranslate(typing.cells))])
            }
            typing.translated = nil
        } else if !typing.committed.isEmpty {
            typing.committed.removeLast()
        }
        var out = self.echo(nil, word: "", echo)
        out.merge(show(typing))
        return out
    }

    private func enter(_ typing: inout BrailleInputState, _ echo: TypingEcho) -> ChildOutput<Delegate> {
        guard let purpose = typing.purpose else { return ChildOutput(delegates: [.emptyLine]) }
        commitCells(&typing)
        let text = typing.committed
        typing.clear()
        var out = text.isEmpty ? ChildOutput() : self.echo(" ", word: Self.lastWord(text), echo)
        switch purpose {
        case .command: out.delegates.append(.line(text))
        case .search:
            let words = text.trimmingCharacters(in: .whitespaces)
            out.delegates.append(.command(.find(words.isEmpty ? nil : words)))
        }
        return out
    }

    private func chord(_ dots: UInt8, tab: Tab, _ typing: inout BrailleInputState) -> ChildOutput<Delegate> {
        switch BrailleChords.request(for: dots) {
        case .command(let command)?:
            return ChildOutput(delegates: [.command(command)])
        case .otherTab?:
            return ChildOutput(delegates: [.command(.tab(tab == .formations ? .morse : .formations))])
        case .search?:
            typing.clear()
            typing.purpose = .search
            // The line being typed shows the prompt on the display.
            var out = ChildOutput<Delegate>([.say(Announcement(.answer, strings(.terminalPromptSearch), display: .none,
                                                               remember: false))])
            out.merge(show(typing))
            return out
        case nil:
            return ChildOutput([.say(.notice("braille.chord", strings(.brailleInputChordUnknown,
                                                                      ["dots": BrailleChords.dotNumbers(dots)]),
                                             remember: false))])
        }
    }

    /// The line (or the word) is at its limit: the key is refused, and that is said once a line.
    private func full(_ typing: inout BrailleInputState) -> ChildOutput<Delegate> {
        // Said once a line; then each refused key shows the line back (the message gave way).
        guard !typing.limitSaid else { return show(typing) }
        typing.limitSaid = true
        return ChildOutput([.say(.notice("braille.lineFull",
                                         strings(.brailleInputLineFull, ["limit": String(BrailleInputState.maximumCharacters),
                                                                         "word": String(BrailleInputState.maximumWordCells)]),
                                         remember: false))])
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

    private func show(_ typing: BrailleInputState) -> ChildOutput<Delegate> {
        ChildOutput([.showInput(line(typing))])
    }

    /// The line being typed as the display shows it: the search prompt first, the cursor after
    /// the last character.
    func line(_ typing: BrailleInputState) -> BrailleLine {
        let prompt = typing.purpose == .search ? strings(.terminalPromptSearch) + " " : ""
        let text = prompt + typing.text
        return BrailleLine(text: text, cursor: text.count, kind: .input)
    }

    static func lastWord(_ text: String) -> String {
        String(text.reversed().prefix { !$0.isWhitespace && !$0.isPunctuation }.reversed())
    }
}
