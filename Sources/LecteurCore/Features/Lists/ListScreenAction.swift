// SPDX-License-Identifier: GPL-3.0-or-later
extension ListScreenReducer {
    /// What the root asks of the lists: a screen of lines to fill and name.
    enum Action {
        /// `aide` alone: the commands as the user can type them now (`Navigator.helpEntries`).
        case openHelp(entries: [String])
        case openHistory
        /// `statistiques` with more than one line.
        case openStatistics(lines: [String])
        /// `progrès` with a day practised: a line per day.
        case openProgress(lines: [String])
        /// An answer too long for a message (`Announcer.longAnswer`).
        case openAnswer(LongAnswer)
    }

    /// What the lists ask of the rest, the root applying it (`Reader.handle`): the screen filled
    /// opens on navigation's stack.
    enum Delegate: Equatable {
        /// Opened, its first element then said and shown.
        case openAndAnnounceFocus(ScreenID)
        /// Opened, shown with its size, its focus reported (a long answer: said whole already).
        case openAndShowScreen(ScreenID)
    }

    /// The lists' one entry: their slice and the output.
    func reduce(_ action: Action, _ lists: inout ListScreens, _ out: inout Announcer) -> [Delegate] {
        switch action {
        case .openHelp(let entries):
            openHelp(entries, &lists, &out)
            return [.openAndAnnounceFocus(.help)]
        case .openHistory:
            openHistory(&lists, &out)
            return [.openAndAnnounceFocus(.history)]
        case .openStatistics(let lines):
            openStatistics(lines, &lists, &out)
            return [.openAndAnnounceFocus(.statistics)]
        case .openProgress(let lines):
            lists.progressEntries = lines
            // Not history: the history read back would fill itself with its own title.
            out.say(Announcement(.context, strings(.morseMaterialProgressAnnounce, count: lines.count), remember: false))
            return [.openAndAnnounceFocus(.progress)]
        case .openAnswer(let long):
            lists.answerTitle = long.title
            lists.answerEntries = long.lines
            return [.openAndShowScreen(.answer)]
        }
    }
}
