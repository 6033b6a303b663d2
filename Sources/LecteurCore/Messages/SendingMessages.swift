// SPDX-License-Identifier: GPL-3.0-or-later

/// Sending practice in the user's words (`Locales/<code>/morse-sending.json`,
/// `morse-paddles.json`): the session (`SendingSession`) decides and returns typed news, this
/// says it. Characters are named, and a pattern said as dits and dahs only where it is no
/// character. `alphabet` names the pieces of a character keyed in two.
public struct SendingMessages: Sendable {
    public let strings: Strings
    public let alphabet: MorseAlphabet

    public init(strings: Strings, alphabet: MorseAlphabet = .standard) {
        self.strings = strings
        self.alphabet = alphabet
    }

    public func news(_ news: SendingNews) -> String {
        switch news {
        case .introduce(let mode, let learnt, let how, let note):
            let intro: L10n = switch mode {
            case .koch: .morseSendingIntroKoch
            case .echo: .morseSendingIntroEcho
            case .free: .morseSendingIntroFree
            }
            let names = learnt.map { $0.spokenName(strings) }.joined(separator: ", ")
            return ([strings(intro, ["symbols": names]), howToKey(how)] + (note.map { [$0] } ?? [])).joined(separator: " ")
        case .ask(let expected):
            return strings(.morseSendingAsk, ["text": names(expected)])
        case .tooLong(let marks):
            return strings(.morseSendingTooLong, ["count": "\(marks)"])
        case .notAPattern:
            return strings(.morseSendingNotAPattern)
        case .judged(let judgement):
            return judged(judgement)
        case .summary(let summary?):
            return strings(.morseSendingSummary, count: summary.correct, ["correct": "\(summary.correct)", "attempts": "\(summary.attempts)"])
        case .summary(nil):
            return strings(.morseSendingSummaryNone)
        }
    }

    /// How to answer at a level (also `aide` during sending).
    public func howToKey(_ how: SendingHow) -> String {
        switch how.level {
        case .pattern: strings(.morseSendingHowPattern)
        case .tapping: strings(.morseSendingHowTapping)
        case .straightKey: strings(.morseSendingHowStraight)
        case .paddles: strings(.morsePaddlesHow, ["mode": how.keyer == .iambicA ? "A" : "B", "wpm": "\(how.wpm)"])
        }
    }

    func judged(_ judgement: SendingJudgement) -> String {
        let spoken = SpokenFormat(strings: strings)
        var said: [String] = []
        switch judgement.reading {
        case .read(let signs, let pairs):
            let text = signs.map { $0.symbol?.spokenName(strings) ?? spoken.morsePattern($0.pattern) }.joined(separator: " ")
            said.append(strings(.morseSendingRead, ["text": text]))
            for pair in pairs {
                said.append(strings(.morseSendingRunTogetherLikely, ["first": pair[0].spokenName(strings),
                                                                     "second": pair[1].spokenName(strings)]))
            }
        case .right(let expected):
            said.append(strings(.morseSendingRight, ["text": names(expected)]))
        case .wrong(let findings):
            said.append(verdict(findings))
        }
        if let coaching = judgement.coaching { said += self.coaching(coaching) }
        return said.joined(separator: " ")
    }

    /// The speed and the dah/dit ratio of a straight key, then the spacing in units.
    func coaching(_ coaching: SendingCoaching) -> [String] {
        var said: [String] = []
        if let wpm = coaching.wpm {
            said.append(strings(.morseSendingSpeed, ["wpm": "\(wpm)"]))
            if let fault = coaching.ratioFault {
                said.append(strings(fault < 3 ? .morseSendingRatioShort : .morseSendingRatioLong, ["ratio": decimal(fault)]))
            } else if let ratio = coaching.ratio {
                said.append(strings(.morseSendingRatioGood, ["ratio": decimal(ratio)]))
            }
        }
        var spacing: [String] = []
        if let inner = coaching.elementUnits { spacing.append(strings(.morseSendingSpacingElements, ["units": decimal(inner)])) }
        if let between = coaching.characterUnits { spacing.append(strings(.morseSendingSpacingCharacters, ["units": decimal(between)])) }
        if let words = coaching.wordUnits { spacing.append(strings(.morseSendingSpacingWords, ["units": decimal(words)])) }
        if !spacing.isEmpty { said.append(strings(.morseSendingSpacing, ["spacing": spacing.joined(separator: ", ")])) }
        return said
    }

    func decimal(_ value: Double) -> String {
        let tenths = Int(saturating: (value * 10).rounded())
        return strings(.morseSendingDecimal, ["whole": "\(tenths / 10)", "tenth": "\(tenths % 10)"])
    }

    func verdict(_ findings: [SendingFinding]) -> String {
        let spoken = SpokenFormat(strings: strings)
        var said: [String] = []
        // The same character missing or too many several times in a row is said once with its
        // count (« K en trop, 2 fois. »): repeated, the sentence sounds like an echo of itself.
        // Rights are not said, so faults either side of one are heard in a row: grouped alike.
        var faults = findings.filter { !$0.isRight }[...]
        while let finding = faults.popFirst() {
            var times = 1
            switch finding {
            case .missing, .extra: while faults.first == finding { faults.removeFirst(); times += 1 }
            case .right, .wrong, .runTogether, .split: break
            }
            switch finding {
            case .right:
                continue
            case .wrong(let expected, let sent, let symbol):
                said.append(strings(.morseSendingWrong, ["character": expected.spokenName(strings),
                                                         "pattern": spoken.morsePattern(expected.pattern),
                                                         "sent": symbol?.spokenName(strings) ?? strings(.morseSendingUnknown),
                                                         "sentPattern": spoken.morsePattern(sent)]))
            case .runTogether(let symbols, _):
                said.append(strings(.morseSendingRunTogether, ["characters": names(symbols, separator: strings(.morseSendingAnd))]))
            case .split(let symbol, let pieces):
                let parts = pieces.map { alphabet.symbol(pattern: $0)?.spokenName(strings) ?? spoken.morsePattern($0) }
                said.append(strings(.morseSendingSplit, ["character": symbol.spokenName(strings), "pieces": parts.joined(separator: " ")]))
            case .missing(let symbol):
                let name = symbol.spokenName(strings)
                said.append(times == 1 ? strings(.morseSendingMissing, ["character": name])
                                       : strings(.morseSendingMissingTimes, ["character": name, "times": "\(times)"]))
            case .extra(let pattern, let symbol):
                let sent = symbol?.spokenName(strings) ?? spoken.morsePattern(pattern)
                said.append(times == 1 ? strings(.morseSendingExtra, ["sent": sent])
                                       : strings(.morseSendingExtraTimes, ["sent": sent, "times": "\(times)"]))
            }
        }
        return said.joined(separator: " ")
    }

    func names(_ symbols: [MorseSymbol], separator: String = " ") -> String {
        symbols.map { $0.spokenName(strings) }.joined(separator: separator)
    }
}
