// SPDX-License-Identifier: GPL-3.0-or-later
/// The « Aide », « Historique », « Statistiques » and « Progrès » screens and a long answer's:
/// lists read element by element, on the display as by ear, instead of one message of 2 000
/// cells or one utterance of two minutes. They list what
/// the state kept when they were opened (the history grows while it is read).
extension ScreenBuilder {
    public func helpScreen(_ lists: ListScreens) -> Screen {
        listScreen(.help, code: "help", title: strings(.brailleReadingHelpScreen), entries: lists.helpEntries)
    }

    public func historyScreen(_ lists: ListScreens) -> Screen {
        let entries = lists.historyEntries.isEmpty ? [strings(.historyEmpty)] : lists.historyEntries
        return listScreen(.history, code: "history", title: strings(.brailleReadingHistoryScreen), entries: entries)
    }

    public func statisticsScreen(_ lists: ListScreens) -> Screen {
        listScreen(.statistics, code: "statistics", title: strings(.brailleReadingStatisticsScreen),
                   entries: lists.statisticsEntries)
    }

    public func progressScreen(_ lists: ListScreens) -> Screen {
        listScreen(.progress, code: "progress", title: strings(.morseMaterialProgressScreen), entries: lists.progressEntries)
    }

    public func answerScreen(_ lists: ListScreens) -> Screen {
        listScreen(.answer, code: "answer", title: lists.answerTitle, entries: lists.answerEntries)
    }

    private func listScreen(_ id: ScreenID, code: String, title: String, entries: [String]) -> Screen {
        let elements = entries.enumerated().map { index, entry in
            Element(id: "\(code).\(index + 1)", role: .text, label: entry)
        }
        return Screen(id: id, code: code, title: title, elements: elements)
    }
}
