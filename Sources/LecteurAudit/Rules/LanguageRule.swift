// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// "Starter Pack", "Machine Learning" in a French label with nothing saying they are English:
/// espeak-ng switches to its English voice on its own for some words and reads others with
/// French rules; a braille user gets no language change either.
public struct LanguageUnmarkedRule: ElementRule {
    public let info = AuditRuleInfo(
        id: "language-unmarked", impact: .moderate, tags: ["wcag2aa", "wcag312", "rgaa-8.7"],
        help: .auditRuleLanguageUnmarkedHelp, description: .auditRuleLanguageUnmarkedDescription,
        fix: .auditRuleLanguageUnmarkedFix)

    public init() {}

    public func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck {
        let words = element.speechWords
        var found: [String] = []
        for match in context.vocabulary.foreign.matches(in: words) {
            // Adjacent matches are one passage: "Starter Pack" is one phrase, not two words.
            let text = words.excerpt(from: match.lowerBound, to: match.upperBound - 1)
            if !found.contains(text) { found.append(text) }
        }
        guard !found.isEmpty else { return .pass }
        return .violation(context.findings.languageUnmarked(found))
    }
}
