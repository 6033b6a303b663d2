import LecteurCore

/// How every report format names screens, elements and rules, so that text, JSON, JUnit and
/// HTML say the same thing in the same words.
struct AuditNaming {
    let strings: Strings
    let composer: SpeechComposer

    init(strings: Strings) {
        self.strings = strings
        self.composer = SpeechComposer(strings: strings)
    }

    /// "Écran : Formations — filtre « Bureautique »", "Écran : Détail — Starter Pack…",
    /// "Écran : Formations — Chargement": unique enough to find a screen among sixty.
    func screenHeading(_ screen: AuditReport.ScreenEntry) -> String {
        var heading = strings(.auditScreen, ["screen": screen.title])
        if let filter = screen.filter {
            heading += " — " + strings(.auditFilter, ["name": filter])
        } else if screen.screen == "detail", let title = screen.entries.first?.element.label,
                  !TextScan.words(in: title).isEmpty {
            heading += " — " + title
        } else if screen.screen == "loading" {
            heading += " — " + strings(.screenLoading)
        } else if screen.screen == "error" {
            heading += " — " + strings(.screenError)
        }
        return heading
    }

    func roleName(_ role: Role) -> String { composer.roleWord(role) ?? strings(.roleText) }

    func state(_ element: Element) -> String? {
        element.selected.map { strings($0 ? .stateSelected : .stateNotSelected) }
    }

    func impact(_ impact: Impact) -> String {
        switch impact {
        case .minor: strings(.auditImpactMinor)
        case .moderate: strings(.auditImpactModerate)
        case .serious: strings(.auditImpactSerious)
        case .critical: strings(.auditImpactCritical)
        }
    }

    func kind(_ kind: AuditResults.Kind) -> String {
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

    /// The axe-core style target of an element: the screen's path, then the element's id.
    func target(_ results: AuditResults, _ node: AuditNode) -> [String] {
        [results.report.screens[node.screen].path, "#" + results.entry(node).element.id]
    }
}
