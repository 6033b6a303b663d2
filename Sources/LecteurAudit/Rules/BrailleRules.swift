// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// A character the braille table has no cell for reaches the display as a blank cell: the
/// braille reader sees a gap where the sighted reader sees a sign.
public struct BrailleUncoveredCharacterRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "braille-uncovered-character", impact: .serious, tags: ["best-practice"],
        help: .auditRuleBrailleUncoveredCharacterHelp, description: .auditRuleBrailleUncoveredCharacterDescription,
        fix: .auditRuleBrailleUncoveredCharacterFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        var missing: [Unicode.Scalar] = []
        for s in element.brailleText.unicodeScalars where !context.brailleCovers(s) && !missing.contains(s) {
            missing.append(s)
        }
        guard !missing.isEmpty else { return .pass }
        let named = missing.map { s in
            s.properties.isWhitespace || s.properties.generalCategory == .nonspacingMark ? NamedCharacter.invisible(s) : .visible(s)
        }
        return .violation(context.findings.brailleUncoveredCharacters(table: context.braille.name, named))
    }
}

/// "1 490" on a braille line: in literary braille each group gets its own number sign, so the
/// reader reads 1 and 490; on any display the groups can fall on two lines.
public struct BrailleNumberSplitRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "braille-number-split", impact: .serious, tags: ["best-practice"],
        help: .auditRuleBrailleNumberSplitHelp, description: .auditRuleBrailleNumberSplitDescription,
        fix: .auditRuleBrailleNumberSplitFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        // A digit, a space of any kind, exactly three digits: a thousands group (read on the
        // line's bytes: a large report has a million lines, many with a price).
        guard let split = BytePatterns.splitNumber(in: element.brailleText) else { return .pass }
        return .violation(context.findings.brailleNumberSplit(number: split.number, space: split.space))
    }
}
