// SPDX-License-Identifier: GPL-3.0-or-later
/// `aide` and `historique` open screens navigated like any list (`suivant`, `chercher`,
/// `retour`): one element per command, one per announcement (newest first). Opening one says
/// and shows its name and size, then its first element.
struct ListScreenReducer: Sendable {
    let navigator: Navigator

    var strings: Strings { navigator.strings }

    func openHelp(_ state: inout ReaderState, _ out: inout Announcer) {
        state.helpEntries = navigator.helpEntries(state)
        open(.help, &state)
        let count = state.helpEntries.count
        announce(strings(.brailleReadingHelpAnnounce, count: count), &state, &out)
    }

    func openHistory(_ state: inout ReaderState, _ out: inout Announcer) {
        state.historyEntries = state.announcement.history.reversed()
        open(.history, &state)
        // Empty, its one element says so (« Aucune annonce pour l'instant. »): no count before it.
        let count = state.historyEntries.count
        announce(count == 0 ? strings(.brailleReadingHistoryScreen) : strings(.brailleReadingHistoryAnnounce, count: count),
                 &state, &out)
    }

    /// Opened once on the tab's stack: `aide` on the « Aide » screen lists it again from the top.
    private func open(_ id: ScreenID, _ state: inout ReaderState) {
        if state.currentScreenID != id { state.stacks[state.tab, default: []].append(id) }
        state.focus[id] = 0
    }

    private func announce(_ text: String, _ state: inout ReaderState, _ out: inout Announcer) {
        // Not history: the history read back would fill itself with its own title.
        out.speak(text, remember: false, &state.announcement)
        out.showMessage(text)
        navigator.announceFocus(&state, &out)
    }
}
