// SPDX-License-Identifier: GPL-3.0-or-later
extension Reader {
    // MARK: The display and the lists

    /// The display's message left and nothing waits behind it: the focused element comes back,
    /// where the review cursor was left.
    func focusBack(_ state: ReaderState, _ out: inout Announcer) {
        // A line being typed on the display's keyboard comes back instead (after a chord's
        // warning the focused element came back, the line typed so far nowhere to be felt).
        if state.brailleInput.purpose != nil {
            out.append(.braille(brailleInput.line(state.brailleInput)))
            return
        }
        if let line = navigator.focusLine(state.navigationContext, state.navigation) { out.append(.braille(line)) }
    }

    /// `tout lire` without a voice goes on: the next element on the display, or the end.
    func readNextOnDisplay(_ state: inout ReaderState, _ out: inout Announcer) {
        guard state.display.reading != nil else { return }
        // The screen ended (`Navigator.Delegate.screenEnded`): the reading is over, and the
        // display's step finds none to time.
        scope(.navigation(.readNext), &state, &out)
        scope(.display(.nextElementShown), &state, &out)
    }

    /// The element just read has been heard: the next one is read, to the end of the screen.
    func readNextByVoice(_ state: inout ReaderState, _ out: inout Announcer) {
        // The screen ended (`Navigator.Delegate.screenEnded`): the reading is over, and the
        // display's step finds none to wait for.
        scope(.navigation(.readNext), &state, &out)
        scope(.display(.nextElementSpoken), &state, &out)
    }

    /// `tout lire` beside a screen reader on a terminal reads a screen at a time: the screen
    /// reader reads what is printed, and only what is still visible (nil: the voice paces it).
    func readingPage(_ state: ReaderState) -> TerminalPage? {
        guard state.onTerminal, state.beside.reader != nil else { return nil }
        return state.beside.terminalSize ?? .fallback
    }

    /// Beside a screen reader the reading is paced by the screen, not by a voice that says
    /// nothing (its marks came back at once through speech-dispatcher, 24 lines in 30 ms, or
    /// never through espeak-ng, which had nothing to play): the elements after the focus are
    /// printed, one action, as long as they fit on the screen with the `used` rows already
    /// printed; then the reading waits for the user (Enter or `suivant`), the focus on the last
    /// element printed, never past it, and says once how to go on. Each element is tried on a
    /// copy of the state: what it prints is known only once it is read.
    func readPage(_ screen: TerminalPage, used: Int, _ state: inout ReaderState, _ out: inout Announcer) {
        var used = used
        state.display.readAll = nil
        state.display.page = nil
        while true {
            var trial = state, trialOut = out
            let before = out.effects.count
            // Running while the step is tried: the screen's end (`readingEnded`) clears it.
            trial.display.readAll = trial.display.readAllSerial
            scope(.navigation(.readNext), &trial, &trialOut)
            let ended = trial.display.readAll == nil
            trial.display.readAll = nil
            let printed = screen.rows(of: trialOut.effects.dropFirst(before))
            if used > 0, used + printed > screen.readingRows {
                state.display.page = ReadingPage(rows: used, waiting: true)
                if !state.display.pageHintSaid {
                    state.display.pageHintSaid = true
                    out.notice("readAll.more", strings(.readAllMore), kind: .notice)
                }
                return
            }
            state = trial
            out = trialOut
            used += printed
            if ended { return }
        }
    }

    /// Enter, an empty line or `suivant` (in single-key mode Enter or ↓) while a screen of
    /// `tout lire` waits: the next screen.
    func resumesReading(_ action: Action) -> Bool {
        let line: String
        switch action {
        case .timedLine(let typed, _): line = typed
        case .command(let command): return command == .next
        case .key(let key), .timedKey(let key, _): return key == .enter || KeyTable.binding(for: key) == .command(.next)
        default: return false
        }
        switch parser.parse(line) {
        case .empty: return true
        case .command(let command): return command == .next
        case .failure: return false
        }
    }

    /// `aide` alone: the « Aide » screen, listing the commands as the user can type them now.
    func openHelp(_ state: inout ReaderState, _ out: inout Announcer) {
        scope(.lists(.openHelp(entries: navigator.helpEntries(state.navigationContext))), &state, &out)
    }

    /// `historique`: the « Historique » screen, newest first.
    func openHistory(_ state: inout ReaderState, _ out: inout Announcer) {
        scope(.lists(.openHistory(history: out.announcement.history)), &state, &out)
    }

    /// `statistiques`' answer: one line (none recorded yet) is a message; more open the
    /// « Statistiques » screen, one element per line.
    func showStatistics(_ statistics: PracticeStatistics, _ state: inout ReaderState, _ out: inout Announcer) {
        let lines = statistics.lines(strings, alphabet: navigator.builder.alphabet)
        guard lines.count > 1 else {
            out.notice("stats", lines.joined(separator: " "))
            return
        }
        scope(.lists(.openStatistics(lines: lines)), &state, &out)
    }

    /// An answer longer than three display windows (`aide régler`): said and printed whole, it
    /// opens on the display as a screen of its sentences, its name and size shown first, read
    /// line by line and left with `retour`.
    func openLongAnswer(_ long: LongAnswer, _ state: inout ReaderState, _ out: inout Announcer) {
        scope(.lists(.openAnswer(long)), &state, &out)
    }
}
