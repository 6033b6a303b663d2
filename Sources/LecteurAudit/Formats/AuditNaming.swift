// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// How every report format names screens, elements and rules, so that text, JSON, JUnit and
/// HTML say the same thing in the same words.
struct AuditNaming {
    let words: AuditReportMessages
    // Words every element needs, looked up once rather than a million times.
    private let roleNames: [Role: String]
    private let selectedWord: String, notSelectedWord: String
    private let impactNames: [Impact: String]
    private let kindNames: [AuditFindingKind: String]

    init(strings: Strings) {
        let words = AuditReportMessages(strings: strings)
        self.words = words
        roleNames = Dictionary(uniqueKeysWithValues: Role.allCases.map { ($0, words.roleName($0)) })
        selectedWord = words.state(selected: true)
        notSelectedWord = words.state(selected: false)
        impactNames = Dictionary(uniqueKeysWithValues: Impact.allCases.map { ($0, words.impact($0)) })
        kindNames = [.violation: words.kind(.violation), .incomplete: words.kind(.incomplete)]
    }

    /// The report's language ("fr"), as the JSON, SARIF and HTML reports declare it.
    var localeCode: String { words.strings.localeCode }

    /// "Écran : Formations — filtre « Bureautique »", "Écran : Détail — Starter Pack…",
    /// "Écran : Formations — Chargement": unique enough to find a screen among sixty.
    func screenHeading(_ screen: AuditScreenInfo) -> String {
        let qualifier: AuditReportMessages.ScreenQualifier? =
            if let filter = screen.filter { .filter(filter) }
            else if screen.code == "detail", let title = screen.firstLabel, TextScan.hasWord(title) { .detail(title) }
            else if screen.code == "loading" { .loading }
            else if screen.code == "error" { .error }
            else { nil }
        return words.screenHeading(screen.title, qualifier)
    }

    func roleName(_ role: Role) -> String { roleNames[role]! }

    func state(_ element: Element) -> String? {
        element.selected.map { $0 ? selectedWord : notSelectedWord }
    }

    func impact(_ impact: Impact) -> String { impactNames[impact]! }

    func kind(_ kind: AuditFindingKind) -> String { kindNames[kind]! }

    /// "WCAG 2.2 4.1.2 ; RGAA 4.1 7.1, 11.9", or "bonne pratique".
    func criteria(_ info: AuditRuleInfo) -> String { words.criteria(wcag: info.wcagCriteria, rgaa: info.rgaaCriteria) }
}

/// A template filled a million times: split once into its fixed parts and the order of its
/// placeholders, so each use is a few appends instead of a parse and a dictionary.
struct CompiledTemplate {
    private let parts: [String]
    private let order: [Int]
    /// For a one-placeholder template written as an indented line of a report: the indent and
    /// the text before the value, and the text after it with the line's end, each one piece.
    private let lineHead: String, lineTail: String

    init(_ words: AuditReportMessages, _ line: AuditReportMessages.Line) {
        (parts, order) = words.parts(line)
        lineHead = "   " + parts[0]
        lineTail = (parts.count > 1 ? parts[1] : "") + "\n"
    }

    /// Whether the template starts with its placeholder `index` (after fixed text).
    func leads(with index: Int) -> Bool { order.first == index }

    /// What the template writes after its first placeholder's value.
    func renderAfterFirst(into out: inout String, _ value: (Int) -> String) {
        for (gap, index) in order.enumerated() {
            if gap > 0 { out += value(index) }
            out += parts[gap + 1]
        }
    }

    /// Its fixed text before the first placeholder.
    var head: String { parts[0] }

    /// "   " + the template filled with `value` (its only placeholder) + "\n".
    func renderLine(_ value: String, into out: inout String) {
        guard order.count == 1 else {
            out += "   "
            render(value, into: &out)
            out += "\n"
            return
        }
        out += lineHead
        out += value
        out += lineTail
    }

    func render(_ values: [String], into out: inout String) {
        render(into: &out) { values[$0] }
    }

    /// With the value of placeholder `i` (in the order of the names given at init) from `value`:
    /// no array for the million elements of a large report.
    func render(into out: inout String, _ value: (Int) -> String) {
        out += parts[0]
        for (gap, index) in order.enumerated() {
            out += value(index)
            out += parts[gap + 1]
        }
    }

    /// A template with one placeholder.
    func render(_ value: String, into out: inout String) {
        render(into: &out) { _ in value }
    }

    func render(_ values: [String]) -> String {
        var out = ""
        render(values, into: &out)
        return out
    }
}
