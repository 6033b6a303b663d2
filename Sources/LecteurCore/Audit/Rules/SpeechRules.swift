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
        // Capitals first: most words fail on their first or second letter, before being counted.
        for word in element.speechWords where TextScan.isAcronym(word) && word.text.unicodeScalars.count <= 6 {
            if context.vocabulary.acronymsMisread.contains(word.text) {
                if !misread.contains(word.text) { misread.append(word.text) }
            } else if !context.vocabulary.acronymsKnown.contains(word.text), !unknown.contains(word.text) {
                unknown.append(word.text)
            }
        }
        if !misread.isEmpty {
            return .violation(context.strings(.auditRuleSpeechAcronymFinding, "acronyms", quoted(misread, context.strings)))
        }
        if !unknown.isEmpty {
            return .review(context.strings(.auditRuleSpeechAcronymReview, "acronyms", quoted(unknown, context.strings)))
        }
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
        let s = element.speechScalars
        var i = 1
        while i + 1 < s.count {
            if TextScan.isNonBreakingSpace(s[i]), TextScan.isDigit(s[i - 1]), TextScan.isDigit(s[i + 1]) {
                let number = numberRange(s, around: i)
                return .violation(context.strings(.auditRuleSpeechNumberSpacesFinding, [
                    "excerpt": element.speechExcerpt(number), "space": codePoint(s[i]),
                ]))
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

/// "40h" is read "quarante ache", "2 min" "deux mine", and "/jour" loses its "par".
public struct SpeechUnitAbbreviationRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "speech-unit-abbreviation", impact: .moderate, tags: ["best-practice"],
        help: .auditRuleSpeechUnitAbbreviationHelp, description: .auditRuleSpeechUnitAbbreviationDescription,
        fix: .auditRuleSpeechUnitAbbreviationFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
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
        return .violation(context.strings(.auditRuleSpeechUnitAbbreviationFinding, "excerpts", quoted(distinct, context.strings)))
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
        return .violation(context.strings(.auditRuleSpeechMorseSymbolsFinding, "excerpts", quoted(found, context.strings)))
    }
}

/// « IA », « RGAA » (quotes as the report's language writes them).
func quoted(_ items: [String], _ strings: Strings) -> String {
    items.map { strings(.auditQuote, "text", $0) }.joined(separator: ", ")
}
