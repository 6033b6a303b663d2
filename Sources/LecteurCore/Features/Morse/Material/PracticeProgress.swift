// SPDX-License-Identifier: GPL-3.0-or-later
/// One day of listening practice as storage counts it (`progrès`): every answer of that local
/// day, whatever the mode (sending practice aside: keying K right says nothing of hearing it),
/// and the copies scored that day.
public struct PracticeDay: Hashable, Sendable {
    /// "2026-11-28", the local calendar day.
    public let day: String
    public let answers: Int
    public let correct: Int
    /// The character speed most answers were given at (the median), nil when none was stored.
    public let medianWPM: Int?
    /// The median time to answer, nil when no answer's time was known.
    public let medianLatencyMs: Int?
    /// Copies scored (groups, words, callsigns, QSOs, text), and the characters copied right in
    /// percent over them all (each copy weighs its characters), nil when none.
    public let copies: Int
    public let copyAccuracy: Int?

    public init(day: String, answers: Int, correct: Int, medianWPM: Int?, medianLatencyMs: Int?,
                copies: Int = 0, copyAccuracy: Int? = nil) {
        self.day = day
        self.answers = answers
        self.correct = correct
        self.medianWPM = medianWPM
        self.medianLatencyMs = medianLatencyMs
        self.copies = copies
        self.copyAccuracy = copyAccuracy
    }

    /// Something was practised that day: answers or copies.
    public var practised: Bool { answers > 0 || copies > 0 }

    /// Right answers in percent, rounded.
    public var accuracy: Int { answers == 0 ? 0 : Int((Double(correct) * 100 / Double(answers)).rounded()) }
}

/// The « Progrès » screen's lines: the change from the first day to the last, then one line per
/// day, newest first (what a learner wants first is how today went).
public enum PracticeProgress {
    /// Days listed at most: three months of daily practice.
    public static let dayLimit = 90

    public static func lines(_ days: [PracticeDay], _ strings: Strings) -> [String] {
        let days = days.filter(\.practised).sorted { $0.day < $1.day }.suffix(dayLimit)
        guard !days.isEmpty else { return [strings(.morseMaterialProgressNone)] }
        var lines: [String] = []
        // The trend is listening's: copy scores are another measure.
        let heard = days.filter { $0.answers > 0 }
        if heard.count > 1, let first = heard.first, let last = heard.last {
            var trend = strings(.morseMaterialProgressTrend, ["count": "\(heard.count)", "from": date(first.day, strings),
                                                             "to": date(last.day, strings), "first": "\(first.accuracy)",
                                                             "last": "\(last.accuracy)"])
            if let before = first.medianWPM, let now = last.medianWPM {
                trend += " " + strings(.morseMaterialProgressTrendSpeed, ["first": "\(before)", "last": "\(now)"])
            }
            lines.append(trend)
        }
        for day in days.reversed() {
            guard day.answers > 0 else {
                lines.append(strings(.morseRound3ProgressCopyDay, count: day.copies,
                                     ["date": date(day.day, strings), "accuracy": "\(day.copyAccuracy ?? 0)"]))
                continue
            }
            var line = strings(.morseMaterialProgressDay, ["date": date(day.day, strings), "count": "\(day.answers)",
                                                          "accuracy": "\(day.accuracy)"])
            if let wpm = day.medianWPM { line += " " + strings(.morseMaterialProgressSpeed, ["wpm": "\(wpm)"]) }
            if let ms = day.medianLatencyMs {
                line += " " + strings(.morseMaterialProgressTime, ["time": AnswerTime.said(ms, strings)])
            }
            if day.copies > 0, let accuracy = day.copyAccuracy {
                line += " " + strings(.morseRound3ProgressCopy, count: day.copies, ["accuracy": "\(accuracy)"])
            }
            lines.append(line)
        }
        return lines
    }

    /// "2026-11-28" said « 28 novembre 2026 » (« 1er » on the first); as stored if not a date.
    static func date(_ day: String, _ strings: Strings) -> String {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let month = L10n.month(parts[1]) else { return day }
        return strings(.dateFormat, ["day": parts[2] == 1 ? strings(.dateFirstDay) : "\(parts[2])",
                                     "month": strings(month), "year": "\(parts[0])"])
    }
}
