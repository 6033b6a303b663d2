// SPDX-License-Identifier: GPL-3.0-or-later
/// What the « Aide », « Historique », « Statistiques » and « Progrès » screens and a long answer
/// list, as they were when opened (the history grows as they are read): `ListScreenReducer`'s
/// slice.
public struct ListScreens: Hashable, Sendable {
    public var helpEntries: [String] = []
    public var historyEntries: [String] = []
    public var statisticsEntries: [String] = []
    /// The « Progrès » screen's lines (`PracticeProgress`).
    public var progressEntries: [String] = []
    /// The last answer too long for a message, one sentence per line, and its screen's name.
    public var answerEntries: [String] = []
    public var answerTitle = ""

    public init() {}
}
