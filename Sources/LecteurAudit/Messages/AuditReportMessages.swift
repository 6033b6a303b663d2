// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The words of the audit's reports (headings, names of impacts and kinds, summary lines, the
/// fields of an element) and of the `lecteur audit` command's messages. The report formats
/// (`LecteurAudit/Formats`) decide the layout and call these for every sentence.
public struct AuditReportMessages: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    /// A rule's help, explanation or fix, named by its rule (`AuditRuleInfo`).
    public func ruleText(_ key: L10n) -> String { strings(key) }

    // MARK: Names

    public func impact(_ impact: Impact) -> String {
        switch impact {
        case .minor: strings(.auditImpactMinor)
        case .moderate: strings(.auditImpactModerate)
        case .serious: strings(.auditImpactSerious)
        case .critical: strings(.auditImpactCritical)
        }
    }

    public func kind(_ kind: AuditFindingKind) -> String {
        switch kind {
        case .violation: strings(.auditKindViolation)
        case .incomplete: strings(.auditKindIncomplete)
        }
    }

    /// The role as the reader says it; static text, which the reader says without a role word,
    /// is named « texte ».
    public func roleName(_ role: Role) -> String {
        SpeechGenerator(strings: strings).roleWord(role) ?? strings(.roleText)
    }

    public func state(selected: Bool) -> String { strings(selected ? .stateSelected : .stateNotSelected) }

    /// "WCAG 2.2 4.1.2 ; RGAA 4.1 7.1, 11.9", or "bonne pratique".
    public func criteria(wcag: [String], rgaa: [String]) -> String {
        var parts: [String] = []
        if !wcag.isEmpty { parts.append(strings(.auditReportCriteriaWcag, ["criteria": wcag.joined(separator: ", ")])) }
        if !rgaa.isEmpty { parts.append(strings(.auditReportCriteriaRgaa, ["criteria": rgaa.joined(separator: ", ")])) }
        return parts.isEmpty ? strings(.auditReportCriteriaNone) : parts.joined(separator: " ; ")
    }

    /// What tells a screen apart after its title.
    public enum ScreenQualifier: Sendable {
        /// The list filtered by a category chip.
        case filter(String)
        /// A detail screen, by the title of what it details.
        case detail(String)
        case loading, error
    }

    /// "Écran : Formations — filtre « Bureautique »", "Écran : Détail — Starter Pack…",
    /// "Écran : Formations — Chargement": unique enough to find a screen among sixty.
    public func screenHeading(_ title: String, _ qualifier: ScreenQualifier?) -> String {
        let heading = strings(.auditScreen, ["screen": title])
        switch qualifier {
        case nil: return heading
        case .filter(let name): return heading + " — " + strings(.auditFilter, ["name": name])
        case .detail(let title): return heading + " — " + title
        case .loading: return heading + " — " + strings(.screenLoading)
        case .error: return heading + " — " + strings(.screenError)
        }
    }

    // MARK: The report's head, summary and rules

    public func title() -> String { strings(.auditReportTitle) }

    /// `table`: the braille table the report shows cells of.
    public func intro(table: String) -> String { strings(.auditReportIntro, ["table": table]) }

    public func summaryHeading() -> String { strings(.auditReportSummary) }

    /// Each count with its noun in its own plural form (« 0 problème », « 2 problèmes »): one
    /// sentence holds several counts, and a plural string chooses by one placeholder only.
    public func summaryLine(screens: Int, elements: Int, rules: Int, violations: Int, incomplete: Int) -> String {
        strings(.auditReportSummaryLine, [
            "screens": counted(.auditReportCountScreens, screens),
            "elements": counted(.auditReportCountElements, elements),
            "rules": counted(.auditReportCountActiveRules, rules),
            "violations": counted(.auditReportCountViolations, violations),
            "incomplete": counted(.auditReportCountIncomplete, incomplete),
        ])
    }

    public func summaryByRule(id: String, impact: Impact, violations: Int, incomplete: Int, passes: Int, help: L10n) -> String {
        strings(.auditReportSummaryByRule, [
            "id": id, "impact": self.impact(impact),
            "violations": counted(.auditReportCountViolations, violations),
            "incomplete": counted(.auditReportCountToCheck, incomplete),
            "passes": counted(.auditReportCountPasses, passes), "help": strings(help),
        ])
    }

    private func counted(_ key: L10n, _ count: Int) -> String { strings(key, ["count": String(count)]) }

    /// The rules turned off with `--disable`.
    public func disabled(_ ids: [String]) -> String { strings(.auditReportDisabled, ["ids": ids.joined(separator: ", ")]) }

    public func rulesHeading() -> String { strings(.auditReportRules) }

    public func ruleHeading(id: String, help: L10n) -> String { strings(.auditReportRuleHeading, ["id": id, "help": strings(help)]) }

    public func ruleImpact(_ impact: Impact) -> String { strings(.auditReportRuleImpact, ["impact": self.impact(impact)]) }

    public func ruleCriteria(wcag: [String], rgaa: [String]) -> String {
        strings(.auditReportRuleCriteria, ["criteria": criteria(wcag: wcag, rgaa: rgaa)])
    }

    public func ruleWhy(_ description: L10n) -> String { strings(.auditReportRuleWhy, ["description": strings(description)]) }

    public func ruleFix(_ fix: L10n) -> String { strings(.auditReportRuleFix, ["fix": strings(fix)]) }

    // MARK: The HTML page

    public func skipLink() -> String { strings(.auditReportSkipLink) }

    public func screensHeading() -> String { strings(.auditReportScreens) }

    public func tableCaption() -> String { strings(.auditReportTableCaption) }

    /// The summary table's column headings: rule, impact, violations, to check, passes.
    public func tableColumns() -> [String] {
        [strings(.auditReportTableRule), strings(.auditReportTableImpact), strings(.auditReportTableViolations),
         strings(.auditReportTableIncomplete), strings(.auditReportTablePasses)]
    }

    /// The names of an element's fields in the HTML page.
    public enum Field: CaseIterable, Sendable {
        case role, label, visibleText, hint, value, state, speech, braille, cells, findings
    }

    public func field(_ field: Field) -> String {
        switch field {
        case .role: strings(.auditReportFieldRole)
        case .label: strings(.auditReportFieldLabel)
        case .visibleText: strings(.auditReportFieldVisibleText)
        case .hint: strings(.auditReportFieldHint)
        case .value: strings(.auditReportFieldValue)
        case .state: strings(.auditReportFieldState)
        case .speech: strings(.auditReportFieldSpeech)
        case .braille: strings(.auditReportFieldBraille)
        case .cells: strings(.auditReportFieldCells)
        case .findings: strings(.auditReportFieldFindings)
        }
    }

    /// The heading of an element whose label has no word.
    public func noLabel() -> String { strings(.auditReportNoLabel) }

    public func noFindings() -> String { strings(.auditReportNoFindings) }

    /// `index` counts from 1.
    public func screenNumbered(_ index: Int, heading: String) -> String {
        strings(.auditReportScreenNumbered, ["index": String(index), "heading": heading])
    }

    public func screenPath(_ path: String) -> String { strings(.auditReportScreenPath, ["path": path]) }

    public func screenCount(_ count: Int) -> String { strings(.auditReportScreenCount, ["count": String(count)]) }

    // MARK: JUnit

    public func junitReview(_ message: String) -> String { strings(.auditJunitReview, ["message": message]) }

    /// `count` elements at fault on the screen.
    public func junitFailure(count: Int) -> String { strings(.auditJunitFailure, ["count": String(count)]) }

    /// "#card.1 (9. Starter Pack…) : message"
    public func junitElement(id: String, index: Int, label: String, message: String) -> String {
        strings(.auditJunitElement, ["id": id, "index": String(index), "label": label, "message": message])
    }

    // MARK: Lines written a million times

    /// A report line whose words are fixed and whose values change with every element: the
    /// formats split it once (`parts`) and fill it with appends.
    public enum Line: Sendable {
        /// index, role, label
        case element
        case hint, value, state, speech, braille, cells
        /// kind, impact, id, message
        case finding
        case screenPath
        /// index, label, role (HTML)
        case elementHeading
        /// kind, impact, help, message (HTML)
        case findingItem

        var template: (key: L10n, names: [String]) {
            switch self {
            case .element: (.auditElement, ["index", "role", "label"])
            case .hint: (.auditFieldHint, ["hint"])
            case .value: (.auditFieldValue, ["value"])
            case .state: (.auditFieldState, ["state"])
            case .speech: (.auditFieldSpeech, ["speech"])
            case .braille: (.auditReportLineBraille, ["braille"])
            case .cells: (.auditReportLineCells, ["cells"])
            case .finding: (.auditReportLineFinding, ["kind", "impact", "id", "message"])
            case .screenPath: (.auditReportScreenPath, ["path"])
            case .elementHeading: (.auditReportElementHeading, ["index", "label", "role"])
            case .findingItem: (.auditReportFindingItem, ["kind", "impact", "help", "message"])
            }
        }
    }

    /// The fixed text of `line` around its values (`fixed.count == order.count + 1`), and which
    /// value (by its position in the line's list above) goes in each gap.
    public func parts(_ line: Line) -> (fixed: [String], order: [Int]) {
        let (key, names) = line.template
        // A private-use character as a marker: it cannot occur in a shipped template.
        let marker = "\u{F0000}"
        var args: [String: String] = [:]
        for (i, name) in names.enumerated() { args[name] = marker + String(i) + marker }
        let pieces = strings(key, args).components(separatedBy: marker)
        return (stride(from: 0, to: pieces.count, by: 2).map { pieces[$0] },
                stride(from: 1, to: pieces.count, by: 2).map { Int(pieces[$0]) ?? 0 })
    }

    // MARK: The command's help

    /// What `lecteur audit --help` says of the command and its options.
    public enum Help: Sendable {
        case command, format, failOn, rules, disable, output, strings, allowOffline, baseline, writeBaseline, helpURL
        /// The name of a file option's value (« FICHIER »).
        case fileValue
    }

    public func help(_ help: Help) -> String {
        switch help {
        case .command: strings(.cliAuditAbstract)
        case .format: strings(.auditCliOptFormat)
        case .failOn: strings(.auditCliOptFailOn)
        case .rules: strings(.auditCliOptRules)
        case .disable: strings(.auditCliOptDisable)
        case .output: strings(.auditCliOptOutput)
        case .strings: strings(.auditCliOptStrings)
        case .allowOffline: strings(.auditCiOptAllowOffline)
        case .baseline: strings(.auditCiOptBaseline)
        case .writeBaseline: strings(.auditCiOptWriteBaseline)
        case .helpURL: strings(.auditCiOptHelpUrl)
        case .fileValue: strings(.cliValueFile)
        }
    }

    // MARK: The command's messages

    public func resourceMissing(file: String) -> String { strings(.auditResourceMissing, ["file": file]) }

    /// `reason`: why the file could not be read (`InputFileError.reason`).
    public func baselineUnreadable(path: String, reason: String) -> String {
        strings(.auditBaselineUnreadable, ["path": URLRedaction.forDisplay(path), "reason": reason])
    }

    public func badBaseline(path: String) -> String { strings(.auditCiBadBaseline, ["path": URLRedaction.forDisplay(path)]) }

    public func stringsUnreadable(path: String, reason: String) -> String {
        strings(.auditStringsUnreadable, ["path": URLRedaction.forDisplay(path), "reason": reason])
    }

    /// A key of a `--strings` file that the program does not know (cleaned and cut: it is outside text).
    public func unknownKey(_ key: String, path: String) -> String {
        strings(.auditCliUnknownKey, ["key": TextSanitizer.clean(String(key.prefix(80))), "path": URLRedaction.forDisplay(path)])
    }

    public func badStrings(path: String) -> String { strings(.auditCliBadStrings, ["path": URLRedaction.forDisplay(path)]) }

    public func helpURLInvalid(_ url: String) -> String { strings(.auditHelpUrlInvalid, ["url": URLRedaction.forDisplay(url)]) }

    /// A `--disable` id that names no rule (cleaned and cut), and the ids there are.
    public func unknownRule(_ id: String, known ids: [String]) -> String {
        strings(.auditCliUnknownRule, ["id": TextSanitizer.clean(String(id.prefix(80))), "ids": ids.joined(separator: ", ")])
    }

    /// A line of `--rules`.
    public func ruleLine(id: String, impact: Impact, tags: [String], help: L10n) -> String {
        strings(.auditCliRuleLine, ["id": id, "impact": impact.rawValue, "tags": tags.joined(separator: ","), "help": strings(help)])
    }

    /// `path`: nil for standard output.
    public func cannotWrite(path: String?) -> String {
        strings(.auditCliCannotWrite, ["path": path.map(URLRedaction.forDisplay) ?? "-"])
    }

    public func baselineWritten(count: Int, path: String) -> String {
        strings(.auditCiBaselineWritten, ["count": String(count), "path": URLRedaction.forDisplay(path)])
    }

    public func baselineSummary(known: Int, new: Int, fixed: Int) -> String {
        strings(.auditCiBaselineSummary, ["known": String(known), "new": String(new), "fixed": String(fixed)])
    }

    /// `count` violations of `impact` or worse that the baseline does not know.
    public func failedNew(count: Int, impact: Impact) -> String {
        strings(.auditCiFailedNew, ["count": String(count), "impact": self.impact(impact)])
    }

    /// `count` violations of `impact` or worse.
    public func failed(count: Int, impact: Impact) -> String {
        strings(.auditCliFailed, ["count": String(count), "impact": self.impact(impact)])
    }

    /// The catalogue failed and only its offline copy of `date` is there, which an audit refuses
    /// without `--allow-offline`.
    public func offlineRefused(_ message: String, date: String) -> String {
        strings(.auditCiOfflineRefused, ["message": message, "date": date])
    }

    public func offlineUsed(date: String, age: String) -> String { strings(.auditCiOfflineUsed, ["date": date, "age": age]) }

    /// The line the command ends with when it cannot go on.
    public func commandFailed(_ message: String) -> String { CLIMessages.error(message, program: "lecteur audit", strings) }
}
