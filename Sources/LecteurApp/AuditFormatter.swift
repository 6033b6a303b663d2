import Foundation
import LecteurCore

public enum AuditFormat: String, CaseIterable, Sendable {
    case text, json
}

/// Writes the audit report for people (text) or for tools (JSON).
public struct AuditFormatter {
    public let strings: Strings
    public let composer: SpeechComposer

    public init(strings: Strings) {
        self.strings = strings
        self.composer = SpeechComposer(strings: strings)
    }

    public func render(_ report: AuditReport, as format: AuditFormat) -> String {
        switch format {
        case .text: text(report)
        case .json: json(report)
        }
    }

    private func stateText(_ element: Element) -> String? {
        element.selected.map { strings($0 ? .stateSelected : .stateNotSelected) }
    }

    private func text(_ report: AuditReport) -> String {
        var lines = [strings(.auditTitle)]
        for screen in report.screens {
            var heading = strings(.auditScreen, ["screen": screen.title])
            if let filter = screen.filter { heading += " — " + strings(.auditFilter, ["name": filter]) }
            lines.append("")
            lines.append(heading)
            for entry in screen.entries {
                let element = entry.element
                let role = composer.roleWord(element.role) ?? strings(.roleText)
                lines.append(strings(.auditElement, ["index": String(entry.index), "role": role, "label": element.label]))
                if let hint = element.hint { lines.append("   " + strings(.auditFieldHint, ["hint": hint])) }
                if let value = element.value { lines.append("   " + strings(.auditFieldValue, ["value": value])) }
                if let state = stateText(element) { lines.append("   " + strings(.auditFieldState, ["state": state])) }
                lines.append("   " + strings(.auditFieldSpeech, ["speech": entry.speech]))
            }
        }
        lines.append("")
        lines.append(strings(.auditSummary, ["screens": String(report.screens.count), "elements": String(report.elementCount)]))
        return lines.joined(separator: "\n") + "\n"
    }

    private struct JSONReport: Encodable {
        struct JSONElement: Encodable {
            let index: Int, id: String, role: String, label: String
            let hint: String?, value: String?, selected: Bool?, state: String?
            let speech: String, braille: String
        }
        struct JSONScreen: Encodable {
            let screen: String, title: String, filter: String?
            let elements: [JSONElement]
        }
        let locale: String
        let screens: [JSONScreen]
        let screenCount: Int
        let elementCount: Int
    }

    private func json(_ report: AuditReport) -> String {
        let document = JSONReport(
            locale: strings.localeCode,
            screens: report.screens.map { screen in
                JSONReport.JSONScreen(screen: screen.screen, title: screen.title, filter: screen.filter,
                    elements: screen.entries.map { entry in
                        let e = entry.element
                        return .init(index: entry.index, id: e.id, role: e.role.rawValue, label: e.label, hint: e.hint,
                                     value: e.value, selected: e.selected, state: stateText(e),
                                     speech: entry.speech, braille: entry.braille.text)
                    })
            },
            screenCount: report.screens.count, elementCount: report.elementCount)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
