// SPDX-License-Identifier: GPL-3.0-or-later

/// A copying session's steps in the user's words (`Locales/<code>/morse-trainer.json`,
/// `morse-material.json`): the session (`CopySession`) decides and returns typed effects, this
/// says them. `alphabet` names the characters of a verdict (« point final », « prosigne K N »).
public struct CopyMessages: Sendable {
    public let strings: Strings
    public let alphabet: MorseAlphabet

    public init(strings: Strings, alphabet: MorseAlphabet = .standard) {
        self.strings = strings
        self.alphabet = alphabet
    }

    /// What the session is about to send and how to answer, said whole.
    public func introduction(_ intro: CopyIntroduction) -> String {
        let said = kindIntroduction(intro)
        // Said once: after each verdict the next sending waits for Enter.
        return intro.pacedByUser ? said + " " + strings(.morseTrainerPacedByUser) : said
    }

    private func kindIntroduction(_ intro: CopyIntroduction) -> String {
        let names = intro.learnt.map { $0.spokenName(strings) }.joined(separator: ", ")
        let count = "\(intro.count)"
        return switch intro.kind {
        case .groups where intro.groupLength == GroupLength.standard:
            strings(.morseTrainerCopyIntroGroups, ["count": count, "symbols": names])
        case .groups:
            strings(.morseMaterialGroupsIntro, ["count": count, "symbols": names, "length": intro.groupLength.count == 1
                ? strings(.morseMaterialGroupsLength, count: intro.groupLength.lowerBound)
                : strings(.morseMaterialGroupsLengthRange, ["min": "\(intro.groupLength.lowerBound)",
                                                            "max": "\(intro.groupLength.upperBound)"])])
        case .words: strings(.morseTrainerCopyIntroWords, ["count": count])
        case .callsigns: strings(.morseTrainerCopyIntroCallsigns, ["count": count, "wpm": "\(intro.wpm)"])
        case .qso: strings(.morseMaterialQsoIntro, ["count": count, "overs": "\(intro.items)"])
        case .text: strings(.morseMaterialTextIntro, ["count": "\(intro.items)"])
        case .contest: strings(.morseMaterialContestIntro, ["count": count, "wpm": "\(intro.wpm)",
                                                            "half": "\(max(MorseSettings.wpmRange.lowerBound, (intro.wpm + 1) / 2))"])
        }
    }

    /// The introduction's short line for the display.
    public var shortIntroduction: String { strings(.morseTrainerCopyBrailleIntro) }

    public func refusal(_ refusal: CopyRefusal) -> String {
        switch refusal {
        case .noWords(let learnt):
            strings(.morseTrainerCopyNoWords, ["symbols": learnt.map { $0.spokenName(strings) }.joined(separator: ", ")])
        case .emptyText: strings(.morseMaterialTextEmpty)
        }
    }

    /// The verdict, then for callsigns the new speed: « 100 % : copie parfaite. Vitesse : 21 mots par minute. »
    public func verdict(score: Int, mistakes: [CopyMistake], speed: Int?) -> String {
        let said = verdict(score: score, mistakes: mistakes)
        return speed.map { said + " " + strings(.morseTrainerCopySpeed, ["wpm": "\($0)"]) } ?? said
    }

    public func summary(average: Int?, count: Int) -> String {
        guard let average else { return strings(.morsePracticeSummaryNone) }
        return strings(.morseTrainerCopySummary, ["score": "\(average)", "count": "\(count)"])
    }

    /// « 92 % ; H lu S 2 fois ; 5 manqué » — the same mistakes said once, with their count, in
    /// the order they first occur.
    public func verdict(score: Int, mistakes: [CopyMistake]) -> String {
        guard !mistakes.isEmpty else { return strings(.morseTrainerCopyPerfect, ["score": "\(score)"]) }
        var order: [CopyMistake] = []
        var counts: [String: Int] = [:]
        for mistake in mistakes {
            let key = mistake.sent + "\u{0}" + mistake.typed
            if counts[key] == nil { order.append(mistake) }
            counts[key, default: 0] += 1
        }
        func name(_ text: String) -> String { CopyScoring.tokens(text, alphabet: alphabet).first?.symbol?.spokenName(strings) ?? text }
        let said = order.map { mistake -> String in
            let said = if mistake.typed.isEmpty {
                strings(.morseTrainerCopyMissed, ["sent": name(mistake.sent)])
            } else if mistake.sent.isEmpty {
                strings(.morseTrainerCopyExtra, ["typed": name(mistake.typed)])
            } else {
                strings(.morseTrainerCopySubstituted, ["sent": name(mistake.sent), "typed": name(mistake.typed)])
            }
            let count = counts[mistake.sent + "\u{0}" + mistake.typed]!
            return count == 1 ? said : strings(.morseTrainerCopyRepeated, ["mistake": said, "count": "\(count)"])
        }
        return strings(.morseTrainerCopyVerdict, ["score": "\(score)", "mistakes": said.joined(separator: " ; ")])
    }
}
