// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurCore

// The element rules as they were before they read words as byte spans (`WordSpans`), looked
// vocabulary up by folded bytes and skipped scalar scans on a byte test: frozen here, on
// `TextScan.words` and scalar arrays, for `RuleSpansDifferentialTests`.

final class LegacyFacts {
    let element: Element
    let entry: AuditReport.Entry

    init(_ entry: AuditReport.Entry) {
        self.element = entry.element
        self.entry = entry
    }

    lazy var labelWords: [TextScan.Word] = TextScan.words(in: element.label)
    lazy var visibleWords: [TextScan.Word] = TextScan.words(in: element.visibleText)
    lazy var hintWords: [TextScan.Word] = element.hint.map { TextScan.words(in: $0) } ?? []
    lazy var speechScalars: [Unicode.Scalar] = Array(entry.composedSpeech.unicodeScalars)
    lazy var speechWords: [TextScan.Word] = TextScan.words(in: speechScalars)
    lazy var brailleScalars: [Unicode.Scalar] = Array(entry.braille.text.unicodeScalars)

    var isControl: Bool { element.action != nil || element.role == .button || element.role == .tab }

    func speechExcerpt(_ range: Range<Int>) -> String { ElementFacts.excerpt(speechScalars, range) }
    func brailleExcerpt(_ range: Range<Int>) -> String { ElementFacts.excerpt(brailleScalars, range) }
}

struct LegacyPhraseSet {
    private let byFirstWord: [String: [[String]]]

    init(_ phrases: [String]) {
        var index: [String: [[String]]] = [:]
        for phrase in phrases {
            let words = TextScan.words(in: phrase).map(\.folded)
            guard let first = words.first else { continue }
            index[first, default: []].append(words)
        }
        byFirstWord = index.mapValues { $0.sorted { $0.count > $1.count } }
    }

    func matches(in words: [TextScan.Word]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var i = 0
        while i < words.count {
            if let candidates = byFirstWord[words[i].folded],
               let phrase = candidates.first(where: { phrase in
                   i + phrase.count <= words.count
                       && zip(phrase, words[i..<i + phrase.count]).allSatisfy { $0 == $1.folded }
               }) {
                found.append(i..<i + phrase.count)
                i += phrase.count
            } else {
                i += 1
            }
        }
        return found
    }
}

struct LegacyVocabulary {
    let roles, states, orders, foreign: LegacyPhraseSet
    let acronymsMisread, acronymsKnown, units, perUnits: Set<String>

    init(_ vocabulary: AuditVocabulary) {
        roles = LegacyPhraseSet(vocabulary.roleWords)
        states = LegacyPhraseSet(vocabulary.stateWords)
        orders = LegacyPhraseSet(vocabulary.orderWords)
        foreign = LegacyPhraseSet(vocabulary.foreignWords)
        acronymsMisread = Set(vocabulary.acronymsMisread)
        acronymsKnown = Set(vocabulary.acronymsSpelled + vocabulary.acronymsSaidAsWords)
        units = Set(vocabulary.unitAbbreviations.map(TextScan.fold))
        perUnits = Set(vocabulary.perUnits.map(TextScan.fold))
    }
}

struct LegacyContext {
    let strings: Strings
    let vocabulary: LegacyVocabulary
    let braille: any BrailleCellTable
}

enum LegacyRules {
    /// Each frozen rule by the id of the rule that replaced it.
    static let byId: [String: (LegacyFacts, LegacyContext) -> RuleCheck] = [
        "label-role-word": LegacyLabelRoleWordRule().check, "label-state-word": LegacyLabelStateWordRule().check,
        "label-in-name": LegacyLabelInNameRule().check, "hint-repeats-label": LegacyHintRepeatsLabelRule().check,
        "hint-gives-order": LegacyHintGivesOrderRule().check, "speech-acronym": LegacySpeechAcronymRule().check,
        "speech-number-spaces": LegacySpeechNumberSpacesRule().check,
        "speech-decimal-zeros": LegacySpeechDecimalZerosRule().check,
        "speech-unit-abbreviation": LegacySpeechUnitAbbreviationRule().check,
        "speech-numeric-date": LegacySpeechNumericDateRule().check,
        "speech-morse-symbols": LegacySpeechMorseSymbolsRule().check,
        "language-unmarked": LegacyLanguageUnmarkedRule().check,
        "braille-uncovered-character": LegacyBrailleUncoveredCharacterRule().check,
        "braille-number-split": LegacyBrailleNumberSplitRule().check,
    ]
}

struct LegacySpeechAcronymRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        var misread: [String] = [], unknown: [String] = []
        // Capitals first: most words fail on their first or second letter, before being counted.
        for word in element.speechWords where TextScan.isAcronym(word) && word.text.unicodeScalars.count <= 6 {
            if context.vocabulary.acronymsMisread.contains(word.text) {
                if !misread.contains(word.text) { misread.append(word.text) }
            } else if !context.vocabulary.acronymsKnown.contains(word.text), !unknown.contains(word.text) {
                unknown.append(word.text)
            }
        }
        if !misread.isEmpty {
            return .violation(context.strings(.auditRuleSpeechAcronymFinding, "acronyms", legacyQuoted(misread, context.strings)))
        }
        if !unknown.isEmpty {
            return .review(context.strings(.auditRuleSpeechAcronymReview, "acronyms", legacyQuoted(unknown, context.strings)))
        }
        return .pass
    }
}

struct LegacySpeechNumberSpacesRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        let s = element.speechScalars
        var i = 1
        while i + 1 < s.count {
            if TextScan.isNonBreakingSpace(s[i]), TextScan.isDigit(s[i - 1]), TextScan.isDigit(s[i + 1]) {
                let number = legacyNumberRange(s, around: i)
                return .violation(context.strings(.auditRuleSpeechNumberSpacesFinding, [
                    "excerpt": element.speechExcerpt(number), "space": codePoint(s[i]),
                ]))
            }
            i += 1
        }
        return .pass
    }
}

func legacyNumberRange(_ s: [Unicode.Scalar], around i: Int) -> Range<Int> {
    var start = i, end = i + 1
    while start > 0, TextScan.isDigit(s[start - 1])
            || (TextScan.isNumberSpace(s[start - 1]) && start >= 2 && TextScan.isDigit(s[start - 2])) { start -= 1 }
    while end < s.count, TextScan.isDigit(s[end])
            || (TextScan.isNumberSpace(s[end]) && end + 1 < s.count && TextScan.isDigit(s[end + 1])) { end += 1 }
    return start..<end
}

struct LegacySpeechDecimalZerosRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        let s = element.speechScalars
        var i = 1
        while i + 2 < s.count {
            if s[i] == "," || s[i] == ".", TextScan.isDigit(s[i - 1]), s[i + 1] == "0", s[i + 2] == "0",
               i + 3 == s.count || !TextScan.isDigit(s[i + 3]) {
                var start = i - 1
                while start > 0, TextScan.isDigit(s[start - 1]) || TextScan.isNumberSpace(s[start - 1]) && start >= 2
                        && TextScan.isDigit(s[start - 2]) { start -= 1 }
                return .violation(context.strings(.auditRuleSpeechDecimalZerosFinding,
                                                  ["excerpt": element.speechExcerpt(start..<i + 3)]))
            }
            i += 1
        }
        return .pass
    }
}

struct LegacySpeechUnitAbbreviationRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        let s = element.speechScalars, words = element.speechWords
        let units = context.vocabulary.units, per = context.vocabulary.perUnits
        var found: [String] = []
        for (n, word) in words.enumerated() {
            // "40h", "3h30": digits glued to a unit.
            // Only a word starting with a digit can be one: checked on its first byte before
            // its scalars are copied (most words of a label are letters only).
            if let lead = word.text.utf8.first, lead >= 0x30 && lead <= 0x39,
               case let scalars = Array(word.text.unicodeScalars),
               let firstLetter = scalars.firstIndex(where: { !TextScan.isDigit($0) }), firstLetter > 0 {
                var letters = String.UnicodeScalarView()
                letters.append(contentsOf: scalars[firstLetter...].prefix { !TextScan.isDigit($0) })
                if units.contains(TextScan.fold(String(letters))) { found.append(word.text) }
            }
            // "3 h": a number, one space, a unit on its own.
            if n > 0, word.start - words[n - 1].end == 1, TextScan.isNumberSpace(s[word.start - 1]),
               words[n - 1].text.unicodeScalars.allSatisfy(TextScan.isDigit), units.contains(word.folded) {
                found.append(element.speechExcerpt(words[n - 1].start..<word.end))
            }
            // "/jour", "€/h".
            if word.start > 0, s[word.start - 1] == "/", per.contains(word.folded) {
                found.append("/" + word.text)
            }
        }
        guard !found.isEmpty else { return .pass }
        var distinct: [String] = []
        for excerpt in found where !distinct.contains(excerpt) { distinct.append(excerpt) }
        return .violation(context.strings(.auditRuleSpeechUnitAbbreviationFinding, "excerpts", legacyQuoted(distinct, context.strings)))
    }
}

struct LegacySpeechNumericDateRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        let s = element.speechScalars
        var i = 0
        while i < s.count {
            guard TextScan.isDigit(s[i]), i == 0 || !TextScan.isDigit(s[i - 1]) else { i += 1; continue }
            if let end = numericDate(s, from: i) {
                return .violation(context.strings(.auditRuleSpeechNumericDateFinding,
                                                  ["excerpt": element.speechExcerpt(i..<end)]))
            }
            i += 1
        }
        return .pass
    }

    private func numericDate(_ s: [Unicode.Scalar], from i: Int) -> Int? {
        func digits(_ at: Int) -> Int {
            var n = 0
            while at + n < s.count, TextScan.isDigit(s[at + n]) { n += 1 }
            return n
        }
        let first = digits(i)
        let sep1 = i + first
        guard sep1 < s.count else { return nil }
        let separator = s[sep1]
        let dayFirst = (1...2).contains(first) && (separator == "/" || separator == ".")
        let yearFirst = first == 4 && separator == "-"
        guard dayFirst || yearFirst else { return nil }
        let second = digits(sep1 + 1)
        let sep2 = sep1 + 1 + second
        guard (1...2).contains(second), sep2 < s.count, s[sep2] == separator else { return nil }
        let third = digits(sep2 + 1)
        if dayFirst, third == 2 || third == 4 { return sep2 + 1 + third }
        if yearFirst, (1...2).contains(third) { return sep2 + 1 + third }
        return nil
    }
}

struct LegacySpeechMorseSymbolsRule {
    init() {}

    static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E, 0x2D, 0x5F, 0xB7, 0x2022, 0x2212, 0x2013, 0x2014, 0x2010, 0x2011, 0x2012, 0x22C5, 0x2219: true
        default: false
        }
    }

    static func isLoneMark(_ s: Unicode.Scalar) -> Bool { s.value == 0xB7 || s.value == 0x2212 || s.value == 0x22C5 }

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        let s = element.speechScalars
        var found: [String] = []
        var i = 0
        while i < s.count {
            guard !TextScan.isSpace(s[i]) else { i += 1; continue }
            let start = i
            while i < s.count, !TextScan.isSpace(s[i]) { i += 1 }
            var end = i
            while end > start, case let last = s[end - 1], last == "," || last == ";" || last == ":" { end -= 1 }
            let chunk = s[start..<end]
            guard !chunk.isEmpty, chunk.allSatisfy(Self.isMark) else { continue }
            if chunk.count >= 2 || Self.isLoneMark(chunk.first!) { found.append(element.speechExcerpt(start..<end)) }
        }
        guard !found.isEmpty else { return .pass }
        return .violation(context.strings(.auditRuleSpeechMorseSymbolsFinding, "excerpts", legacyQuoted(found, context.strings)))
    }
}

func legacyQuoted(_ items: [String], _ strings: Strings) -> String {
    items.map { strings(.auditQuote, "text", $0) }.joined(separator: ", ")
}

struct LegacyLabelRoleWordRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        guard element.isControl else { return .inapplicable }
        let found = context.vocabulary.roles.matches(in: element.labelWords)
        guard let first = found.first else { return .pass }
        let word = element.labelWords[first].map(\.text).joined(separator: " ")
        return .violation(context.strings(.auditRuleLabelRoleWordFinding, "word", word))
    }
}

struct LegacyLabelStateWordRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        guard element.isControl else { return .inapplicable }
        let found = context.vocabulary.states.matches(in: element.labelWords)
        guard let first = found.first else { return .pass }
        let word = element.labelWords[first].map(\.text).joined(separator: " ")
        return .violation(context.strings(.auditRuleLabelStateWordFinding, "word", word))
    }
}

struct LegacyLabelInNameRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        guard element.isControl, !element.visibleWords.isEmpty else { return .inapplicable }
        let visible = element.visibleWords.map(\.folded), label = element.labelWords.map(\.folded)
        if legacyContains(label, visible) { return .pass }
        return .violation(context.strings(.auditRuleLabelInNameFinding,
                                          ["visible": element.element.visibleText, "label": element.element.label]))
    }
}

func legacyContains(_ haystack: [String], _ needle: [String]) -> Bool {
    guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
        if Array(haystack[start..<start + needle.count]) == needle { return true }
    }
    return false
}

struct LegacyHintRepeatsLabelRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        guard let hint = element.element.hint, !element.hintWords.isEmpty else { return .inapplicable }
        let hintWords = element.hintWords.map(\.folded), label = element.labelWords.map(\.folded)
        guard !label.isEmpty, legacyContains(label, hintWords) || legacyContains(hintWords, label) else { return .pass }
        return .violation(context.strings(.auditRuleHintRepeatsLabelFinding, "hint", hint))
    }
}

struct LegacyHintGivesOrderRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        guard let hint = element.element.hint, !element.hintWords.isEmpty else { return .inapplicable }
        guard let first = context.vocabulary.orders.matches(in: element.hintWords).first else { return .pass }
        let word = element.hintWords[first].map(\.text).joined(separator: " ")
        return .violation(context.strings(.auditRuleHintGivesOrderFinding, with: ["word": word, "hint": hint]))
    }
}

struct LegacyLanguageUnmarkedRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        let words = element.speechWords
        var found: [String] = []
        for match in context.vocabulary.foreign.matches(in: words) {
            // Adjacent matches are one passage: "Starter Pack" is one phrase, not two words.
            let text = element.speechExcerpt(words[match.lowerBound].start..<words[match.upperBound - 1].end)
            if !found.contains(text) { found.append(text) }
        }
        guard !found.isEmpty else { return .pass }
        return .violation(context.strings(.auditRuleLanguageUnmarkedFinding, "words", legacyQuoted(found, context.strings)))
    }
}

struct LegacyBrailleUncoveredCharacterRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        var missing: [Unicode.Scalar] = []
        for s in element.brailleScalars where !context.braille.covers(s) && !missing.contains(s) {
            missing.append(s)
        }
        guard !missing.isEmpty else { return .pass }
        let names = missing.map { s in
            s.properties.isWhitespace || s.properties.generalCategory == .nonspacingMark
                ? codePoint(s) : context.strings(.auditQuote, "text", String(s)) + " " + codePoint(s)
        }
        return .violation(context.strings(.auditRuleBrailleUncoveredCharacterFinding, [
            "table": context.braille.name, "characters": names.joined(separator: ", "),
        ]))
    }
}

struct LegacyBrailleNumberSplitRule {
    init() {}

    func check(_ element: LegacyFacts, _ context: LegacyContext) -> RuleCheck {
        let s = element.brailleScalars
        var i = 1
        while i + 3 < s.count {
            // A digit, a space of any kind, exactly three digits: a thousands group.
            if TextScan.isNumberSpace(s[i]), TextScan.isDigit(s[i - 1]),
               TextScan.isDigit(s[i + 1]), TextScan.isDigit(s[i + 2]), TextScan.isDigit(s[i + 3]),
               i + 4 == s.count || !TextScan.isDigit(s[i + 4]) {
                return .violation(context.strings(.auditRuleBrailleNumberSplitFinding, [
                    "excerpt": element.brailleExcerpt(legacyNumberRange(s, around: i)), "space": codePoint(s[i]),
                ]))
            }
            i += 1
        }
        return .pass
    }
}
