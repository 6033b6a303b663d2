// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// A hint that says the label again adds a second of speech and nothing else.
public struct HintRepeatsLabelRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "hint-repeats-label", impact: .minor, tags: ["best-practice", "apple-hig"],
        help: .auditRuleHintRepeatsLabelHelp, description: .auditRuleHintRepeatsLabelDescription,
        fix: .auditRuleHintRepeatsLabelFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        guard let hint = element.element.hint, !element.hintWords.isEmpty else { return .inapplicable }
        let hintWords = element.hintWords, label = element.labelWords
        guard !label.isEmpty, label.contains(hintWords) || hintWords.contains(label) else { return .pass }
        return .violation(context.findings.hintRepeatsLabel(hint))
    }
}

/// Apple's guidance for hints: describe the result ("Ouvre les détails…"), do not give an order
/// or name the gesture ("Appuyez pour…"), which the platform already says in its own way.
public struct HintGivesOrderRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "hint-gives-order", impact: .minor, tags: ["best-practice", "apple-hig"],
        help: .auditRuleHintGivesOrderHelp, description: .auditRuleHintGivesOrderDescription,
        fix: .auditRuleHintGivesOrderFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        guard let hint = element.element.hint, !element.hintWords.isEmpty else { return .inapplicable }
        guard let first = context.vocabulary.orders.firstMatch(in: element.hintWords) else { return .pass }
        let word = element.hintWords.texts(first)
        return .violation(context.findings.hintGivesOrder(word: word, hint: hint))
    }
}
