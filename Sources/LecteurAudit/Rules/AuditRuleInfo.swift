// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// What a rule is, independently of any element: its id, its impact, the criteria it checks
/// (axe-core's tag style: `wcag2a`, `wcag412`…, and `rgaa-7.1` for RGAA 4.1), and the keys of
/// its French (or English) help, explanation, fix and finding message.
public struct AuditRuleInfo: Hashable, Sendable {
    public let id: String
    public let impact: Impact
    public let tags: [String]
    public let help: L10n
    public let description: L10n
    public let fix: L10n

    public init(id: String, impact: Impact, tags: [String], help: L10n, description: L10n, fix: L10n) {
        self.id = id
        self.impact = impact
        self.tags = tags
        self.help = help
        self.description = description
        self.fix = fix
    }

    /// The WCAG 2.2 success criteria among the tags, written the usual way ("4.1.2").
    public var wcagCriteria: [String] {
        tags.compactMap { tag in
            guard tag.hasPrefix("wcag"), let digits = Optional(tag.dropFirst(4)), digits.count >= 3,
                  digits.allSatisfy(\.isNumber) else { return nil }
            let d = Array(digits)
            return "\(d[0]).\(d[1]).\(String(d[2...]))"
        }
    }

    /// The RGAA 4.1 criteria or tests among the tags ("7.1.3").
    public var rgaaCriteria: [String] {
        tags.compactMap { $0.hasPrefix("rgaa-") ? String($0.dropFirst(5)) : nil }
    }
}
