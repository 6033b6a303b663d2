// SPDX-License-Identifier: GPL-3.0-or-later

/// Listening practice in the user's words (`Locales/<code>/morse-trainer.json`, `strings.json`):
/// the session (`PracticeSession`) decides and returns typed news, this says it. Koch teaching
/// names characters and, for a new one, its pattern; never a count of dits and dahs.
public struct PracticeMessages: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    /// The introduction, said whole, and its short line for the display (the symbols as
    /// characters, and how to replay and finish).
    public func introduction(_ intro: PracticeIntroduction) -> (said: String, shown: String) {
        let (said, shown) = modeIntroduction(intro)
        guard intro.pacedByUser else { return (said, shown) }
        // Said once: after each verdict the next question waits for Enter.
        return (said + " " + strings(.morseTrainerPacedByUser), shown + " " + strings(.morseTrainerBraillePacedByUser))
    }

    private func modeIntroduction(_ intro: PracticeIntroduction) -> (said: String, shown: String) {
        let names = intro.pool.map { $0.spokenName(strings) }
        let characters = intro.pool.map { String($0.character) }
        switch intro.mode {
        case .weakSymbols:
            return (strings(.morsePracticeIntro), strings(.morseTrainerBrailleIntro))
        case .symbol(let id):
            let name = intro.pool.first.map { $0.id == id ? $0.spokenName(strings) : id } ?? id
            return (strings(.morseTrainerIntroFocus, ["character": name, "rivals": names.dropFirst().joined(separator: ", ")]),
                    strings(.morseTrainerBrailleIntroFocus, ["character": characters.first ?? "",
                                                             "rivals": characters.dropFirst().joined(separator: " ")]))
        case .koch:
            let said = strings(.morsePracticeIntroKoch, ["count": "\(names.count)", "symbols": names.joined(separator: ", ")])
            return ([said, intro.progress.map(progress) ?? ""].filter { !$0.isEmpty }.joined(separator: " "),
                    strings(.morseTrainerBrailleIntroKoch, ["symbols": characters.joined(separator: " ")]))
        }
    }

    public func news(_ news: PracticeNews) -> String {
        switch news {
        case .oneCharacter:
            return strings(.morsePracticeOneCharacter)
        case .summary(let summary):
            return summary.attempts == 0
                ? strings(.morsePracticeSummaryNone)
                : strings(.morsePracticeSummary, ["correct": "\(summary.correct)", "attempts": "\(summary.attempts)"])
        case .verdict(let expected, let correct, let typed, let answer, let unlocked, let progress):
            var said = [correct
                ? strings(.morsePracticeRight, ["character": expected.spokenName(strings)])
                : strings(.morsePracticeWrong, ["character": expected.spokenName(strings), "answer": typed?.spokenName(strings) ?? answer])]
            if let unlocked {
                said.append(strings(.morsePracticeUnlocked, ["character": unlocked.spokenName(strings),
                                                             "pattern": SpokenFormat(strings: strings).morsePattern(unlocked.pattern)]))
            } else if let progress {
                said.append(self.progress(progress))
            }
            return said.filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    /// `où`: the question, the score, and the Koch lesson with its progress.
    public func position(_ position: PracticePosition) -> String {
        var parts = [strings(.morseTrainerWhere, ["question": "\(position.question)", "correct": "\(position.summary.correct)",
                                                 "attempts": "\(position.summary.attempts)"])]
        if let level = position.kochLevel {
            parts.append(strings(.morseTrainerKochLesson, ["lesson": "\(KochLesson.lesson(level: level))", "count": "\(level)"]))
            if let progress = position.progress { parts.append(self.progress(progress)) }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What still stands between the learner and the next symbol; "" when nothing does.
    public func progress(_ progress: KochProgress) -> String {
        var said: [String] = []
        if progress.left > 0 {
            said.append(strings(.morseTrainerToUnlock, ["count": "\(progress.left)", "character": progress.next.spokenName(strings)]))
        }
        if let median = progress.slowMs, let limit = progress.limitMs {
            said.append(strings(.morseTrainerTooSlow, ["median": AnswerTime.said(median, strings), "limit": AnswerTime.said(limit, strings)]))
        }
        return said.joined(separator: " ")
    }
}
