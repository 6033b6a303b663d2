// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// A self-contained HTML page (no script, no external resource, styles inline) that a screen
/// reader user can read: one `h1`, a summary table with a caption and header cells, the rules
/// (`h3` each), then one labelled section per screen (`h3`, numbered: two formations with the same
/// title make two screens with the same heading, and each region's name must be its own) with each
/// element under an `h4` (the
/// list's own numbers are hidden: the heading carries the element's position on its screen),
/// its fields in a description list, its braille cells, and its findings.
struct AuditHTMLFormat: StreamedAuditFormat {
    let naming: AuditNaming
    let rules: [AuditRuleInfo]
    let braille: String
    private let texts: ElementTexts
    var words: AuditReportMessages { naming.words }

    init(naming: AuditNaming, rules: [AuditRuleInfo], braille: String) {
        self.naming = naming
        self.rules = rules
        self.braille = braille
        self.texts = ElementTexts(naming.words)
    }

    var sectionCount: Int { 1 }

    func assemble(_ tally: AuditTally, _ spool: AuditSpool, into out: inout String, sink: AuditSink) {
        func esc(_ text: String) { AuditMarkup.xml(text, into: &out) }
        let title = words.title()
        out += "<!DOCTYPE html>\n<html lang=\"\(AuditMarkup.xml(naming.localeCode))\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        esc(title)
        out += "</title>\n<style>\n" + Self.style + "</style>\n</head>\n<body>\n"
        out += "<a class=\"skip\" href=\"#screens\">"
        esc(words.skipLink())
        out += "</a>\n<header>\n<h1>"
        esc(title)
        out += "</h1>\n<p>"
        esc(words.intro(table: braille))
        out += "</p>\n</header>\n<main>\n"
        summary(tally, into: &out)
        ruleSection(into: &out)
        out += "<section aria-labelledby=\"screens\">\n<h2 id=\"screens\" tabindex=\"-1\">"
        AuditMarkup.xml(words.screensHeading(), into: &out)
        out += "</h2>\n"
        sink.flush(&out, force: true)
        spool.write(0, to: sink)
        out += "</section>\n"
        out += "</main>\n</body>\n</html>\n"
    }

    private func summary(_ tally: AuditTally, into out: inout String) {
        out += "<section aria-labelledby=\"summary\">\n<h2 id=\"summary\">"
        AuditMarkup.xml(words.summaryHeading(), into: &out)
        out += "</h2>\n<p>"
        AuditMarkup.xml(naming.summaryLine(tally), into: &out)
        out += "</p>\n"
        let disabled = naming.disabledIds(rules)
        if !disabled.isEmpty {
            out += "<p>"
            AuditMarkup.xml(words.disabled(disabled), into: &out)
            out += "</p>\n"
        }
        out += "<table>\n<caption>"
        AuditMarkup.xml(words.tableCaption(), into: &out)
        out += "</caption>\n<thead><tr>"
        for column in words.tableColumns() {
            out += "<th scope=\"col\">"
            AuditMarkup.xml(column, into: &out)
            out += "</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for (r, rule) in rules.enumerated() {
            out += "<tr><th scope=\"row\"><a href=\"#rule-\(rule.id)\">"
            AuditMarkup.xml(rule.id, into: &out)
            out += "</a></th><td>"
            AuditMarkup.xml(naming.impact(rule.impact), into: &out)
            out += "</td><td>\(tally.violations[r])</td><td>\(tally.incomplete[r])</td><td>\(tally.passes[r])</td></tr>\n"
        }
        out += "</tbody>\n</table>\n</section>\n"
    }

    private func ruleSection(into out: inout String) {
        out += "<section aria-labelledby=\"rules\">\n<h2 id=\"rules\">"
        AuditMarkup.xml(words.rulesHeading(), into: &out)
        out += "</h2>\n"
        for info in rules {
            out += "<h3 id=\"rule-\(info.id)\">"
            AuditMarkup.xml(words.ruleHeading(id: info.id, help: info.help), into: &out)
            out += "</h3>\n<ul>\n"
            for text in [words.ruleImpact(info.impact), words.ruleCriteria(wcag: info.wcagCriteria, rgaa: info.rgaaCriteria),
                         words.ruleWhy(info.description), words.ruleFix(info.fix)] {
                out += "<li>"
                AuditMarkup.xml(text, into: &out)
                out += "</li>\n"
            }
            out += "</ul>\n"
        }
        out += "</section>\n"
    }

    /// The per-element templates and field names, prepared once per report.
    private struct ElementTexts {
        let heading: CompiledTemplate
        let finding: CompiledTemplate
        let fields: [AuditReportMessages.Field: String]
        let noLabel: String, noFindings: String

        init(_ words: AuditReportMessages) {
            heading = CompiledTemplate(words, .elementHeading)
            finding = CompiledTemplate(words, .findingItem)
            var fields: [AuditReportMessages.Field: String] = [:]
            for field in AuditReportMessages.Field.allCases { fields[field] = AuditMarkup.xml(words.field(field)) }
            self.fields = fields
            noLabel = words.noLabel()
            noFindings = AuditMarkup.xml(words.noFindings())
        }
    }

    func render(_ part: CheckedPart, into sections: inout [String], screenBuffers: inout [String]) {
        var out = ""
        let screen = part.screen, s = screen.index
        if part.first {
            out += "<section class=\"screen\" aria-labelledby=\"screen-\(s + 1)\">\n<h3 id=\"screen-\(s + 1)\">"
            AuditMarkup.xml(words.screenNumbered(s + 1, heading: naming.screenHeading(screen)), into: &out)
            out += "</h3>\n<p class=\"path\">"
            AuditMarkup.xml(words.screenPath(screen.path), into: &out)
            out += " — "
            AuditMarkup.xml(words.screenCount(screen.count), into: &out)
            out += "</p>\n<ol class=\"elements\">\n"
        }
        for e in part.range { element(part, e, into: &out) }
        if part.last { out += "</ol>\n</section>\n" }
        sections[0] += out
    }

    private func element(_ part: CheckedPart, _ e: Int, into out: inout String) {
        let entry = part.entry(e), element = entry.element
        let role = naming.roleName(element.role)
        // A blank label would give a heading with no name: say so instead (the field below shows it).
        let label = TextScan.words(in: element.label).isEmpty ? texts.noLabel : element.label
        out += "<li>\n<h4>"
        AuditMarkup.xml(texts.heading.render([String(entry.index), label, role]), into: &out)
        out += "</h4>\n<dl>\n"
        func field(_ key: AuditReportMessages.Field, _ value: String?, cls: String? = nil) {
            guard let value else { return }
            out += "<dt>"
            out += texts.fields[key]!
            out += cls.map { "</dt><dd class=\"\($0)\">" } ?? "</dt><dd>"
            AuditMarkup.xml(value, into: &out)
            out += "</dd>\n"
        }
        field(.role, role)
        field(.label, element.label)
        if element.visibleText != element.label { field(.visibleText, element.visibleText) }
        field(.hint, element.hint)
        field(.value, element.value)
        field(.state, naming.state(element))
        field(.speech, entry.speech, cls: "speech")
        field(.braille, entry.braille.text, cls: "braille")
        field(.cells, part.cells(e), cls: "cells")
        out += "<dt>"
        out += texts.fields[.findings]!
        out += "</dt><dd>"
        let findings = part.findings(entry: e, rules: rules)
        if findings.isEmpty {
            out += texts.noFindings
        } else {
            out += "<ul class=\"findings\">\n"
            for finding in findings {
                out += "<li class=\"\(finding.kind.rawValue) \(finding.rule.impact.rawValue)\">"
                AuditMarkup.xml(texts.finding.render([naming.kind(finding.kind), naming.impact(finding.rule.impact),
                                                      words.ruleText(finding.rule.help), finding.message]), into: &out)
                out += " <a href=\"#rule-\(finding.rule.id)\">"
                AuditMarkup.xml(finding.rule.id, into: &out)
                out += "</a></li>\n"
            }
            out += "</ul>"
        }
        out += "</dd>\n</dl>\n</li>\n"
    }

    /// Readable at 200 % zoom, in light and dark schemes, with focus always visible; colour never
    /// carries meaning alone (the kind and impact are written out).
    static let style = """
    :root { color-scheme: light dark; --fg: #1b1b1b; --bg: #ffffff; --muted: #4a4a4a; --line: #c8c8c8; --bad: #a4000f; --check: #6b4a00; }
    @media (prefers-color-scheme: dark) { :root { --fg: #f2f2f2; --bg: #121212; --muted: #c8c8c8; --line: #555; --bad: #ff8a8a; --check: #ffd27a; } }
    body { font: 1rem/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); max-width: 60rem; margin: 0 auto; padding: 1rem; }
    a { color: inherit; }
    a:focus, h2:focus { outline: 3px solid currentColor; outline-offset: 2px; }
    .skip { position: absolute; left: -999rem; }
    .skip:focus { position: static; }
    table { border-collapse: collapse; margin: 1rem 0; }
    th, td { border: 1px solid var(--line); padding: .25rem .5rem; text-align: left; }
    td { text-align: right; }
    section.screen { border-top: 2px solid var(--line); margin-top: 2rem; }
    .path { color: var(--muted); }
    ol.elements { list-style: none; padding-left: 0; }
    ol.elements > li { margin: 1rem 0; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: .25rem 0; }
    dt { font-weight: 600; }
    dd { margin: 0; }
    .cells { font-size: 1.5rem; letter-spacing: .1em; line-height: 1.2; }
    .findings { margin: 0; padding-left: 1.2rem; }
    .findings .violation { color: var(--bad); }
    .findings .incomplete { color: var(--check); }

    """
}
