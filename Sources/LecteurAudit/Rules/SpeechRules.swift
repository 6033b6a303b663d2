// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// Speech traps: text that is right on screen and wrong in the ear. Each rule reads the exact
/// text handed to the speech engine (espeak-ng, French voice); what they look for was checked
/// with `espeak-ng -v fr -x` (see the field notes).

/// "IA" is read [ja], one syllable; "RGAA" and "WCAG" as words. Acronyms missing from the lists
/// are left for a person to check.
public struct SpeechAcronymRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "speech-acronym", impact: .moderate, tags: ["wcag2aaa", "wcag314", "best-practice"],
        help: .auditRuleSpeechAcronymHelp, description: .auditRuleSpeechAcronymDescription,
        fix: .auditRuleSpeechAcronymFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        var misread: [String] = [], unknown: [String] = []
        let words = element.speechWords
        // Read on the word's bytes: most words fail on their length or first letter.
        for w in 0..<words.count where words.isShortAcronym(w) {
            let text = words.text(w)
            if context.vocabulary.acronymsMisread.contains(text) {
                if !misread.contains(text) { misread.append(text) }
            } else if !context.vocabulary.acronymsKnown.contains(text), !unknown.contains(text) {
                unknown.append(text)
            }
        }
        if misread.count == 1, let known = context.acronymFindings[misread[0]],
           known.acronym.utf8.elementsEqual(misread[0].utf8) {
            return .violation(known.message)
        }
        if !misread.isEmpty { return .violation(context.findings.speechAcronymsMisread(misread)) }
        if !unknown.isEmpty { return .review(context.findings.speechAcronymsToCheck(unknown)) }
        return .pass
    }
}

/// "1 490" with U+202F or U+00A0: espeak-ng stops inside the number ("un, quatre cent…").
public struct SpeechNumberSpacesRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "speech-number-spaces", impact: .serious, tags: ["best-practice"],
        help: .auditRuleSpeechNumberSpacesHelp, description: .auditRuleSpeechNumberSpacesDescription,
        fix: .auditRuleSpeechNumberSpacesFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        guard element.speechPatterns.contains(.numberSpace) else { return .pass }
        let s = element.speechScalars
        var i = 1
        while i + 1 < s.count {
            if TextScan.isNonBreakingSpace(s[i]), TextScan.isDigit(s[i - 1]), TextScan.isDigit(s[i + 1]) {
                let number = numberRange(s, around: i)
                return .violation(context.findings.speechNumberSpaces(number: element.speechExcerpt(number), space: s[i]))
            }
            i += 1
        }
        return .pass
    }
}

/// The digits around position `i`, across spaces that sit between digits.
func numberRange(_ s: [Unicode.Scalar], around i: Int) -> Range<Int> {
    var start = i, end = i + 1
    while start > 0, TextScan.isDigit(s[start - 1])
            || (TextScan.isNumberSpace(s[start - 1]) && start >= 2 && TextScan.isDigit(s[start - 2])) { start -= 1 }
    while end < s.count, TextScan.isDigit(s[end])
            || (TextScan.isNumberSpace(s[end]) && end + 1 < s.count && TextScan.isDigit(s[end + 1])) { end += 1 }
    return start..<end
}

/// "990,00 €" is read "neuf cent quatre-vingt-dix virgule zéro zéro euros".
public struct SpeechDecimalZerosRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "speech-decimal-zeros", impact: .minor, tags: ["best-practice"],
        help: .auditRuleSpeechDecimalZerosHelp, description: .auditRuleSpeechDecimalZerosDescription,
        fix: .auditRuleSpeechDecimalZerosFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        guard element.speechPatterns.contains(.decimalZeros) else { return .pass }
        let s = element.speechScalars
        var i = 1
        while i + 2 < s.count {
            if s[i] == "," || s[i] == ".", TextScan.isDigit(s[i - 1]), s[i + 1] == "0", s[i + 2] == "0",
               i + 3 == s.count || !TextScan.isDigit(s[i + 3]) {
                var start = i - 1
                while start > 0, TextScan.isDigit(s[start - 1]) || TextScan.isNumberSpace(s[start - 1]) && start >= 2
                        && TextScan.isDigit(s[start - 2]) { start -= 1 }
                return .violation(context.findings.speechDecimalZeros(element.speechExcerpt(start..<i + 3)))
            }
            i += 1
        }
        return .pass
    }
}

/// "40h" is read "quarante ache", "2 min" "deux mine", and "/jour" loses its "par".
public struct SpeechUnitAbbreviationRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "speech-unit-abbreviation", impact: .moderate, tags: ["best-practice"],
        help: .auditRuleSpeechUnitAbbreviationHelp, description: .auditRuleSpeechUnitAbbreviationDescription,
        fix: .auditRuleSpeechUnitAbbreviationFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        let words = element.speechWords
        let units = context.vocabulary.units, per = context.vocabulary.perUnits
        var found: [String] = []
        for n in 0..<words.count {
            let word = words.spans[n]
            // "40h", "3h30": digits glued to a unit.
            if let letters = words.foldedAfterLeadingDigits(n), units.contains(letters) { found.append(words.text(n)) }
            // "3 h": a number, one space, a unit on its own.
            if n > 0, word.start - words.spans[n - 1].end == 1, let space = words.scalar(before: n),
               TextScan.isNumberSpace(space), words.isDigits(n - 1), units.contains(words.folded(n)) {
                found.append(words.excerpt(from: n - 1, to: n))
            }
            // "/jour", "€/h".
            if words.scalar(before: n) == "/", per.contains(words.folded(n)) {
                found.append("/" + words.text(n))
            }
        }
        guard !found.isEmpty else { return .pass }
        var distinct: [String] = []
        for excerpt in found where !distinct.contains(excerpt) { distinct.append(excerpt) }
        return .violation(context.findings.speechUnitAbbreviations(distinct))
    }
}

/// "15/02/2026" is read as three numbers; "2026-02-15" too.
public struct SpeechNumericDateRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "speech-numeric-date", impact: .moderate, tags: ["best-practice"],
        help: .auditRuleSpeechNumericDateHelp, description: .auditRuleSpeechNumericDateDescription,
        fix: .auditRuleSpeechNumericDateFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        guard element.speechPatterns.contains(.numericDate) else { return .pass }
        let s = element.speechScalars
        var i = 0
        while i < s.count {
            guard TextScan.isDigit(s[i]), i == 0 || !TextScan.isDigit(s[i - 1]) else { i += 1; continue }
            if let end = numericDate(s, from: i) {
                return .violation(context.findings.speechNumericDate(element.speechExcerpt(i..<end)))
            }
            i += 1
        }
        return .pass
    }

    /// The end of a date starting at `i`: dd/mm/yyyy (or with dots) or yyyy-mm-dd.
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

/// Raw Morse in speech: ".-" is not read at all, "·−" is read "minus" by the English voice.
public struct SpeechMorseSymbolsRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "speech-morse-symbols", impact: .serious, tags: ["best-practice"],
        help: .auditRuleSpeechMorseSymbolsHelp, description: .auditRuleSpeechMorseSymbolsDescription,
        fix: .auditRuleSpeechMorseSymbolsFix)

    public init() {}

    static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E, 0x2D, 0x5F, 0xB7, 0x2022, 0x2212, 0x2013, 0x2014, 0x2010, 0x2011, 0x2012, 0x22C5, 0x2219: true
        default: false
        }
    }

    /// Marks that never serve as a separator on their own, unlike "-" or "—".
    static func isLoneMark(_ s: Unicode.Scalar) -> Bool { s.value == 0xB7 || s.value == 0x2212 || s.value == 0x22C5 }

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        guard element.speechPatterns.contains(.morse) else { return .pass }
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
        return .violation(context.findings.speechMorseSymbols(found))
    }
}
