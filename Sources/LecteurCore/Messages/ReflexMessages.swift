// SPDX-License-Identifier: GPL-3.0-or-later

/// A reflex drill's steps in the user's words (`Locales/<code>/morse-drills.json`): the session
/// (`ReflexSession`) decides and returns typed effects and news, this says them, reading the
/// session's counts and settings where a sentence gives them.
public struct ReflexMessages: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    private func said(_ ms: Int) -> String { AnswerTime.said(ms, strings) }

    /// The introduction, said whole, and its short line for the display.
    public func introduction<Random>(_ session: ReflexSession<Random>) -> (said: String, shown: String) {
        let symbols = session.pool.map { $0.spokenName(strings) }.joined(separator: ", ")
        let characters = session.pool.map { String($0.character) }.joined(separator: " ")
        switch session.mode {
        case .passive:
            return (strings(.drillsReflexIntroPassive, ["symbols": symbols, "pause": said(session.settings.pauseMs)]),
                    strings(.drillsReflexBrailleIntroPassive, ["symbols": characters]))
        case .active:
            let intro = [strings(.drillsReflexIntroActive, ["symbols": symbols, "time": said(session.limitInForceMs)]),
                         session.storedMedianMs.map { strings(.drillsReflexStoredMedian, ["median": said($0)]) }]
            return (intro.compactMap { $0 }.joined(separator: " "), strings(.drillsReflexBrailleIntroActive, ["symbols": characters]))
        }
    }

    public func news<Random>(_ news: ReflexNews, _ session: ReflexSession<Random>) -> String {
        switch news {
        case .tooLate(let symbol): strings(.drillsReflexTooLate, ["character": symbol.spokenName(strings)])
        case .right(let symbol, let ms): strings(.drillsReflexRight, ["character": symbol.spokenName(strings), "time": said(ms)])
        case .slow(let symbol, let ms, let limitMs):
            strings(.drillsReflexSlow, ["character": symbol.spokenName(strings), "time": ms.map(said) ?? "?", "limit": said(limitMs)])
        case .wrong(let symbol, let typed, let answer):
            strings(.morsePracticeWrong, ["character": symbol.spokenName(strings), "answer": typed?.spokenName(strings) ?? answer])
        case .passiveListens: strings(.drillsReflexPassiveListen)
        case .early: strings(.drillsReflexEarly)
        case .oneCharacter: strings(.morsePracticeOneCharacter)
        case .summary: summary(session)
        }
    }

    func summary<Random>(_ session: ReflexSession<Random>) -> String {
        switch session.mode {
        case .passive:
            return strings(.drillsReflexSummaryPassive, ["count": "\(session.asked)"])
        case .active:
            let said = strings(.drillsReflexSummaryActive, ["correct": "\(session.inTime)", "count": "\(session.asked)",
                                                            "time": self.said(session.limitInForceMs)])
            guard let median = session.medianMs else { return said }
            return said + " " + strings(.drillsReflexSummaryMedian, ["median": self.said(median)])
        }
    }

    /// `où`: the question and, in the active drill, the score so far.
    public func position<Random>(_ session: ReflexSession<Random>) -> String {
        switch session.mode {
        case .passive: strings(.drillsReflexWherePassive, ["question": "\(session.question)"])
        case .active: strings(.drillsReflexWhereActive, ["question": "\(session.question)", "correct": "\(session.inTime)",
                                                         "count": "\(session.asked)"])
        }
    }
}
