// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// How every report format names screens, elements and rules, so that text, JSON, JUnit and
/// HTML say the same thing in the same words.
struct AuditNaming {
    let strings: Strings
    let composer: SpeechGenerator
    // Words every element needs, looked up once rather than a million times.
    private let roleNames: [Role: String]
    private let selectedWord: String, notSelectedWord: String
    private let impactNames: [Impact: String]

    init(strings: Strings) {
        self.strings = strings
        let composer = SpeechGenerator(strings: strings)
        self.composer = composer
        roleNames = Dictionary(uniqueKeysWithValues: Role.allCases.map { ($0, composer.roleWord($0) ?? strings(.roleText)) })
        selectedWord = strings(.stateSelected)
        notSelectedWord = strings(.stateNotSelected)
        impactNames = [.minor: strings(.auditImpactMinor), .moderate: strings(.auditImpactModerate),
                       .serious: strings(.auditImpactSerious), .critical: strings(.auditImpactCritical)]
    }

    /// "Écran : Formations — filtre « Bureautique »", "Écran : Détail — Starter Pack…",
    /// "Écran : Formations — Chargement": unique enough to find a screen among sixty.
    func screenHeading(_ screen: AuditScreenInfo) -> String {
        var heading = strings(.auditScreen, ["screen": screen.title])
        if let filter = screen.filter {
            heading += " — " + strings(.auditFilter, ["name": filter])
        } else if screen.code == "detail", let title = screen.firstLabel, TextScan.hasWord(title) {
            heading += " — " + title
        } else if screen.code == "loading" {
            heading += " — " + strings(.screenLoading)
        } else if screen.code == "error" {
            heading += " — " + strings(.screenError)
        }
        return heading
    }

    func roleName(_ role: Role) -> String { roleNames[role]! }

    func state(_ element: Element) -> String? {
        element.selected.map { $0 ? selectedWord : notSelectedWord }
    }

    func impact(_ impact: Impact) -> String { impactNames[impact]! }

    func kind(_ kind: AuditFindingKind) -> String {
        switch kind {
        case .violation: strings(.auditKindViolation)
        case .incomplete: strings(.auditKindIncomplete)
        }
    }

    /// "WCAG 2.2 4.1.2 ; RGAA 4.1 7.1, 11.9", or "bonne pratique".
    func criteria(_ info: AuditRuleInfo) -> String {
        var parts: [String] = []
        if !info.wcagCriteria.isEmpty {
            parts.append(strings(.auditReportCriteriaWcag, ["criteria": info.wcagCriteria.joined(separator: ", ")]))
        }
        if !info.rgaaCriteria.isEmpty {
            parts.append(strings(.auditReportCriteriaRgaa, ["criteria": info.rgaaCriteria.joined(separator: ", ")]))
        }
        return parts.isEmpty ? strings(.auditReportCriteriaNone) : parts.joined(separator: " ; ")
    }
}

/// A template filled a million times: split once into its fixed parts and the order of its
/// placeholders, so each use is a few appends instead of a parse and a dictionary.
struct CompiledTemplate {
    private let parts: [String]
    private let order: [Int]
    /// For a one-placeholder template written as an indented line of a report: the indent and
    /// the text before the value, and the text after it with the line's end, each one piece.
    private let lineHead: String, lineTail: String

    init(_ strings: Strings, _ key: L10n, _ names: [String]) {
        // A private-use character as a marker: it cannot occur in a shipped template.
        let marker = "\u{F0000}"
        var args: [String: String] = [:]
        for (i, name) in names.enumerated() { args[name] = marker + String(i) + marker }
        let pieces = strings(key, args).components(separatedBy: marker)
        parts = stride(from: 0, to: pieces.count, by: 2).map { pieces[$0] }
        order = stride(from: 1, to: pieces.count, by: 2).map { Int(pieces[$0]) ?? 0 }
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
