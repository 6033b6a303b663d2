// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The sentence of each audit rule's finding, from what the rule found (the words, excerpts and
/// characters it quotes): the rules decide whether there is a finding, the wording is made here.
public struct AuditFindingMessages: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    // label-missing
    public func labelMissingEmpty() -> String { strings(.auditRuleLabelMissingFindingEmpty) }

    /// A label of spaces and punctuation, each character shown (a space by its code point).
    public func labelMissingBlank(_ characters: [NamedCharacter]) -> String {
        let shown = characters.map { character in
            switch character {
            case .visible(let s): String(s)
            case .invisible(let s): Self.codePoint(s)
            }
        }
        return strings(.auditRuleLabelMissingFindingBlank, "label", shown.joined(separator: " "))
    }

    // label-role-word, label-state-word, label-in-name, duplicate-label
    public func labelRoleWord(_ word: String) -> String { strings(.auditRuleLabelRoleWordFinding, "word", word) }

    public func labelStateWord(_ word: String) -> String { strings(.auditRuleLabelStateWordFinding, "word", word) }

    public func labelInName(visible: String, label: String) -> String {
        strings(.auditRuleLabelInNameFinding, ["visible": visible, "label": label])
    }

    /// `other`: the position on its screen of the control with the same name.
    public func duplicateLabel(other: Int, label: String) -> String {
        strings(.auditRuleDuplicateLabelFinding, ["other": String(other), "label": label])
    }

    // hint-repeats-label, hint-gives-order
    public func hintRepeatsLabel(_ hint: String) -> String { strings(.auditRuleHintRepeatsLabelFinding, "hint", hint) }

    public func hintGivesOrder(word: String, hint: String) -> String {
        strings(.auditRuleHintGivesOrderFinding, with: ["word": word, "hint": hint])
    }

    // language-unmarked
    public func languageUnmarked(_ passages: [String]) -> String {
        strings(.auditRuleLanguageUnmarkedFinding, "words", quoted(passages))
    }

    // braille-uncovered-character, braille-number-split
    /// A visible character is quoted then named by its code point; an invisible one by its code
    /// point alone.
    public func brailleUncoveredCharacters(table: String, _ characters: [NamedCharacter]) -> String {
        let names = characters.map { character in
            switch character {
            case .visible(let s): strings(.auditQuote, "text", String(s)) + " " + Self.codePoint(s)
            case .invisible(let s): Self.codePoint(s)
            }
        }
        return strings(.auditRuleBrailleUncoveredCharacterFinding, ["table": table, "characters": names.joined(separator: ", ")])
    }

    public func brailleNumberSplit(number: String, space: Unicode.Scalar) -> String {
        strings(.auditRuleBrailleNumberSplitFinding, with: ["excerpt": number, "space": Self.codePoint(space)])
    }

    // speech-acronym
    public func speechAcronymsMisread(_ acronyms: [String]) -> String {
        strings(.auditRuleSpeechAcronymFinding, "acronyms", quoted(acronyms))
    }

    public func speechAcronymsToCheck(_ acronyms: [String]) -> String {
        strings(.auditRuleSpeechAcronymReview, "acronyms", quoted(acronyms))
    }

    // speech-number-spaces, speech-decimal-zeros, speech-unit-abbreviation, speech-numeric-date,
    // speech-morse-symbols
    public func speechNumberSpaces(number: String, space: Unicode.Scalar) -> String {
        strings(.auditRuleSpeechNumberSpacesFinding, ["excerpt": number, "space": Self.codePoint(space)])
    }

    public func speechDecimalZeros(_ excerpt: String) -> String {
        strings(.auditRuleSpeechDecimalZerosFinding, ["excerpt": excerpt])
    }

    public func speechUnitAbbreviations(_ excerpts: [String]) -> String {
        strings(.auditRuleSpeechUnitAbbreviationFinding, "excerpts", quoted(excerpts))
    }

    public func speechNumericDate(_ excerpt: String) -> String {
        strings(.auditRuleSpeechNumericDateFinding, ["excerpt": excerpt])
    }

    public func speechMorseSymbols(_ excerpts: [String]) -> String {
        strings(.auditRuleSpeechMorseSymbolsFinding, "excerpts", quoted(excerpts))
    }

    /// « IA », « RGAA » (quotes as the report's language writes them).
    private func quoted(_ items: [String]) -> String {
        items.map { strings(.auditQuote, "text", $0) }.joined(separator: ", ")
    }

    /// "U+202F" for a character the report names, since many of them are invisible.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        // The spaces the number rules name, without formatting them each time.
        switch scalar.value {
        case 0x20: return "U+0020"
        case 0xA0: return "U+00A0"
        case 0x202F: return "U+202F"
        case 0x2009: return "U+2009"
        case 0x2007: return "U+2007"
        default: break
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
