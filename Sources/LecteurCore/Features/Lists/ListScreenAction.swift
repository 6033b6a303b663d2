// SPDX-License-Identifier: GPL-3.0-or-later
extension ListScreenReducer {
    /// What the root asks of the lists: a screen of lines to fill and name.
    enum Action {
        /// `aide` alone: the commands as the user can type them now (`Navigator.helpEntries`).
        case openHelp(entries: [String])
        /// `historique`: the announcements' history, oldest first, as the output holds it.
        case openHistory(history: [String])
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

    /// The lists' one entry: their slice in, what they say and ask of the rest out (issue 47:
    /// the child returns its output, the root feeds it to the policy).
    func reduce(_ action: Action, _ lists: inout ListScreens) -> ChildOutput<Delegate> {
        switch action {
        case .openHelp(let entries): return openHelp(entries, &lists)
        case .openHistory(let history): return openHistory(history, &lists)
        case .openStatistics(let lines): return openStatistics(lines, &lists)
        case .openProgress(let lines):
            lists.progressEntries = lines
            return announce(strings(.morseMaterialProgressAnnounce, count: lines.count), .progress)
        case .openAnswer(let long):
            lists.answerTitle = long.title
            lists.answerEntries = long.lines
            return ChildOutput(delegates: [.openAndShowScreen(.answer)])
        }
    }
}
