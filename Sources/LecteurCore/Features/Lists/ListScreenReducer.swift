// SPDX-License-Identifier: GPL-3.0-or-later
/// `aide` and `historique` open screens navigated like any list (`suivant`, `chercher`,
/// `retour`): one element per command, one per announcement (newest first). Opening one says
/// and shows its name and size; the root then opens it and announces its first element
/// (navigation's step, asked by `ListScreenReducer.Delegate`). The child owns only what the
/// lists hold.
struct ListScreenReducer: Sendable {
    let strings: Strings

    /// `entries`: the commands as the user can type them now (`Navigator.helpEntries`).
    func openHelp(_ entries: [String], _ lists: inout ListScreens) -> ChildOutput<Delegate> {
        lists.helpEntries = entries
        return announce(strings(.brailleReadingHelpAnnounce, count: entries.count), .help)
    }

    func openHistory(_ history: [String], _ lists: inout ListScreens) -> ChildOutput<Delegate> {
        lists.historyEntries = history.reversed()
        // Empty, its one element says so (« Aucune annonce pour l'instant. »): no count before it.
        let count = lists.historyEntries.count
        return announce(count == 0 ? strings(.brailleReadingHistoryScreen)
                                   : strings(.brailleReadingHistoryAnnounce, count: count), .history)
    }

    /// `statistiques`: an answer of many windows (≈ 290 characters, 8 windows of 40 cells) opens
    /// as a screen read line by line and left with `retour`, never a message that goes away.
    func openStatistics(_ lines: [String], _ lists: inout ListScreens) -> ChildOutput<Delegate> {
        lists.statisticsEntries = lines
        return announce(strings(.brailleReadingStatisticsAnnounce, count: lines.count), .statistics)
    }

    /// The screen's name and size said, then the screen opened and its first element said.
    func announce(_ text: String, _ screen: ScreenID) -> ChildOutput<Delegate> {
        // Not history: the history read back would fill itself with its own title.
        ChildOutput([.say(Announcement(.context, text, remember: false))], delegates: [.openAndAnnounceFocus(screen)])
    }
}
