// SPDX-License-Identifier: GPL-3.0-or-later
extension Reader {
    // MARK: The display and the lists

    /// The display's message left and nothing waits behind it: the focused element comes back,
    /// where the review cursor was left.
    func focusBack(_ state: ReaderState, _ out: inout Announcer) {
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

    /// `aide` alone: the « Aide » screen, listing the commands as the user can type them now.
    func openHelp(_ state: inout ReaderState, _ out: inout Announcer) {
        scope(.lists(.openHelp(entries: navigator.helpEntries(state.navigationContext))), &state, &out)
    }

    /// `historique`: the « Historique » screen, newest first.
    func openHistory(_ state: inout ReaderState, _ out: inout Announcer) {
        scope(.lists(.openHistory), &state, &out)
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
